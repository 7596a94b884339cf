/**
 * The catalogue of warnings: problems that do not stop the build. Each is printed and listed in the
 * build report with its code, as errors.ts does for errors; users filter them by code.
 */

/** What a warning is about: `--json` lists every warning of a build with its code. */
export type WarningCode =
  | 'TYPE_ERROR'
  | 'TYPE_CHECK'
  | 'MISTYPED_FILE'
  | 'MANY_FILES'
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
  | 'LEFTOVER_FOLDER';

/** A problem that does not stop the build: printed, and listed in the build report. */
export interface Warning {
  code: WarningCode;
  message: string;
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
  dotFilesLeftOut: (label: string, names: string[]): Warning => ({
    code: 'DOT_FILE_LEFT_OUT',
    message: `Left out the dot-files and dot-folders in ${label}: ${names.join(', ')}. No server serves them, so they are not published; .well-known/ is. Set publicDotFiles: true to publish them.`,
  }),
  mistypedFiles: (host: string, lines: string[]): Warning => ({
    code: 'MISTYPED_FILE',
    message: `${lines.length} file${lines.length === 1 ? '' : 's'} will be served by ${host} with another type than the route answered (mistypedFiles: "warn"):\n${lines.join('\n')}`,
  }),
  manyFiles: (host: string, count: number, limit: number): Warning => ({
    code: 'MANY_FILES',
    message: `public/ holds ${count} files; ${host} deploys at most ${limit} on its free plan.`,
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
  duplicateRoute: (route: string): Warning => ({ code: 'DUPLICATE_ROUTE', message: `Route "${route}" is listed twice in prerender.routes; it is rendered once.` }),
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
};
