/**
 * How the built server, `prerender preview` and `prerender dev` stop on SIGTERM or SIGINT: no new
 * connection is accepted, connections without a request in flight close at once, the requests in
 * flight finish, then the process exits 0. A rolling deploy sends SIGTERM and waits; nothing it had
 * accepted is cut, and an idle connection does not hold it up. A second signal, or the time limit,
 * cuts what is left and exits 1.
 */
import type { CloseOptions } from './listen.ts';

/** How long requests in flight may take to finish after the signal, when nothing says otherwise: 10 s. */
export const defaultShutdownTimeout = 10_000;

/** How long cutting the requests may take before the process exits anyway. */
const cutWaitMs = 1_000;

/** What {@link stopOnSignal} needs of a server. */
export interface Closable {
  close(options?: CloseOptions): Promise<void>;
}

/** Options of {@link stopOnSignal}. */
export interface StopOptions {
  /** Milliseconds the requests in flight get before they are cut. @default 10000 */
  timeout?: number;
  /** Where the shutdown says what it does. @default console.error */
  log?: (message: string) => void;
}

/**
 * Stops `server` gracefully on the first SIGINT or SIGTERM and exits 0 once it is closed; a second
 * signal or `timeout` ms cut the requests still running, and the process exits 1. The process exits
 * even when a route module keeps a timer or a connection open.
 */
export function stopOnSignal(server: Closable, options: StopOptions = {}): void {
  const timeout = options.timeout ?? defaultShutdownTimeout;
  const log = options.log ?? ((message: string) => console.error(message));
  let stopping = false;
  let cut = false;
  let timer: NodeJS.Timeout | undefined;
  const force = (why: string) => {
    if (cut) return;
    cut = true;
    clearTimeout(timer);
    log(`${why}: cutting the requests still running.`);
    // Exits once the connections are cut, whether or not the graceful close ever ends (a request
    // waiting on a route module that never finished loading); a close that hangs too gets a second.
    void Promise.race([server.close(), new Promise((resolve) => setTimeout(resolve, cutWaitMs))]).finally(() => setTimeout(() => process.exit(1), 0));
  };
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return force(`${signal} again`);
    stopping = true;
    log(`${signal}: no new connections; finishing the requests in flight (up to ${timeout} ms, or send the signal again).`);
    timer = setTimeout(() => force(`Requests still running after ${timeout} ms`), timeout);
    server.close({ graceful: true }).then(
      () => {
        clearTimeout(timer);
        // The last line says it is over: the one before promised to wait.
        if (!cut) log('Stopped: every request in flight was answered.');
        // After a cut, on the next turn: the events of the connections cut come first (a request log
        // names each request cut).
        if (cut) setTimeout(() => process.exit(1), 0);
        else process.exit(0);
      },
      (error: unknown) => {
        log(`Could not close the server: ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}
