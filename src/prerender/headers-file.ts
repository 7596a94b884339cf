import { existsSync } from 'node:fs';
import { appendFile, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { lookup } from 'mrmime';

/** A written file and the type its response had. */
export interface TypedFile {
  file: string;
  contentType: string;
}

const essence = (type: string) => type.split(';')[0].trim().toLowerCase();
const charset = (type: string) => /;\s*charset=([^;]+)/i.exec(type)?.[1].trim().toLowerCase();

/** The extension of a file's last segment (`feed.xml` -> `xml`); none for `json` or `.json`. */
const extensionOf = (file: string) => /[^./][^/]*\.([^./]+)$/.exec(file)?.[1];

/**
 * True when a host, which types files by extension, would serve `file` with another media type than
 * `contentType` (or with another charset than the UTF-8 hosts assume). A file without extension always
 * needs one.
 */
export function needsHeader({ file, contentType }: TypedFile): boolean {
  const extension = extensionOf(file);
  const implied = extension === undefined ? undefined : lookup(extension);
  if (!implied || essence(implied) !== essence(contentType)) return true;
  const declared = charset(contentType);
  return declared !== undefined && declared !== 'utf-8' && declared !== 'utf8';
}

/**
 * Adds a `Content-Type` rule to `public/_headers` (Netlify / Cloudflare Pages format) for each file a
 * host cannot type by its extension. An existing `_headers` (copied from publicDir) is kept, and our
 * rules follow it. Returns how many rules were added.
 */
export async function writeHeadersFile(publicDir: string, files: TypedFile[]): Promise<number> {
  const rules = files
    .filter(needsHeader)
    .sort((a, b) => (a.file < b.file ? -1 : 1))
    .map(({ file, contentType }) => `${urlPath(file)}\n  Content-Type: ${contentType}\n`);
  if (rules.length === 0) return 0;
  const path = join(publicDir, '_headers');
  const existing = existsSync(path) ? await readFile(path, 'utf8') : '';
  const separator = existing === '' || existing.endsWith('\n') ? '' : '\n';
  await appendFile(path, separator + (existing ? '\n' : '') + '# Added by api-prerender: types the extension does not imply\n' + rules.join(''));
  return rules.length;
}

/**
 * The file as the URL path a host matches rules against. Segments are percent-encoded (and `*`, which
 * `_headers` reads as a wildcard), so a space or a `:` in a file name cannot break or widen the rule.
 */
function urlPath(file: string): string {
  return '/' + file.split('/').map((segment) => encodeURIComponent(segment).replaceAll('*', '%2A')).join('/');
}
