/**
 * A relative link written as if its page were a file. A page at `/docs/intro` is written as
 * `docs/intro/index.html`, which hosts serve at its folder's URL, `/docs/intro/`: there `href="setup"`
 * is `/docs/intro/setup`, where its writer most often meant `/docs/setup`, a sibling of the page.
 * The link check names that path when a file of the output serves it, so the warning says the fix.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { pathSegments } from '../runtime/asset-id.ts';

/**
 * The path `link` names when resolved against its page `foundOn` as a file, when that is not where
 * it resolves (`target`) and a file of `dir` serves it (itself, or its folder's index.html).
 * @example folderTwin('dist/site/public', 'setup', '/docs/intro', '/docs/intro/setup') // '/docs/setup'
 */
export function folderTwin(dir: string, link: string, foundOn: string, target: string): string | undefined {
  // A path of its own (`/x`, `https:`), or one to the page itself (`#top`, `?page=2`).
  if (/^([a-z][a-z\d+.-]*:|[/#?])/i.test(link)) return undefined;
  const page = foundOn.replace(/\/index\.html$/, '').replace(/\/$/, '');
  if (page === '') return undefined;
  const meant = new URL(link, `http://site${page}`).pathname;
  if (meant === target || meant === `${target}/`) return undefined;
  const segments = pathSegments(meant);
  if (!segments) return undefined;
  const file = statSync(join(dir, ...segments), { throwIfNoEntry: false });
  const served = file?.isFile() || (file?.isDirectory() && statSync(join(dir, ...segments, 'index.html'), { throwIfNoEntry: false })?.isFile());
  return served ? meant : undefined;
}
