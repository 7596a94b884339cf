/**
 * Where process.exit() was called, read in a listener of the process's 'exit' event: process.exit()
 * emits it before it returns, so the frames below it are its caller's (a route module's, when the site
 * ended the process or its thread). `undefined` when the exit was no call of process.exit() (the event
 * loop ran out of work).
 */
export function exitCallFrames(): string | undefined {
  const call: { stack?: string } = {};
  Error.captureStackTrace(call, process.exit);
  return call.stack?.split('\n').slice(1).join('\n') || undefined;
}
