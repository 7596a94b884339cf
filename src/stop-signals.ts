/** The signals that stop a build, and what a build says of them: `prerender build` (cli/interrupt.ts) and `vite build` (vite/interrupt-build.ts) alike. */

/** Ctrl-C, and what CI runners and `kill` send. */
export const stopSignals = ['SIGINT', 'SIGTERM'] as const;

/** Said when the first signal comes: the build stops and cleans up. */
export const stoppingLine = (signal: NodeJS.Signals) => `${signal}: stopping the build and removing what it made (${signal} again exits at once)`;

/** Said when a second signal comes: the process exits now, what the build made left for the next. */
export const exitingNowLine = (signal: NodeJS.Signals) =>
  `${signal} again: exiting now, before the build has removed what it made (a .staging- folder beside the output, its lock); the next build removes them.`;
