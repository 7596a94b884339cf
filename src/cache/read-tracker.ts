/**
 * Runs a route's render (or the bundle's load) with a log that the bundle's tracked modules note
 * into (runtime/reads.ts): one AsyncLocalStorage for the process, on `globalThis` under the runtime's
 * registered key, so that uses are attributed to whichever render made them, 16 in flight or one.
 * The network is seen through Node's diagnostics channels, which publish in the caller's context:
 * `fetch` (undici), `http`/`https` requests, and every socket `net` opens.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { readLogKey, type ReadLog } from '../runtime/reads.ts';

const networkChannels = ['undici:request:create', 'http.client.request.start', 'net.client.socket'];

type Holder = { [readLogKey]?: AsyncLocalStorage<ReadLog> };

/** The process's storage of logs, made on first use. */
function storage(): AsyncLocalStorage<ReadLog> {
  return ((globalThis as Holder)[readLogKey] ??= new AsyncLocalStorage<ReadLog>());
}

const onNetwork = () => storage().getStore()?.network();
let listening = 0;

/** Tracking for one prerender: from {@link startTracking} until `stop()`. */
export interface ReadTracking {
  /** Runs `work` with `log` as the log of whatever it reaches, the promises it makes included. */
  run<T>(log: ReadLog, work: () => T): T;
  /** Ends the tracking (the channels are left once no prerender tracks); safe to call twice. */
  stop(): void;
}

/** Starts tracking: builds running at once in one process share the channels, each its own logs. */
export function startTracking(): ReadTracking {
  const logs = storage();
  if (listening++ === 0) for (const name of networkChannels) subscribe(name, onNetwork);
  let stopped = false;
  return {
    run: (log, work) => logs.run(log, work),
    stop() {
      if (stopped) return;
      stopped = true;
      if (--listening === 0) for (const name of networkChannels) unsubscribe(name, onNetwork);
    },
  };
}
