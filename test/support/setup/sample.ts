/**
 * The one build of sample-site the suite shares: a copy in a temporary folder (so the repository's own
 * sample-site/dist is never touched), built by the real bin with the default command into the copy's
 * own dist/, where `prerender preview` finds it without flags. A dot-file is then planted in the
 * output's public/ (the build leaves publicDir's out), which no server may ever serve.
 *
 * The build runs in the background while the first test files run: the setup hands out where it will
 * be, and {@link awaitSharedSample} (in a test worker) waits for the marker the build leaves when done.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

/** Where the shared build is. Plain data: it crosses from the setup into the test workers. */
export interface SampleBuild {
  /** The copied site's root. */
  root: string;
  /** Its outDir, `<root>/dist`. */
  outDir: string;
  /** The built site, `<root>/dist/sample-site`. */
  dir: string;
  /** Written when the build is done: `{ "error": "..." }` when it failed. */
  marker: string;
}

/** The content of the planted `public/.env`: a response containing it is a leak. */
export const plantedSecret = 'SECRET=never-served\n';

/** Where a new shared build goes; nothing is built yet. */
export function planSharedSample(): SampleBuild {
  const folder = mkdtempSync(join(tmpdir(), 'shared-sample-'));
  const root = join(folder, 'sample-site');
  return { root, outDir: join(root, 'dist'), dir: join(root, 'dist', 'sample-site'), marker: join(folder, 'done.json') };
}

/** A build under way: `done` settles when it has ended; `stop()` ends it early (no test needed it). */
export interface SampleBuilding {
  done: Promise<void>;
  stop(): void;
}

/** Copies sample-site to `sample.root` and starts building it. */
export function startSharedSample(sample: SampleBuild): SampleBuilding {
  rmSync(sample.marker, { force: true });
  rmSync(sample.root, { recursive: true, force: true });
  const source = join(repoRoot, 'sample-site');
  cpSync(source, sample.root, { recursive: true, filter: (path) => !relative(source, path).split(sep).includes('dist') });
  const child = spawn(process.execPath, [join(repoRoot, 'lib/cli/prerender.js'), 'build', sample.root], { env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const done = new Promise<void>((resolve) => {
    child.on('close', (code) => {
      if (code === 0) writeFileSync(join(sample.dir, 'public/.env'), plantedSecret);
      writeFileSync(sample.marker, JSON.stringify(code === 0 ? {} : { error: `prerender build of sample-site failed (exit ${code}):\n${output}` }));
      resolve();
    });
  });
  return { done, stop: () => void child.kill() };
}

/** In a test: waits for the shared build to be done and returns it; throws the build's failure. */
export async function awaitSharedSample(sample: SampleBuild): Promise<SampleBuild> {
  const deadline = Date.now() + 180_000;
  while (!existsSync(sample.marker)) {
    if (Date.now() > deadline) throw new Error(`the shared sample-site build never finished (${sample.marker})`);
    await sleep(50);
  }
  const { error } = JSON.parse(readFileSync(sample.marker, 'utf8')) as { error?: string };
  if (error) throw new Error(error);
  return sample;
}

/** Builds nothing: a test that waits for `sample` fails saying the build was skipped. */
export function skipSharedSample(sample: SampleBuild): SampleBuilding {
  mkdirSync(join(sample.marker, '..'), { recursive: true });
  writeFileSync(sample.marker, JSON.stringify({ error: 'the shared sample-site build was skipped (SHARED_SAMPLE=off)' }));
  return { done: Promise.resolve(), stop() {} };
}

/** Removes the temporary folder of a shared build. */
export function removeSharedSample(sample: SampleBuild): void {
  rmSync(join(sample.root, '..'), { recursive: true, force: true });
}
