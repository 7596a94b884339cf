/**
 * When and where `prerender build` type-checks. A check holds ~150 MB (TypeScript with the site's
 * libraries parsed) and the bundler another ~160 MB in its own process; side by side with a
 * prerender of a long route list they took the build's process tree past 400 MB at 100,000 routes
 * (bench/RESULTS.md). So the check runs where it costs least for the site's size:
 * - a short route list: in a process of its own from the route scan on, beside bundling and the
 *   prerender, so that it never delays a small site's build;
 * - a long one: in the build's own process once bundling has ended and before the prerender starts,
 *   on its own. It then shares the process's memory with nothing else, and the prerender reuses the
 *   heap it leaves, so the tree's peak is the larger of the two phases, not their sum. The check's
 *   seconds are then few beside the prerender's.
 */
import type { Logger } from '../log.ts';
import type { TypeCheckTask } from '../typecheck/check-types.ts';
import { unloadTypeCheckers } from '../typecheck/site-typescript.ts';
import { reportTypeCheck, runTypeCheck, type TypeCheckReply } from '../typecheck/typecheck.ts';
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
  /** Called once bundling has ended: runs the check now when it was kept for this moment. */
  beforePrerender(): void;
  /** Prints the check's result (waiting for it when it runs beside the build). */
  report(logger: Logger): Promise<void>;
  /** Ends the check's process, if it has one; safe to call more than once. */
  close(): Promise<void>;
}

/** Schedules the check of `task` for a build of `routeCount` routes. */
export function scheduleTypeCheck(task: TypeCheckTask, routeCount: number, logger: Logger): ScheduledCheck {
  if (routeCount < longFrom) return checkBeside(startToolchain(logger), task);
  let reply: TypeCheckReply | undefined;
  return {
    beforePrerender() {
      // Seconds on a large site: say what the pause is.
      if (!reply) logger.info(`checking types before the prerender (${routeCount} routes: the check and the prerender run apart, for memory)`);
      reply ??= runTypeCheck(task);
      unloadTypeCheckers();
      // The check's program (~100 MB) and TypeScript are garbage now; a host that exposes `gc` (the
      // CLI does) frees them here, before the prerender allocates on top of them.
      (globalThis as { gc?: () => void }).gc?.();
    },
    async report(to) {
      // A build that bundled has run it; this covers a caller that reports without having bundled.
      reportTypeCheck((reply ??= runTypeCheck(task)), to);
    },
    close: async () => {},
  };
}

/** The check in `checker`'s process, from now on, beside the rest of the build. */
function checkBeside(checker: Toolchain, task: TypeCheckTask): ScheduledCheck {
  const reply = checker.typeCheck(task);
  return {
    beforePrerender: () => {},
    report: async (logger) => reportTypeCheck(await reply, logger),
    close: () => checker.close(),
  };
}
