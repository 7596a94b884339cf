/**
 * What a host that serves a build's files alone (a static preset's: GitHub Pages runs no route)
 * answers where no file does, as the previews (`prerender preview`, `vite preview`) answer it.
 */

import type { FileSource } from './file-table.ts';
import { htmlWithoutExtension } from './cloudflare-html.ts';
import { decodeSegment } from './url-path.ts';

const text = { 'content-type': 'text/plain; charset=utf-8' };

/** Cloudflare Pages, as the previews name it: its answer where no file is differs from the others'. */
export const cloudflarePages = 'Cloudflare Pages';

/** A 405 for any method but GET and HEAD, which reach no route on `host`; `undefined` for those two. */
export function methodNotServed(method: string, host: string): Response | undefined {
  if (method === 'GET' || method === 'HEAD') return undefined;
  return new Response(`Method not allowed: ${host} serves the files alone, to GET and HEAD; a ${method} reaches no route there. Build for another preset to have the routes answer here.\n`, {
    status: 405,
    headers: { ...text, allow: 'GET, HEAD' },
  });
}

/** The 404 for `pathname` (as requested), which no file of the build is, on `host`. */
export function noFileServed(pathname: string, host: string): Response {
  return new Response(`Not found: no file of the build is ${pathname}, and ${host} serves the files alone (a route answers nothing there). Prerender the route, or build for another preset to have the routes answer here.\n`, {
    status: 404,
    headers: text,
  });
}

/**
 * What `host` answers a GET of `pathname` (as requested) that no file of `files` is, as measured
 * against `wrangler pages dev` for Cloudflare Pages: the nearest `404.html` up the path's folders,
 * with status 404 (after the page `/about` names, `about.html`: cloudflare-html.ts); with no
 * `404.html` at the top, the site is taken for a single-page app and
 * `index.html` is the answer, with 200. The other hosts send the top `404.html` with 404. Else
 * {@link noFileServed}.
 */
export async function notFoundAnswer(files: FileSource, pathname: string, host: string): Promise<Response> {
  const page = host === cloudflarePages ? await htmlWithoutExtension(files, pathname) : undefined;
  if (page !== undefined) return new Response(await files.read(page), { status: 200, headers: { 'content-type': page.type } });
  const folders = host === cloudflarePages ? foldersUp(pathname) : [''];
  for (const folder of folders) {
    const page = await files.find(`${folder}/404.html`);
    if (page !== undefined) return new Response(await files.read(page), { status: 404, headers: { 'content-type': page.type } });
  }
  const index = host === cloudflarePages ? await files.find('/index.html') : undefined;
  if (index !== undefined) return new Response(await files.read(index), { status: 200, headers: { 'content-type': index.type } });
  return noFileServed(pathname, host);
}

/**
 * The folders of `pathname`, decoded, from its own up to the top (`''`); the top alone for a path
 * with a segment that does not decode.
 * @example foldersUp('/api/posts/x.json') // ['/api/posts', '/api', '']
 */
function foldersUp(pathname: string): string[] {
  const segments = pathname.split('/').slice(1, -1).map(decodeSegment);
  if (segments.some((segment) => segment === undefined)) return [''];
  return segments.map((_, index) => '/' + segments.slice(0, segments.length - index).join('/')).concat('');
}
