/**
 * A broken link to a page's path without its `.html` (`/about` for `about.html`): GitHub Pages,
 * Netlify and Cloudflare Pages serve the file there too, preview, nginx and Caddy do not, so the link
 * is broken where the check looks. The link check names the file, so the warning says the fix.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { pathSegments } from '../runtime/asset-id.ts';
import { hasExtension } from '../runtime/extension.ts';

/**
 * The link with `.html` added, when that is a file of `dir` and the link names no file of its own
 * (no extension, no trailing slash).
 * @example htmlTwin('dist/site/public', '/about') // '/about.html', when public/about.html exists
 */
export function htmlTwin(dir: string, target: string): string | undefined {
  const segments = pathSegments(target);
  const last = segments?.at(-1);
  if (!segments || !last || hasExtension(last)) return undefined;
  const file = [...segments.slice(0, -1), `${last}.html`];
  try {
    return statSync(join(dir, ...file)).isFile() ? `/${file.join('/')}` : undefined;
  } catch {
    return undefined;
  }
}
