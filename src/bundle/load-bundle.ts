import { findSourceMap } from 'node:module';
import { relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { H3 } from 'h3';
import { errors, type PrerenderError } from '../errors.ts';
import { siteTrace, type SiteCode } from '../prerender/site-trace.ts';
import type { AppOptions } from '../runtime/app.ts';
import type { BuildHandler, BuildServeOptions, RunningServer, RuntimeRoute } from '../runtime/index.ts';

/** What a built server module exports (see the generated entry). */
export interface ServerBundle {
  routes: RuntimeRoute[];
  /** The h3 app of the routes alone, without the static files; the prerender calls its `request` with a context. */
  app: H3;
  /** The routes alone, without the static files (the app's `fetch`). */
  fetch(request: Request): Promise<Response>;
  /** Serves `public/` of the build the module belongs to, then the routes (none with `filesOnly`). */
  serve(options?: BuildServeOptions): Promise<RunningServer>;
  /** What `serve` answers, without a socket (absent from a bundle an earlier api-prerender made). */
  handler?(options?: Pick<BuildServeOptions, 'filesOnly' | 'hostType'>): BuildHandler;
  /** A new h3 app of the routes alone, made with `options` (the prerender's prints no error itself). */
  routesApp(options: AppOptions): H3;
}

/**
 * Where the site's route files are (and its output, when inside it), so that an error names a route
 * file as the user sees it, and the place of the site's code it came from.
 */
export type RouteFiles = SiteCode;

/**
 * Imports a built server module afresh (never a cached copy of an earlier build), typed as `T` (the
 * dev server's bundles export less). With `site`, a route file an error names is shown from the site
 * root (`src/server/routes/api/x.ts`).
 */
export async function loadBundle<T = ServerBundle>(file: string, site?: RouteFiles, cycles?: string[][]): Promise<T> {
  const url = `${pathToFileURL(file).href}?v=${Date.now()}-${Math.random()}`;
  try {
    return (await import(url)) as T;
  } catch (error) {
    throw loadError(error, site, cycles);
  } finally {
    readSourceMapNow(url);
  }
}

/** The runtime's InvalidHandlerError, as the build reads it (the bundle has its own copy of the class). */
interface InvalidHandler {
  name?: string;
  file?: string;
  got?: string;
  functions?: string[];
  others?: InvalidHandler[];
}

/**
 * What an error thrown while a bundle loads means: route files whose default export is no handler
 * (the runtime's InvalidHandlerError, each named from the site root with `site`), else a route module that
 * threw as it was imported; a ReferenceError thrown in a module of one of the bundle's import
 * `cycles` (bundle-facts.ts) names that circle, the likeliest reason a name was read before it was set.
 */
export function loadError(error: unknown, site?: RouteFiles, cycles?: string[][]): PrerenderError {
  const invalid = error as InvalidHandler;
  if (invalid.name === 'InvalidHandlerError') {
    const noHandler = ({ file, got, functions }: InvalidHandler) => errors.noHandler(site ? siteFile(site, file!) : file!, `default-exports ${got}, not an event handler`, functions);
    return errors.noHandlers([invalid, ...(invalid.others ?? [])].map(noHandler));
  }
  const first = site && siteTrace(error, site).first;
  const file = first?.slice(0, first.lastIndexOf(':'));
  const cycle = error instanceof ReferenceError && file !== undefined ? cycles?.find((members) => members.includes(file)) : undefined;
  return errors.moduleImport(error, first, cycle);
}

/**
 * Has Node read the bundle's source map now, while the file is there: a build's bundle sits in a
 * staging folder that is renamed or removed before the stacks of its errors are printed, and since
 * Node 26.9 (nodejs/node#65490) a module's map is read only when a stack first needs it, so a map
 * read then is gone and the stack names the bundle instead of the route file. `findSourceMap` is
 * Node's own way to ask for a module's map; without source maps enabled it reads nothing.
 */
function readSourceMapNow(url: string): void {
  if (process.sourceMapsEnabled) findSourceMap(url);
}

/**
 * A route file (relative to routesDir) as the user sees it, from the site root.
 * @example siteFile({ root: '/site', routesDir: '/site/src/server/routes' }, 'api/x.ts') // 'src/server/routes/api/x.ts'
 */
export function siteFile(site: RouteFiles, file: string): string {
  return [...relative(site.root, site.routesDir).split(sep), file].filter(Boolean).join('/');
}
