/**
 * A cache that cannot take the bodies the build writes (its disk full, a file where its folder goes),
 * its output on a disk with room: the output is whole, so the build publishes, says once that the
 * cache was not saved (CACHE_NOT_SAVED, naming the cache's folder and why), and leaves the last cache
 * as it was, no part of a body behind; the next build with room renders what it cannot reuse.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildSite, route, runCli, tempDir, writeSite } from '../support/helpers.ts';
import { mountDisk, smallDiskSkipReason } from '../support/small-disk.ts';
import { snapshotTree } from '../support/tree-snapshot.ts';

const ids = [0, 1, 2, 3];
const files = ids.map((id) => `api/big/${id}.json`);

/** A site of four routes of about `kb` KB each, each render noted in `runs`; its cache in `cacheDir`, its output in `outDir`. */
function bigRoutes(runs: string, kb: number, cacheDir: string, outDir: string): string {
  const handler = `(event) => { appendFileSync(${JSON.stringify(runs)}, event.path + '\\n'); return { id: getRouterParam(event, 'id'), pad: 'x'.repeat(${kb * 1000}) }; }`;
  return writeSite({
    'src/server/routes/api/big/[id].json.ts': `import { appendFileSync } from 'node:fs';\n${route(handler, 'defineEventHandler, getRouterParam')}`,
    'prerender.config.mjs': `export default { name: 'site', outDir: ${JSON.stringify(outDir)}, cacheDir: ${JSON.stringify(cacheDir)}, prerender: { routes: ${JSON.stringify(ids.map((id) => `/api/big/${id}.json`))} } };`,
  });
}

/** The routes rendered since last asked, sorted. */
function takeRuns(runs: string): string[] {
  if (!existsSync(runs)) return [];
  const taken = readFileSync(runs, 'utf8').split('\n').filter(Boolean).sort();
  rmSync(runs);
  return taken;
}

/** Every file under `dir`, relative, sorted. */
const listTree = (dir: string) => (readdirSync(dir, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[]).filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1)).sort();

const rendered = ids.map((id) => `/api/big/${id}.json`);

describe('a build whose cache cannot take its bodies', () => {
  it('a file where the bodies folder goes: published whole, one CACHE_NOT_SAVED naming the cache, no cache saved; the next build with room renders, the one after reuses', async () => {
    const runs = join(tempDir('runs-'), 'runs.log');
    const cacheDir = tempDir('cache-');
    const outDir = tempDir('out-');
    const root = bigRoutes(runs, 3, cacheDir, outDir);
    const cache = join(cacheDir, 'site', 'build');
    mkdirSync(cache, { recursive: true });
    // Even as root, a folder cannot be made where a file is (ENOTDIR): no body can be stored.
    writeFileSync(join(cache, 'bodies'), 'not a folder');

    const first = await buildSite(root);
    expect(first.report.ok).toBe(4);
    expect(takeRuns(runs)).toEqual(rendered);
    for (const file of files) expect(JSON.parse(readFileSync(join(first.dir, 'public', file), 'utf8')).pad).toHaveLength(3000);
    const notSaved = first.logger.lines.filter((line) => line.includes('CACHE_NOT_SAVED') || line.includes('cache could not be saved'));
    expect(notSaved).toHaveLength(1);
    expect(notSaved[0]).toContain(`its cache could not be saved in ${cache}: a route's body could not be stored in it (ENOTDIR, writing ${join(cache, 'bodies')}`);
    expect(notSaved[0]).toContain('Check that the folder is writable and its disk has room, or set cacheDir to a folder this user can write on a disk with room (--no-cache builds without it).');
    // No index, no records, no part of a body: what the next build finds is no cache.
    expect(listTree(cache).filter((file) => file === 'index.json' || file.endsWith('.jsonl') || file.endsWith('.tmp'))).toEqual([]);

    rmSync(join(cache, 'bodies'));
    const second = await buildSite(root);
    expect(takeRuns(runs)).toEqual(rendered);
    expect(second.logger.lines.join('\n')).not.toContain('could not be saved');
    const third = await buildSite(root);
    expect(takeRuns(runs)).toEqual([]);
    expect(third.report.reused).toBe(4);
    for (const file of files) expect(readFileSync(join(third.dir, 'public', file))).toEqual(readFileSync(join(first.dir, 'public', file)));
  });

  it("a file where one route's folder of bodies goes, after a good build: the last cache kept, every body it names either its own or checked, and the next build's output correct", async () => {
    const runs = join(tempDir('runs-'), 'runs.log');
    const cacheDir = tempDir('cache-');
    const outDir = tempDir('out-');
    const root = bigRoutes(runs, 3, cacheDir, outDir);
    const cache = join(cacheDir, 'site', 'build');
    await buildSite(root);
    takeRuns(runs);
    const index = readFileSync(join(cache, 'index.json'), 'utf8');

    // Every route renders again (its source changed), and the third route's body cannot be stored.
    const source = join(root, 'src/server/routes/api/big/[id].json.ts');
    writeFileSync(source, readFileSync(source, 'utf8').replace("'x'.repeat", "'y'.repeat"));
    const shards = readdirSync(join(cache, 'bodies'));
    expect(shards.length).toBeGreaterThan(1);
    const blocked = join(cache, 'bodies', shards[shards.length - 1]!);
    rmSync(blocked, { recursive: true });
    writeFileSync(blocked, 'not a folder');

    const failed = await buildSite(root);
    expect(failed.report.ok).toBe(4);
    expect(takeRuns(runs)).toEqual(rendered);
    for (const file of files) expect(JSON.parse(readFileSync(join(failed.dir, 'public', file), 'utf8')).pad).toBe('y'.repeat(3000));
    expect(failed.logger.lines.filter((line) => line.includes('could not be saved'))).toEqual([expect.stringContaining(`could not be saved in ${cache}: a route's body could not be stored in it (ENOTDIR, writing ${blocked}`)]);
    // The last build's cache stays: its index, and no temporary file.
    expect(readFileSync(join(cache, 'index.json'), 'utf8')).toBe(index);
    expect(listTree(cache).filter((file) => file.endsWith('.tmp'))).toEqual([]);
    expect(listTree(cache).filter((file) => file.endsWith('.jsonl'))).toHaveLength(1);

    rmSync(blocked);
    const again = await buildSite(root);
    expect(takeRuns(runs)).toEqual(rendered);
    for (const file of files) expect(readFileSync(join(again.dir, 'public', file))).toEqual(readFileSync(join(failed.dir, 'public', file)));
    const reused = await buildSite(root);
    expect(takeRuns(runs)).toEqual([]);
    expect(reused.report.reused).toBe(4);
  });
});

const disk = tempDir('cache-disk-');
const mounted = mountDisk(disk, '2m');
afterAll(() => {
  if (mounted) execFileSync('umount', [disk]);
});

describe.skipIf(!mounted)(`a cache on a full disk (${mounted ? '2 MiB tmpfs' : smallDiskSkipReason})`, () => {
  it('four routes of 600 KB: exit 0, the output whole, one CACHE_NOT_SAVED saying the cache disk is full, no temporary file; with room, the next builds render then reuse', async () => {
    const runs = join(tempDir('runs-'), 'runs.log');
    const cacheDir = join(disk, 'cache');
    const outDir = tempDir('out-');
    const root = bigRoutes(runs, 600, cacheDir, outDir);
    const cache = join(cacheDir, 'site', 'build');

    const cli = await runCli(['build', root, '--no-typecheck', '--json']);
    expect(cli.code, cli.stderr).toBe(0);
    expect(takeRuns(runs)).toEqual(rendered);
    expect(cli.stderr).not.toMatch(/^error/m);
    expect(cli.stderr.match(/could not be saved/g)).toHaveLength(1);
    expect(cli.stderr).toContain(`its cache could not be saved in ${cache}: no space left on the cache's disk (or your quota) (ENOSPC, writing ${join(cache, 'bodies')}`);
    expect(cli.stderr).toContain('Free space there, or set cacheDir to a folder this user can write on a disk with room (--no-cache builds without it).');
    const json = JSON.parse(cli.stdout) as { ok: number; warnings: { code: string }[] };
    expect(json.ok).toBe(4);
    expect(json.warnings.filter((warning) => warning.code === 'CACHE_NOT_SAVED')).toHaveLength(1);
    for (const file of files) expect(statSync(join(outDir, 'site', 'public', file)).size).toBeGreaterThan(600_000);
    expect(listTree(cacheDir).filter((file) => file.endsWith('.tmp') || file.endsWith('index.json'))).toEqual([]);

    execFileSync('mount', ['-o', 'remount,size=16m', disk]);
    const again = await runCli(['build', root, '--no-typecheck', '--json']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).not.toContain('could not be saved');
    expect(takeRuns(runs)).toEqual(rendered);
    const rendering = snapshotTree(join(outDir, 'site', 'public'));
    // Every body copied in from the cache on its other device (no link can cross): the same bytes.
    const reused = await buildSite(root);
    expect(takeRuns(runs)).toEqual([]);
    expect(reused.report.reused).toBe(4);
    expect(snapshotTree(join(reused.dir, 'public'))).toEqual(rendering);
    expect(listTree(cacheDir).filter((file) => file.endsWith('.tmp'))).toEqual([]);
  }, 60_000);
});

