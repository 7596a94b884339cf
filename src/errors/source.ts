/** The catalogue's errors of the route files and the code they run: their names, bundling, loading, the h3 they need (see errors.ts). */
import { packageName } from '../installed-package.ts';
import { methods } from '../routes/methods.ts';
import { messageOf, PrerenderError, type SourceLocation } from './prerender-error.ts';
import { withEscapes } from '../with-escapes.ts';

/** Errors of the route files and the code they run: their names, bundling, loading, the h3 they need. */
export const sourceErrors = {
  routeName: (file: string, reason: string, hint = 'Use [name] for a parameter, [...name] or [...] for a catch-all, (group) for a folder that adds no segment.') =>
    new PrerenderError('ROUTE_NAME', withEscapes(`Malformed route file name ${file}: ${reason}.`), { hint }),
  routeConflict: (method: string, path: string, files: string[]) =>
    new PrerenderError(
      'ROUTE_CONFLICT',
      `Two route files serve ${method === '' ? 'every method' : method} ${path}: ${files.join(' and ')}.`,
      { hint: 'Remove or rename one of them.' },
    ),
  /** Route files whose names differ only in letter case: one file on macOS and Windows. */
  routeFilesCase: (files: string[]) =>
    new PrerenderError('ROUTE_CONFLICT', `Route files ${files.join(' and ')} differ only in letter case: on macOS and Windows they are one file, and a checkout there keeps only one of them.`, {
      hint: 'Rename one of them, or merge them into one.',
    }),
  /**
   * `functions`: the keys of the functions of an object it default-exports (made by CommonJS exports,
   * most often); `exported`: the names it exports when it has no default export (`GET`, `handler`).
   */
  noHandler: (file: string, what: string, functions: string[] = [], exported: readonly string[] = []) =>
    new PrerenderError('NO_HANDLER', `Route file ${file} ${what}.`, {
      hint:
        functions.length > 0
          ? `Make the handler itself the file's default export, not ${functions.length === 1 ? 'the property' : 'one of the properties'} ${functions.map((key) => `\`${key}\``).join(', ')} of an object (as CommonJS \`exports.${functions[0]} = ...\` makes it): \`export default defineEventHandler((event) => ...)\`.`
          : defaultExportHint(file, exported),
    }),
  /**
   * Route files without a handler (each a {@link noHandler} error), named in one run: one error as
   * it is, several as one NO_HANDLER listing each file with what to do about it.
   */
  noHandlers: (each: PrerenderError[]) =>
    each.length === 1
      ? each[0]!
      : new PrerenderError('NO_HANDLER', `${each.length} route files have no event handler as their default export:\n${each.map((error) => `  ${error.message} ${error.hint ?? ''}`.trimEnd()).join('\n')}`, {
          hint: 'A route file default-exports its handler: `export default defineEventHandler((event) => ...)`.',
        }),
  compile: (message: string, loc?: SourceLocation, frame?: string) =>
    new PrerenderError('COMPILE', message, { loc, frame }),
  /** A JSON file a module imports (`file`, from the site root; `id`, its path) does not parse: `reason` is JSON.parse's own words. */
  invalidJson: (file: string, reason: string, id?: string) =>
    new PrerenderError('COMPILE', `${file} is not valid JSON: ${reason}.`, {
      id,
      hint: `Fix ${file}: JSON has no trailing commas and no comments, and its keys and strings are in double quotes. The routes that import it fail until it parses.`,
    }),
  syntax: (loc: SourceLocation, reason: string, frame?: string) =>
    new PrerenderError('COMPILE', `Syntax error in ${loc.file}:${loc.line}:${loc.column}: ${reason}`, {
      loc,
      frame,
      hint: 'Fix the code at the line shown; nothing was written.',
    }),
  /**
   * `installed`: the package is in the site's node_modules, so `source` names a path it does not
   * export; `meant`: else an installed package named almost as it (installed-package.ts), or for a
   * relative import a file named almost as it (bundle/file-near.ts). `id`: the importer's absolute
   * path, when it is a module of a build.
   */
  unresolvedImport: (importer: string, source: string, installed = false, meant?: string, id?: string) =>
    new PrerenderError('COMPILE', `${importer} imports "${source}", which cannot be resolved.`, {
      id,
      hint: source.startsWith('.')
        ? `${meant ? `Did you mean "${meant}"? ` : ''}Fix the import path (relative to the importing file).`
        : // `prerender` is our command's name; the npm package of that name is another project's.
          packageName(source) === 'prerender'
          ? `Import from 'api-prerender' in ${importer} (import { defineConfig } from 'api-prerender'): "prerender" is only the name of its command, and the npm package called prerender is another project.`
          : installed
            ? notExported(source)
            : meant
              ? `Did you mean "${meant}", which is installed? Fix the import; or install the package in the site (npm install ${packageName(source)}).`
              : `Install the package in the site (npm install ${packageName(source)}), or fix the import.`,
    }),
  /** An import of a stylesheet, image or font (`kind`) in a module of the site, at `loc`. */
  assetImport: (loc: SourceLocation, source: string, kind: string, frame?: string) =>
    new PrerenderError('COMPILE', `${loc.file}:${loc.line}:${loc.column} imports ${source}, ${kind}: the routes run on the server, where it is no module (only a browser's bundle, such as Vite's client build, imports it).`, {
      loc,
      frame,
      hint: `Remove the import from the routes' code. To serve or read the file, name it with new URL('${source.replace(/\?.*$/, '')}', import.meta.url) (copied beside the server) or put it in publicDir.`,
    }),
  /** `pkg`: the package `exporter` is a file of, if any (then named as imported); `loc` and `frame`: the import's place. */
  missingExport: (importer: string, binding: string, exporter: string, pkg?: string, loc?: SourceLocation, frame?: string, meant?: string) =>
    new PrerenderError('COMPILE', `${loc ? `${loc.file}:${loc.line}:${loc.column}` : importer} imports "${binding}" from ${pkg ? `${pkg} (${exporter})` : exporter}, which does not export it.`, {
      loc,
      frame,
      hint:
        pkg === 'h3' && meant
          ? `Did you mean "${meant}", which h3 exports?`
          : pkg === 'h3'
          ? `h3 v2 has no "${binding}": if it is an h3 v1 helper (send, sendError, ...), v2 does it otherwise, most often by returning the value from the handler; see h3's migration guide (h3.dev/migration).`
          : `${meant ? `Did you mean "${meant}", which it exports? ` : ''}` +
            (pkg
              ? `Fix the name imported: the installed ${pkg} does not export it (check the documentation of its version); a type is imported with \`import type { ... }\`.`
              : 'Fix the name imported; a type is imported with `import type { ... }`.'),
    }),
  /** `meant`: the path as written that names an entry of the same folder, within a slip of the keyboard. */
  missingAsset: (importer: string, file: string, meant?: string) =>
    new PrerenderError('COMPILE', `${importer} reads ${file} through new URL(..., import.meta.url), and there is no such file or folder${meant ? `; did you mean new URL('${meant}', import.meta.url)?` : '.'}`, {
      hint: 'The path is relative to the file that reads it; create the file or fix the path.',
    }),
  emptyAssetFolder: (importer: string, folder: string) =>
    new PrerenderError('COMPILE', `${importer} reads the folder ${folder} through new URL(..., import.meta.url), and it holds no files to copy next to the server (hidden files, such as a .gitkeep, are never copied).`, {
      hint: 'The build copies the folder beside the server, and a folder with no file in it cannot be copied: put the files the route reads in it, or read a file instead (a JSON file listing what there is).',
    }),
  /**
   * `at`: the first place of the site's code in its stack (`src/lib/db.ts:2`), when there is one;
   * `cycle`: the circle of imports that place's file is in, when the error is a name read too early.
   */
  moduleImport: (cause: unknown, at?: string, cycle?: string[]) =>
    new PrerenderError('MODULE_IMPORT', `A route module threw while it was loaded${at ? `, at ${at}` : ''}: ${messageOf(cause)}`, {
      hint: cycle
        ? `These modules import each other in a circle: ${cycle.join(' -> ')}. One of them runs before the other has set its names, so reading one at its top level throws. Move what they share into a module of its own that imports neither, or read the name inside a function (by the time a request comes, it is set).`
        : 'Fix the code its stack trace points at (the first frame in your files): it runs when the route file is imported, before any request.',
      cause,
      traceCause: true,
    }),
  /** A handler `prerender dev` ran whose promise did not settle within prerender.timeout: the answer shows the message alone, so it holds the fix. */
  routeTimedOut: (file: string, ms: number) =>
    new PrerenderError(
      'ROUTES_FAILED',
      `Route file ${file} did not answer within ${ms} ms (prerender.timeout), as a build's route would fail: its handler is still waiting (on a promise that never settles, or on work that takes longer). Give what it waits for a time limit (a request with no timeout of its own, a callback never called), or raise prerender.timeout if the route takes longer.`,
    ),
  /**
   * The bundle's import (or, in dev, route file `file`'s module) did not settle within `ms`: a
   * top-level await of the site's that waits on and on; `awaiting`: the site's modules that await at
   * their top level, when the bundle knows them (bundle-facts.ts).
   */
  moduleLoadTimedOut: (ms: number, file?: string, awaiting: readonly string[] = []) =>
    new PrerenderError(
      'MODULE_IMPORT',
      `${file ? `Route file ${file} did` : 'The route modules did'} not finish loading within ${ms} ms (prerender.timeout): ` +
        (awaiting.length === 1
          ? `the code at the top level of ${awaiting[0]} is still waiting (an await outside any function that does not settle).`
          : awaiting.length > 1
            ? `the code at the top level of one of ${awaiting.join(', ')} is still waiting (an await outside any function that does not settle).`
            : `code at the top level of ${file ? 'it' : 'a route file'}, or of a module ${file ? 'it imports' : 'one imports'}, is still waiting (an await outside any function that does not settle).`),
      {
        hint:
          `Find the \`await\` outside any function${awaiting.length > 0 ? '' : ' in the route files and the modules they import'}, and give what it waits for a time limit, or move it into the handler (each request is bounded by prerender.timeout).` +
          (file ? '' : ' The build loads every route file, listed or not.'),
      },
    ),
  routesStopped: (cause: unknown) =>
    new PrerenderError('ROUTES_STOPPED', `The route modules stopped running: ${messageOf(cause)}`, {
      hint: 'process.exit() in a route module (or a module it imports) ends the thread that runs the routes, as it would end the built server: throw createError({ status, message }) to fail a request instead. The dev server starts the routes again in a new thread on the next request, and rebuilds on a save.',
      cause,
      traceCause: true,
    }),
  /**
   * `prerender build`: the site's code threw outside any request while the build ran it, or, once the
   * build had `settled`, before the command exited (a timer of a route that finished or timed out).
   * `shown`: the error as its stack is printed (its frames named from the site root), when not `cause` itself.
   */
  siteThrewInBuild: (cause: unknown, settled?: BuildSettled, shown: unknown = cause) =>
    new PrerenderError('ROUTES_STOPPED', `The site's code threw outside any request ${whenInBuild(settled)}: ${messageOf(cause)}`, {
      hint: ((cause as NodeJS.ErrnoException | undefined)?.code === 'ERR_INVALID_STATE'
        ? // A stream's controller written to after the stream was cancelled (Node's code for it).
          'A stream was written to after it was cancelled: the build cancels the body of a route past prerender.timeout or prerender.maxBodySize, as a server cancels it when a client hangs up. Give the ReadableStream a cancel() that stops what feeds it (clearTimeout, clearInterval, closing its source), at the first frame of your code in the stack. '
        : 'It comes from a timer, an event listener or a promise nothing awaited (in a route module, or code it imports): fix it at the first frame of your code in the stack, or await the promise in the handler so that its route fails instead. ') + publishedSentence(settled),
      cause: shown,
      traceCause: true,
    }),
  /**
   * `prerender build`: the site's code called process.exit() while the build ran it, or after it
   * `settled`; `call`: an error made where it was called, whose stack is the site's frames.
   */
  siteExitedInBuild: (code: number | string, settled?: BuildSettled, call?: Error) =>
    new PrerenderError('ROUTES_STOPPED', `The build was ended by process.exit(${code}), called by the site's code it ran (a route handler, a module it imports, an entries or routes function, or the config)${settled ? ` ${whenInBuild(settled)}` : ''}; ${settled === 'published' ? 'the output was published and stays, but the built server would end the same way' : 'nothing was published'}.`, {
      hint: `Code the build runs must never end the process${call ? ' (the first frame of your code in the stack called it)' : ''}: in a handler, throw createError({ status, message }) to fail its route instead.`,
      cause: call,
      traceCause: call !== undefined,
    }),
  h3Missing: () =>
    new PrerenderError('DEPENDENCY', "api-prerender needs h3 v2, and h3 is not installed where it looks for it (the site's node_modules).", {
      hint: 'Install it in the site: npm install h3@^2',
    }),
  h3Version: (version: string, dir: string) =>
    new PrerenderError('DEPENDENCY', `api-prerender needs h3 v2; the h3 installed in the site (${dir}) is version ${version}.`, {
      hint: "Install h3 v2: npm install h3@^2 (route files written for h3 v1 need the changes in h3's v2 migration guide).",
    }),
};

/** How a build ended, for what the site's code does between that and the command's exit. */
export type BuildSettled = 'failed' | 'published';

/** When the site's code did it: while the build ran, or after it ended. */
function whenInBuild(settled: BuildSettled | undefined): string {
  if (settled === undefined) return 'while the build ran it';
  return settled === 'failed' ? 'after the build had failed' : 'after the build published its output';
}

/** What became of the output, said last. */
function publishedSentence(settled: BuildSettled | undefined): string {
  return settled === 'published' ? 'The output was published and stays; the built server would end the same way.' : 'Nothing was published.';
}

/** The hint for an import of an installed package that does not resolve: a path it does not export, or an entry it lacks. */
function notExported(source: string): string {
  const name = packageName(source);
  if (name === 'api-prerender') return "api-prerender has one entry: import from 'api-prerender' (import { defineConfig } from 'api-prerender').";
  if (name === source) return `${name} is installed, but Node finds no entry of it to import: reinstall it (npm install ${name}), or check its version supports Node's ES modules.`;
  return `${name} is installed, but does not export "${source.slice(name.length + 1)}": fix the import to a path it exports (its package.json "exports" lists them).`;
}

/** Exports a route file may have beside its handler, which the build reads. */
const routeFileExports = new Set(['entries', 'cacheKey']);

/**
 * How to give a route file the default export it lacks, from what it exports instead: a handler per
 * method (`export const GET`, as SvelteKit's and Astro's endpoints are written) is a file per method
 * here; another name (`export const handler`) becomes the default export.
 */
function defaultExportHint(file: string, exported: readonly string[]): string {
  const named = exported.filter((name) => name !== 'default' && !routeFileExports.has(name));
  const perMethod = named.filter((name) => (methods as readonly string[]).includes(name.toLowerCase()));
  if (perMethod.length > 0) {
    const stem = file.replace(/\.[^./]+$/, '');
    const ext = file.slice(stem.length);
    const files = perMethod.map((name) => `${stem}.${name.toLowerCase()}${ext}`);
    return `It exports ${listed(perMethod)}: a route file's handler is its default export, which answers every method; a file for one method is named for it (${files.join(', ')}), with \`export default defineEventHandler((event) => ...)\`.`;
  }
  if (named.length > 0) return `It exports ${listed(named)} by name: if ${named.length === 1 ? 'that' : 'one of them'} is the handler, make it the default export (\`export default ${named[0]}\`); else add \`export default defineEventHandler((event) => ...)\`. ${notARoute}`;
  return `Add \`export default defineEventHandler((event) => ...)\` to the file. ${notARoute}`;
}

/** The other fix of a route file without a handler: a helper module kept among the routes. */
const notARoute = 'If it is no route but code the routes import, move it out of the routes folder (to src/server/utils/, say): every file there is a route.';

const listed = (names: readonly string[]): string => names.map((name) => `\`${name}\``).join(', ');
