/**
 * What a host that serves a build's files alone (a static preset's: GitHub Pages runs no route)
 * answers where no file does, as the previews (`prerender preview`, `vite preview`) answer it.
 */

const text = { 'content-type': 'text/plain; charset=utf-8' };

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
