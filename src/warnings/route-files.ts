/**
 * The warnings about the site's route files and what they give to prerender (nothing listed, a file
 * no method reaches, links in routesDir, a file that looks like a route and is none), a part of the
 * catalogue in warnings.ts, which spreads them into `warnings`.
 */
import { counted } from '../plural.ts';
import type { Warning } from '../warnings.ts';

export const routeFileWarnings = {
  /**
   * Route files, but no route to prerender and `prerender.routes` not an empty array on purpose: `why`
   * says what was listed (`prerender.routes is not set and no route file exports entries`), `examples`
   * are routes of the site to show in the config.
   */
  nothingToPrerender: (files: number, why: string, configFile: string, examples: string[]): Warning => ({
    code: 'NOTHING_TO_PRERENDER',
    message:
      `Nothing to prerender: the site has ${counted(files, 'route file')}, but ${why}, so only the server was built. ` +
      `List the routes to prerender in ${configFile}, such as prerender: { routes: [${examples.map((route) => `'${route}'`).join(', ')}] }, ` +
      'or export entries from a route file with parameters; set prerender.routes to [] to build only the server without this warning.',
  }),
  /**
   * `getRouterParam(event, 'name')` at `place` (file:line:column) in a route file whose route `path`
   * has no param `name` (it has `params`); `meant`: the one it may have meant.
   */
  routeParam: (place: string, name: string, path: string, params: string[], meant: string | undefined): Warning => ({
    code: 'ROUTE_PARAM',
    message:
      `${place}: getRouterParam(event, '${name}') is undefined on every request: route ${path} has ` +
      `${params.length === 0 ? 'no params' : `${params.length === 1 ? 'the param' : 'the params'} ${params.join(', ')}`} (a param is a [name] in its file or folder names). ` +
      (meant ? `Read '${meant}', or rename [${meant}] to [${name}].` : `Name the part of the path it reads [${name}] (a file or folder [${name}]).`),
  }),
  /**
   * The route file `file` (from the site root) exports `entries`, which returned an empty list, while
   * other routes are prerendered: the pages it was to list are not, and the build would say nothing of it.
   */
  entriesEmpty: (file: string, route: string): Warning => ({
    code: 'ENTRIES_EMPTY',
    message:
      `${file} exports entries, which returned an empty list: it lists no route of ${route} to prerender. ` +
      'If its data comes from a CMS or an API, check what it answered (throw from entries to fail the build when it answers nothing); if the route is meant to be served live only, remove the entries export.',
  }),
  /** A routes folder (`routesDir`, as the build prints paths) with no route file, and nothing listed to prerender. */
  noRouteFiles: (routesDir: string, apiPrefix: string): Warning => ({
    code: 'NOTHING_TO_PRERENDER',
    message:
      `Nothing to prerender: ${routesDir} holds no route files, so only a server without routes was built. ` +
      `A route file serves the path of its name there (${apiPrefix ? `${apiPrefix}/` : ''}hello.ts serves /${apiPrefix ? `${apiPrefix}/` : ''}hello); list the routes to prerender in prerender.routes.`,
  }),
  /**
   * A method-less route file whose path has a GET file (and maybe a HEAD file): neither method ever
   * reaches it (routes/shadowed-routes.ts). The files are named from the site root.
   */
  /** `prerender dev` serves `publicFile` at `path`, where the route file `routeFile` answers too (both from where the command ran). */
  publicShadowsRoute: (publicFile: string, path: string, routeFile: string): Warning => ({
    code: 'SHADOWED_ROUTE',
    message: `${publicFile} is served at ${path}, where ${routeFile} answers too: dev serves the file, and prerender build fails on the pair (both write one file). Remove the file, or move the route to another path.`,
  }),
  shadowedRoute: ({ file, path, get, head }: { file: string; path: string; get: string; head?: string }): Warning => ({
    code: 'SHADOWED_ROUTE',
    message:
      `Route file ${file} never answers GET or HEAD: ${head === undefined ? `${get} answers both` : `${get} answers GET and ${head} HEAD`} for ${path}, ` +
      `so only other methods reach ${file}, and it is never prerendered. ` +
      `Remove it, or name it for the methods it is meant for (such as ${file.split('/').at(-1)!.replace(/\.(m?[jt]s)$/, '.post.$1')}).`,
  }),
  /** A route file that is a link to a file outside the site: followed, and said. */
  routeLinkOutside: (file: string, target: string): Warning => ({
    code: 'ROUTE_LINK',
    message: `Route file ${file} is a link to ${target}, outside the site: it is bundled and served as a route. Copy the file into the site if that is not meant to change with its source.`,
  }),
  /** A link in routesDir that the scan does not follow: broken, out of the site (a folder), or a loop. */
  routeLinkSkipped: (name: string, why: string): Warning => ({
    code: 'ROUTE_LINK',
    message: `Skipped the link ${name} in routesDir: it ${why}. No route under it is served.`,
  }),
  /** A file in routesDir that looks like a route and is none (`why`: JSX, CommonJS). */
  notARoute: (file: string, why: string): Warning => {
    const name = file.split('/').at(-1)!;
    const renamed = name.replace(/\.[cm]?([tj])sx?$/, (_, letter: string) => (letter === 't' ? '.ts' : '.js'));
    // Renamed with its JSX still in it, it would fail to bundle: the JSX goes too.
    const rewritten = /x$/.test(name) ? `, its JSX written as a string or a Response (a route answers data, not a component),` : '';
    return {
      code: 'NOT_A_ROUTE',
      message: `${file} is not a route file (${why}); routes are .ts, .mts, .js and .mjs files. Rename it ${renamed}${rewritten} if it is meant as a route, or move it out of routesDir.`,
    };
  },
};
