/**
 * What a dev build bundles and loads: at first every route file (its compile errors, and the modules
 * that throw as they load, show at once, as in `prerender build`); from then on only the modules a
 * change made out of date, route files or modules they import. Every other module stays as an
 * earlier build wrote it (dev-output.ts), and the build's thread imports a route file's module when
 * the route is first requested. A save then costs what the files it touched cost, not what the whole
 * site does.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { RouteDefinition } from '../routes/file-to-route.ts';
import { routeFileName } from '../routes/scan.ts';
import { isInside } from '../runtime/inside.ts';
import type { ModuleGraph } from './module-graph.ts';

/**
 * What one build serves: the route table; the route files it bundles (`all`: every one), the other
 * modules it bundles on their own (ids), and the route files whose modules it imports at once.
 */
export interface BuildPlan {
  routes: RouteDefinition[];
  changed: Set<string>;
  modules: ReadonlySet<string>;
  load: Set<string>;
  all: boolean;
}

/** What has changed since the last build that was served. */
export interface Changes {
  /** Every route file is out of date: nothing was built yet, or a file changed that no module is. */
  all: boolean;
  /** Paths (absolute) saved, created or removed, and ids of modules to transform again. */
  paths: Set<string>;
  /** What a failed build read: a save of one is a save of what that build bundled, which `paths` still holds. */
  failedReads: Set<string>;
}

/** What changed since `taken` was taken for a build that failed, with what it read: all for the next build. */
export function keepChanges(taken: Changes, since: Changes, reads: Iterable<string>): Changes {
  return { all: taken.all || since.all, paths: new Set([...taken.paths, ...since.paths]), failedReads: new Set([...taken.failedReads, ...since.failedReads, ...reads]) };
}

/** Where the site's route files are, relative to which the table names them, and their modules. */
interface Site {
  routesDir: string;
  /** Each route file's module as the last build that bundled it made it: its id is the file a link leads to. */
  modules: ReadonlyMap<string, { id: string }>;
}

/**
 * The plan for a build of `routes` after `changes`: every route file bundled by no build yet (new, or
 * whose builds failed) or saved, and every other module saved, each on its own: what imports it need
 * not change with it (see routesImporting() for when it must). A module removed takes the route files
 * that import it, which then fail naming it. A path no build read as a module, outside routesDir, that
 * no failed build read (a file a plugin read, say) makes every route file out of date; one inside
 * routesDir that no route imports changes nothing bundled.
 */
export function planBuild(routes: RouteDefinition[], changes: Changes, graph: ModuleGraph, site: Site): BuildPlan {
  const all = new Set(routes.map((route) => route.file));
  const files = routeIds(routes, site);
  const unknown = [...changes.paths].some((path) => !graph.has(path) && !files.has(path) && !isInside(path, site.routesDir) && !changes.failedReads.has(path));
  if (changes.all || unknown) return { routes, changed: all, modules: new Set(), load: all, all: true };
  const changed = new Set<string>();
  const modules = new Set<string>();
  for (const path of changes.paths) {
    if (files.has(path)) for (const file of files.get(path)!) changed.add(file);
    else if (graph.has(path) && existsSync(path)) modules.add(path);
    else if (graph.has(path)) for (const file of routesImporting([path], routes, graph, site)) changed.add(file);
    // A link under routesDir replaced leads elsewhere now.
    const file = routeFileName(site.routesDir, path);
    if (file !== undefined && all.has(file)) changed.add(file);
  }
  for (const { file } of routes) if (!site.modules.has(file)) changed.add(file);
  return { routes, changed, modules, load: new Set(changed), all: false };
}

/**
 * The route files a failed build of `plan` leaves out of date, which answer with its error while the
 * last build (of the table `served`) serves the others: those it bundles, and those importing a module
 * it bundles (a route file, or another saved on its own). `undefined` when that is every route file,
 * or the route table is not the one served (a file added, removed or renamed).
 */
export function outOfDateAfterFailure(plan: BuildPlan, served: readonly RouteDefinition[], graph: ModuleGraph, site: Site): Set<string> | undefined {
  if (plan.all || tableKey(plan.routes) !== tableKey(served)) return undefined;
  const changedIds = [...plan.changed].map((file) => site.modules.get(file)?.id ?? resolve(site.routesDir, file));
  const files = new Set([...plan.changed, ...routesImporting([...changedIds, ...plan.modules], plan.routes, graph, site)]);
  return files.size < plan.routes.length ? files : undefined;
}

/**
 * The route files that import any of the modules `ids`, directly or not: to bundle again when a module
 * bundled on its own lost an export (an importer may name it), or turned CommonJS or back (what the
 * CommonJS plugin makes for its importers depends on it).
 */
export function routesImporting(ids: Iterable<string>, routes: RouteDefinition[], graph: ModuleGraph, site: Site): Set<string> {
  const files = routeIds(routes, site);
  return new Set([...graph.routesImporting(ids, new Set(files.keys()))].flatMap((id) => files.get(id)!));
}

/** Module id -> the route files (one, or more linked to it) whose module it is. */
function routeIds(routes: RouteDefinition[], site: Site): Map<string, string[]> {
  const files = new Map<string, string[]>();
  for (const route of routes) {
    const id = site.modules.get(route.file)?.id ?? resolve(site.routesDir, route.file);
    files.set(id, [...(files.get(id) ?? []), route.file]);
  }
  return files;
}

/** A route table as one string: two are the same when each route file answers the same method and path. */
function tableKey(routes: readonly RouteDefinition[]): string {
  return routes.map((route) => `${route.method ?? '*'} ${route.path} ${route.file}`).join('\n');
}

/** Route files a plan's line names, at most; the rest are counted. */
const namedFiles = 3;

/**
 * A build's plan for the log: `12 route files`, or `2 of 12 route files and 1 module they import
 * (those changed: api/a.ts, api/b.ts; …)`, each route file rebuilt named as `shown` spells it;
 * `failed`: how many route files the build left out, as their own errors failed them.
 */
export function describePlan(plan: BuildPlan, shown: (file: string) => string = (file) => file, failed = 0): string {
  const count = `${plan.routes.length} route file${plan.routes.length === 1 ? '' : 's'}`;
  // Every route file but those that failed (route-bundler.ts leaves them out).
  if (plan.all) return plan.changed.size === plan.routes.length ? count : `${plan.changed.size} of ${count}`;
  // A route file removed, or a save that left every module as it was: only the route table is new.
  if (plan.changed.size === 0 && plan.modules.size === 0) {
    return failed > 0 ? `the route table of ${count}, without the ${failed === 1 ? 'route file' : `${failed} route files`} that failed (below)` : `the route table of ${count} (no route file to bundle again)`;
  }
  const modules = plan.modules.size === 0 ? '' : ` and ${plan.modules.size} module${plan.modules.size === 1 ? '' : 's'} they import`;
  // A module saved that no route file needs bundled again with it: the route files stay as they were.
  if (plan.changed.size === 0) {
    const one = plan.modules.size === 1;
    const it = one ? 'it' : 'them';
    return `${plan.modules.size} module${one ? '' : 's'} (the route files that import ${it} load ${it} when requested)`;
  }
  const named = nameFiles(plan.changed, shown);
  return `${plan.changed.size} of ${count}${modules} (those changed${named ? `: ${named}` : ''}; the others load when requested)`;
}

/** `files` sorted and named, the first few, the rest counted: `a.ts, b.ts, c.ts and 2 more`. */
export function nameFiles(files: Iterable<string>, shown: (file: string) => string = (file) => file): string {
  const sorted = [...files].sort();
  return sorted.slice(0, namedFiles).map(shown).join(', ') + (sorted.length > namedFiles ? ` and ${sorted.length - namedFiles} more` : '');
}
