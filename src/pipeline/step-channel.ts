/**
 * The build's steps, announced on a channel of `node:diagnostics_channel` to whoever runs the build:
 * the CLI turns V8's optimizing compiler on once bundling is over (cli/heap.ts). Nothing is made or
 * sent while no one subscribes.
 */
import { channel } from 'node:diagnostics_channel';

/** What the channel says: a step of the build has ended. */
export interface StepDone {
  done: 'bundle';
}

/** The channel's name, for `subscribe()`. */
export const buildStepChannel = 'api-prerender:build-step';

const steps = channel(buildStepChannel);

/** Announces that `step` has ended. */
export function stepDone(step: StepDone['done']): void {
  if (steps.hasSubscribers) steps.publish({ done: step } satisfies StepDone);
}
