/**
 * The warnings about what a host does with the output (a preset's: Cloudflare Pages' free plan, its
 * single-page-app answer), a part of the catalogue in warnings.ts, which spreads them into `warnings`.
 */
import type { Warning } from '../warnings.ts';

export const hostWarnings = {
  /** A host that answers every path no file is with index.html and 200 when public/ has no 404.html. */
  singlePageFallback: (host: string): Warning => ({
    code: 'SINGLE_PAGE_FALLBACK',
    message: `public/ has an index.html and no 404.html: ${host} then takes the site for a single-page app and answers every path that is no file with index.html and status 200, so a request for a route that does not exist (/api/posts/nope.json) gets that HTML, not a 404. Add a 404.html to publicDir (or a route routes/404.html.ts) to have missing paths answered 404.`,
  }),
  manyFiles: (host: string, count: number, limit: number): Warning => ({
    code: 'MANY_FILES',
    message: `public/ holds ${count} files; ${host} deploys at most ${limit} on its free plan.`,
  }),
};
