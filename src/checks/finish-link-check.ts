/**
 * The end of `prerender.links`, once every route is written and the sitemap finished: the files of
 * `public/` no route wrote (publicDir copies, the sitemap) are read with the same reader, what is
 * still no file is asked of the server, and the broken links are reported: one BROKEN_LINK warning
 * each (the first {@link problemsListed}, then a count), or with `'error'` one BROKEN_LINKS error.
 */
import { join } from 'node:path';
import { errors } from '../errors.ts';
import { counted } from '../plural.ts';
import { warn, type Logger } from '../log.ts';
import { warnings } from '../warnings.ts';
import { askServer, type AskServerOptions } from './ask-server.ts';
import { caseTwin } from './case-twin.ts';
import { folderTwin } from './folder-twin.ts';
import { htmlTwin } from './html-twin.ts';
import { problemsListed } from './check-output.ts';
import { filePath, type LinkReader } from '../crawl/read-links.ts';
import { linkTarget, type LinkCheck, type PendingLink } from './link-check.ts';
import type { OtherMethod } from '../routes/other-methods.ts';

/** What the end of the link check needs; narrow on purpose. */
export interface FinishLinkCheckInput extends AskServerOptions {
  mode: 'warn' | 'error';
  check: LinkCheck;
  reader: LinkReader;
  /** The staged `public/`, and the files in it no route wrote (relative, `/`-separated; read in sorted order). */
  publicDir: string;
  files: readonly string[];
  /** Files larger than this are not read (`prerender.maxBodySize`, the bound of a route's body). */
  maxBytes: number;
  /**
   * A shard's: every shard's routes, of which the others' are written by the other shards, and
   * merged into this output: a link to one is good, though no file of this shard is it.
   */
  writtenElsewhere?: readonly { route: string }[];
  /** The route files that answer a path for other methods than GET only (routes/other-methods.ts). */
  otherMethodsOf: (route: string) => Promise<OtherMethod[]>;
  logger: Logger;
}

/** A link no file of `public/` serves and a route answers: good beside `server/index.mjs`, broken where `public/` is uploaded alone. */
export interface RouteOnlyLink {
  target: string;
  /** The first page it is on, and how many pages it is on. */
  foundOn: string;
  pages: number;
}

/**
 * Reads the remaining files, asks the server, and warns of (or throws BROKEN_LINKS for) the broken
 * links. Returns the links only a route answers, sorted by target.
 */
export async function finishLinkCheck(input: FinishLinkCheckInput): Promise<RouteOnlyLink[]> {
  const { check, reader } = input;
  for (const file of [...input.files].sort()) {
    const foundOn = filePath(file);
    await reader.ofFile(join(input.publicDir, ...file.split('/')), file, input.maxBytes, (links) => check.add(links, foundOn));
    input.signal?.throwIfAborted();
  }
  const answered: PendingLink[] = [];
  const unresolved = input.writtenElsewhere ? notWrittenElsewhere(check.unresolved(), input.writtenElsewhere) : check.unresolved();
  const broken = await askServer(unresolved, input, (link) => answered.push(link));
  const served = answered.map(({ target, foundOn, pages }) => ({ target, foundOn, pages: pages ?? 1 })).sort((a, b) => (a.target < b.target ? -1 : 1));
  if (served.length > 0) input.logger.info(servedByRoutes(served));
  if (broken.length === 0) return served;
  // Where no route serves the link for GET: the files that serve it for another method only (a
  // `.post.ts`), else a file spelt otherwise but for case, else the sibling a link written as if its
  // page were a file names, else the page the link names without its `.html`. Where a route answered
  // 404 (a `[slug]` route asked for `/blog/Hello`): a file spelt otherwise but for case (`/blog/hello`).
  const facts = await Promise.all(broken.slice(0, problemsListed).map(async (link) => {
    if (link.filesOnly !== undefined) return link;
    if (link.error !== undefined) {
      const spelt = link.status === 404 ? caseTwin(input.publicDir, link.target) : undefined;
      return spelt ? { ...link, spelt } : link;
    }
    const otherMethods = await input.otherMethodsOf(link.target);
    if (otherMethods.length > 0) return { ...link, otherMethods };
    const spelt = caseTwin(input.publicDir, link.target);
    if (spelt) return { ...link, spelt };
    const sibling = folderTwin(input.publicDir, link.link, link.foundOn, link.target);
    return sibling ? { ...link, sibling } : { ...link, htmlFile: htmlTwin(input.publicDir, link.target) };
  }));
  const listed = facts.map((link) => warnings.brokenLink(link));
  const more = broken.length - listed.length;
  if (input.mode === 'error') throw errors.brokenLinks(listed, more);
  for (const warning of listed) warn(input.logger, warning);
  if (more > 0) warn(input.logger, warnings.moreBrokenLinks(problemsListed, more));
  return served;
}

/** How many links shown by {@link servedByRoutes}. */
const servedShown = 3;

/**
 * The note of the links no file of `public/` serves and a route answers (the `static` preset: the
 * built server runs the routes): good links beside `server/index.mjs`, broken where `public/` is
 * uploaded alone, which a static host's preset checks.
 */
function servedByRoutes(links: readonly RouteOnlyLink[]): string {
  const shown = links.slice(0, servedShown).map(linkOn);
  const more = links.length > servedShown ? `, and ${links.length - servedShown} more` : '';
  return `links: ${counted(links.length, 'link')} lead${links.length === 1 ? 's' : ''} to routes not prerendered, which server/index.mjs answers and public/ alone does not: ${shown.join(', ')}${more}. Prerender them to publish them as files; build with a host's preset (--preset netlify) to have them checked as that host serves public/`;
}

/**
 * A link only a route answers, with the pages it is on: `/api/live (on /)`, `/api/live (on / and 2 more pages)`.
 * @example linkOn({ target: '/api/live', foundOn: '/', pages: 3 }) // '/api/live (on / and 2 more pages)'
 */
export function linkOn(link: RouteOnlyLink): string {
  const others = link.pages - 1;
  return `${link.target} (on ${link.foundOn}${others > 0 ? ` and ${others} more ${others === 1 ? 'page' : 'pages'}` : ''})`;
}

/** `links` without those whose target is a route of `routes` (every shard's): another shard writes it. */
function notWrittenElsewhere(links: PendingLink[], routes: readonly { route: string }[]): PendingLink[] {
  if (links.length === 0) return links;
  const targets = new Set(links.map((link) => link.target));
  const written = new Set<string>();
  for (const { route } of routes) {
    const target = linkTarget(route);
    if (targets.has(target)) written.add(target);
  }
  return written.size === 0 ? links : links.filter((link) => !written.has(link.target));
}
