/**
 * The bin keeps V8's optimizing compiler (TurboFan) off until a build has bundled, then on for the
 * prerender (cli/heap.ts); other commands run with it on from their start. Asked of V8 itself:
 * a config module (imported by the build's process before bundling) and a route (called by the
 * prerender) each have a function optimized on demand and say how V8 left it, compared with what
 * the same Node says for a process with TurboFan on and one started with `--no-opt`.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { binPath, route, tempDir, writeSite } from '../support/helpers.ts';

const run = promisify(execFile);

/** Code that optimizes a fresh function on demand and gives V8's status of it (natives syntax). */
const optimizedStatus = `() => {
  const f = new Function('a', 'return a * 2 + 1');
  %PrepareFunctionForOptimization(f);
  f(1);
  f(2);
  %OptimizeFunctionOnNextCall(f);
  f(3);
  return %GetOptimizationStatus(f);
}`;

/** The status a process of this Node started with `flags` gives. */
async function statusWith(...flags: string[]): Promise<number> {
  const { stdout } = await run(process.execPath, ['--allow-natives-syntax', ...flags, '-e', `console.log((${optimizedStatus})())`]);
  return Number(stdout);
}

describe('prerender build and V8’s optimizing compiler', () => {
  it('keeps it off while the config loads and the routes bundle, and on for the prerender', async () => {
    const [on, off] = await Promise.all([statusWith(), statusWith('--no-opt')]);
    expect(on).not.toBe(off);
    const outDir = tempDir('out-');
    const root = writeSite({
      'prerender.config.mjs': `const status = ${optimizedStatus};
globalThis.atConfig = status();
globalThis.optimizedStatus = status;
export default { name: 'opt', outDir: ${JSON.stringify(outDir)}, prerender: { routes: ['/api/status.json'] } };
`,
      'src/server/routes/api/status.json.ts': route(`() => ({ atConfig: (globalThis as any).atConfig, atPrerender: (globalThis as any).optimizedStatus() })`),
    });
    await run(process.execPath, ['--allow-natives-syntax', binPath, 'build', root, '--no-typecheck'], { env: { ...process.env, NO_COLOR: '1' } });
    const seen = JSON.parse(readFileSync(join(outDir, 'opt', 'public', 'api', 'status.json'), 'utf8'));
    expect(seen).toEqual({ atConfig: off, atPrerender: on });
  });
});
