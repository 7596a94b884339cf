/**
 * Builds meeting what goes wrong on real machines: a build that fails, a folder in the way of the
 * output, a build killed with SIGKILL mid-prerender, two builds of one site at once. The previous
 * output stays byte-identical until a build publishes a whole new one; nothing is left beside it.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PrerenderError } from '../../src/index.ts';
import { catchError } from '../support/catch-error.ts';
import { binPath, buildSite, route, runCli, tempDir, writeSite } from '../support/helpers.ts';
import { leftovers, snapshotTree } from '../support/tree-snapshot.ts';

/**
 * A site with a few fast routes and many slow ones. The slow ones wait until the gate file exists,
 * so a test holds a build mid-prerender for as long as it needs, with no timing guesses.
 */
const outDir = tempDir('out-');
const gate = join(tempDir('gate-'), 'open');
const slowRoutes = Array.from({ length: 40 }, (_, i) => `/api/slow/${i}`);
let root: string;

/** Writes the fast route with `version`, so each build's output can be told apart. */
function setVersion(version: number): void {
  writeFileSync(join(root, 'src/server/routes/api/fast.json.ts'), route(`() => ({ version: ${version} })`));
}

const openGate = () => writeFileSync(gate, '');
const closeGate = () => rmSync(gate, { force: true });

/** Resolves once `check` is true, polling the file system (what the test waits on is a file). */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 25));
}

const staged = (file: string) => () =>
  readdirSync(outDir).some((entry) => entry.startsWith('.gated.staging-') && existsSync(join(outDir, entry, file)));

beforeAll(() => {
  root = writeSite({
    'src/server/routes/api/slow/[id].ts': [
      `import { existsSync } from 'node:fs';`,
      `import { defineEventHandler, getRouterParam } from 'h3';`,
      `export default defineEventHandler(async (event) => {`,
      `  while (!existsSync(${JSON.stringify(gate)})) await new Promise((r) => setTimeout(r, 20));`,
      `  return { id: getRouterParam(event, 'id') };`,
      `});`,
    ].join('\n'),
    'prerender.config.mjs': `export default { name: 'gated', outDir: ${JSON.stringify(outDir)}, prerender: { concurrency: 4, routes: ['/api/fast.json', ...${JSON.stringify(slowRoutes)}] } };`,
  });
  setVersion(1);
});

describe('a build killed with SIGKILL mid-prerender', () => {
  it('leaves the previous output byte-identical; a build meanwhile is refused; the next build clears the leftovers', async () => {
    openGate();
    const { dir } = await buildSite(root, { config: { outDir } });
    const before = snapshotTree(dir);
    expect(JSON.parse(readFileSync(join(dir, 'public/api/fast.json'), 'utf8'))).toEqual({ version: 1 });

    closeGate();
    setVersion(2);
    const child = spawn(process.execPath, [binPath, 'build', root, '--no-typecheck'], { stdio: 'ignore', env: { ...process.env, NO_COLOR: '1' } });
    let running = true;
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => ((running = false), resolve(signal))));
    try {
      // The fast route is written: the build is mid-prerender, its slow routes held at the gate.
      await until(() => staged('public/api/fast.json')() || !running);
      expect(running, 'the build ended before it could be killed').toBe(true);

      const refused = (await buildSite(root, { config: { outDir } }).catch((error) => error)) as PrerenderError;
      expect(refused.code).toBe('LOCKED');
      expect(refused.message).toBe(`Another build of "gated" (process ${child.pid}) is writing ${outDir}; this build stopped before touching it.`);
    } finally {
      child.kill('SIGKILL');
    }
    expect(await exited).toBe('SIGKILL');

    expect(snapshotTree(dir)).toEqual(before);
    const left = leftovers(outDir, 'gated');
    expect(left.some((entry) => entry.startsWith('.gated.staging-'))).toBe(true);
    expect(left).toContain('.gated.lock');

    openGate();
    await buildSite(root, { config: { outDir } });
    expect(leftovers(outDir, 'gated')).toEqual([]);
    expect(JSON.parse(readFileSync(join(dir, 'public/api/fast.json'), 'utf8'))).toEqual({ version: 2 });
    expect(readdirSync(join(dir, 'public/api/slow'))).toHaveLength(slowRoutes.length);
  });
});

describe('two builds of one site started at once', () => {
  it('one runs, the other fails at once with a clear message, and the output is whole', async () => {
    closeGate();
    setVersion(3);
    const builds = [buildSite(root, { config: { outDir } }), buildSite(root, { config: { outDir } })];
    const settled = builds.map((build) => build.then(() => 'built' as const, (error: PrerenderError) => error));
    // The refused build settles while the other is held at the gate.
    const first = await Promise.race(settled);
    expect(first).not.toBe('built');
    expect((first as PrerenderError).message).toBe(`Another build of "gated" (process ${process.pid}) is writing ${outDir}; this build stopped before touching it.`);
    expect((first as PrerenderError).exitCode).toBe(1);

    openGate();
    const outcomes = await Promise.all(settled);
    expect(outcomes.filter((outcome) => outcome === 'built')).toHaveLength(1);

    const dir = join(outDir, 'gated');
    expect(leftovers(outDir, 'gated')).toEqual([]);
    expect(JSON.parse(readFileSync(join(dir, 'public/api/fast.json'), 'utf8'))).toEqual({ version: 3 });
    const manifest = JSON.parse(readFileSync(join(dir, 'prerender-manifest.json'), 'utf8'));
    expect(manifest.routes).toHaveLength(slowRoutes.length + 1);
    for (const slow of slowRoutes) {
      expect(JSON.parse(readFileSync(join(dir, 'public', slow), 'utf8'))).toEqual({ id: slow.split('/').at(-1) });
    }
  });
});

const config = (outDir: string) => `export default { name: 'site', outDir: ${JSON.stringify(outDir)}, prerender: { routes: ['/api/a.json', '/api/b.json'] } };`;

/** A two-route site writing into `outDir`; `body` is route a's handler. */
function faultSite(outDir: string, body = `() => ({ version: 1 })`): string {
  return writeSite({
    'src/server/routes/api/a.json.ts': route(body),
    'src/server/routes/api/b.json.ts': route(`() => ({ b: true })`),
    'public/robots.txt': 'User-agent: *\n',
    'prerender.config.mjs': config(outDir),
  });
}

/** No stack trace: no `    at ` frame lines. */
const noStack = (text: string) => expect(text).not.toMatch(/^\s+at /m);

describe('a failed build', () => {
  it('leaves the previous dist/<name> byte-identical and no staging folder or lock', async () => {
    const outDir = tempDir('out-');
    const root = faultSite(outDir);
    const { dir } = await buildSite(root, { config: { outDir } });
    const before = snapshotTree(dir);

    writeFileSync(join(root, 'src/server/routes/api/b.json.ts'), route(`() => { throw new Error('b broke'); }`));
    writeFileSync(join(root, 'src/server/routes/api/a.json.ts'), route(`() => ({ version: 2 })`));
    const error = await catchError(() => buildSite(root, { config: { outDir } }));
    expect(error.code).toBe('ROUTES_FAILED');

    expect(snapshotTree(dir)).toEqual(before);
    expect(leftovers(outDir, 'site')).toEqual([]);
  });
});

describe('an output folder that cannot be written', () => {
  it('a file where outDir should be is a clear error with exit code 1 and no stack trace', async () => {
    const parent = tempDir('out-');
    const outDir = join(parent, 'dist');
    writeFileSync(outDir, 'not a folder');
    const root = faultSite(outDir);

    const error = await catchError(() => buildSite(root, { config: { outDir } }));
    expect(error.code).toBe('OUTPUT');
    expect(error.message).toBe(`Cannot write the build to ${outDir}: a file is in the way, not a folder.`);
    expect(error.hint).toContain('"outDir"');

    const cli = await runCli(['build', root, '--no-typecheck']);
    expect(cli.code).toBe(1);
    expect(cli.stderr).toContain('a file is in the way, not a folder');
    noStack(cli.stderr);
  });

  it('a file where dist/<name> should be is refused, not replaced', async () => {
    const outDir = tempDir('out-');
    writeFileSync(join(outDir, 'site'), 'keep me');
    const error = await catchError(() => buildSite(faultSite(outDir), { config: { outDir } }));
    expect(error.message).toBe(`Cannot write the build to ${join(outDir, 'site')}: a file is in the way, not a folder.`);
    expect(leftovers(outDir, 'site')).toEqual([]);
  });
});

/**
 * The site's code doing to the build's process what would end it: an error thrown outside any request
 * (a timer; a promise nothing awaits), or `process.exit()` in a handler. The build (the real bin) ends
 * with exit code 1 and ROUTES_STOPPED saying what happened, never 0 and never in Node's words; the
 * previous output stays byte-identical, and no staging folder, lock or empty folder is left.
 */
describe('site code that would end the build process', () => {
  it.each([
    {
      // Its place named from the site root, as a failed route's trace names it (and process.exit()'s below).
      what: 'an error thrown in a timer, again and again',
      body: `() => { setInterval(() => { throw new Error('late boom'); }, 5); return new Promise((resolve) => setTimeout(() => resolve({ a: 2 }), 200)); }`,
      said: /^error The site's code threw outside any request while the build ran it: late boom\nError: late boom\n {4}at (\S+ \()?src\/server\/routes\/api\/a\.json\.ts:\d+:\d+\)?\n/m,
    },
    {
      what: 'a promise rejected that nothing awaits',
      body: `() => { Promise.reject(new Error('nobody awaits me')); return new Promise((resolve) => setTimeout(() => resolve({ a: 2 }), 200)); }`,
      said: /^error The site's code threw outside any request while the build ran it: nobody awaits me\nError: nobody awaits me\n {4}at (\S+ \()?src\/server\/routes\/api\/a\.json\.ts:\d+:\d+\)?\n/m,
    },
    {
      what: 'process.exit(0) in a handler',
      body: `() => { process.exit(0); }`,
      // The place named from the site root, as a failed route's trace names it.
      said: /^error The build was ended by process\.exit\(0\), called by the site's code it ran \(.*\); nothing was published\.\nprocess\.exit\(0\): called here\n {4}at (\S+ \()?src\/server\/routes\/api\/a\.json\.ts:\d+:\d+\)?\n {2}hint: Code the build runs must never end the process \(the first frame of your code in the stack called it\)/m,
    },
  ])('$what: exit code 1 and ROUTES_STOPPED saying so, --json too; the previous output kept, nothing left', async ({ body, said }) => {
    const parent = tempDir('out-');
    const outDir = join(parent, 'dist');
    const root = faultSite(outDir);
    const { dir } = await buildSite(root, { config: { outDir } });
    const before = snapshotTree(dir);
    writeFileSync(join(root, 'src/server/routes/api/a.json.ts'), route(body));

    const cli = await runCli(['build', root, '--no-typecheck', '--json']);
    expect(cli.code, cli.stderr).toBe(1);
    expect(cli.stderr).toMatch(said);
    // Said once: the repeats of an interval's error are not said again.
    expect(cli.stderr.match(/^error /gm), cli.stderr).toHaveLength(1);
    expect(cli.stderr).not.toMatch(/^Node\.js v|Unhandled|EPIPE/m);
    expect(JSON.parse(cli.stdout).error).toMatchObject({ code: 'ROUTES_STOPPED' });
    // The stack the hint points at is in the JSON too.
    expect(JSON.parse(cli.stdout).error.stack).toMatch(/\n\s+at (.*\/|\S+ \()?src\/server\/routes\/api\/a\.json\.ts:\d+:\d+/);
    expect(snapshotTree(dir)).toEqual(before);
    expect(leftovers(outDir, 'site')).toEqual([]);
    expect(readdirSync(outDir)).toEqual(['site']);
  });

  // Its timer fires 20 ms after the cancel: while the build still runs (it stops with the error), or
  // once it has failed (the error comes after the route's), or after the process exited (the route's
  // alone). Whichever came, it is said, with the hint, never in Node's words.
  it('a stream that goes on writing after the build cancelled it (its route out of time): the hint says to give it a cancel()', async () => {
    const outDir = join(tempDir('out-'), 'dist');
    // Feeds a chunk every 20 ms from a timer it never clears: written to once the stream is cancelled.
    const endless = `() => new ReadableStream({ pull(controller) { return new Promise((resolve) => setTimeout(() => { controller.enqueue(new TextEncoder().encode('line\\n')); resolve(); }, 20)); } })`;
    const root = writeSite({
      'src/server/routes/api/endless.txt.ts': route(endless),
      'prerender.config.mjs': `export default { name: 'site', outDir: ${JSON.stringify(outDir)}, prerender: { routes: ['/api/endless.txt'], timeout: 300 } };`,
    });
    const cli = await runCli(['build', root, '--no-typecheck']);
    expect(cli.code, cli.stderr).toBe(1);
    expect(cli.stderr).not.toMatch(/^Node\.js v|^\s+throw /m);
    const threw = /^error The site's code threw outside any request (while the build ran it|after the build had failed): Invalid state: Controller is already closed\n/m.exec(cli.stderr);
    const timedOut = cli.stderr.includes('/api/endless.txt  error  its body did not end within 300 ms (prerender.timeout)');
    // Stopped while it ran, the build says only the error that stopped it.
    expect(threw?.[1] === 'while the build ran it' ? !timedOut : timedOut, cli.stderr).toBe(true);
    if (threw) expect(cli.stderr).toContain('hint: A stream was written to after it was cancelled: the build cancels the body of a route past prerender.timeout or prerender.maxBodySize, as a server cancels it when a client hangs up. Give the ReadableStream a cancel() that stops what feeds it');
    expect(existsSync(outDir)).toBe(false);
  });

  it('process.exit() in the first build of a site: no outDir left behind', async () => {
    const parent = tempDir('out-');
    const outDir = join(parent, 'dist');
    const root = faultSite(outDir, `() => { process.exit(0); }`);
    const cli = await runCli(['build', root, '--no-typecheck']);
    expect(cli.code, cli.stderr).toBe(1);
    expect(readdirSync(parent)).toEqual([]);
  });
});
