/**
 * Cloudflare Pages' handling of HTML files, as `wrangler pages dev` answers (measured): a page asked
 * for by its file's name (`/about.html`, `/docs/index.html`, `/404.html`) is sent with a 308 to the
 * URL it is served at (`/about`, `/docs/`, `/404`), and `/about` is answered with `about.html`.
 * The previews of a `cloudflare` build answer so (server.ts, files-alone.ts).
 */
import type { FileSource, FoundFile } from './file-table.ts';
import { hasExtension } from './extension.ts';
import { decodeSegment } from './url-path.ts';

/** The 308 for a GET of an HTML file by its name (`pathname` as requested), when it is a file of `files`. */
export async function htmlFileMoved(files: FileSource, pathname: string, search: string): Promise<Response | undefined> {
  if (!pathname.endsWith('.html')) return undefined;
  const path = decodedPath(pathname);
  if (path === undefined || (await files.find(path)) === undefined) return undefined;
  const at = pathname.endsWith('/index.html') ? pathname.slice(0, -'index.html'.length) : pathname.slice(0, -'.html'.length);
  return new Response(null, { status: 308, headers: { location: (at || '/') + search } });
}

/** The HTML file `pathname` (no extension, no trailing `/`: `/about`) is served from, if `files` has it. */
export async function htmlWithoutExtension(files: FileSource, pathname: string): Promise<FoundFile | undefined> {
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  if (last === '' || hasExtension(last)) return undefined;
  const path = decodedPath(pathname);
  return path === undefined ? undefined : files.find(`${path}.html`);
}

/** `pathname` with each segment decoded; `undefined` when one does not decode. */
function decodedPath(pathname: string): string | undefined {
  const segments = pathname.split('/').map(decodeSegment);
  return segments.some((segment) => segment === undefined) ? undefined : segments.join('/');
}
