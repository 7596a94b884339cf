/**
 * The link check's warnings (prerender.links), a part of the catalogue in warnings.ts, which spreads
 * them into `warnings`: a broken link names every page it is on, and that naming is theirs alone.
 */
import { counted } from '../plural.ts';
import type { Warning } from '../warnings.ts';
import type { OtherMethod } from '../routes/other-methods.ts';

/** A link of the output that reaches nothing (ask-server.ts's BrokenLink). */
export interface BrokenLinkFacts {
  link: string;
  target: string;
  foundOn: string;
  alsoOn?: string[];
  pages?: number;
  /** The server's status; 0 when it gave none. */
  status: number;
  /** The server's failure; absent when no route file serves the path. */
  error?: string;
  /** The link as a file of the output spells it but for case (case-twin.ts), when no route serves it. */
  spelt?: string;
  /** The link with `.html` added, a file of the output (html-twin.ts), when no route serves it. */
  htmlFile?: string;
  /** The path the link names resolved as if its page were a file, a file of the output (folder-twin.ts). */
  sibling?: string;
  /** The route files that serve the link's path for other methods than GET only (a `.post.ts`). */
  otherMethods?: OtherMethod[];
  /** The host that serves files alone, where a route answers the link but no file was written for it. */
  filesOnly?: string;
}

/**
 * The path a link resolves to, as the link ends it: the target (checked without a trailing `/`, a
 * folder's page either way) with the `/` the link's path ends with.
 * @example resolvedAs('../guide/', '/guide') // '/guide/'
 */
function resolvedAs(link: string, target: string): string {
  return target !== '/' && link.split(/[?#]/)[0]!.endsWith('/') ? `${target}/` : target;
}

/** BROKEN_LINK warnings, as `warnings.brokenLink` and `warnings.moreBrokenLinks` give them. */
export const linkWarnings = {
  /** A same-site link that reaches no file of public/ and no 2xx of the server (prerender.links). */
  brokenLink: ({ link, target, foundOn, alsoOn, pages, status, error, spelt, htmlFile, sibling, otherMethods, filesOnly }: BrokenLinkFacts): Warning => ({
    code: 'BROKEN_LINK',
    route: foundOn,
    link,
    target,
    ...(spelt && { spelt }),
    ...(alsoOn && { alsoOn, pages }),
    message:
      `Broken link "${link}" on ${foundOn}${link === target || link === target + '/' ? '' : ` (resolves to ${resolvedAs(link, target)})`}` +
      `${alsoOn ? `, also on ${otherPages(alsoOn, pages! - 1)}` : ''}: ` +
      (filesOnly ? `no file is written for it, and ${filesOnly} serves files alone: only the built server (server/index.mjs), which ${filesOnly} does not run, has a route answer it. Prerender it (list it in prerender.routes or a route file's entries, or turn on prerender.crawl), or link to a page that is written.` : otherMethods ? `${otherMethods.map(({ method, file }) => `${file} answers ${method} only`).join(', ')}, and following a link is a GET.` : spelt ? `no file serves it as spelt: link to ${spelt}, the file it differs from only in case (hosts on Linux tell cases apart; macOS and Windows do not).` : sibling ? `no file or route serves it: the page is a folder's index.html, served at its folder's URL, from which a relative link resolves one level down; link to ${sibling} (written from the page: ../${link}).` : htmlFile ? `no file or route serves it: link to ${htmlFile}, the page it names without its .html (GitHub Pages, Netlify and Cloudflare Pages serve it at both; preview, the built server, nginx and Caddy only at ${htmlFile}).` : error === undefined ? 'no file or route serves it.' : status === 0 ? `the server failed: ${error}.` : `the server answers ${status}: ${error}.`),
  }),
  /** The broken links past the first ones, which are listed one warning each. */
  moreBrokenLinks: (listed: number, count: number): Warning => ({
    code: 'BROKEN_LINK',
    message: `... and ${count} more broken link${count === 1 ? '' : 's'}, not listed (only the first ${listed} are).`,
  }),
};

/** The other pages a broken link is on, as its warning names them: the first three, then a count. */
function otherPages(pages: string[], count: number): string {
  const named = pages.slice(0, 3);
  if (count > named.length) return `${named.join(', ')} and ${counted(count - named.length, 'more page')}`;
  return named.length === 1 ? named[0]! : `${named.slice(0, -1).join(', ')} and ${named.at(-1)}`;
}
