/**
 * The one build of sample-site the suite shares: a copy in a temporary folder (so the repository's own
 * sample-site/dist is never touched), built by the real bin with the default command into the copy's
 * own dist/, where `prerender preview` finds it without flags. A dot-file is then planted in the
 * output's public/ (the build leaves publicDir's out), which no server may ever serve.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** Where the shared build is. Plain data: it crosses from the setup into the test workers. */
export interface SampleBuild {
  /** The copied site's root. */
  root: string;
  /** Its outDir, `<root>/dist`. */
  outDir: string;
  /** The built site, `<root>/dist/sample-site`. */
  dir: string;
}

/** The content of the planted `public/.env`: a response containing it is a leak. */
export const plantedSecret = 'SECRET=never-served\n';

/** Copies sample-site into a new temporary folder (or over `into`) and builds it; throws on failure. */
export function buildSharedSample(into?: SampleBuild): SampleBuild {
  const root = into?.root ?? join(mkdtempSync(join(tmpdir(), 'shared-sample-')), 'sample-site');
  rmSync(root, { recursive: true, force: true });
  const source = join(repoRoot, 'sample-site');
  cpSync(source, root, { recursive: true, filter: (path) => !relative(source, path).split(sep).includes('dist') });
  const run = spawnSync(process.execPath, [join(repoRoot, 'lib/cli/prerender.js'), 'build', root], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  if (run.status !== 0) throw new Error(`prerender build of sample-site failed (exit ${run.status}):\n${run.stdout}${run.stderr}`);
  const dir = join(root, 'dist', 'sample-site');
  writeFileSync(join(dir, 'public/.env'), plantedSecret);
  return { root, outDir: join(root, 'dist'), dir };
}

/** Removes the temporary folder of a shared build. */
export function removeSharedSample(sample: SampleBuild): void {
  rmSync(join(sample.root, '..'), { recursive: true, force: true });
}
