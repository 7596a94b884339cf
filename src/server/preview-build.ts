/**
 * The build `prerender preview` serves, followed: when a build of the site replaces its folder, the
 * new bundle is loaded and answers from then on, its routes as well as its files. A route not
 * prerendered kept running the old bundle's code, which read the old build's copies of its files
 * (`server/assets/content-<hash>/`), gone with the old folder. A new bundle that fails to load is
 * said, and the last one goes on answering the routes (its files follow the folder: runtime/current-build.ts).
 */
import { shownPath } from '../config/output-paths.ts';
import { loadBundle, type RouteFiles, type ServerBundle } from '../bundle/load-bundle.ts';
import { messageOf } from '../errors.ts';
import type { Logger } from '../log.ts';
import type { BuildHandler, BuildServeOptions } from '../runtime/index.ts';
import { watchReplaced } from '../runtime/folder-replaced.ts';

/** What the previewed build is served with: the host it is previewed as, if it serves files alone. */
export type PreviewOptions = Pick<BuildServeOptions, 'filesOnly' | 'hostType'>;

/**
 * The handler of `bundle` (loaded from `serverFile` of the build at `dir`), replaced by the next
 * build's whenever one replaces `dir`; `undefined` for a bundle made without one (by an older
 * api-prerender), which `serve` alone starts.
 */
export function followPreviewedBuild(bundle: ServerBundle, paths: { dir: string; serverFile: string }, site: RouteFiles, options: PreviewOptions, logger?: Logger): BuildHandler | undefined {
  if (!bundle.handler) return undefined;
  let current = bundle.handler(options);
  let loading = Promise.resolve();
  let closed = false;
  const stopWatching = watchReplaced(paths.dir, () => {
    loading = loading.then(async () => {
      try {
        const next = await loadBundle(paths.serverFile, site);
        if (!next.handler) throw new Error('its server bundle has no handler export');
        // Closed while it loaded: the new build's file table is not followed either.
        if (closed) return;
        const before = current;
        current = next.handler(options);
        before.close();
        logger?.info(`${shownPath(paths.dir)} was built again: serving its files${options.filesOnly === undefined ? ' and routes' : ''} now`);
      } catch (error) {
        logger?.error(`${shownPath(paths.dir)} was built again, but its server bundle did not load: ${messageOf(error)}\n  hint: Its files are served; the routes it did not prerender run the last bundle that loaded. Fix the error and build again, or restart prerender preview.`);
      }
    });
  });
  return {
    fetch: (request) => current.fetch(request),
    close: () => {
      closed = true;
      stopWatching();
      current.close();
    },
  };
}
