/**
 * Runs once before the suite, and again before each rerun in watch mode:
 * - compiles src/ into lib/, which the worker threads, the bundled runtime and the bin are loaded from,
 *   so that `npm test`, `npx vitest` and watch mode never run stale code;
 * - starts one build of sample-site with the real bin, in the background, which the server and
 *   browser tests share (they wait for it: see sample.ts).
 */
import type { TestProject } from 'vitest/node';
import { buildLib } from './build-lib.ts';
import { planSharedSample, removeSharedSample, startSharedSample, type SampleBuild } from './sample.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared build of sample-site: read it, serve it, never write to it. */
    sample: SampleBuild;
  }
}

export default function setup(project: TestProject) {
  buildLib();
  const sample = planSharedSample();
  let building = startSharedSample(sample);
  project.provide('sample', sample);
  project.onTestsRerun(async () => {
    await building.done;
    buildLib();
    building = startSharedSample(sample);
  });
  // By the end every test that needed the build has waited for it: one still running was not needed.
  return async () => {
    building.stop();
    await building.done;
    removeSharedSample(sample);
  };
}
