/**
 * An HTML page asked for without the slash of its folder. The build writes a route's HTML answer at
 * `/docs` as `docs/index.html`, which every static host serves at `/docs/` and sends `/docs` to with
 * a 301 (GitHub Pages, Netlify, Cloudflare Pages, nginx); a relative link on the page (`href="intro"`)
 * then resolves against the folder. Our servers send the same 301 for a route's HTML answer there
 * (dev, preview, the built server), so a page's links resolve alike wherever it is served, prerendered
 * or not; the static layer sends it for the files (static.ts).
 */
import { isHtml } from '../content-type.ts';
import { hasExtension } from './extension.ts';

/**
 * The 301 to the folder's URL for `response`, a 200 HTML answer to a GET or HEAD at a path without
 * the slash of its folder (no extension in its last segment: `/docs`, not `/feed.html`), with
 * `cacheControl`; `undefined` for any other answer.
 */
export function folderRedirect(request: Request, response: Response, cacheControl: string): Response | undefined {
  if (response.status !== 200 || (request.method !== 'GET' && request.method !== 'HEAD')) return undefined;
  // The path's last segment from the URL's text first: most answers (`/api/items/1.json`) end here,
  // before their headers or a parsed URL are asked for, on the built server's every request.
  const url = request.url;
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  const last = path.slice(path.lastIndexOf('/') + 1);
  if (last === '' || hasExtension(last)) return undefined;
  const type = response.headers.get('content-type');
  if (type === null || !isHtml(type)) return undefined;
  const { pathname, search } = new URL(url);
  return new Response(null, { status: 301, headers: { location: `${pathname}/${search}`, 'cache-control': cacheControl } });
}

/** `fetch`, with an HTML page asked for without the slash of its folder sent to it, with `cacheControl`. */
export function withFolderPages(fetch: (request: Request) => Response | Promise<Response>, cacheControl: string): (request: Request) => Response | Promise<Response> {
  const redirected = (request: Request, response: Response) => {
    const moved = folderRedirect(request, response, cacheControl);
    if (!moved) return response;
    void response.body?.cancel();
    return moved;
  };
  return (request) => {
    const answered = fetch(request);
    return answered instanceof Promise ? answered.then((response) => redirected(request, response)) : redirected(request, answered);
  };
}
