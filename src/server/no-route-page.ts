/**
 * What a browser gets from `prerender dev` for a path no route file serves (`/` most often, where a
 * site of API routes has none): a 404 page listing the routes, each GET route without parameters a
 * link, in place of h3's JSON 404. Any other client gets h3's answer, as from the built server,
 * unless a file put where another tool reads routes would serve the path: it is named, with where it goes.
 */
import { siteFile, type RouteFiles } from '../bundle/load-bundle.ts';
import { escapeHtml } from '../escape-html.ts';
import type { RouteDefinition } from '../routes/file-to-route.ts';
import { devAnswer } from './build-error.ts';

/**
 * The 404 page for `request`, which no route of `routes` serves; `misplaced`: a file outside routesDir
 * that would serve it, and where it goes (both from the site root).
 */
export function noRouteResponse(request: Request, routes: readonly RouteDefinition[], site: RouteFiles, misplaced?: { file: string; moveTo: string }): Response {
  const { pathname } = new URL(request.url);
  const moveIt = misplaced && `${misplaced.file} would serve it, but route files are read from ${siteFile(site, '') || '.'}: move it to ${misplaced.moveTo}.`;
  const rows = routes.map(({ method, path, file }) => {
    const linked = (method === '' || method === 'GET') && !/[:*]/.test(path);
    const shown = escapeHtml(path);
    return `<tr><td>${method || '*'}</td><td>${linked ? `<a href="${shown}">${shown}</a>` : shown}</td><td>${escapeHtml(siteFile(site, file))}</td></tr>`;
  });
  const page = [
    `<h1>No route for ${escapeHtml(pathname)}</h1>`,
    `<p>No route file serves ${escapeHtml(request.method)} ${escapeHtml(pathname)}.${moveIt ? ` ${escapeHtml(moveIt)}` : ''} The routes of ${escapeHtml(siteFile(site, '') || '.')}:</p>`,
    rows.length === 0 ? '<p>None yet: add a file under it.</p>' : ['<table>', '<tr><th>method</th><th>path</th><th>file</th></tr>', ...rows, '</table>'].join('\n'),
    '<p>Shown by the dev server to browsers only: other clients, preview and the built server get a plain 404.</p>',
  ];
  return devAnswer(request, 404, { status: 404, message: `No route file serves ${request.method} ${pathname}.${moveIt ? ` ${moveIt}` : ''}` }, 'No route', page);
}
