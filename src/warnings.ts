/**
 * The catalogue of warnings: problems that do not stop the build. Each is printed and listed in the
 * build report with its code, as errors.ts does for errors; users filter them by code.
 */
import { counted } from './plural.ts';
import { linkWarnings } from './warnings/links.ts';
import { routeFileWarnings } from './warnings/route-files.ts';
import { viteWarnings } from './warnings/vite.ts';
import { cacheWarnings } from './warnings/cache.ts';
import { hostWarnings } from './warnings/hosts.ts';

export type { BrokenLinkFacts } from './warnings/links.ts';

/** What a warning is about: `--json` lists every warning of a build with its code. */
export type WarningCode =
  | 'TYPE_ERROR'
  | 'TYPE_CHECK'
  | 'MISTYPED_FILE'
  | 'MANY_FILES'
  | 'SINGLE_PAGE_FALLBACK'
  | 'HEADERS_DROPPED'
  | 'BUNDLE'
  | 'LINK_LEFT_OUT'
  | 'DOT_FILE_LEFT_OUT'
  | 'DUPLICATE_ROUTE'
  | 'CRAWL_LINK_SKIPPED'
  | 'UNTYPED_FILE'
  | 'INVALID_JSON'
  | 'INVALID_XML'
  | 'INVALID_FEED'
  | 'INVALID_OUTPUT'
  | 'NOTHING_TO_PRERENDER'
  | 'ENTRIES_EMPTY'
  | 'SHADOWED_ROUTE'
  | 'UNSERVED_ROUTE'
  | 'ROUTE_LINK'
  | 'ASSET_URL'
  | 'ROUTE_PARAM'
  | 'IMPORT_META_ENV'
  | 'VITE_SITE'
  | 'BROKEN_LINK'
  | 'COMPRESS_UNUSED'
  | 'COMPRESSED_NAME_TAKEN'
  | 'CONFIG_FILE'
  | 'HANDLER_RESULT'
  | 'NOT_A_ROUTE'
  | 'CACHE_IGNORED'
  | 'CACHE_NOT_SAVED'

  | 'LEFTOVER_FOLDER';

/** A problem that does not stop the build: printed, and listed in the build report. */
export interface Warning {
  code: WarningCode;
  message: string;
  /** The route (or file of `public/`, by its path) the warning is about, for a warning about one. */
  route?: string;
  /** BROKEN_LINK: the link as written, and the path it names (its query and fragment dropped). */
  link?: string;
  target?: string;
  /** BROKEN_LINK: the link spelt as a file of the output it names but for case (`/about.html` for `/About.html`). */
  spelt?: string;
  /**
   * BROKEN_LINK on more pages than `route`: the next ones (ten pages in all at most), and how many
   * there are; HANDLER_RESULT of more routes than `route`: the next ones its message names.
   */
  alsoOn?: string[];
  pages?: number;
}

/** The catalogue of warnings, as `errors` (errors.ts) is of errors. */
export const warnings = {
  typeError: (location: string, diagnostic: string): Warning => ({ code: 'TYPE_ERROR', message: `${location}${diagnostic}` }),
  /** How the type check ran when it could not run as asked (another TypeScript, or not at all). */
  typeCheck: (message: string): Warning => ({ code: 'TYPE_CHECK', message }),
  /** Any other warning of Rollup or one of its plugins, in its own words. */
  bundle: (message: string): Warning => ({ code: 'BUNDLE', message }),
  linksLeftOut: (label: string, links: string[]): Warning => ({
    code: 'LINK_LEFT_OUT',
    message: `Left out ${links.length} link${links.length === 1 ? '' : 's'} in ${label} leading outside it: ${links.join(', ')}. Copy the files in instead.`,
  }),
  /** Dot-names left out of publicDir's copy: `hidden` (publicDotFiles: true would copy them) and `secret` (.env files, never copied). */
  dotFilesLeftOut: (label: string, hidden: string[], secret: string[] = []): Warning => {
    const sentences: string[] = [];
    if (hidden.length > 0) {
      sentences.push(`Left out the dot-files and dot-folders in ${label}: ${hidden.join(', ')}. No server serves them, so they are not published; .well-known/ is. Set publicDotFiles: true to publish them.`);
    }
    if (secret.length > 0) {
      const one = secret.length === 1;
      sentences.push(`Left out ${secret.join(', ')} in ${label}, even with publicDotFiles: true: ${one ? 'a .env file holds' : '.env files hold'} secrets, and a host serves what is published to anyone. Move ${one ? 'it' : 'them'} out of ${label}.`);
    }
    return { code: 'DOT_FILE_LEFT_OUT', message: sentences.join(' ') };
  },
  mistypedFiles: (host: string, lines: string[]): Warning => ({
    code: 'MISTYPED_FILE',
    message: `${lines.length} file${lines.length === 1 ? '' : 's'} will be served by ${host} with another type than the route answered (mistypedFiles: "warn"):\n${lines.join('\n')}`,
  }),
  /** Route files whose handlers set headers a host that reads no header rules will not send: the first `lines`, and how many in all. */
  headersDropped: (host: string, lines: string[], count: number): Warning => ({
    code: 'HEADERS_DROPPED',
    message: `${count} route${count === 1 ? '' : 's'} answered with headers ${count === 1 ? 'its handler' : 'their handlers'} set, which ${host} will not send with ${count === 1 ? 'its file' : 'their files'} (it reads no header rules):\n${lines.join('\n')}${count > lines.length ? `\n  ... and ${count - lines.length} more` : ''}\nSet them where the site is served from (a CDN in front of it), or deploy with a preset whose host reads _headers (netlify, cloudflare).`,
  }),
  /** Links the crawl found that no file can be written for (prerender.crawl): the first few, and how many. */
  crawlLinksSkipped: (count: number, examples: string[]): Warning => ({
    code: 'CRAWL_LINK_SKIPPED',
    message: `Crawling left out ${count} link${count === 1 ? '' : 's'} whose path cannot be a file name: ${examples.join(', ')}${count > examples.length ? `, and ${count - examples.length} more` : ''}.`,
  }),
  /** The previous output, moved aside by the swap, could not be removed: the new one is published. */
  previousOutputLeft: (path: string, reason: string): Warning => ({
    code: 'LEFTOVER_FOLDER',
    message: `Could not remove the previous output, moved aside to ${path}: ${reason}. The new output is published; the next build removes the old copy once it can (make it writable, or remove it yourself).`,
  }),
  /** A staging or old folder an earlier build left could not be removed; it is not part of the output. */
  leftoverNotRemoved: (path: string, reason: string): Warning => ({
    code: 'LEFTOVER_FOLDER',
    message: `Could not remove ${path}, left by an earlier build: ${reason}. It is not part of the output; make it writable, or remove it yourself.`,
  }),
  /** Routes listed more than once in prerender.routes: how many repeats, and the first few routes repeated. */
  duplicateRoutes: (count: number, examples: string[]): Warning => ({
    code: 'DUPLICATE_ROUTE',
    message:
      count === 1
        ? `Route "${examples[0]}" is listed twice in prerender.routes; it is rendered once.`
        : `${count} entries of prerender.routes repeat a route listed before them, such as ${examples.map((route) => `"${route}"`).join(', ')}; each route is rendered once.`,
  }),
  /** A prerendered JSON or XML file that does not parse, or a feed missing what its format requires (prerender.validate). */
  invalidOutput: (problem: { code: 'INVALID_JSON' | 'INVALID_XML' | 'INVALID_FEED'; route: string; file: string; element?: string; message: string }): Warning => ({
    code: problem.code,
    message: `Route "${problem.route}" (public/${problem.file})${problem.element ? `: ${problem.element}` : ''} ${problem.message}.`,
  }),
  /** What is left unlisted past the first problems, which are listed one warning each. */
  moreInvalidOutput: (listed: number, count: number): Warning => ({
    code: 'INVALID_OUTPUT',
    message: `... and ${count} more problem${count === 1 ? '' : 's'} in prerendered files, not listed (only the first ${listed} are).`,
  }),
  untypedFiles: (count: number, examples: string, more: boolean): Warning => ({
    code: 'UNTYPED_FILE',
    message:
      `${count} route${count === 1 ? ' was written as a file' : 's were written as files'} without extension: ${examples}${more ? ', ...' : ''}. ` +
      'Only hosts that read public/_headers (Netlify, Cloudflare Pages) serve them with that type; give the route an extension (feed.json) to be safe.',
  }),
  typedByExtension: (count: number, examples: string, more: boolean): Warning => ({
    code: 'MISTYPED_FILE',
    message:
      `${count} route${count === 1 ? ' was written as a file' : 's were written as files'} whose extension says another type than the route answered: ${examples}${more ? ', ...' : ''}. ` +
      'Only hosts that read public/_headers (Netlify, Cloudflare Pages) serve them with the type answered; have each answer the type its extension says (a content-type header set in the handler), or give it the extension of the type it answers.',
  }),
  ...routeFileWarnings,
  /**
   * Route files a static host (`preset`) will not serve, one line each (`POST /api/x (file)`), the
   * first few of `count`; `serverFile` serves them.
   */
  unservedRoutes: (host: string, served: string, lines: string[], count: number, serverFile: string): Warning => ({
    code: 'UNSERVED_ROUTE',
    message:
      `${host} serves only the files in ${served}: ${counted(count, 'route file')} will not be served there: ` +
      `${lines.join(', ')}${count > lines.length ? `, and ${count - lines.length} more` : ''}. ` +
      `Prerender the GET routes among them (prerender.routes, entries), serve the others from ${serverFile} on a Node host, or build with preset "static" if they are served elsewhere.`,
  }),
  ...linkWarnings,
  ...viteWarnings,
  ...hostWarnings,
  /** Config files in the site root beside the one used (`used`), which are not read. */
  configFilesUnread: (used: string, unread: string[]): Warning => ({
    code: 'CONFIG_FILE',
    message:
      `${used} is used; ${unread.slice(0, -1).join(', ')}${unread.length > 1 ? ' and ' : ''}${unread.at(-1)} ${unread.length === 1 ? 'is' : 'are'} not read ` +
      '(the first found of prerender.config.ts, .mts, .js, .mjs is). Remove the files you do not mean, or name the one to use (--config, or the configFile option).',
  }),
  /**
   * No config file found, but one in the site root named almost as one (`name`): `rename` is the name
   * that has it read; `passable`: `--config` (the configFile option) reads it as it is named (its
   * extension is a config's). Both are named: the lookup is the library's, for the CLI and its callers.
   */
  configFileMisnamed: (name: string, rename: string, passable: boolean): Warning => ({
    code: 'CONFIG_FILE',
    message:
      `No config file was read: ${name} is not a name the lookup reads (prerender.config.ts, .mts, .js or .mjs, in the site root). ` +
      `Rename it to ${rename} if it is the config${passable ? `, or name it as it is (--config ${name}, or configFile: '${name}')` : ''}.`,
  }),
  /** No config file found, but one in a folder of the site (`path`, from the root) the lookup does not read; `rename` is its name in the root. */
  configFileMisplaced: (path: string, rename: string, passable: boolean): Warning => ({
    code: 'CONFIG_FILE',
    message:
      `No config file was read: ${path} is not in the site root, where the lookup reads prerender.config.ts, .mts, .js or .mjs. ` +
      (passable ? `Name it if it is the config (--config ${path}, or configFile: '${path}'), or move it to the site root as ${rename}.` : `Move it to the site root as ${rename} if it is the config.`),
  }),
  ...cacheWarnings,
  /** `import.meta.dirname` or `.filename` (`name`) at `place` (file:line:column) of a site's module: the bundle's when a route runs. */
  modulePath: (place: string, name: 'dirname' | 'filename'): Warning => ({
    code: 'ASSET_URL',
    message:
      `${place}: import.meta.${name} names the built server's ${name === 'dirname' ? 'folder (dist/<name>/server/)' : 'file (dist/<name>/server/index.mjs)'} when a route runs, not this source's: ` +
      "a file read by it is looked for there. Name a file beside the source with new URL('./data.json', import.meta.url), or a folder with new URL('../content/', import.meta.url): the build copies either beside the server.",
  }),
  /**
   * `new URL(path, import.meta.url)` with a path the build cannot copy beside the server (`place`:
   * file:line:column); `literal`: the literal to write instead (the file made relative, or the folder
   * its static start names and the rest of the path), where the path says.
   */
  assetUrl: (place: string, problem: string, path: string, literal?: { file: string } | { folder: string; rest: string }): Warning => ({
    code: 'ASSET_URL',
    message:
      `${place}: new URL() with a path that ${problem} (${path}): only a literal path starting with ./ or ../ is copied next to the server; ` +
      (literal === undefined
        ? `name the folder of the files literally, relative to this file (new URL('./content/', import.meta.url) for a content/ folder beside it), then new URL(${path}, folder).`
        : 'file' in literal
          ? `write new URL('${literal.file}', import.meta.url).`
          : `name its folder literally, new URL('${literal.folder}', import.meta.url), then new URL(${literal.rest}, folder).`),
  }),
  /** `compress` with a preset whose host compresses on its own and would serve each copy as a file of its own. */
  compressUnused: (preset: string, host: string): Warning => ({
    code: 'COMPRESS_UNUSED',
    message:
      `compress is set, but ${host} (preset "${preset}") compresses files itself and serves no precompressed copies: it would publish a copy (x.json.br) as a file of its own. ` +
      'No copies were written. Remove compress from the config, or build with preset "static" for a server that serves them (the built server, nginx, Caddy).',
  }),
  /** Files whose copy would overwrite a file of the site (`x.json.br` is a publicDir file or a route's): the first few, and how many. */
  compressedNameTaken: (count: number, examples: string[]): Warning => ({
    code: 'COMPRESSED_NAME_TAKEN',
    message:
      `${counted(count, 'precompressed copy', 'precompressed copies')} not written, as a file of the site has the name: ${examples.join(', ')}${count > examples.length ? `, and ${count - examples.length} more` : ''}. ` +
      'Those files are served as they are; rename the file of the site if it is no copy you made yourself.',
  }),
  /** A handler's result h3 sends as other than meant (prerender/handler-result.ts): the file, the first routes, how many. */
  handlerResult: (file: string, routes: string[], count: number, message: string): Warning => ({
    code: 'HANDLER_RESULT',
    message: `${file}: the handler of ${routes.join(', ')}${count > routes.length ? ` and ${count - routes.length} more routes` : ''} ${message}.`,
    // The routes named, each shown with the warning on its row of the report's table.
    route: routes[0],
    ...(routes.length > 1 && { alsoOn: routes.slice(1) }),
  }),
};
