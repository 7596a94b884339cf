/**
 * Staging and publishing (src/output/staging.ts): a build writes beside `<outDir>/<name>` and swaps
 * its output in whole, so a failed build leaves the previous output byte-identical and the next good
 * one replaces it whole; a previous output the build cannot remove is set aside, published over, and
 * cleared by a later build.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catchError } from '../support/catch-error.ts';
import type { PrerenderError } from '../../src/errors.ts';
import { createMemoryLogger } from '../../src/log.ts';
import { withStaging } from '../../src/output/staging.ts';
import { binPath, buildSite, route, tempDir, writeSite } from '../support/helpers.ts';
import { leftovers, snapshotTree } from '../support/tree-snapshot.ts';

/** The unprivileged user (`nobody` on Linux) the builds run as. */
const nobody = 65534;

/**
 * Whether this process can run the bin as `nobody`: it must be root, and this Node and the bin
 * readable by all (a Node under root's home folder is not).
 */
function canRunAsNobody(): boolean {
  if (process.getuid?.() !== 0) return false;
  return spawnSync(process.execPath, [binPath, '--version'], { uid: nobody, gid: nobody, stdio: 'ignore' }).status === 0;
}

function spawnAs(args: string[]) {
  try {
    return spawn(process.execPath, args, { uid: nobody, gid: nobody, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
  } catch {
    return undefined;
  }
}

/** Runs the bin as `nobody` and collects its output and exit code. */
function runAsNobody(args: string[]) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawnAs([binPath, ...args]);
    if (!child) return reject(new Error('cannot start a process as nobody'));
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (chunk) => (stdout += chunk));
    child.stderr!.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Changes owner of `dir` and everything in it to `nobody`. */
function giveToNobody(dir: string): void {
  chownSync(dir, nobody, nobody);
  for (const entry of readdirSync(dir, { recursive: true })) chownSync(join(dir, String(entry)), nobody, nobody);
}

const runnable = canRunAsNobody();
// Outside the run's temporary folder, which only root may enter; made only where the test runs.
const base = runnable ? mkdtempSync('/tmp/api-prerender-nobody-') : '';
afterAll(() => {
  if (base) rmSync(base, { recursive: true, force: true });
});
const skipReason = 'needs root and a Node every user can run, to run the build as the unprivileged user nobody';

/** A one-route site in `base/<folder>` (outDir `dist/` made when `withDist`), owned by nobody; returns its root. */
function nobodySite(folder: string, withDist = false): string {
  chmodSync(base, 0o755);
  const root = writeSite({
    'src/server/routes/api/v.json.ts': route(`() => ({ version: 1 })`),
    'prerender.config.mjs': `export default { name: 'site', prerender: { routes: ['/api/v.json'] } };`,
  }, join(base, folder));
  if (withDist) mkdirSync(join(root, 'dist'));
  giveToNobody(root);
  return root;
}

describe.skipIf(!runnable)(`a previous output the build cannot remove (${runnable ? 'as nobody' : skipReason})`, () => {
  it('publishes the new output with exit 0 and a warning; later builds warn until they can clear the old copy', async () => {
    const root = nobodySite('site');
    const outDir = join(root, 'dist');
    const dir = join(outDir, 'site');
    const version = () => JSON.parse(readFileSync(join(dir, 'public/api/v.json'), 'utf8')).version;

    const first = await runAsNobody(['build', root, '--no-typecheck']);
    expect(first.code, first.stderr).toBe(0);
    chmodSync(dir, 0o555);

    writeFileSync(join(root, 'src/server/routes/api/v.json.ts'), route(`() => ({ version: 2 })`));
    const second = await runAsNobody(['build', root, '--no-typecheck', '--json']);
    expect(second.code, second.stderr).toBe(0);
    expect(version()).toBe(2);
    const [old] = leftovers(outDir, 'site');
    expect(old).toMatch(/^\.site\.old-/);
    expect(leftovers(outDir, 'site')).toEqual([old]);
    const warning = `Could not remove the previous output, moved aside to ${join(outDir, old)}: EACCES`;
    expect(second.stderr).toContain(`warning ${warning}`);
    expect(second.stderr).not.toMatch(/^error/m);
    expect(JSON.parse(second.stdout).warnings).toEqual([expect.objectContaining({ code: 'LEFTOVER_FOLDER', message: expect.stringContaining(warning) })]);

    // The next build publishes too, warning again about the copy it still cannot remove.
    writeFileSync(join(root, 'src/server/routes/api/v.json.ts'), route(`() => ({ version: 3 })`));
    const third = await runAsNobody(['build', root, '--no-typecheck']);
    expect(third.code, third.stderr).toBe(0);
    expect(version()).toBe(3);
    expect(third.stderr).toContain(`warning Could not remove ${join(outDir, old)}, left by an earlier build: EACCES`);
    expect(leftovers(outDir, 'site')).toEqual([old]);

    // Once it can, a build clears it and says nothing.
    chmodSync(join(outDir, old), 0o755);
    const fourth = await runAsNobody(['build', root, '--no-typecheck']);
    expect(fourth.code, fourth.stderr).toBe(0);
    expect(fourth.stderr).not.toContain('warning');
    expect(leftovers(outDir, 'site')).toEqual([]);
    // Four builds through the bin: minutes on a busy 2-core machine.
  }, 180_000);
});

describe.skipIf(!runnable)(`an output folder the build cannot write into (${runnable ? 'as nobody' : skipReason})`, () => {
  it('WRITE_FAILED, exit 1, naming the folder and what to do about its access; nothing written', async () => {
    const root = nobodySite('locked-out', true);
    const outDir = join(root, 'dist');
    chmodSync(outDir, 0o555);
    const built = await runAsNobody(['build', root, '--no-typecheck']);
    expect(built.code, built.stderr).toBe(1);
    expect(built.stderr).toMatch(new RegExp(`^error Cannot write ${outDir}/\\S+: EACCES`, 'm'));
    expect(built.stderr).toMatch(new RegExp(`^ {2}hint: Give this user write access to ${outDir} \\(ls -ld shows its owner; lsattr -d ${outDir}/\\S+ shows one made immutable\\), or set "outDir" to a folder it can write\\.$`, 'm'));
    expect(readdirSync(outDir)).toEqual([]);
  }, 60_000);
});

/** Atomic output: a failed build leaves the previous dist/<name> byte-identical and no staging folder. */
const api = 'src/server/routes/api';

describe('a build that fails after a good one', () => {
  const outDir = tempDir('out-');
  let root: string;
  let dir: string;
  let before: Record<string, string>;

  const restoreRoutes = () => {
    writeFileSync(join(root, api, 'about.txt.ts'), route(`() => 'about us'`));
    rmSync(join(root, api, 'about.txt.mjs'), { force: true });
  };

  beforeAll(async () => {
    root = writeSite({
      [`${api}/news.json.ts`]: route(`() => ({ edition: 1 })`),
      [`${api}/about.txt.ts`]: route(`() => 'about us'`),
      'public/robots.txt': 'User-agent: *\n',
      'prerender.config.mjs': `export default { name: 'atomic', prerender: { routes: ['/api/news.json', '/api/about.txt'], sitemap: { host: 'https://example.com' } } };`,
    });
    ({ dir } = await buildSite(root, { config: { outDir } }));
    before = snapshotTree(dir);
  });

  it.each([
    {
      breakage: 'a route that fails',
      code: 'ROUTES_FAILED',
      edit: () => writeFileSync(join(root, api, 'about.txt.ts'), route(`() => { throw createError({ statusCode: 503, statusMessage: 'Down' }); }`, 'defineEventHandler, createError')),
    },
    {
      breakage: 'a syntax error',
      code: 'COMPILE',
      edit: () => writeFileSync(join(root, api, 'about.txt.ts'), `export default () => {\n  return 'unclosed;\n`),
    },
    {
      breakage: 'a route file clash',
      code: 'ROUTE_CONFLICT',
      edit: () => writeFileSync(join(root, api, 'about.txt.mjs'), route(`() => 'twice'`)),
    },
  ])('$breakage ($code) leaves the previous output byte-identical and nothing beside it', async ({ code, edit }) => {
    restoreRoutes();
    // Every failing build also changes a route that works, so a half-swapped output would show.
    writeFileSync(join(root, api, 'news.json.ts'), route(`() => ({ edition: 2 })`));
    edit();
    const error = await catchError(() => buildSite(root, { config: { outDir } }));
    expect(error.code).toBe(code);
    expect(snapshotTree(dir)).toEqual(before);
    expect(leftovers(outDir, 'atomic')).toEqual([]);
  });

  it('is replaced whole by the next good build', async () => {
    restoreRoutes();
    writeFileSync(join(root, api, 'news.json.ts'), route(`() => ({ edition: 2 })`));
    await buildSite(root, { config: { outDir } });
    expect(readFileSync(join(dir, 'public/api/news.json'), 'utf8')).toBe('{"edition":2}');
    expect(readFileSync(join(dir, 'public/api/about.txt'), 'utf8')).toBe('about us');
    expect(leftovers(outDir, 'atomic')).toEqual([]);
  });
});

describe('a good build after a good one', () => {
  it("gives the whole build's time in its summary, the previous output's removal included", async () => {
    const outDir = tempDir('out-');
    const root = writeSite({
      [`${api}/news.json.ts`]: route(`() => ({ edition: 1 })`),
      'prerender.config.mjs': `export default { name: 'timed', prerender: { routes: ['/api/news.json'] } };`,
    });
    const { dir } = await buildSite(root, { config: { outDir } });
    // A previous output whose removal is a good part of the next build: 30,000 more files.
    for (let folder = 0; folder < 30; folder++) {
      mkdirSync(join(dir, 'public/old', String(folder)), { recursive: true });
      for (let file = 0; file < 1000; file++) writeFileSync(join(dir, 'public/old', String(folder), `${file}.json`), '{}');
    }
    // When each line was printed, from the call: the summary line is the last.
    const logger = createMemoryLogger();
    const printedAt: number[] = [];
    const started = performance.now();
    const info = logger.info;
    logger.info = (message) => {
      printedAt.push(performance.now() - started);
      info(message);
    };
    const { report } = await buildSite(root, { logger, config: { outDir } });
    expect(existsSync(join(dir, 'public/old'))).toBe(false);
    expect(logger.lines.at(-1)).toContain(` in ${(report.ms / 1000).toFixed(2)}s -> `);
    // The time up to the summary, to within the few statements between: before, it left out the
    // removal of the 30,000 files, printed after it.
    expect(report.ms).toBeLessThanOrEqual(Math.ceil(printedAt.at(-1)!));
    expect(printedAt.at(-1)! - report.ms).toBeLessThan(50);
  });
});

describe('a full disk while staging', () => {
  /** The error a build reports when a write in its staging folder finds no room, with or without a previous output. */
  async function fullDiskError(previous: boolean) {
    const outDir = tempDir('out-');
    if (previous) mkdirSync(join(outDir, 'site'));
    const error = await catchError(() =>
      withStaging(outDir, 'site', createMemoryLogger(), async (stage) => {
        throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', syscall: 'write', path: join(stage, 'public', 'a.json') });
      }),
    );
    expect(leftovers(outDir, 'site')).toEqual([]);
    return error as PrerenderError;
  }

  it('says that the previous output needs room too only when there is one', async () => {
    const first = await fullDiskError(false);
    expect(first).toMatchObject({ code: 'WRITE_FAILED', hint: 'The disk (or your quota) has no room left: free some space, then build again.' });
    expect(first.message).toMatch(/^Cannot write \S+\/site\/public\/a\.json: ENOSPC/);
    const again = await fullDiskError(true);
    expect(again).toMatchObject({
      code: 'WRITE_FAILED',
      hint: 'The disk (or your quota) has no room left: free some space, then build again. The build is written beside the previous output, which it replaces once complete: both need room at once.',
    });
    expect((again.cause as NodeJS.ErrnoException).code).toBe('ENOSPC');
  });
});
