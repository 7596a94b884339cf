/**
 * How `prerender dev` answers a request from the build it serves, and what it says of broken route
 * files: a route file a failed build left broken answers with its error; a path no route file serves gets, in a browser, the page of the routes
 * there are, and in any client, the file put where another tool reads routes, if there is one; every
 * other request is the build's thread's to answer (an HTML page asked for without the slash of its
 * folder gets the 301 to it that every server of ours sends: runtime/folder-page.ts).
 */
import { siteFile, type RouteFiles } from '../bundle/load-bundle.ts';
import type { ResolvedConfig } from '../config/types.ts';
import { misplacedRouteFile } from '../plan/misplaced-route-file.ts';
import { folderRedirect } from '../runtime/folder-page.ts';
import type { Logger } from '../log.ts';
import { acceptsHtml, failureResponse, logFailure, type BuildFailure } from './build-error.ts';
import type { BuildWorker } from './build-worker.ts';
import { nameFiles, type BuildPlan } from './changed-routes.ts';
import { noRouteResponse } from './no-route-page.ts';

/** Route file -> the build failure it answers with. */
export type Broken = ReadonlyMap<string, BuildFailure>;

/** Prints the failures `broken` routes answer with until a save fixes them, and what is served meanwhile (`others`). */
export function logBroken(logger: Logger, site: RouteFiles, broken: Broken, others: string): void {
  const failures = new Set(broken.values());
  for (const failure of failures) logFailure(failure, logger);
  logger.info(`until a save fixes ${failures.size === 1 ? 'it' : 'them'}, the routes of ${nameFiles(broken.keys(), (file) => siteFile(site, file))} answer with ${failures.size === 1 ? 'this error' : 'their errors'}; ${others}`);
}

/**
 * The build being served: its thread and what it loaded, or the reason there is none; with the plan of
 * the build whose thread `stopped` (process.exit() in a route module), which the next request serves
 * again in a new thread. `broken`: route files that answer with the error a build failed with in
 * them (left out of the build served), or in what a later build was to bundle with them.
 */
export type Served =
  | { worker: BuildWorker; plan: BuildPlan; stopped?: undefined; broken?: Broken }
  | { worker?: undefined; failure: BuildFailure; stopped?: { plan: BuildPlan; broken?: Broken } };

/** What answering needs besides the build: the site, and the build served once this one's thread stopped. */
export interface AnswerContext {
  config: Pick<ResolvedConfig, 'root' | 'routesDir' | 'apiPrefix'>;
  site: RouteFiles;
  latest: () => Served | undefined;
}

/** The answer of `build` (or its error) to `request`. */
export async function answerFromBuild(build: Served, request: Request, context: AnswerContext): Promise<Response> {
  if (!build.worker) return failureResponse(build.failure, request);
  const { config, site } = context;
  // Asked only where the answer depends on it: a message to the build's thread and back.
  const file = build.broken || acceptsHtml(request) ? await build.worker.routeFile(request) : undefined;
  const brokenBy = file === undefined ? undefined : build.broken?.get(file);
  if (brokenBy) return failureResponse(brokenBy, request);
  const getOrHead = request.method === 'GET' || request.method === 'HEAD';
  const misplaced = () => misplacedRouteFile(new URL(request.url).pathname, config);
  if (getOrHead && acceptsHtml(request) && file === undefined) return noRouteResponse(request, build.plan.routes, site, misplaced());
  try {
    const answer = await build.worker.fetch(request);
    // Not kept by the browser (a 301 otherwise is, for good): a save may make the route JSON.
    const folder = folderRedirect(request, answer, 'no-store');
    if (folder) {
      await answer.body?.cancel();
      return folder;
    }
    const moved = answer.status === 404 && getOrHead && !acceptsHtml(request) ? misplaced() : undefined;
    if (!moved) return answer;
    await answer.body?.cancel();
    return noRouteResponse(request, build.plan.routes, site, moved);
  } catch (error) {
    // The build's thread stopped while this request ran (a route module threw outside any
    // request): the request gets the page that says why, as the next one will.
    const latest = context.latest();
    if (latest && !latest.worker) return failureResponse(latest.failure, request);
    throw error;
  }
}
