/**
 * Running out of file descriptors (`ulimit -n`) anywhere in a build: one FILE_LIMIT error naming what
 * the build was doing and the limit to raise, never a raw stack, and nothing published. The bin runs
 * under a low `ulimit -n` (bash), with the site's own code holding the descriptors where a step must
 * meet the limit at a known point: the config (before the staging, the copy of publicDir and the scan) or a route
 * module (before the bundle loads or the output is written).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fileLimitOf } from '../src/file-limit.ts';
import { route, runCli, tempDir, writeSite } from './support/helpers.ts';

/** Code that opens /dev/null until the process may open no more, then closes `free` of them again. */
const holdFiles = (free: number) => `import { closeSync, openSync } from 'node:fs';
const held = [];
try {
  for (;;) held.push(openSync('/dev/null', 'r'));
} catch (error) {
  if (error.code !== 'EMFILE') throw error;
}
for (const fd of held.splice(0, ${free})) closeSync(fd);
globalThis.heldFiles = held;
`;

/**
 * The exit code of Node running an empty module file under `ulimit -n openFiles`: whether Node can
 * start a program at all (below some limit it crashes, or cannot read the package.json it looks for).
 */
function runNode(openFiles: number): Promise<number | null> {
  const file = join(tempDir('empty-'), 'empty.mjs');
  writeFileSync(file, '');
  return new Promise((resolve) => spawn('bash', ['-c', `ulimit -n ${openFiles} && exec "$0" "$1"`, process.execPath, file], { stdio: 'ignore' }).on('close', resolve));
}

/** A site of `count` routes and public files, listed in the config. */
function site(count: number, files: Record<string, string> = {}) {
  const routes = Array.from({ length: count }, (_, i) => `/api/r${i}.txt`);
  return writeSite({
    ...Object.fromEntries(routes.map((path, i) => [`src/server/routes${path}.ts`, route(`() => 'r${i}'`)])),
    ...Object.fromEntries(routes.map((_, i) => [`public/p${i}.txt`, `p${i}`])),
    'prerender.config.mjs': `export default { prerender: { routes: ${JSON.stringify(routes)} } };`,
    ...files,
  });
}

/**
 * Builds `root` under `ulimit -n openFiles` and checks the failure is the catalogue's, with nothing
 * published. `holdsToTheEnd`: the site's code keeps the descriptors until the process ends, so that
 * the staging folder may not be removable (a real build frees them when the failing step ends).
 */
async function buildFailing(root: string, openFiles: number, holdsToTheEnd = false) {
  const { code, stdout, stderr } = await runCli(['build', root, '--no-typecheck', '--json'], { openFiles });
  const lines = stderr.trim().split('\n');
  expect(code, stderr).toBe(1);
  expect(lines.at(-2)).toMatch(/^error Too many open files while /);
  expect(lines.at(-1)).toMatch(/^ {2}hint: Raise the limit of open files in the shell that runs the command \(ulimit -n \d+; in a container, its nofile ulimit\), then run it again\.$/);
  expect(stderr).not.toMatch(/^\s+at /m);
  const { error } = JSON.parse(stdout) as { error: { code: string; message: string; errno: string } };
  expect([error.code, error.errno]).toEqual(['FILE_LIMIT', 'EMFILE']);
  expect(lines.at(-2)).toBe(`error ${error.message}`);
  // Nothing published, and no staging folder left behind where it could be removed.
  const left = existsSync(join(root, 'dist')) ? readdirSync(join(root, 'dist')) : [];
  expect(holdsToTheEnd ? left.filter((name) => !name.includes('.staging-')) : left).toEqual([]);
  return error.message;
}

describe('fileLimitOf: a module Node could not find because it could not read its package', () => {
  /** What importing `file` (a path in `dir`) throws. */
  async function importError(dir: string, file: string): Promise<unknown> {
    return import(pathToFileURL(join(dir, file)).href).then(() => undefined, (error: unknown) => error);
  }
  function packageDir(packageJson: object): string {
    const dir = tempDir('modules-');
    mkdirSync(join(dir, 'node_modules', '@scope', 'pkg'), { recursive: true });
    writeFileSync(join(dir, 'node_modules', '@scope', 'pkg', 'package.json'), JSON.stringify(packageJson));
    return dir;
  }

  it('names the package.json when the package maps its subpaths with exports (the resolver never read it)', async () => {
    // What Node 22 reports for `import 'srvx/node'` when srvx's package.json could not be opened.
    const dir = packageDir({ name: '@scope/pkg', exports: { './node': './node.js' } });
    const error = await importError(dir, 'node_modules/@scope/pkg/node');
    expect((error as NodeJS.ErrnoException).code).toBe('ERR_MODULE_NOT_FOUND');
    expect(fileLimitOf(error)).toMatchObject({ code: 'EMFILE', syscall: 'open', path: join(dir, 'node_modules', '@scope', 'pkg', 'package.json') });
  });

  it('leaves a file that is really missing as it is: no exports, or no package at all', async () => {
    const dir = packageDir({ name: '@scope/pkg' });
    expect(fileLimitOf(await importError(dir, 'node_modules/@scope/pkg/node'))).toBeUndefined();
    expect(fileLimitOf(await importError(dir, 'missing.js'))).toBeUndefined();
  });
});

describe.runIf(process.platform === 'linux')('too many open files', () => {
  // Where a low limit is met depends on the Node line and the machine's load (Node 26 opens fewer files
  // at once than 20, which fails at 32 on its own modules): each run either builds, or fails with the
  // catalogue's message. The table below makes each step meet the limit on every line.
  it('with ulimit -n 28 to 64, the build succeeds or says which limit to raise, without a stack', async () => {
    const root = site(60);
    for (const openFiles of [28, 32, 48, 64]) {
      const { code, stderr } = await runCli(['build', root, '--no-typecheck'], { openFiles });
      if (code === 0) continue;
      expect(code, stderr).toBe(1);
      expect(stderr).not.toMatch(/^\s+at /m);
      expect(stderr).toMatch(/^error Too many open files while [^:]+: \S+ \S+ failed with EMFILE/m);
      expect(stderr).toMatch(/^ {2}hint: Raise the limit of open files in the shell that runs the command \(ulimit -n \d+;/m);
    }
  });

  it('with the type check on and ulimit -n 20 to 40, each build builds or names the limit, and leaves only the previous output', async () => {
    const root = site(3, { 'package.json': JSON.stringify({ name: 'my-site' }) });
    expect((await runCli(['build', root, '--no-typecheck'])).code).toBe(0);
    const previous = readFileSync(join(root, 'dist', 'my-site', 'prerender-manifest.json'), 'utf8');
    for (const openFiles of [20, 22, 23, 24, 26, 28, 30, 34, 40]) {
      // Below some limit Node itself cannot start (it crashes with no word of ours): not ours to name.
      if ((await runNode(openFiles)) !== 0) continue;
      const { code, stderr } = await runCli(['build', root], { openFiles });
      const at = `ulimit -n ${openFiles}: exit ${code}\n${stderr}`;
      expect([0, 1], at).toContain(code);
      expect(stderr, at).not.toMatch(/^\s+at |node:internal|Unhandled|TS2318/m);
      if (code === 1) expect(stderr, at).toMatch(/^error Too many open files while [^:]+: .+ failed with EMFILE/m);
      expect(readdirSync(join(root, 'dist')), at).toEqual(['my-site']);
      if (code === 1) expect(readFileSync(join(root, 'dist', 'my-site', 'prerender-manifest.json'), 'utf8'), at).toBe(previous);
    }
  });

  it.each([
    // The output's lock is taken first, before the route files are listed.
    { step: 'staging the output', holder: 'config', free: 0, file: 'dist/' },
    // publicDir as the user can open it from where the build runs: here, outside the site.
    { step: 'copying publicDir (<root>/public)', holder: 'config', free: 1, file: 'public/p' },
    { step: 'loading the server bundle', holder: 'route module', free: 'none, and it throws', file: '/dev/null' },
    { step: 'prerendering the routes and writing the output', holder: 'route module', free: 0, file: 'dist/' },
  ])('$step: named, with the file it could not open (the $holder holds the descriptors)', async ({ holder, free, step, file }) => {
    // A route module that throws the EMFILE it met frees what it held first, as a failed import would.
    const hold = typeof free === 'number' ? holdFiles(free) : holdFiles(0).replace("if (error.code !== 'EMFILE') throw error;", 'for (const fd of held) closeSync(fd);\n  throw error;');
    const files: Record<string, string> =
      holder === 'config'
        ? { 'prerender.config.mjs': `${hold}export default { prerender: { routes: ['/api/r0.txt'] } };` }
        : { 'src/server/routes/api/r0.txt.ts': `${hold}${route(`() => 'r0'`)}` };
    const root = site(3, files);
    const message = await buildFailing(root, 256, typeof free === 'number');
    // With no descriptor left, the limit may not be readable (/proc/self/limits) to be named.
    const limit = free === 0 ? '(; this process may keep 256 files open at once)?' : '; this process may keep 256 files open at once';
    expect(message).toMatch(new RegExp(`^Too many open files while ${step.replace('<root>', root).replace(/[()]/g, '\\$&')}: \\w+ \\S*${file.replace(/\//g, '\\/')}\\S* failed with EMFILE${limit}\\.$`));
  });
});
