/** The signals that stop a build, and what a build says of them: `prerender build` (cli/interrupt.ts) and `vite build` (vite/interrupt-build.ts) alike. */

/** Ctrl-C, and what CI runners and `kill` send. */
export const stopSignals = ['SIGINT', 'SIGTERM'] as const;

/** Said when the first signal comes: the build stops and cleans up. */
export const stoppingLine = (signal: NodeJS.Signals) => `${signal}: stopping the build and removing what it made (${signal} again exits at once)`;

/** Said when a second signal comes: the process exits now, what the build made left for the next. */
export const exitingNowLine = (signal: NodeJS.Signals) =>
  `${signal} again: exiting now, before the build has removed what it made (a .staging- folder beside the output, its lock); the next build removes them.`;

/** Said of a signal that came once nothing could be stopped any more: `outcome` says what became of the output. */
export const tooLateLine = (signal: NodeJS.Signals, outcome: string) => `${signal} came too late to stop the build: ${outcome}.`;

/** What a signal that comes while the output is published is told: the build finishes publishing. */
export const publishingOutcome = 'its output is being published, and stays';

/** What a signal that comes once the build has published is told. */
export const publishedOutcome = 'its output was published, and stays';
