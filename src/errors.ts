/**
 * The catalogue of the messages the tool reports, all as one error class (prerender-error.ts, also
 * exported here). Every message names the file, route or option at fault; `hint` says how to fix it.
 */
import { messageOf, PrerenderError, type SourceLocation } from './prerender-error.ts';

export { messageOf, PrerenderError, type ErrorCode, type SourceLocation } from './prerender-error.ts';

const show = (value: unknown) => JSON.stringify(value);

/** The catalogue: one function per message, so wording and hints live in one place. */
export const errors = {
  configKey: (key: string, allowed: string, got: unknown) =>
    new PrerenderError('CONFIG', `Config key "${key}" must be ${allowed}, got ${show(got)}.`, {
      hint: `Fix "${key}" in your prerender config or the matching command-line option.`,
    }),
  unknownConfigKey: (key: string, known: readonly string[], meant?: string) =>
    new PrerenderError('CONFIG', `Unknown config key "${key}"${meant ? `; did you mean "${meant}"?` : ';'} The keys allowed here are ${known.join(', ')}.`, {
      hint: meant ? `Rename the key to "${meant}", or remove it.` : 'Check the spelling of the key, or remove it.',
    }),
  configPaths: (message: string) =>
    new PrerenderError('CONFIG', message, {
      hint: 'Keep outDir apart from your sources, e.g. the default "dist", and publicDir a folder of its own.',
    }),
  routesFunction: (cause: unknown) =>
    new PrerenderError('CONFIG', `The function given as prerender.routes failed: ${messageOf(cause)}`, {
      hint: 'Fix the function in your prerender config that lists the routes.',
      cause,
      traceCause: true,
    }),
  noRoutesDir: (folder: string) =>
    new PrerenderError('CONFIG', `No routes folder at ${folder} (config key "routesDir").`, {
      hint: 'Run the command from the site root or pass the root (prerender build <root>), or set "routesDir" in your prerender config to the folder that holds the route files.',
    }),
  routesTimedOut: (timeout: number) =>
    new PrerenderError('CONFIG', `The function given as prerender.routes did not settle within ${timeout} ms (prerender.timeout).`, {
      hint: 'Make the promise it returns settle (a request with no timeout of its own, a callback never called); or raise prerender.timeout if listing the routes takes longer.',
    }),
  configTimedOut: (file: string, timeout: number) =>
    new PrerenderError('CONFIG', `The function ${file} default-exports did not settle within ${timeout} ms (prerender.timeout).`, {
      hint: `Make the promise it returns settle (a request with no timeout of its own, a callback never called). The bound is prerender.timeout as known before the file loads: its default, or build({ config: { prerender: { timeout } } }).`,
    }),
  configNotFound: (file: string) =>
    new PrerenderError('CONFIG', `Config file not found: ${file}`, {
      hint: 'Check the path given to --config, relative to the site root.',
    }),
  /** The config file cannot be loaded; the hint is the cause's own where it has one (a syntax error, a missing package). */
  configLoad: (file: string, cause: unknown) =>
    new PrerenderError('CONFIG', `Could not load config file ${file}: ${messageOf(cause)}`, {
      hint:
        cause instanceof PrerenderError && cause.hint
          ? cause.hint
          : (cause as { code?: unknown } | undefined)?.code === 'ERR_MODULE_NOT_FOUND'
            ? 'Install the package the config imports in the site (npm install <package>), or fix the import path.'
            : 'The file must default-export defineConfig({...}), a plain object, or a function returning one.',
      cause,
    }),
  usage: (message: string, hint?: string) => new PrerenderError('USAGE', message, { hint }),
  unknownCommand: (name: string, meant?: string) =>
    new PrerenderError('USAGE', `Unknown command "${name}"${meant ? `; did you mean "${meant}"?` : '.'}`, {
      hint: meant ? `Run \`prerender ${meant}\`, or \`prerender --help\` for the commands.` : 'Run `prerender --help` for the commands.',
    }),
  optionValue: (flag: string, usage: string, command: string) =>
    new PrerenderError('USAGE', `Option \`${flag}\` of \`${command}\` needs a value: \`${usage}\`.`, {
      hint: `Run \`${command} --help\` for its options.`,
    }),
  unknownOption: (flag: string, command: string, meant?: string) =>
    new PrerenderError('USAGE', `Unknown option \`${flag}\` for \`${command}\`${meant ? `; did you mean \`${meant}\`?` : '.'}`, {
      hint: `Run \`${command} --help\` for its options.`,
    }),
  vitePrefix: () =>
    new PrerenderError('CONFIG', 'Config key "apiPrefix" is empty, which in Vite would take every URL from the site, index.html too.', {
      hint: 'Give apiRoutes({ apiPrefix }) or your prerender config a prefix such as "api".',
    }),
  viteOutDir: (viteOutDir: string, output: string) =>
    new PrerenderError('CONFIG', `Vite's build.outDir (${viteOutDir}) and the prerender output (${output}) overlap: each build replaces the output whole.`, {
      hint: 'Point Vite\'s build.outDir at a folder of its own (the default, <outDir>/client), or change "name" or "outDir" in your prerender config.',
    }),
  routeName: (file: string, reason: string, hint = 'Use [name] for a parameter, [...name] or [...] for a catch-all, (group) for a folder that adds no segment.') =>
    new PrerenderError('ROUTE_NAME', withEscapes(`Malformed route file name ${file}: ${reason}.`), { hint }),
  routeConflict: (method: string, path: string, files: string[]) =>
    new PrerenderError(
      'ROUTE_CONFLICT',
      `Two route files serve ${method === '' ? 'every method' : method} ${path}: ${files.join(' and ')}.`,
      { hint: 'Remove or rename one of them.' },
    ),
  noHandler: (file: string, what: string) =>
    new PrerenderError('NO_HANDLER', `Route file ${file} ${what}.`, {
      hint: 'Add `export default defineEventHandler((event) => ...)` to the file.',
    }),
  compile: (message: string, loc?: SourceLocation, frame?: string) =>
    new PrerenderError('COMPILE', message, { loc, frame }),
  syntax: (loc: SourceLocation, reason: string, frame?: string) =>
    new PrerenderError('COMPILE', `Syntax error in ${loc.file}:${loc.line}:${loc.column}: ${reason}`, {
      loc,
      frame,
      hint: 'Fix the code at the line shown; nothing was written.',
    }),
  unresolvedImport: (importer: string, source: string) =>
    new PrerenderError('COMPILE', `${importer} imports "${source}", which cannot be resolved.`, {
      hint: source.startsWith('.') ? 'Fix the import path (relative to the importing file).' : `Install the package in the site (npm install ${packageName(source)}), or fix the import.`,
    }),
  missingExport: (importer: string, binding: string, exporter: string) =>
    new PrerenderError('COMPILE', `${importer} imports "${binding}" from ${exporter}, which does not export it.`, {
      hint: 'Fix the name imported; a type is imported with `import type { ... }`.',
    }),
  missingAsset: (importer: string, file: string) =>
    new PrerenderError('COMPILE', `${importer} reads ${file} through new URL(..., import.meta.url), and there is no such file or folder.`, {
      hint: 'The path is relative to the file that reads it; create the file or fix the path.',
    }),
  emptyAssetFolder: (importer: string, folder: string) =>
    new PrerenderError('COMPILE', `${importer} reads the folder ${folder} through new URL(..., import.meta.url), and it holds no files to copy next to the server.`, {
      hint: 'Put the files the route reads in the folder, or read a file instead.',
    }),
  routePath: (route: string, reason: string) =>
    new PrerenderError('ROUTE_PATH', `Route "${route}" in prerender.routes cannot be prerendered: ${reason}.`, {
      hint: 'Fix the route in prerender.routes.',
    }),
  routeEntries: (file: string, problem: string, hint: string) =>
    new PrerenderError('ROUTE_ENTRIES', `Route file ${file} ${problem}.`, { hint }),
  entriesFailed: (file: string, cause: unknown) =>
    new PrerenderError('ROUTE_ENTRIES', `The entries function of route file ${file} failed: ${messageOf(cause)}`, {
      hint: 'Fix the `entries` function the file exports: the build calls it once, before prerendering, to list the URLs to render.',
      cause,
      traceCause: true,
    }),
  entriesTimedOut: (file: string, timeout: number) =>
    new PrerenderError('ROUTE_ENTRIES', `The entries function of route file ${file} did not settle within ${timeout} ms (prerender.timeout).`, {
      hint: 'Make the promise `entries` returns settle (a request with no timeout of its own, a callback never called); or raise prerender.timeout if listing the URLs takes longer.',
    }),
  outputClash: (message: string) =>
    new PrerenderError('OUTPUT_CLASH', message, {
      hint: 'Give one of the routes another path, or drop it from prerender.routes.',
    }),
  folderRoute: (route: string, contentType: string) =>
    new PrerenderError(
      'OUTPUT_CLASH',
      `Route "${route}" answered ${contentType}, but a route ending in "/" names a folder and can only be written as HTML (its index.html).`,
      { hint: 'List the route without the trailing "/" and with an extension, such as "/api/feed.json".' },
    ),
  /** `noRouteFile`: how many of the failures are routes no route file matches (NO_ROUTE_FILE), whose fix differs. */
  routesFailed: (failures: string[], details: unknown, noRouteFile = 0) => {
    const publish = 'pass --no-fail-on-error (prerender.failOnError: false) to publish the rest.';
    const fix = noRouteFile === 0 ? `Fix the routes listed, or ${publish}` : `${noRouteFileHint} ${noRouteFile === failures.length ? 'Or' : 'Fix the others, or'} ${publish}`;
    return new PrerenderError('ROUTES_FAILED', `${failures.length} route${failures.length === 1 ? '' : 's'} failed to prerender; nothing was published:\n${failures.join('\n')}`, { hint: fix, details });
  },
  /**
   * A listed route no route file answers GET for (the router found none: not a handler's 404): where
   * it is listed (`prerender.routes`, or the entries of a file), and either the files answering it for
   * other methods only or the nearest route a file serves. A failed route; its message is the line.
   */
  noRouteFile: (route: string, listedIn: string, near: { path: string; file: string } | undefined, otherMethods: { method: string; file: string }[]) => {
    const only = otherMethods.map(({ method, file }) => `${file} answers ${method} only`).join(', ');
    const message = only
      ? `no route file answers GET for this route, listed in ${listedIn}: ${only}, and the prerender requests GET`
      : `no route file matches this route, listed in ${listedIn}${near ? `; did you mean ${near.path} (${near.file})?` : ''}`;
    return new PrerenderError('NO_ROUTE_FILE', message, { hint: noRouteFileHint, details: { route } });
  },
  crawlShard: () =>
    new PrerenderError('USAGE', '--shard cannot be used with prerender.crawl: each shard would crawl from its own routes and could not tell which found route is its to render.', {
      hint: 'Build without --shard, or list the routes (prerender.routes) and set prerender.crawl to false to shard the build.',
    }),
  crawlLimit: (limit: number, route: string, foundOn: string) =>
    new PrerenderError('CRAWL_LIMIT', `Crawling found more than ${limit} links to follow (prerender.crawl.limit); the next, "${route}", was found on "${foundOn}". Nothing was published.`, {
      hint: `If the site is that large, raise the limit (prerender: { crawl: { limit: ${limit * 10} } }); if not, a route links on without end (such as a "next page" link on every page): stop it.`,
    }),
  invalidOutput: (lines: string[], more: number) =>
    new PrerenderError('INVALID_OUTPUT', `${lines.length + more} problem${lines.length + more === 1 ? '' : 's'} in prerendered files (prerender.validate is "error"); nothing was published:\n${lines.map((line) => `  ${line}`).join('\n')}${more > 0 ? `\n  ... and ${more} more` : ''}`, {
      hint: 'Fix the routes named, or set prerender.validate to "warn" to publish them anyway.',
    }),
  headerRulePath: (route: string, file: string, reason: string) =>
    new PrerenderError('HOST_RULES', `Route "${route}" (file ${file}) needs a _headers rule for its type, but ${reason}.`, {
      hint: 'Rename the route so its segments hold no "*" or ":name" another file also matches, or give it an extension that implies its type (such as .json).',
    }),
  tooManyHeaderRules: (limit: string, folders: string[]) =>
    new PrerenderError('HOST_RULES', `The _headers file cannot fit the host's limit (${limit}) even with rules grouped by folder. What does not fit (the folders needing the most rules):\n${folders.join('\n')}`, {
      hint: 'Give the routes in those folders an extension that implies their type (such as /api/u/1.json), so hosts type them without a rule; or build with a preset that has no such limit (--preset netlify).',
    }),
  mistypedFiles: (host: string, lines: string[]) =>
    new PrerenderError('HOST_TYPES', `${lines.length} file${lines.length === 1 ? '' : 's'} would be served by ${host} with another type than the route answered, and ${host} has no header control:\n${lines.join('\n')}`, {
      hint: 'Give each route an extension that implies its type (/api/users/1.json, /feed.rss), or set mistypedFiles: "warn" in the config to publish them anyway.',
    }),
  fileTooLarge: (host: string, limit: string, lines: string[]) =>
    new PrerenderError('HOST_LIMITS', `${host} serves files of at most ${limit}; ${lines.length === 1 ? 'this one is' : 'these are'} larger:\n${lines.join('\n')}`, {
      hint: 'Split the response into smaller files, or serve it from the API routes instead of prerendering it.',
    }),
  output: (path: string, cause: unknown) =>
    new PrerenderError('WRITE_FAILED', `Cannot write ${path}: ${messageOf(cause)}`, {
      hint: 'Check that the output folder is writable and the disk has room.',
      cause,
    }),
  notAFolder: (path: string, key: string) =>
    new PrerenderError('OUTPUT', `Cannot write the build to ${path}: a file is in the way, not a folder.`, {
      hint: `Remove or rename that file, or change "${key}" in your prerender config.`,
    }),
  buildRunning: (name: string, outDir: string, pid: number, lockFile: string) =>
    new PrerenderError('LOCKED', `Another build of "${name}" (process ${pid}) is writing ${outDir}; this build stopped before touching it.`, {
      hint: `Run one build at a time: wait for that one to finish, then build again. If no build is running, delete ${lockFile}.`,
    }),
  lockTakeover: (lockFile: string) =>
    new PrerenderError('LOCKED', `Another build is taking over ${lockFile}, left by a build that died; this build stopped before touching the output.`, {
      hint: 'Run one build of a site at a time: wait for that one to finish, then build again.',
    }),
  lockContended: (lockFile: string) =>
    new PrerenderError('LOCKED', `Other builds keep taking the lock ${lockFile}; this build stopped before touching the output.`, {
      hint: 'Run one build of a site at a time.',
    }),
  /** The process ran out of file descriptors (EMFILE), or the system did (ENFILE); `limit` is `ulimit -n` where known. */
  fileLimit: (operation: string, cause: NodeJS.ErrnoException, limit?: number) =>
    new PrerenderError(
      'FILE_LIMIT',
      `Too many open files while ${operation}: ${[cause.syscall, cause.path].filter(Boolean).join(' ') || 'a file'} failed with ${cause.code}` +
        (cause.code === 'ENFILE' ? ', the limit of the whole system.' : `${limit ? `; this process may keep ${limit} files open at once` : ''}.`),
      {
        hint:
          cause.code === 'ENFILE'
            ? 'Close programs holding many files, or raise the system limit (fs.file-max on Linux), then run it again.'
            : `Raise the limit of open files in the shell that runs the command (ulimit -n ${Math.max(4096, (limit ?? 0) * 4)}; in a container, its nofile ulimit), then run it again.`,
        cause,
      },
    ),
  interrupted: (signal: string) =>
    new PrerenderError('INTERRUPTED', `Build interrupted (${signal}): nothing was published, the previous output is as it was, and what this build had made is removed.`),
  moduleImport: (cause: unknown) =>
    new PrerenderError('MODULE_IMPORT', `A route module threw while it was loaded: ${messageOf(cause)}`, {
      hint: 'Fix the code the stack trace above points at: it runs when the route file is imported, before any request.',
      cause,
      traceCause: true,
    }),
  routesStopped: (cause: unknown) =>
    new PrerenderError('ROUTES_STOPPED', `The route modules stopped running: ${messageOf(cause)}`, {
      hint: 'An error thrown outside any request (in a timer or listener a route module started), or process.exit(), ends the build, as it would end the built server. Fix it and save: the dev server rebuilds then.',
      cause,
      traceCause: true,
    }),
  h3Missing: () =>
    new PrerenderError('DEPENDENCY', "api-prerender needs h3 v2, and h3 is not installed where it looks for it (the site's node_modules).", {
      hint: 'Install it in the site: npm install h3@^2',
    }),
  h3Version: (version: string, dir: string) =>
    new PrerenderError('DEPENDENCY', `api-prerender needs h3 v2; the h3 installed in the site (${dir}) is version ${version}.`, {
      hint: "Install h3 v2: npm install h3@^2 (route files written for h3 v1 need the changes in h3's v2 migration guide).",
    }),
  noBuild: (dir: string) =>
    new PrerenderError('NO_BUILD', `No build found in ${dir}.`, {
      hint: 'Run `prerender build` first.',
    }),
  portInUse: (host: string, port: number) =>
    new PrerenderError('SERVER', `Port ${port} on ${host} is already in use.`, {
      hint: `Stop the program using it, or pick another port: --port ${port === 65535 ? port - 1 : port + 1}, or --port 0 for any free one.`,
    }),
  listen: (host: string, port: number, cause: unknown) =>
    new PrerenderError('SERVER', `Cannot listen on ${host}:${port}: ${messageOf(cause)}`, {
      hint: 'Check --host (an address of this machine, such as 127.0.0.1 or 0.0.0.0) and --port (1024 to 65535 needs no privileges).',
      cause,
    }),
};

const noRouteFileHint = 'Fix each route no route file matches where it is listed (prerender.routes, or the entries of the file named), or add a route file that serves it.';
/** Text with its control characters written as escapes (`\t`, `\u0001`), not sent raw to a terminal. */
function withEscapes(text: string): string {
  return text.replace(/[\0-\x1f\x7f]/g, (char) => escapes[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const escapes: Record<string, string> = { '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** The package an import names: `@scope/pkg` or `pkg`, without a subpath. */
function packageName(source: string): string {
  return source.split('/').slice(0, source.startsWith('@') ? 2 : 1).join('/');
}
