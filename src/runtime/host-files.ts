/**
 * Files at the root of `public/` that hosts read as their own configuration and never serve:
 * Netlify's and Cloudflare Pages' `_headers` and `_redirects`, Cloudflare's `_routes.json` and
 * `_worker.js`. The servers do not serve them either, so preview answers as the host does.
 */
const hostConfigFiles = new Set(['_headers', '_redirects', '_routes.json', '_worker.js']);

/**
 * True for the path segments (decoded, relative to `public/`) of a host configuration file; letter
 * case is ignored, as a case-insensitive disk would find the file in any spelling.
 * @example isHostConfigFile(['_headers']) // true
 */
export function isHostConfigFile(segments: readonly string[]): boolean {
  return segments.length === 1 && hostConfigFiles.has(segments[0].toLowerCase());
}
