import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FileClaims } from './file-claims.ts';
import { writingTo } from './output-file.ts';
import { joinUrl } from './sitemap.ts';

/** Who writes `robots.txt`, as a clash with a route's file names it. */
export const robotsOwner = 'the robots.txt the build writes (prerender.sitemap.host)';

/** A `Sitemap:` line in any letter case and spacing: robots.txt field names ignore case (RFC 9309). */
const sitemapLine = /^[ \t]*sitemap[ \t]*:/im;

/**
 * Claims `robots.txt` for the build when the site has none of its own in `publicOut` (publicDir's
 * copy is already claimed): a route writing robots.txt then clashes, as one writing sitemap.xml does,
 * since the file the build writes and the route's could not both be published.
 */
export function claimRobots(claims: FileClaims, publicOut: string): void {
  if (!existsSync(join(publicOut, 'robots.txt'))) claims.claim('robots.txt', robotsOwner);
}

/**
 * Makes `publicOut/robots.txt` name the sitemap at `host`. Without the file, writes one that allows
 * every crawler; a file without a `Sitemap:` line gets one appended, its bytes otherwise kept (line
 * endings followed); a file that names a sitemap already is left alone. Returns true when it wrote.
 */
export async function writeRobots(publicOut: string, host: string): Promise<boolean> {
  const file = join(publicOut, 'robots.txt');
  const line = `Sitemap: ${joinUrl(host, 'sitemap.xml')}`;
  if (!existsSync(file)) {
    await writingTo(file, () => writeFile(file, `User-agent: *\nAllow: /\n\n${line}\n`));
    return true;
  }
  const own = await readFile(file);
  // latin1 maps each byte to one character: a test that cannot fail on bytes that are not UTF-8.
  const text = own.toString('latin1');
  if (sitemapLine.test(text)) return false;
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const separator = text === '' || text.endsWith('\n') ? '' : eol;
  await writingTo(file, () => writeFile(file, Buffer.concat([own, Buffer.from(`${separator}${line}${eol}`)])));
  return true;
}
