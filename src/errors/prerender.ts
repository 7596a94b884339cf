/** The catalogue's errors of the routes a build renders and what they answer (see errors.ts). */
import { messageOf, PrerenderError } from './prerender-error.ts';
import { relativeMiss } from './relative-miss.ts';

const noRouteFileHint = 'For each route that no route file matches: fix it where it is listed (prerender.routes, or the entries of the file named), or add a route file that serves it.';

/** Errors of the routes a build renders and what they answer. */
export const prerenderErrors = {
  /** A route of prerender.routes that cannot be a file; `configFile` lists it (key-origin.ts's configName). */
  routePath: (route: string, reason: string, configFile?: string) =>
    new PrerenderError('ROUTE_PATH', `Route "${route}" in prerender.routes${configFile ? ` (${configFile})` : ''} cannot be prerendered: ${reason}.`, {
      hint: `Fix the route in prerender.routes${configFile ? ` in ${configFile}` : ''}.`,
    }),
  routeEntries: (file: string, problem: string, hint: string) =>
    new PrerenderError('ROUTE_ENTRIES', `Route file ${file} ${problem}.`, { hint }),
  /** The first refused entry's error (routeEntries), with what `more` says of the others of its list. */
  moreEntriesRefused: (first: PrerenderError, more: string) => new PrerenderError('ROUTE_ENTRIES', `${first.message} ${more}`, { hint: first.hint }),
  entriesFailed: (file: string, cause: unknown) =>
    new PrerenderError('ROUTE_ENTRIES', `The entries function of route file ${file} failed: ${messageOf(cause)}${relativeMiss(cause)}`, {
      hint: 'Fix the `entries` function the file exports: the build calls it once, before prerendering, to list the URLs to render.',
      cause,
      traceCause: true,
    }),
  entriesTimedOut: (file: string, timeout: number) =>
    new PrerenderError('ROUTE_ENTRIES', `The entries function of route file ${file} did not settle within ${timeout} ms (prerender.timeout).`, {
      hint: 'Make the promise `entries` returns settle (a request with no timeout of its own, a callback never called); or raise prerender.timeout if listing the URLs takes longer.',
    }),
  /** `hint`: the fix, when the clash is not of two routes (a file of publicDir and a route). */
  outputClash: (message: string, hint = 'Give one of the routes another path, or drop it where it is listed (prerender.routes, or its route file\'s entries).') => new PrerenderError('OUTPUT_CLASH', message, { hint }),
  /**
   * A route ending in "/" (a folder: only HTML fits, as its index.html) that answered `contentType`;
   * `instead` is the route to list, without the slash (and with an extension where it has none).
   */
  folderRoute: (route: string, contentType: string, instead: string, extensionAdded: boolean) =>
    route === '/'
      ? new PrerenderError('OUTPUT_CLASH', `Route "/" is the site's root folder, written as its index.html, so only HTML fits; it answered ${contentType}.`, {
          hint: `Answer HTML at "/", or give the answer a name with the extension of its type: a route file ${instead.slice(1)}.ts in the routes folder (the one answering "/" renamed) serves "${instead}": list it instead of "/".`,
        })
      : new PrerenderError('OUTPUT_CLASH', `Route "${route}" ends in "/", which names a folder, written as its index.html, so only HTML fits; it answered ${contentType}.`, {
          hint: extensionAdded
            ? `List it without the trailing "/": "${route.replace(/\/+$/, '')}" (a file without extension, its type in _headers), or as "${instead}", with the extension of its type, where a route file serves that path (one named with the extension, such as ${instead.split('/').at(-1)}.ts).`
            : `List it as "${instead}", without the trailing "/".`,
        }),
  /** What {@link nothingToPrerender}'s warning says (warnings/route-files.ts), where the output it would replace, `dir`, has `published` routes. */
  /** Nothing planned where a config file is there that the lookup did not read (the CONFIG_FILE warning names it and its fix). */
  nothingReadToPrerender: (why: string) =>
    new PrerenderError('NOTHING_TO_PRERENDER', `Nothing to prerender: ${why}: no config file was read (the warning above names one the lookup does not read), so nothing is published.`, {
      hint: 'Rename or move that file as the warning says, or name it (--config, or the configFile option), and build again. If it is no config, and the site is meant to prerender nothing, write a prerender.config.ts with prerender: { routes: [] }.',
    }),
  nothingToPublish: (why: string, configFile: string, examples: string[], published: number, dir: string) =>
    new PrerenderError('NOTHING_TO_PRERENDER', `Nothing to prerender: ${why}, where the published output ${dir} has ${published} route${published === 1 ? '' : 's'}: it is kept as it was, not replaced by a build without them.`, {
      hint: `List the routes to prerender in ${configFile}, such as prerender: { routes: [${examples.map((route) => `'${route}'`).join(', ')}] }, or export entries from a route file with parameters. If the site is meant to have none now, set prerender.routes to [] (or remove ${dir}, when a function lists them) and build again.`,
    }),
  /**
   * `noRouteFile`: how many of the failures are routes no route file matches (NO_ROUTE_FILE), whose fix
   * differs; `despite`: why the build failed though failOnError is false: a route whose answer can be
   * no file (OUTPUT_CLASH), or no route rendered at all (`none`).
   */
  routesFailed: (failures: string[], details: unknown, noRouteFile = 0, despite?: 'clash' | 'none') => {
    const publish = 'pass --no-fail-on-error (prerender.failOnError: false) to publish the rest.';
    const none = `${noRouteFile > 0 ? noRouteFileHint : 'Fix the routes listed.'} --no-fail-on-error (prerender.failOnError: false) publishes the routes that rendered, and none did: nothing is published, so no earlier output is replaced by an empty one.`;
    const fix =
      despite === 'clash'
        ? 'Fix the routes listed: one whose answer can be no file fails the build even with --no-fail-on-error (prerender.failOnError: false), which leaves the others out.'
        : despite === 'none'
          ? none
          : noRouteFile === 0
            ? `Fix the routes listed, or ${publish}`
            : `${noRouteFileHint} ${noRouteFile === failures.length ? 'Or' : 'Fix the others, or'} ${publish}`;
    return new PrerenderError('ROUTES_FAILED', `${failures.length} route${failures.length === 1 ? '' : 's'} failed to prerender; nothing was published:\n${failures.join('\n')}`, { hint: fix, details });
  },
  /**
   * A listed route no route file answers GET for (the router found none: not a handler's 404): where
   * it is listed (`prerender.routes`, or the entries of a file), and either the files answering it for
   * other methods only or the nearest route a file serves. A failed route; its message is the line.
   */
  /**
   * `misplaced`: a file outside routesDir that would serve the route, and where in routesDir it goes;
   * `gone`: the route file that served it in the last build, and the route files added since.
   */
  noRouteFile: (route: string, listedIn: string, near: { path: string; file: string } | undefined, otherMethods: { method: string; file: string }[], misplaced?: { file: string; moveTo: string } | { file: string; because: string }, gone?: { file: string; added: { file: string; path: string }[] }) => {
    const only = otherMethods.map(({ method, file }) => `${file} answers ${method} only`).join(', ');
    const renamed = gone?.added.length === 1 ? `: if it is now ${gone.added[0]!.file}, list ${gone.added[0]!.path} in its place` : '';
    const outside = misplaced
      ? 'because' in misplaced
        ? `; ${misplaced.file} is named for it, but ${misplaced.because}`
        : `; ${misplaced.file} would serve it, but route files are read from routesDir: move it to ${misplaced.moveTo}`
      : gone
        ? `; ${gone.file} served it in the last build, and is gone${renamed}`
        : '';
    const message = only
      ? `no route file answers GET for this route, listed in ${listedIn}: ${only}, and the prerender requests GET`
      : `no route file matches this route, listed in ${listedIn}${outside}${near ? `; did you mean ${near.path} (${near.file})?` : ''}`;
    return new PrerenderError('NO_ROUTE_FILE', message, { hint: noRouteFileHint, details: { route } });
  },
  /** A listed route no route file matches, which `file` of publicDir serves as it is. */
  servedFromPublic: (listedIn: string, file: string) =>
    new PrerenderError('NO_ROUTE_FILE', `no route file matches this route, listed in ${listedIn}; ${file} serves it, published as it is: remove the route from ${listedIn}`, { hint: noRouteFileHint }),
  crawlLimit: (limit: number, route: string, foundOn: string) =>
    new PrerenderError('CRAWL_LIMIT', `Crawling found more than ${limit} links to follow (prerender.crawl.limit); the next, "${route}", was found on "${foundOn}". Nothing was published.`, {
      hint: `If the site is that large, raise the limit (prerender: { crawl: { limit: ${limit * 10} } }); if not, a route links on without end (such as a "next page" link on every page): stop it.`,
    }),
  invalidOutput: (lines: string[], more: number) =>
    new PrerenderError('INVALID_OUTPUT', `${lines.length + more} problem${lines.length + more === 1 ? '' : 's'} in prerendered files (prerender.validate is "error"); nothing was published:\n${lines.map((line) => `  ${line}`).join('\n')}${more > 0 ? `\n  ... and ${more} more` : ''}`, {
      hint: 'Fix the routes named, or set prerender.validate to "warn" to publish them anyway.',
    }),
  /** `listed`: the BROKEN_LINK warnings of the first links (the error's `details`, for `--json`); `more`: how many past them. */
  brokenLinks: (listed: { message: string }[], more: number) =>
    new PrerenderError('BROKEN_LINKS', `${listed.length + more} broken link${listed.length + more === 1 ? '' : 's'} in the output (prerender.links is "error"); nothing was published:\n${listed.map((w) => `  ${w.message}`).join('\n')}${more > 0 ? `\n  ... and ${more} more` : ''}`, {
      hint: 'Fix the links, or the routes they name, or set prerender.links to "warn" to publish anyway.',
      details: listed,
    }),
};
