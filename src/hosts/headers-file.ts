import { existsSync } from 'node:fs';
import { appendFile, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isHostConfigFile } from '../runtime/host-files.ts';
import { planHeaderRules, type RuleLimits, type TypedFile } from './header-rules.ts';
import { listFiles } from '../output/list-files.ts';
import { writingTo } from '../output/output-file.ts';

export type { TypedFile } from './header-rules.ts';


/**
 * Adds to `public/_headers` (Netlify / Cloudflare Pages format) the rules that make hosts serve each
 * route's file with its response's type, where their own tables would not: see planHeaderRules. An
 * existing `_headers` (copied from publicDir) is kept, our rules follow it, and its rules count
 * against `limits`. Returns how many rules were added.
 */
export async function writeHeadersFile(publicDir: string, files: TypedFile[], limits?: RuleLimits): Promise<number> {
  const path = join(publicDir, '_headers');
  const existing = existsSync(path) ? await readFile(path, 'utf8') : '';
  const theirs = existing.split('\n').filter((line) => /^\s*(\/|https:\/\/)/.test(line)).length;
  const routeFiles = new Set(files.map((entry) => entry.file));
  const others = () => listFiles(publicDir, (file) => !routeFiles.has(file) && !isHostConfigFile(file.split('/')));
  const rules = await planHeaderRules(files, others, limits && { ...limits, rules: Math.max(0, limits.rules - theirs) });
  if (rules.length === 0) return 0;
  const text = rules.map(({ path: rulePath, headers }) => `${rulePath}\n${headers.map(([name, value]) => `  ${name}: ${value}\n`).join('')}`).join('');
  const separator = existing === '' || existing.endsWith('\n') ? '' : '\n';
  const added = separator + (existing ? '\n' : '') + '# Added by api-prerender: the types and headers routes answered with, where hosts would send others\n' + text;
  await writingTo(path, () => appendFile(path, added));
  return rules.length;
}
