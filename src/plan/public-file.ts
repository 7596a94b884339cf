/**
 * A listed route a file of publicDir answers (`/` by `public/index.html`): the static layer serves
 * it, so it needs no route file, and listing it in `prerender.routes` fails it (NO_ROUTE_FILE),
 * whose message then names that file.
 */
import { statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { ResolvedConfig } from '../config/types.ts';
import { pathSegments } from '../runtime/asset-id.ts';
import { fileCandidates } from '../runtime/file-candidates.ts';

/** The file of publicDir that answers `route` (from the site root), as the static layer looks it up; none when no file does. */
export function publicFileOf(route: string, site: Pick<ResolvedConfig, 'root' | 'publicDir'>): string | undefined {
  // A folder's path (`/docs/`) is its index.html, as `/docs` is.
  const segments = pathSegments(route.split('?')[0]!.replace(/\/+$/, ''));
  if (segments === undefined) return undefined;
  for (const candidate of fileCandidates(segments)) {
    const file = join(site.publicDir, ...candidate);
    if (statSync(file, { throwIfNoEntry: false })?.isFile()) return relative(site.root, file).split(sep).join('/');
  }
  return undefined;
}
