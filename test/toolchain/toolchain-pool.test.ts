/**
 * build() in one process reuses the toolchain processes its builds gave back (toolchain-pool.ts):
 * the next build takes them, its output is what a fresh process would have made, and nothing waits
 * once warm processes are turned off or the process that started them has ended.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { basename, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { idleToolchainPids, keepToolchainsWarm, startToolchainAhead } from '../../src/toolchain/toolchain-pool.ts';
import { buildSite, repoRoot, route, writeSite } from '../support/helpers.ts';
import { isRunning } from '../support/pids.ts';
import { suiteWarmMs } from '../support/setup/warm-toolchains.ts';

async function waitUntilGone(pids: number[]): Promise<number[]> {
  for (let tries = 0; tries < 600 && pids.some(isRunning); tries++) await sleep(50);
  return pids.filter(isRunning);
}

// A type error: the check's warning must reach the build that asked, in a reused process too. The
// site has TypeScript 6, whose `tsc` checks it (not the toolchain process).
const siteA = () => {
  const root = writeSite({ 'src/server/routes/api/a.json.ts': route('() => { const n: number = "x"; return { site: "a", n }; }') });
  mkdirSync(join(root, 'node_modules'));
  symlinkSync(join(repoRoot, 'node_modules', 'typescript-6'), join(root, 'node_modules', 'typescript'), 'dir');
  return root;
};
const siteB = () => writeSite({ 'src/server/routes/svc/b.ts': route('() => "b"'), 'prerender.config.ts': "export default { apiPrefix: '/svc/', prerender: { routes: ['/svc/b'] } };\n" });

// The next test files of this worker get their warm processes back.
afterAll(() => keepToolchainsWarm(suiteWarmMs));

describe('warm toolchain processes', () => {
  it('serve the next build, which writes what the first one did, and end when turned off', async () => {
    keepToolchainsWarm(5_000);
    const a = siteA();
    const first = await buildSite(a, { typecheck: true, config: { prerender: { routes: ['/api/a.json'] } } });
    const warm = idleToolchainPids();
    expect(warm).toHaveLength(1);

    // Another site, with its own config file and api prefix, in the same processes.
    const other = await buildSite(siteB(), { typecheck: true });
    expect(readFileSync(join(other.dir, 'public/svc/b'), 'utf8')).toBe('b');
    expect(idleToolchainPids().sort()).toEqual([...warm].sort());

    const again = await buildSite(a, { typecheck: true, config: { prerender: { routes: ['/api/a.json'] } } });
    expect(readFileSync(join(again.dir, 'public/api/a.json'), 'utf8')).toBe(readFileSync(join(first.dir, 'public/api/a.json'), 'utf8'));
    expect(readFileSync(join(again.dir, 'server/index.mjs'), 'utf8')).toBe(readFileSync(join(first.dir, 'server/index.mjs'), 'utf8'));
    expect(first.report.warnings).toContainEqual({ code: 'TYPE_ERROR', message: expect.stringContaining("a.json.ts:2:") });
    expect(again.report.warnings).toEqual(first.report.warnings);
    expect(JSON.stringify(other.report.warnings)).not.toContain('a.json.ts');

    keepToolchainsWarm(0);
    expect(idleToolchainPids()).toEqual([]);
    expect(await waitUntilGone(warm)).toEqual([]);
  });

  it('started ahead (as the CLI does for a site without cache), serve the next build and end with it', async () => {
    keepToolchainsWarm(0);
    startToolchainAhead();
    const ahead = idleToolchainPids();
    expect(ahead).toHaveLength(1);
    // Its TypeScript config is compiled and its routes bundled in that process: none is left waiting.
    const root = siteB();
    const built = await buildSite(root, { typecheck: false });
    expect(readFileSync(join(built.dir, 'public/svc/b'), 'utf8')).toBe('b');
    expect(idleToolchainPids()).toEqual([]);
    // It wrote Rollup's cache while the prerender ran, and had exited by the time the build returned.
    expect(ahead.filter(isRunning)).toEqual([]);
    const cacheFiles = readdirSync(join(root, 'node_modules', '.cache', 'api-prerender'), { recursive: true, encoding: 'utf8' });
    expect(cacheFiles.filter((file) => basename(file).startsWith('rollup.cache'))).toEqual([expect.stringMatching(/rollup\.cache$/)]);
  });

  it.runIf(process.platform === 'linux')('of a short route list end once Rollup\'s cache is written, while the prerender still runs', async () => {
    keepToolchainsWarm(0);
    // The route waits (up to 5 s) until this process has no toolchain process left, and says whether
    // it saw that: a toolchain kept until the build ends holds its memory through the prerender.
    const handler = `() => {
      const toolchains = () => readdirSync('/proc/self/task').flatMap((task) => readFileSync('/proc/self/task/' + task + '/children', 'utf8').split(' ').filter(Boolean))
        .filter((pid) => { try { return readFileSync('/proc/' + pid + '/cmdline', 'utf8').includes('toolchain-process'); } catch { return false; } });
      const until = Date.now() + 5000;
      return new Promise((resolve) => {
        const look = () => (toolchains().length === 0 ? resolve('ended') : Date.now() > until ? resolve('alive') : setTimeout(look, 20));
        look();
      });
    }`;
    const root = writeSite({ 'src/server/routes/api/state.txt.ts': `import { readdirSync, readFileSync } from 'node:fs';\n${route(handler)}` });
    const built = await buildSite(root, { typecheck: false, config: { prerender: { routes: ['/api/state.txt'] } } });
    expect(readFileSync(join(built.dir, 'public/api/state.txt'), 'utf8')).toBe('ended');
  });

  it.runIf(process.platform === 'linux')('of a short route list end while a prerender of routes answered from memory runs', async () => {
    keepToolchainsWarm(0);
    // 1,000 routes of about 1 ms each that never wait for I/O, the last one saying whether a toolchain
    // process is left: a process kept until the prerender ends is there all along. The last route
    // waits for it (up to 10 s) without giving the event loop a turn: writing Rollup's cache may take
    // longer than the first 999 routes on a loaded machine (seen on Node 26 in CI).
    const handler = `(event) => {
      const end = Date.now() + 1;
      while (Date.now() < end);
      if (event.context.params.n !== '999') return 'busy';
      const toolchains = () => readdirSync('/proc/self/task').flatMap((task) => readFileSync('/proc/self/task/' + task + '/children', 'utf8').split(' ').filter(Boolean))
        .filter((pid) => { try { return readFileSync('/proc/' + pid + '/cmdline', 'utf8').includes('toolchain-process'); } catch { return false; } });
      const until = Date.now() + 10000;
      while (toolchains().length > 0 && Date.now() < until);
      return toolchains().length === 0 ? 'ended' : 'alive';
    }`;
    const root = writeSite({ 'src/server/routes/api/n/[n].txt.ts': `import { readdirSync, readFileSync } from 'node:fs';\n${route(handler)}` });
    const routes = Array.from({ length: 1000 }, (_, i) => `/api/n/${i}.txt`);
    const built = await buildSite(root, { typecheck: false, config: { prerender: { routes, concurrency: 1 } } });
    expect(readFileSync(join(built.dir, 'public/api/n/999.txt'), 'utf8')).toBe('ended');
  });

  it.runIf(process.platform === 'linux')('of a short route list end by themselves once Rollup\'s cache is written, while the build is busy', async () => {
    keepToolchainsWarm(0);
    // The route file's entries, listed right after bundling, hold the build's thread (up to 5 s)
    // until no toolchain process is left: the build reads no message and ends no process meanwhile.
    const state = `import { readdirSync, readFileSync } from 'node:fs';
import { defineEventHandler, getRouterParam } from 'h3';
const toolchains = () => readdirSync('/proc/self/task').flatMap((task) => readFileSync('/proc/self/task/' + task + '/children', 'utf8').split(' ').filter(Boolean))
  .filter((pid) => { try { return readFileSync('/proc/' + pid + '/cmdline', 'utf8').includes('toolchain-process'); } catch { return false; } });
export const entries = () => {
  const until = Date.now() + 5000;
  while (toolchains().length > 0 && Date.now() < until);
  return [{ id: toolchains().length === 0 ? 'ended' : 'alive' }];
};
export default defineEventHandler((event) => getRouterParam(event, 'id'));
`;
    const root = writeSite({ 'src/server/routes/api/state/[id].txt.ts': state });
    const built = await buildSite(root, { typecheck: false });
    expect(readdirSync(join(built.dir, 'public/api/state'))).toEqual(['ended.txt']);
  });

  it('wait a number of milliseconds, 0 or more', () => {
    for (const ms of [-1, Number.NaN, Infinity]) expect(() => keepToolchainsWarm(ms)).toThrow(`keepToolchainsWarm takes milliseconds, 0 or more; got ${ms}.`);
  });

  it('never keep the process that started them alive, and end with it', async () => {
    const script = `
      import { build } from ${JSON.stringify(join(repoRoot, 'lib/src/index.js'))};
      import { idleToolchainPids } from ${JSON.stringify(join(repoRoot, 'lib/src/toolchain/toolchain-pool.js'))};
      const silent = { isTTY: false, info() {}, warn() {}, error() {}, progress() {} };
      await build({ root: process.argv[1], typecheck: false, logger: silent, config: { prerender: { routes: ['/api/a.json'] } } });
      console.log(JSON.stringify(idleToolchainPids()));
    `;
    const root = siteA();
    const child = spawn(process.execPath, ['--input-type=module', '-e', script, root], { stdio: ['ignore', 'pipe', 'inherit'] });
    let stdout = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(code).toBe(0);
    const pids = JSON.parse(stdout) as number[];
    expect(pids).toHaveLength(1);
    expect(await waitUntilGone(pids)).toEqual([]);
  });
});
