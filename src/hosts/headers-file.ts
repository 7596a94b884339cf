import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RuleLimits } from './header-rules.ts';
import type { HeaderRulePlanner, PublicFiles } from './plan-header-rules.ts';
import { createTextFile } from '../output/text-file.ts';

export type { TypedFile } from './header-rules.ts';

/**
 * Adds to `public/_headers` (Netlify / Cloudflare Pages format) the rules `rules` planned, which make
 * hosts serve each route's file with its response's type where their own tables would not (see
 * plan-header-rules.ts; `files` are every file of `public/`, for the rules that could match more than
 * their own). An existing `_headers` (copied from publicDir) is kept, our rules follow it, and its
 * rules count against `limits`. Returns how many rules were added.
 */
export async function writeHeadersFile(publicDir: string, rules: HeaderRulePlanner, files: PublicFiles, limits?: RuleLimits): Promise<number> {
  if (!rules.needed) return 0;
  const path = join(publicDir, '_headers');
  const existing = existsSync(path) ? await readFile(path, 'utf8') : '';
  const theirs = existing.split('\n').filter((line) => /^\s*(\/|https:\/\/)/.test(line)).length;
  const planned = await rules.plan(files, limits && { ...limits, rules: Math.max(0, limits.rules - theirs) });
  // Written as they come: without limits (Netlify), a site of a million files has a million rules.
  let written = 0;
  const text = createTextFile(path, { append: true });
  const separator = existing === '' || existing.endsWith('\n') ? '' : '\n';
  text.write(separator + (existing ? '\n' : '') + '# Added by api-prerender: the types and headers routes answered with, where hosts would send others\n');
  for (const { path: rulePath, headers } of planned) {
    text.write(`${rulePath}\n${headers.map(([name, value]) => `  ${name}: ${value}\n`).join('')}`);
    written++;
  }
  text.end();
  return written;
}
