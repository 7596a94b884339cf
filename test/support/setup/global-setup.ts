/**
 * Runs once before the suite, and again before each rerun in watch mode:
 * - (once) moves the run's temporary folders to a RAM disk where there is one (see ram-tmpdir.ts);
 * - compiles src/ into lib/ and deletes outputs whose source is gone, which the worker threads, the bundled runtime and the bin are loaded from,
 *   so that `npm test`, `npx vitest` and watch mode never run stale code;
 * - starts one build of sample-site with the real bin, in the background, which the server and
 *   browser tests share (they wait for it: see sample.ts).
 */
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
// @ts-expect-error: plain JavaScript, shared with `npm run build`.
import { buildLib } from '../../../.ci/build-lib.mjs';
import { useRamTmpdir } from './ram-tmpdir.ts';
import { planSharedSample, removeSharedSample, skipSharedSample, startSharedSample, type SampleBuild } from './sample.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared build of sample-site: read it, serve it, never write to it. */
    sample: SampleBuild;
  }
}

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

export default function setup(project: TestProject) {
  const removeTmpdir = useRamTmpdir();
  buildLib(repoRoot);
  const sample = planSharedSample();
  // A run that needs no sample-site (test/support/setup/global-setup.test.ts runs one) skips its build.
  const start = process.env.SHARED_SAMPLE === 'off' ? skipSharedSample : startSharedSample;
  let building = start(sample);
  project.provide('sample', sample);
  project.onTestsRerun(async () => {
    await building.done;
    buildLib(repoRoot);
    building = start(sample);
  });
  // By the end every test that needed the build has waited for it: one still running was not needed.
  return async () => {
    building.stop();
    await building.done;
    removeSharedSample(sample);
    removeTmpdir?.();
  };
}
