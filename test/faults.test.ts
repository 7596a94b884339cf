import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runPool } from '../src/prerender/pool.ts';
import { catchError } from './support/catch-error.ts';
import { buildSite, route, runCli, tempDir, writeSite } from './support/helpers.ts';
import { leftovers, snapshotTree } from './support/tree-snapshot.ts';

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

describe('runPool after a task fails', () => {
  it('waits for the tasks already running before it rejects, so none writes after cleanup', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const finished: number[] = [];
    let rejected = false;
    const pool = runPool([0, 1, 2, 3], 2, async (item) => {
      if (item === 0) throw new Error('task 0 failed');
      await gate;
      finished.push(item);
    });
    pool.catch(() => (rejected = true));
    // Let every pending callback run: a pool that rejects at once would have done so by now.
    await new Promise((resolve) => setImmediate(resolve));
    expect(rejected).toBe(false);

    release();
    await expect(pool).rejects.toThrow('task 0 failed');
    // Task 1 was running and finished; tasks 2 and 3 were never started.
    expect(finished).toEqual([1]);
  });
});
