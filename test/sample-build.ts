/** The shared build of sample-site (see setup/sample.ts), made once per run by the global setup. */
import { inject } from 'vitest';
import type { SampleBuild } from './setup/sample.ts';

/** Where the shared sample build is: read it, serve it, never write to it. */
export function sampleBuild(): SampleBuild {
  return inject('sample');
}
