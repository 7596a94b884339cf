/**
 * The build's steps, announced on a channel of `node:diagnostics_channel` to whoever runs the build:
 * the CLI turns V8's optimizing compiler on once bundling is over (cli/heap.ts), and says of a signal
 * that comes once the output is complete that it is too late to stop the build (cli/interrupt.ts).
 * Nothing is made or sent while no one subscribes.
 */
import { channel, subscribe, unsubscribe } from 'node:diagnostics_channel';

/**
 * What the channel says: a step of the build has ended. `bundle`: the routes are bundled; `output`:
 * the output is written and checked, and is being published (an abort no longer stops the build).
 */
export interface StepDone {
  done: 'bundle' | 'output';
}

/** The channel's name, for `subscribe()`. */
export const buildStepChannel = 'api-prerender:build-step';

const steps = channel(buildStepChannel);

/** Announces that `step` has ended. */
export function stepDone(step: StepDone['done']): void {
  if (steps.hasSubscribers) steps.publish({ done: step } satisfies StepDone);
}

/** Calls `then` once, when a build in this process announces that `step` has ended. */
export function onceStepDone(step: StepDone['done'], then: () => void): void {
  const onStep = (message: unknown) => {
    if ((message as StepDone).done !== step) return;
    unsubscribe(buildStepChannel, onStep);
    then();
  };
  subscribe(buildStepChannel, onStep);
}
