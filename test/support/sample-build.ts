/** The shared build of sample-site (see setup/sample.ts), started once per run by the global setup. */
import { inject } from 'vitest';
import { awaitSharedSample, type SampleBuild } from './setup/sample.ts';

/** Where the shared sample build is, once it is done: read it, serve it, never write to it. */
export function sampleBuild(): Promise<SampleBuild> {
  return awaitSharedSample(inject('sample'));
}
