/**
 * When and where `prerender build` type-checks. A native TypeScript (7+, native-compiler.ts) checks
 * in its own process; TypeScript 5 or 6 through its JavaScript API holds ~150 MB (the compiler with
 * the site's libraries parsed). The bundler holds another ~160 MB in its own process; side by side
 * with a prerender of a long route list they took the build's process tree past 400 MB at 100,000
 * routes (bench/RESULTS.md). So the check runs where it costs least for the site's size:
 * - a short route list: from the route scan on, beside bundling and the prerender, so that it never
 *   delays a small site's build (through the JavaScript API: in a toolchain process of its own);
 * - a long one: once bundling has ended and before the prerender starts, on its own (through the
 *   JavaScript API: in the build's own process, whose heap the prerender then reuses). The tree's
 *   peak is then the larger of the two phases, not their sum, and the check's seconds are few beside
 *   the prerender's.
 * A native compiler that cannot check (no binary for this platform, say) hands the check to the
 * JavaScript API, with a warning saying why.
 */
import type { Logger } from '../log.ts';
import type { TypeCheckTask } from '../typecheck/check-types.ts';
import { findNativeCompiler } from '../typecheck/native-compiler.ts';
import { unloadTypeCheckers } from '../typecheck/site-typescript.ts';
import { reportTypeCheck, runNativeTypeCheck, runTypeCheck, type TypeCheckReply } from '../typecheck/typecheck.ts';
import { startToolchain, type Toolchain } from './toolchain.ts';

/** From this many routes on, the check runs between bundling and the prerender (see above). */
export const checkBeforePrerenderRoutes = 25_000;
let longFrom = checkBeforePrerenderRoutes;

/**
 * Moves the line between a short and a long route list (a test shows both schedules report alike
 * without rendering 25,000 routes); returns the line it replaced.
 */
export function setLongRouteList(routes: number): number {
  const previous = longFrom;
  longFrom = routes;
  return previous;
}

/** A type check under way or to come. */
export interface ScheduledCheck {
  /** Called once bundling has ended: runs the check now, and waits for it, when it was kept for this moment. */
  beforePrerender(): Promise<void>;
  /** Prints the check's result (waiting for it when it runs beside the build). */
  report(logger: Logger): Promise<void>;
  /** Ends the check's process, if it has one; safe to call more than once. */
  close(): Promise<void>;
}

/** Schedules the check of `task` for a build of `routeCount` routes. */
export function scheduleTypeCheck(task: TypeCheckTask, routeCount: number, logger: Logger): ScheduledCheck {
  const long = routeCount >= longFrom;
  const compiler = findNativeCompiler(task.root);
  let toolchain: Toolchain | undefined;
  // A build that ends first (it failed) stops the compiler, which then removes its tsconfig.
  const stop = new AbortController();
  const throughApi = (why?: string): Promise<TypeCheckReply> => {
    if (!long) return (toolchain ??= startToolchain(logger)).typeCheck(task, why);
    const reply = runTypeCheck(task, why);
    unloadTypeCheckers();
    // The check's program (~100 MB) and TypeScript are garbage now; a host that exposes `gc` (the
    // CLI does) frees them here, before the prerender allocates on top of them.
    (globalThis as { gc?: () => void }).gc?.();
    return Promise.resolve(reply);
  };
  const run = async (): Promise<TypeCheckReply> => {
    if (!compiler) return throughApi();
    const reply = await runNativeTypeCheck(compiler, task, stop.signal);
    if (reply.failed === undefined || stop.signal.aborted) return reply;
    const whose = compiler.from === 'site' ? "The site's" : "api-prerender's";
    return throughApi(`${whose} TypeScript ${compiler.version} could not check: ${reply.failed}`);
  };
  let reply = long ? undefined : run();
  return {
    async beforePrerender() {
      // Seconds on a large site: say what the pause is.
      if (!reply) logger.info(`checking types before the prerender (${routeCount} routes: the check and the prerender run apart, for memory)`);
      await (reply ??= run());
    },
    // A build that bundled has run it; this covers a caller that reports without having bundled.
    report: async (to) => reportTypeCheck(await (reply ??= run()), to),
    async close() {
      stop.abort();
      // A check through the API still under way ends with its process, before `reply` is waited for.
      await toolchain?.close();
      await reply;
    },
  };
}
