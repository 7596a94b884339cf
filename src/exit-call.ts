/**
 * Where process.exit() was called, read in a listener of the process's 'exit' event: process.exit()
 * emits it before it returns, so the frames below it are its caller's (a route module's, when the site
 * ended the process or its thread). `undefined` when the exit was no call of process.exit() (the event
 * loop ran out of work).
 */
export function exitCallFrames(): string | undefined {
  const call: { stack?: string } = {};
  Error.captureStackTrace(call, process.exit);
  const frames = call.stack?.split('\n').slice(1) ?? [];
  return callersOf(frames).join('\n') || undefined;
}

/**
 * The frames that say who called: down to the site's code, and its callers until the code that ran
 * it (h3 dispatching a request, a package's loop), whose frames a thrown error's stack shows neither
 * once the handler awaited something.
 */
function callersOf(frames: string[]): string[] {
  const inPackage = (frame: string) => /[\\/]node_modules[\\/]|\(node:|at node:/.test(frame);
  const site = frames.findIndex((frame) => !inPackage(frame));
  if (site === -1) return frames;
  const runner = frames.findIndex((frame, i) => i > site && inPackage(frame));
  return runner === -1 ? frames : frames.slice(0, runner);
}
