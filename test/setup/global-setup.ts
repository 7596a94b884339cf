/**
 * Runs once before the suite, and again before each rerun in watch mode:
 * - compiles src/ into lib/, which the worker threads, the bundled runtime and the bin are loaded from,
 *   so that `npm test`, `npx vitest` and watch mode never run stale code;
 * - builds one copy of sample-site with the real bin, which the server and browser tests share.
 */
import type { TestProject } from 'vitest/node';
import { buildLib } from './build-lib.ts';
import { buildSharedSample, removeSharedSample, type SampleBuild } from './sample.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared build of sample-site: read it, serve it, never write to it. */
    sample: SampleBuild;
  }
}

export default function setup(project: TestProject) {
  buildLib();
  const sample = buildSharedSample();
  project.provide('sample', sample);
  project.onTestsRerun(() => {
    buildLib();
    buildSharedSample(sample);
  });
  return () => removeSharedSample(sample);
}
