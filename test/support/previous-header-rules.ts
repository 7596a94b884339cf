/**
 * The `_headers` planning as it was before rules were folded in as files are written (main at
 * a754fc0, src/hosts/header-rules.ts): every file in a list, then grouped. Kept as the oracle the
 * folded planner (src/hosts/plan-header-rules.ts) must match byte for byte: same rules, same order,
 * same errors.
 */
import { errors } from '../../src/errors.ts';
import { isInside } from '../../src/runtime/inside.ts';
import { compileRule, keyOf, needsRule, servedPaths, wanted, widens, type HeaderRule, type RuleLimits, type TypedFile } from '../../src/hosts/header-rules.ts';
import { hostType } from '../../src/hosts/host-types.ts';

interface PlannedRule extends HeaderRule {
  key: string;
  /** The folder the rule groups (`api/u`; `''` for the root), or the file it is for. */
  folder?: string;
  file?: TypedFile;
}

/**
 * The rules that serve every route's file with its type on hosts reading `_headers`: one per file
 * whose extension does not imply its type; past `limits`, folders whose files are all served alike
 * become one `/folder/*` rule each. `others` lists the files no route wrote (publicDir, sitemap); it
 * is called only when a rule could match more than its own file. Throws HOST_RULES for a rule that
 * would also match a file served otherwise, or a site that cannot fit `limits`.
 */
export async function previousPlanHeaderRules(routes: TypedFile[], others: () => Promise<string[]>, limits?: RuleLimits): Promise<HeaderRule[]> {
  const needing = routes.filter(needsRule);
  if (needing.length === 0) return [];
  let everything: TypedFile[] | undefined;
  const allFiles = async () =>
    (everything ??= [...routes, ...(await others()).map((file) => ({ file, contentType: hostType('cloudflare', file) }))]);

  const exact: PlannedRule[] = needing
    .flatMap((file) => servedPaths(file.file).map((path) => ({ path, headers: wanted(file), key: keyOf(file), file })))
    .sort(byPath);
  for (const rule of exact) {
    if (!widens(rule.path)) continue;
    const stray = await strayMatch(rule, await allFiles());
    if (stray) throw errors.headerRulePath(rule.file!.route!, rule.file!.file, stray);
  }
  if (!limits || fits(exact, limits)) return strip(exact);

  const grouped = await groupRules(exact, await allFiles());
  if (fits(grouped, limits)) return strip(grouped);
  throw errors.tooManyHeaderRules(`${limits.rules} rules, ${limits.lineLength} characters a line`, busiestFolders(grouped, limits));
}

/** Why `rule` would misserve a file other than its own, or `undefined` when it would not. */
async function strayMatch(rule: PlannedRule, files: TypedFile[]): Promise<string | undefined> {
  const pattern = compileRule(rule.path);
  if (!pattern) return `its rule "${rule.path}" is no valid pattern for the host (two "*" or a repeated ":name")`;
  for (const file of files) {
    if (file === rule.file || keyOf(file) === rule.key) continue;
    const hit = servedPaths(file.file).find((path) => pattern.test(path));
    if (hit) return `its rule "${rule.path}" (where "*" and ":name" are wildcards) would also match ${hit}, which is served as ${file.contentType}`;
  }
  return undefined;
}

/**
 * Replaces the rules under each highest folder (below the root) whose files (every file there, whoever wrote it) are
 * all served alike by one `/folder/*` rule, when that saves rules.
 */
async function groupRules(exact: PlannedRule[], files: TypedFile[]): Promise<PlannedRule[]> {
  const keys = new Map<string, string | null>();
  const counts = new Map<string, number>();
  for (const file of files) {
    const key = keyOf(file);
    for (const folder of foldersOf(file.file)) {
      const seen = keys.get(folder);
      keys.set(folder, seen === undefined || seen === key ? key : null);
    }
  }
  for (const rule of exact) for (const folder of foldersOf(rule.file!.file)) counts.set(folder, (counts.get(folder) ?? 0) + 1);

  const chosen = new Map<string, PlannedRule>();
  const candidates = [...counts.keys()].sort((a, b) => depth(a) - depth(b) || (a < b ? -1 : 1));
  for (const folder of candidates) {
    // Never `/*`: a site-wide rule would also type the host's own pages (its 404 page).
    if (folder === '' || (counts.get(folder) ?? 0) < 2 || !keys.get(folder)) continue;
    if (foldersOf(folder + '/x').some((up) => up !== folder && chosen.has(up))) continue;
    const path = servedPaths(folder)[0] + '/*';
    const sample = exact.find((rule) => isInside(rule.file!.file, folder))!;
    const rule: PlannedRule = { path, headers: sample.headers, key: keys.get(folder)!, folder };
    if (await strayMatch(rule, files)) continue;
    chosen.set(folder, rule);
  }
  const rest = exact.filter((rule) => !foldersOf(rule.file!.file).some((folder) => chosen.has(folder)));
  return [...chosen.values(), ...rest].sort(byPath);
}

/** `''` (the root) and every folder above `file`: `api/u/1` -> `''`, `api`, `api/u`. */
function foldersOf(file: string): string[] {
  const parts = file.split('/');
  return parts.map((_, i) => parts.slice(0, i).join('/'));
}

const byPath = (a: HeaderRule, b: HeaderRule) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
const depth = (folder: string) => (folder === '' ? 0 : folder.split('/').length);

function fits(rules: HeaderRule[], limits: RuleLimits): boolean {
  if (rules.length > limits.rules) return false;
  return rules.every((rule) => rule.path.length <= limits.lineLength && rule.headers.every(([name, value]) => name.length + value.length + 4 <= limits.lineLength));
}

/** The folders holding the most rules, and the rules with a line too long, as lines for the error. */
function busiestFolders(rules: HeaderRule[], limits: RuleLimits): string[] {
  const long = rules.filter((rule) => !fits([rule], { ...limits, rules: 1 })).map((rule) => `  ${rule.path.slice(0, 80)}... (a line over ${limits.lineLength} characters)`);
  return [...long, ...(rules.length > limits.rules ? countByFolder(rules) : [])];
}

function countByFolder(rules: HeaderRule[]): string[] {
  const counts = new Map<string, number>();
  for (const { path } of rules) {
    const folder = path.slice(0, path.lastIndexOf('/') + 1);
    counts.set(folder, (counts.get(folder) ?? 0) + 1);
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, 5)
    .map(([folder, count]) => `  ${folder} (${count} rule${count === 1 ? '' : 's'})`);
}

const strip = (rules: PlannedRule[]): HeaderRule[] => rules.map(({ path, headers }) => ({ path, headers }));
