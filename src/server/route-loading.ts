/**
 * The dev bundler's side of the routes in use (routes-in-use.ts): the entry that imports only them,
 * the file whose change rebuilds it, the routes folder watched for saves, and what each build loads.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'rollup';
import type { RouteDefinition } from '../routes/file-to-route.ts';
import { servingEntry, watchFirst } from './dev-plugins.ts';
import { createRoutesInUse } from './routes-in-use.ts';
import { watchFolder } from './watch-names.ts';

/** What the dev bundler asks of the route files in use. */
export interface RouteLoading {
  /** The plugins that give the dev build its entry; put them before the apiRoutes plugin. */
  plugins: Plugin[];
  /** Takes the route table a build scanned. */
  setRoutes(routes: RouteDefinition[]): void;
  /** The latest build is being served: what it loaded is what requests find. */
  served(): void;
  /** What the latest build loaded, for the log: `12 route files`, or `2 of 12 route files (…)`. */
  describe(): string;
  /** Marks the route file `request` goes to in use; true when the build being served left it out. */
  needsLoad(request: Request): Promise<boolean>;
  /** Starts a rebuild with the files in use (in the next tick: changes in one tick make one). */
  rebuild(): void;
  /**
   * Watches the routes folder: a save Rollup does not see (`seenByRollup` false) marks the file in
   * use and calls `onSave`. Once the folder exists; safe to call again.
   */
  watch(seenByRollup: (path: string) => boolean, onSave: (path: string) => void): void;
  close(): void;
}

/** Route loading for a dev build of `routesDir` written into `outDir`. */
export function createRouteLoading(routesDir: string, outDir: string): RouteLoading {
  const inUse = createRoutesInUse(routesDir);
  let routes: RouteDefinition[] = [];
  // What the build being made and the one being served load (`undefined`: every route file).
  let loading: ReadonlySet<string> | undefined;
  let served: ReadonlySet<string> | undefined;
  let closed = false;
  let soon = false;
  let folder: { close(): void } | undefined;
  // Written to rebuild with a route file a request needs: the entry watches it.
  const marker = join(outDir, 'routes-in-use');
  mkdirSync(outDir, { recursive: true });
  writeFileSync(marker, '');
  return {
    plugins: [
      // Watched even by a build that fails before it reads the entry.
      watchFirst(() => [marker]),
      servingEntry({ routes: () => routes, inUse, marker, onEntry: (loaded) => (loading = loaded) }),
    ],
    setRoutes(scanned) {
      routes = scanned;
      inUse.setRoutes(scanned);
    },
    served: () => void (served = loading),
    describe() {
      const count = `${routes.length} route file${routes.length === 1 ? '' : 's'}`;
      return served ? `${served.size} of ${count} (those in use; the others load when requested)` : count;
    },
    async needsLoad(request) {
      const file = await inUse.fileFor(request);
      if (file === undefined) return false;
      inUse.use(file);
      return served !== undefined && !served.has(file);
    },
    rebuild() {
      if (soon) return;
      soon = true;
      setImmediate(() => {
        soon = false;
        if (!closed) writeFileSync(marker, String(performance.now()));
      });
    },
    watch(seenByRollup, onSave) {
      // Here, not by Rollup, which stops watching a file once no build reads it (after the first
      // save, most route files) and then ignores that path even inside a watched folder.
      folder ??= watchFolder(routesDir, (path) => {
        if (seenByRollup(path)) return;
        inUse.saved(path);
        onSave(path);
      });
    },
    close() {
      closed = true;
      folder?.close();
    },
  };
}

