/**
 * A build stopped by SIGINT or SIGTERM (Ctrl-C, a CI job cancelled) at fixed points, held there by
 * gates: it removes its staging folder and lock and ends its processes before it exits, with 128 + the
 * signal's number, saying so (`--json`: an INTERRUPTED error), and the previous output stays as it
 * was. The same through the library's `signal` while the outputs are written.
 */
import { spawn, execFileSync } from 'node:child_process';
import { closeSync, constants, existsSync, openSync, readdirSync, readFileSync, readSync, rmSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { build } from '../../src/index.ts';
import { createMemoryLogger } from '../../src/log.ts';
import { binPath, buildSite, repoRoot, route, tempDir, writeSite } from '../support/helpers.ts';
import { isRunning } from '../support/pids.ts';
import { leftovers, snapshotTree } from '../support/tree-snapshot.ts';

/** Resolves once `check` holds, polling (what the test waits on is a file or a process). */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 20));
}

/**
 * Starts the bin's build of `root` with `--json`; its output, exit and child processes. `group`: in a
 * process group of its own, as a terminal runs a command, for the test to signal the whole group.
 */
function startBuild(root: string, ...flags: string[]) {
  return startBuildIn(false, root, ...flags);
}

function startBuildIn(group: boolean, root: string, ...flags: string[]) {
  const child = spawn(process.execPath, [binPath, 'build', root, '--json', ...flags], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' }, detached: group });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  let running = true;
  const exited = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => {
      running = false;
      resolve({ code, stdout, stderr });
    }),
  );
  const children = () =>
    execFileSync('ps', ['-e', '-o', 'pid=,ppid='], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .map((line) => line.trim().split(/\s+/).map(Number))
      .filter(([, ppid]) => ppid === child.pid)
      .map(([pid]) => pid);
  return { child, exited, children, running: () => running };
}

/**
 * The writing end of the named pipe `fifo`, once a reader (the build) has it open: the build then
 * waits there until the test writes or closes it. `undefined` if the build ended first (`running()`).
 */
async function whenRead(fifo: string, running: () => boolean): Promise<number | undefined> {
  let writer: number | undefined;
  await until(() => {
    try {
      writer = openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENXIO') throw error;
      return !running();
    }
  });
  return writer;
}

/** Reads the non-blocking `fd` (a pipe's reading end) until its writer is gone and `ended()`. */
async function readToEnd(fd: number, ended: () => boolean): Promise<string> {
  const chunks: Buffer[] = [];
  const buffer = Buffer.alloc(1 << 16);
  for (;;) {
    let read: number;
    try {
      read = readSync(fd, buffer);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
      read = -1;
    }
    if (read > 0) chunks.push(Buffer.from(buffer.subarray(0, read)));
    else if (read === 0 && ended()) return Buffer.concat(chunks).toString('utf8');
    else await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** What an interrupted build must have said, and left. */
async function expectInterrupted(run: ReturnType<typeof startBuild>, signal: 'SIGINT' | 'SIGTERM', outDir: string, name: string) {
  const { code, stdout, stderr } = await run.exited;
  expect(code, stderr).toBe(signal === 'SIGINT' ? 130 : 143);
  const message = `Build interrupted (${signal}): nothing was published (an earlier output is as it was), and what this build had made is removed.`;
  expect(stderr).toContain(`error ${message}`);
  expect(JSON.parse(stdout)).toEqual({ error: { code: 'INTERRUPTED', message, hint: 'Run the build again to publish; nothing is left to clean up.' }, published: false, warnings: [] });
  expect(leftovers(outDir, name)).toEqual([]);
}

describe('a build interrupted', () => {
  it('by SIGINT while bundling: exit 130, staging, lock and the toolchain process gone, the previous output kept', async () => {
    const outDir = tempDir('out-');
    const root = writeSite({
      'src/server/routes/api/a.json.ts': route(`() => ({ a: 1 })`),
      'tsconfig.json': '{}',
      'prerender.config.mjs': `export default { name: 'gated', outDir: ${JSON.stringify(outDir)}, prerender: { routes: ['/api/a.json'] } };`,
    });
    const { dir } = await buildSite(root, { config: { outDir } });
    const before = snapshotTree(dir);

    // The bundler reads the site's tsconfig.json: a named pipe holds it there until the test writes.
    rmSync(join(root, 'tsconfig.json'));
    execFileSync('mkfifo', [join(root, 'tsconfig.json')]);
    const run = startBuild(root, '--no-typecheck');
    let writer: number | undefined;
    try {
      writer = await whenRead(join(root, 'tsconfig.json'), run.running);
      expect(run.running(), 'the build ended before it could be interrupted').toBe(true);
      const toolchain = run.children();
      expect(toolchain.length).toBeGreaterThan(0);
      run.child.kill('SIGINT');
      await expectInterrupted(run, 'SIGINT', outDir, 'gated');
      for (const pid of toolchain) expect(isRunning(pid), `process ${pid}`).toBe(false);
      expect(snapshotTree(dir)).toEqual(before);
    } finally {
      if (writer !== undefined) closeSync(writer);
      run.child.kill('SIGKILL');
    }
  });

  it('by Ctrl-C, which signals the whole process group, as a TypeScript config compiles: interrupted, never the config\'s error, and no process left', async () => {
    const outDir = tempDir('out-');
    const root = writeSite({
      'src/server/routes/api/a.json.ts': route(`() => ({ a: 1 })`),
      'prerender.config.ts': `export default { outDir: ${JSON.stringify(outDir)}, prerender: { routes: ['/api/a.json'] } };\n`,
    });
    // The toolchain compiles the config, reading the site's tsconfig.json: a named pipe holds it there.
    const gate = join(root, 'tsconfig.json');
    execFileSync('mkfifo', [gate]);
    const run = startBuildIn(true, root, '--no-typecheck', '--no-cache');
    let writer: number | undefined;
    try {
      writer = await whenRead(gate, run.running);
      expect(run.running(), 'the build ended before it could be interrupted').toBe(true);
      const toolchain = run.children();
      expect(toolchain.length).toBeGreaterThan(0);
      // Killed by the terminal's signal, the toolchain failed the build's next message (EPIPE), which
      // the build reported as the config's error; in a group of its own, the build ends it.
      const groupOf = (pid: number) => Number(execFileSync('ps', ['-o', 'pgid=', '-p', String(pid)], { encoding: 'utf8' }).trim());
      for (const pid of toolchain) expect(groupOf(pid)).not.toBe(run.child.pid);
      process.kill(-run.child.pid!, 'SIGINT');
      await expectInterrupted(run, 'SIGINT', outDir, 'site');
      for (const pid of toolchain) expect(isRunning(pid), `process ${pid}`).toBe(false);
      expect(readdirSync(root).sort()).toEqual(['prerender.config.ts', 'src', 'tsconfig.json']);
    } finally {
      if (writer !== undefined) closeSync(writer);
      if (run.running()) process.kill(-run.child.pid!, 'SIGKILL');
    }
  });

  it('by SIGTERM mid-prerender, with the type check on: exit 143, nothing left in outDir, and no type-check file in the site', async () => {
    const outDir = tempDir('out-');
    const gate = join(tempDir('gate-'), 'open');
    const root = writeSite({
      'src/server/routes/api/slow/[id].ts': [
        `import { existsSync } from 'node:fs';`,
        `import { defineEventHandler, getRouterParam } from 'h3';`,
        `export default defineEventHandler(async (event) => {`,
        `  while (!existsSync(${JSON.stringify(gate)})) await new Promise((r) => setTimeout(r, 20));`,
        `  return { id: getRouterParam(event, 'id') };`,
        `});`,
      ].join('\n'),
      'src/server/routes/api/fast.json.ts': route(`() => ({ version: 1 })`),
      'prerender.config.mjs': `export default { name: 'gated', outDir: ${JSON.stringify(outDir)}, prerender: { concurrency: 4, routes: ['/api/fast.json', '/api/slow/1', '/api/slow/2'] } };`,
    });
    writeFileSync(gate, '');
    const { dir } = await buildSite(root, { config: { outDir } });
    const before = snapshotTree(dir);
    const siteFiles = readdirSync(root).sort();
    rmSync(gate);

    writeFileSync(join(root, 'src/server/routes/api/fast.json.ts'), route(`() => ({ version: 2 })`));
    const run = startBuild(root);
    try {
      // The fast route is written: the build is mid-prerender, its slow routes held at the gate.
      const staged = () => readdirSync(outDir).some((entry) => entry.startsWith('.gated.staging-') && existsSync(join(outDir, entry, 'public/api/fast.json')));
      await until(() => staged() || !run.running());
      expect(run.running(), 'the build ended before it could be interrupted').toBe(true);
      const children = run.children();
      run.child.kill('SIGTERM');
      await expectInterrupted(run, 'SIGTERM', outDir, 'gated');
      for (const pid of children) expect(isRunning(pid), `process ${pid}`).toBe(false);
      expect(snapshotTree(dir)).toEqual(before);
      // The type check's own files (its tsconfig, kept under node_modules/.cache) went with it.
      expect(readdirSync(root).sort()).toEqual([...new Set([...siteFiles, 'node_modules'])].sort());
      const cache = join(root, 'node_modules/.cache/api-prerender');
      expect(existsSync(cache) ? readdirSync(cache).filter((name) => name.startsWith('typecheck-')) : []).toEqual([]);
    } finally {
      run.child.kill('SIGKILL');
    }
  });

  it("through build()'s signal while the outputs are written: rejects with its reason, and leaves nothing", async () => {
    const outDir = tempDir('out-');
    const root = writeSite({
      'src/server/routes/api/a.json.ts': route(`() => ({ a: 1 })`),
      // Invalid JSON: its warning comes once every route is rendered, before the sitemap and host files.
      'src/server/routes/api/bad.json.ts': route(`() => new Response('{bad', { headers: { 'content-type': 'application/json' } })`),
      'prerender.config.mjs': `export default { name: 'site', outDir: ${JSON.stringify(outDir)}, preset: 'netlify', prerender: { routes: ['/api/a.json', '/api/bad.json'], sitemap: { host: 'https://example.com' } } };`,
    });
    const { dir } = await buildSite(root, { config: { outDir } });
    const before = snapshotTree(dir);

    writeFileSync(join(root, 'src/server/routes/api/a.json.ts'), route(`() => ({ a: 2 })`));
    const controller = new AbortController();
    const reason = new Error('stopped while writing the outputs');
    const logger = createMemoryLogger();
    const warn = logger.warn.bind(logger);
    logger.warn = (message, code) => {
      warn(message, code);
      if (code === 'INVALID_JSON') controller.abort(reason);
    };
    await expect(build({ root, typecheck: false, logger, signal: controller.signal, config: { outDir } })).rejects.toBe(reason);
    expect(snapshotTree(dir)).toEqual(before);
    expect(leftovers(outDir, 'site')).toEqual([]);
    expect(readdirSync(outDir)).toEqual(['site']);
  });

  it('by SIGTERM once the build is over and its JSON report is being written: too late, said so, exit 143, the output published', async () => {
    const outDir = tempDir('out-');
    // The report lists every route rendered: past a pipe's buffer, writing it waits for the reader.
    const routes = Array.from({ length: 2000 }, (_, i) => `/api/items/${i}.json`);
    const root = writeSite({
      'src/server/routes/api/items/[id].json.ts': [`import { defineEventHandler, getRouterParam } from 'h3';`, `export default defineEventHandler((event) => ({ id: getRouterParam(event, 'id') }));`].join('\n'),
      'prerender.config.mjs': `export default { name: 'late', outDir: ${JSON.stringify(outDir)}, prerender: { routes: ${JSON.stringify(routes)} } };`,
    });
    // stdout is a named pipe nobody reads until the signal is sent (a pipe of Node's own would be
    // read at once): the report's write blocks the build's process there, after its last line.
    const fifo = join(tempDir('fifo-'), 'stdout');
    execFileSync('mkfifo', [fifo]);
    const reader = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
    const writer = openSync(fifo, constants.O_WRONLY);
    const child = spawn(process.execPath, [binPath, 'build', root, '--json', '--no-typecheck'], { stdio: ['ignore', writer, 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
    closeSync(writer);
    let stderr = '';
    child.stderr!.on('data', (chunk) => (stderr += chunk));
    let code: number | null | undefined;
    child.on('close', (exit) => (code = exit));
    try {
      await until(() => stderr.includes('2000 routes ok') || code !== undefined);
      expect(code, stderr).toBeUndefined();
      child.kill('SIGTERM');
      const stdout = await readToEnd(reader, () => code !== undefined);
      await until(() => code !== undefined);
      expect(code, stderr).toBe(143);
      expect(stderr).toContain('SIGTERM came too late to stop the build: its output was published, and stays.');
      expect(stderr).not.toContain('stopping the build');
      expect(JSON.parse(stdout)).toMatchObject({ ok: 2000, failed: 0 });
      expect(readFileSync(join(outDir, 'late', 'public/api/items/7.json'), 'utf8')).toBe('{"id":"7"}');
      expect(leftovers(outDir, 'late')).toEqual([]);
    } finally {
      child.kill('SIGKILL');
      closeSync(reader);
    }
  });

  it('by SIGTERM, then SIGINT, once the output is complete and being published: too late, said once, never "stopping" nor exiting mid-publish, exit 143, the output published', async () => {
    const outDir = tempDir('out-');
    const root = writeSite({
      'src/server/routes/api/hello.json.ts': `import { defineEventHandler } from 'h3';\nexport default defineEventHandler(() => ({ hello: 'world' }));\n`,
      'prerender.config.mjs': `export default { name: 'publishing', outDir: ${JSON.stringify(outDir)}, prerender: { routes: ['/api/hello.json'] } };`,
    });
    // The signal sent at the moment the build says its output is complete (the step channel), as
    // a CI job cancelled then sends it: Node hands it to the build's listener while it publishes.
    const preload = join(tempDir('preload-'), 'signal-on-output.mjs');
    writeFileSync(preload, `import { subscribe } from 'node:diagnostics_channel';\nsubscribe('api-prerender:build-step', (step) => { if (step.done === 'output') { process.kill(process.pid, 'SIGTERM'); process.kill(process.pid, 'SIGINT'); } });\n`);
    const child = spawn(process.execPath, ['--import', pathToFileURL(preload).href, binPath, 'build', root, '--no-typecheck'], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.stdout.resume();
    const [code] = (await once(child, 'close')) as [number | null];
    expect(code, stderr).toBe(143);
    expect(stderr.match(/came too late/g), stderr).toHaveLength(1);
    expect(stderr).toContain('SIGTERM came too late to stop the build: its output is being published, and stays.');
    expect(stderr).not.toContain('stopping the build');
    expect(stderr).not.toContain('exiting now');
    expect(readFileSync(join(outDir, 'publishing', 'public/api/hello.json'), 'utf8')).toBe('{"hello":"world"}');
    expect(leftovers(outDir, 'publishing')).toEqual([]);
  });

  it("through build()'s signal after the report, before publishing: rejects, the previous output kept; after publishing: too late, resolves", async () => {
    const outDir = tempDir('out-');
    const root = writeSite({
      'src/server/routes/api/a.json.ts': route(`() => ({ a: 1 })`),
      'prerender.config.mjs': `export default { name: 'site', outDir: ${JSON.stringify(outDir)}, prerender: { routes: ['/api/a.json'] } };`,
    });
    const { dir } = await buildSite(root, { config: { outDir } });
    const before = snapshotTree(dir);
    writeFileSync(join(root, 'src/server/routes/api/a.json.ts'), route(`() => ({ a: 2 })`));
    /** A build whose signal is aborted as the line starting with `at` is printed. */
    const buildStoppedAt = (at: string) => {
      const controller = new AbortController();
      const logger = createMemoryLogger();
      const info = logger.info.bind(logger);
      logger.info = (message) => {
        info(message);
        if (message.startsWith(at)) controller.abort(new Error(`stopped at ${at}`));
      };
      return build({ root, logger, signal: controller.signal, config: { outDir } });
    };
    // The type check's line is the report's last, printed before the output is published.
    await expect(buildStoppedAt('type check:')).rejects.toThrow('stopped at type check:');
    expect(snapshotTree(dir)).toEqual(before);
    expect(leftovers(outDir, 'site')).toEqual([]);
    // The summary comes once the output is published: the build is over, and its output stays.
    const report = await buildStoppedAt('1 route ok');
    expect(report.ok).toBe(1);
    expect(JSON.parse(readFileSync(join(dir, 'public/api/a.json'), 'utf8'))).toEqual({ a: 2 });
    expect(leftovers(outDir, 'site')).toEqual([]);
  });
});

// Ctrl-C while the CLI loads (interruptWhileLoading): the process says it was interrupted rather than
// ending without a word, and a signal that came while modules loaded synchronously is handed to the
// command's own listener, not lost between the two. Each case runs in a process of its own, which
// prints "ready" once it listens, then is sent SIGINT.

const lib = (path: string) => JSON.stringify(join(repoRoot, 'lib', path));

/** Runs `body` after the loading listener is installed; sends SIGINT once it prints "ready". */
function interrupted(body: string): Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }> {
  const script = `
    import { interruptWhileLoading, stopInterruptingWhileLoading } from ${lib('cli/interrupt.js')};
    import { createLogger } from ${lib('src/log.js')};
    interruptWhileLoading(createLogger());
    ${body}
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk;
    if (stdout.includes('ready') && !child.killed) child.kill('SIGINT');
  });
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve) => child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })));
}

describe('interruptWhileLoading', () => {
  it('a signal while loading: says the process was interrupted and exits with 128 + its number', async () => {
    const { code, signal, stderr } = await interrupted(`console.log('ready'); setTimeout(() => {}, 10_000);`);
    expect([code, signal]).toEqual([130, null]);
    expect(stderr).toBe('error Interrupted (SIGINT) while api-prerender was starting: nothing was built, written or served.\n');
  });

  it('a signal that came while modules loaded synchronously goes to the command that listens next, not lost', async () => {
    // "Loading" blocks the event loop for 500 ms after saying ready: the signal waits for the loop,
    // by when the command listens and the loading listener is gone.
    const { code, signal, stdout, stderr } = await interrupted(`
      console.log('ready');
      const until = Date.now() + 500;
      while (Date.now() < until);
      process.on('SIGINT', () => { console.log('the command stops'); process.exit(3); });
      stopInterruptingWhileLoading();
      setTimeout(() => console.log('not interrupted'), 2_000);
    `);
    expect([code, signal]).toEqual([3, null]);
    expect(stdout).toBe('ready\nthe command stops\n');
    expect(stderr).toBe('');
  });

  it('twice, the second time while the first is not yet handled: exits at once with 130, saying what it left and that the next build removes it', async () => {
    const gate = join(tempDir('gate-'), 'open');
    const started = `${gate}.started`;
    // The handler holds the build's thread until the test opens the gate: both signals wait for it.
    // Then it answers after a turn of the event loop, where Node hands the signals over: answered at
    // once, the build could reach its output step first, and a signal then is too late (0c4fef8).
    const handler = `async () => { writeFileSync(${JSON.stringify(started)}, ''); while (!existsSync(${JSON.stringify(gate)})); await new Promise((resolve) => setTimeout(resolve, 300)); return 'done'; }`;
    const root = writeSite({
      'src/server/routes/api/busy.txt.ts': `import { existsSync, writeFileSync } from 'node:fs';\n${route(handler)}`,
      'prerender.config.mjs': "export default { prerender: { routes: ['/api/busy.txt'] } };\n",
    });
    const build = startBuild(root, '--no-typecheck');
    await until(() => existsSync(started) || !build.running());
    build.child.kill('SIGINT');
    await new Promise((resolve) => setTimeout(resolve, 100));
    build.child.kill('SIGINT');
    writeFileSync(gate, '');
    const { code, stderr } = await build.exited;
    expect(code).toBe(130);
    expect(stderr).toContain('SIGINT again: exiting now, before the build has removed what it made (a .staging- folder beside the output, its lock); the next build removes them.');
    // The next build runs, publishes, and leaves nothing of the one stopped.
    rmSync(join(root, 'src/server/routes/api/busy.txt.ts'));
    writeFileSync(join(root, 'src/server/routes/api/busy.txt.ts'), route(`() => 'done'`));
    const next = await startBuild(root, '--no-typecheck').exited;
    expect(next.code, next.stderr).toBe(0);
    expect(readdirSync(join(root, 'dist'))).toEqual([basename(root)]);
  });
});

