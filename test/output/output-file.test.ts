/**
 * A full disk, on a real small tmpfs: every write of the build (the lock, route bodies, the manifest,
 * the sitemap, robots.txt, _headers, Vercel's output, the shard info) fails as one clean WRITE_FAILED
 * naming the file, the build removes what it made, and the next build on the freed disk succeeds.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { withStaging } from '../../src/output/staging.ts';
import { listedFiles, writeHostOutput } from '../../src/hosts/host-output.ts';
import { createMemoryLogger } from '../../src/log.ts';
import { createManifestWriter } from '../../src/output/manifest.ts';
import { writeRobots } from '../../src/output/robots.ts';
import { createSitemapWriter } from '../../src/output/sitemap.ts';
import { createFileWriter } from '../../src/output/write-files.ts';
import { writeShardInfo } from '../../src/shard/shard-info.ts';
import { catchError } from '../support/catch-error.ts';
import { buildSite, route, runCli, tempDir, writeSite } from '../support/helpers.ts';
import { fillDisk, mountDisk, smallDiskSkipReason } from '../support/small-disk.ts';
import { deadPid } from '../support/pids.ts';
import { leftovers, snapshotTree } from '../support/tree-snapshot.ts';

/** Bytes in use on the disk at `dir`. */
const used = (dir: string) => {
  const stats = statfsSync(dir);
  return (stats.blocks - stats.bfree) * stats.bsize;
};

const noStack = (text: string) => expect(text).not.toMatch(/^\s+at /m);

const disk = tempDir('disk-');
const mounted = mountDisk(disk, '5m');
afterAll(() => {
  if (mounted) execFileSync('umount', [disk]);
});
// Each test starts on an empty disk, whatever the one before left.
afterEach(() => {
  for (const entry of mounted ? readdirSync(disk) : []) rmSync(join(disk, entry), { recursive: true, force: true });
});

/** A site of `count` routes of ~3 KB each (one 4 KiB page each on tmpfs) writing into `outDir`. */
function manyRoutes(outDir: string, count: number, sitemap: boolean): string {
  const routes = `Array.from({ length: ${count} }, (_, i) => '/api/p/' + i + '.json')`;
  return writeSite({
    'src/server/routes/api/p/[id].json.ts': route(`(event) => ({ id: getRouterParam(event, 'id'), pad: 'x'.repeat(3000) })`, 'defineEventHandler, getRouterParam'),
    'prerender.config.mjs': `export default { name: 'site', outDir: ${JSON.stringify(outDir)}, prerender: { ${sitemap ? "sitemap: { host: 'https://example.com' }, " : ''}routes: ${routes} } };`,
  });
}

/** Points the config of `root` at `count` routes. */
function setRouteCount(root: string, count: number): void {
  const file = join(root, 'prerender.config.mjs');
  writeFileSync(file, readFileSync(file, 'utf8').replace(/length: \d+/, `length: ${count}`));
}

describe.skipIf(!mounted)(`a build on a full disk (${mounted ? '5 MiB tmpfs' : smallDiskSkipReason})`, () => {
  it.each([
    { sitemap: true, what: 'with a sitemap' },
    { sitemap: false, what: 'without a sitemap' },
  ])('$what: WRITE_FAILED, exit 1, --json error, the previous output kept, nothing left, and the next build on the freed disk succeeds', async ({ sitemap }) => {
    const outDir = join(disk, sitemap ? 'with-sitemap' : 'without-sitemap');
    const root = manyRoutes(outDir, 200, sitemap);
    const { dir } = await buildSite(root, { config: { outDir } });
    const previous = snapshotTree(dir);
    const before = used(disk);

    setRouteCount(root, 2000);
    const cli = await runCli(['build', root, '--no-typecheck', '--json']);
    expect(cli.code, cli.stderr).toBe(1);
    expect(cli.stderr).toMatch(/^error Cannot write \S+: ENOSPC: no space left on device/m);
    expect(cli.stderr).toContain('hint: The disk (or your quota) has no room left: free some space, then build again. The build is written beside the previous output, which it replaces once complete: both need room at once.');
    expect(cli.stderr).not.toContain('Warning:');
    // The staging folder is gone: the message names the file where the output goes.
    expect(cli.stderr).not.toContain('.site.staging-');
    noStack(cli.stderr);
    expect(JSON.parse(cli.stdout).error).toMatchObject({ code: 'WRITE_FAILED', errno: 'ENOSPC' });
    expect(snapshotTree(dir)).toEqual(previous);
    expect(leftovers(outDir, 'site')).toEqual([]);
    // What the build wrote is gone: the disk holds no more than before it.
    expect(used(disk)).toBeLessThanOrEqual(before);

    setRouteCount(root, 300);
    const again = await runCli(['build', root, '--no-typecheck', '--json']);
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ ok: 300 });
    expect(leftovers(outDir, 'site')).toEqual([]);
    // Three builds, two of 2,000 routes through the bin: minutes on a busy 2-core machine.
  }, 180_000);

  it('a lock that cannot be written: WRITE_FAILED naming the lock, and no lock file left', async () => {
    const outDir = join(disk, 'lock');
    const root = manyRoutes(outDir, 2, false);
    mkdirSync(outDir);
    const filler = fillDisk(join(disk, 'filler'));
    try {
      const cli = await runCli(['build', root, '--no-typecheck', '--json']);
      expect(cli.code, cli.stderr).toBe(1);
      expect(cli.stderr).toContain(`error Cannot write ${join(outDir, '.site.lock')}: ENOSPC: no space left on device`);
      noStack(cli.stderr);
      expect(JSON.parse(cli.stdout).error).toMatchObject({ code: 'WRITE_FAILED', errno: 'ENOSPC' });
      expect(leftovers(outDir, 'site')).toEqual([]);
    } finally {
      rmSync(filler);
    }
    await buildSite(root, { config: { outDir } });
    expect(leftovers(outDir, 'site')).toEqual([]);
  });

  it("a killed build's staging folder that fills the disk is cleared, and the build succeeds", async () => {
    const outDir = join(disk, 'killed');
    const root = manyRoutes(outDir, 2, false);
    const { dir } = await buildSite(root, { config: { outDir } });
    const before = snapshotTree(dir);
    const stale = join(outDir, `.site.staging-${deadPid()}-0a1b2c3d`);
    mkdirSync(stale);
    fillDisk(join(stale, 'public.bin'));

    setRouteCount(root, 3);
    await buildSite(root, { config: { outDir } });
    expect(leftovers(outDir, 'site')).toEqual([]);
    expect(snapshotTree(dir)).not.toEqual(before);
  });

  /** Runs `write` in a build's staging folder on a disk filled first; returns the error the build would report. */
  async function onFullDisk(name: string, write: (stage: string) => Promise<unknown>) {
    const outDir = join(disk, `writer-${name}`);
    const error = await catchError(() =>
      withStaging(outDir, 'site', createMemoryLogger(), async (stage) => {
        mkdirSync(join(stage, 'public'));
        writeFileSync(join(stage, 'public', 'a.json'), '{}');
        fillDisk(join(stage, 'filler'));
        await write(stage);
      }),
    );
    expect(leftovers(outDir, 'site')).toEqual([]);
    return error;
  }

  const files = [{ route: '/a', file: 'a', contentType: 'application/json' }];
  it.each([
    { writer: 'route bodies', file: 'public/b.json', write: async (stage: string) => {
      const write = createFileWriter(join(stage, 'public'));
      await write('b.json', Buffer.alloc(64 * 1024), 'application/json');
      await write.close();
    } },
    { writer: 'the manifest', file: 'prerender-manifest.json', write: async (stage: string) => {
      const manifest = createManifestWriter(stage, { preset: 'static' });
      try {
        for (let i = 0; i < 2000; i++) manifest.add({ route: `/p/${i}`, file: `p/${i}`, status: 200, contentType: 'text/plain', bytes: 1, ms: 1 });
      } finally {
        manifest.close(true);
      }
    } },
    { writer: 'the sitemap', file: 'public/sitemap.xml', write: async (stage: string) => {
      const sitemap = createSitemapWriter(join(stage, 'public'), 'https://example.com');
      for (let i = 0; i < 5000; i++) sitemap.add({ route: `/p/${String(i).padStart(5, '0')}`, fields: {} }, `/p/${String(i).padStart(5, '0')}`);
      await sitemap.finish();
    } },
    { writer: 'robots.txt', file: 'public/robots.txt', write: (stage: string) => writeRobots(join(stage, 'public'), 'https://example.com') },
    { writer: '_headers', file: 'public/_headers', write: (stage: string) => writeHostOutput({ preset: 'netlify', mistypedFiles: 'error', distDir: stage, publicDir: join(stage, 'public'), files: listedFiles(files, join(stage, 'public')), logger: createMemoryLogger() }) },
    { writer: "Vercel's output", file: '.vercel/output/config.json', write: (stage: string) => writeHostOutput({ preset: 'vercel', mistypedFiles: 'error', distDir: stage, publicDir: join(stage, 'public'), files: listedFiles(files, join(stage, 'public')), logger: createMemoryLogger() }) },
    { writer: 'the shard info', file: 'prerender-shard.json', write: (stage: string) => writeShardInfo(stage, { name: 'site', shard: { index: 1, count: 2 }, publicDir: join(stage, 'public'), sitemapHost: undefined, preset: 'static', mistypedFiles: 'error', planned: [], sitemap: [], sitemapFiles: [], failures: [{ route: '/x', status: 500, error: 'x'.repeat(64 * 1024) }] }) },
  ])('$writer: WRITE_FAILED naming $file where the output goes, and the staging folder goes', async ({ writer, file, write }) => {
    const error = await onFullDisk(writer.replace(/\W+/g, '-'), write);
    expect(error.code).toBe('WRITE_FAILED');
    expect(error.message).toContain(`Cannot write ${join(disk, `writer-${writer.replace(/\W+/g, '-')}`, 'site', file)}: ENOSPC`);
    expect((error.cause as NodeJS.ErrnoException).code).toBe('ENOSPC');
  });
});
