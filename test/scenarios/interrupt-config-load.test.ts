/**
 * Ctrl-C (or a kill) while a TypeScript config loads, in `prerender build`, `dev` and `preview`: the
 * config is compiled outside the site root (in node_modules/.cache/api-prerender/), so nothing is
 * left beside it whenever the signal comes, and the next load removes what a killed one left there.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { constants } from 'node:os';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { binPath, route, runCli, writeSite } from '../support/helpers.ts';

/** A site whose TypeScript config says it is loading, then waits a minute (CONFIG_WAIT ms) before it exports. */
function slowSite(): string {
  return writeSite({
    'node_modules/.keep': '',
    'prerender.config.ts': `import { defineConfig } from 'api-prerender';
console.error('config: loading');
await new Promise((resolve) => setTimeout(resolve, Number(process.env.CONFIG_WAIT ?? 60_000)));
export default defineConfig({ prerender: { routes: ['/api/a.txt'] } });
`,
    'src/server/routes/api/a.txt.ts': route(`() => 'a'`),
  });
}

/** Runs `prerender <command>` in `root` and sends `signal` once the config says it is loading. */
function interruptWhileLoading(root: string, command: string[], signal: NodeJS.Signals) {
  const child = spawn(process.execPath, [binPath, ...command], { cwd: root, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk;
    if (stderr.includes('config: loading')) child.kill(signal);
  });
  // As a shell reports it: 128 + the signal's number for a process the signal ended.
  return new Promise<{ code: number; stderr: string }>((resolve) => child.on('close', (code, killedBy) => resolve({ code: code ?? 128 + constants.signals[killedBy!], stderr })));
}

const cache = (root: string) => join(root, 'node_modules', '.cache', 'api-prerender');
const listing = (folder: string) => (existsSync(folder) ? readdirSync(folder, { recursive: true }).map(String).sort() : []);

describe('a signal while the TypeScript config loads leaves nothing in the site root', () => {
  it.each([
    ['build', ['build', '--no-typecheck']],
    ['dev', ['dev', '--port', '0']],
    ['preview', ['preview', '--port', '0']],
  ])('prerender %s, Ctrl-C (SIGINT)', async (_, command) => {
    const root = slowSite();
    const before = readdirSync(root).sort();
    const { code, stderr } = await interruptWhileLoading(root, command, 'SIGINT');
    expect(code, stderr).toBe(130);
    expect(readdirSync(root).sort()).toEqual(before);
  });

  it('prerender dev, killed (SIGKILL): the compiled config is under node_modules/.cache, and the next load removes it', async () => {
    const root = slowSite();
    const before = readdirSync(root).sort();
    expect((await interruptWhileLoading(root, ['dev', '--port', '0'], 'SIGKILL')).code).toBe(137);
    expect(readdirSync(root).sort()).toEqual(before);
    expect(listing(cache(root))).toEqual([expect.stringMatching(/^config-\d+-[0-9a-f]+-prerender\.config\.ts\.mjs$/)]);
    const { code, stderr } = await runCli(['build', '--no-typecheck'], { cwd: root, env: { CONFIG_WAIT: '0' } });
    expect(code, stderr).toBe(0);
    // What stays is the build's own cache, in its folder <name>/ (cacheDir's default is that folder).
    expect(listing(cache(root)).filter((path) => !path.startsWith(`${basename(root)}/`) && path !== basename(root))).toEqual([]);
  });
});
