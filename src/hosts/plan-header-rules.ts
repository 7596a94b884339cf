/**
 * The rules that serve every route's file with its type on hosts reading `_headers`, planned as the
 * build writes the files: one rule per path a file is served at, where its extension does not imply
 * its type; past a host's limits, folders whose files are all served alike become one `/folder/*`
 * rule each (folder-rules.ts). Each file is folded in as it comes: its rules go to a sort that
 * spills to disk (sorted-runs.ts), and each folder keeps a count and the rule that samples it, so
 * a million files without extension hold a few numbers per folder, not a list of every file.
 */
import { errors } from '../errors.ts';
import { createSortedRuns } from '../sorted-runs.ts';
import { createFolderGrouping, folderRules, underChosen, type FolderTally } from './folder-rules.ts';
import { byPath, compileRule, foldersOf, keyOf, longestLine, needsRule, servedPaths, wanted, widens, type HeaderRule, type RuleLimits, type RuleMatcher, type TypedFile } from './header-rules.ts';
import { hostType } from './host-types.ts';

/** Every file of `public/`, asked for only when a rule could match more than its own file. */
export interface PublicFiles {
  /** The route files again, in the order they were added (the build reads them back from the manifest). */
  routes(): AsyncIterable<TypedFile>;
  /** The files no route wrote (publicDir's copies, the sitemap, robots.txt). */
  others(): Promise<string[]>;
}

/** Rules being planned, file by file. */
export interface HeaderRulePlanner {
  /** A route's written file, in manifest order. */
  add(file: TypedFile): void;
  /** Whether some file added needs a rule. */
  readonly needed: boolean;
  /**
   * The rules, sorted by path, once: read them before anything else of the build's output is
   * written. Throws HOST_RULES for a rule that would also match a file served otherwise, or a site
   * that cannot fit `limits`.
   */
  plan(files: PublicFiles, limits?: RuleLimits): Promise<Iterable<HeaderRule>>;
  /** Drops the rules (a failed build): their files on disk go. */
  discard(): void;
}

/**
 * An exact rule as sorted: its path and headers, and the file it serves; `pretty` when the path is
 * not the file's own but the one hosts also serve an `.html` file at (`/a` for `a.html`).
 */
interface ExactRule extends HeaderRule {
  file: string;
  pretty?: true;
}

/** An exact rule with a wildcard in its path, checked against every file; `stray` says what else it matches. */
interface WildRule extends ExactRule {
  route: string;
  key: string;
  /** Its pattern for the hosts; undefined when they would not take it. */
  pattern: RuleMatcher | undefined;
  stray?: string;
}

/**
 * A planner whose sorted rules spill into a folder made in `folder` (the staged output) when they are
 * many; without `folder`, they are all held.
 */
export function createHeaderRulePlanner(folder?: string): HeaderRulePlanner {
  const exact = createSortedRuns<ExactRule>({
    folder: folder ?? '',
    runSize: folder === undefined ? Infinity : undefined,
    compare: byPath,
    encode: ({ path, file, headers, pretty }) => JSON.stringify(pretty ? [path, file, headers, 1] : [path, file, headers]),
    decode: (line) => {
      const [path, file, headers, pretty] = JSON.parse(line) as [string, string, [string, string][], 1?];
      return pretty ? { path, file, headers, pretty: true } : { path, file, headers };
    },
  });
  const tallies = new Map<string, FolderTally>();
  const wild: WildRule[] = [];
  let longest = 0;

  return {
    add(file) {
      if (!needsRule(file)) return;
      const headers = wanted(file);
      const folders = foldersOf(file.file);
      const paths = servedPaths(file.file);
      for (const [i, path] of paths.entries()) {
        // The last is the file's own path; those before, where hosts serve an `.html` file besides.
        const rule: ExactRule = i < paths.length - 1 ? { path, headers, file: file.file, pretty: true } : { path, headers, file: file.file };
        exact.add(rule);
        longest = Math.max(longest, longestLine(rule));
        if (widens(path)) wild.push({ ...rule, route: file.route!, key: keyOf(file), pattern: compileRule(path) });
        for (const above of folders) {
          const tally = tallies.get(above);
          if (!tally) tallies.set(above, { count: 1, sample: rule });
          else {
            tally.count++;
            if (path < tally.sample.path) tally.sample = rule;
          }
        }
      }
    },
    get needed() {
      return exact.size > 0;
    },
    async plan(files, limits) {
      if (exact.size === 0) return [];
      const fits = !limits || (exact.size <= limits.rules && longest <= limits.lineLength);
      const grouping = fits ? undefined : createFolderGrouping(tallies);
      if (wild.length > 0 || grouping) {
        for (const rule of wild) if (!rule.pattern) rule.stray = `its rule "${rule.path}" is no valid pattern for the host (two "*" or a repeated ":name")`;
        for await (const file of everyFile(files)) {
          const paths = servedPaths(file.file);
          grouping?.see(file, paths);
          for (const rule of wild) rule.stray ??= strayMatch(rule, file, paths);
        }
      }
      const stray = wild.sort(byPath).find((rule) => rule.stray);
      if (stray) throw errors.headerRulePath(stray.route, stray.file, stray.stray!);
      if (!grouping) return stripped(onePerPath(exact.drain()));
      const chosen = grouping.choose();
      const grouped = mergeRules(folderRules(chosen), onePerPath(exact.drain()), (rule) => !underChosen(rule.file, chosen));
      return fitting(grouped, limits!);
    },
    discard: () => exact.discard(),
  };
}

/** The route files, then the others typed as hosts type them. */
async function* everyFile(files: PublicFiles): AsyncGenerator<TypedFile> {
  yield* files.routes();
  for (const file of await files.others()) yield { file, contentType: hostType('cloudflare', file) };
}

/** Why `rule` would misserve `file` (served at `paths`), a file other than its own, or `undefined` when it would not. */
function strayMatch(rule: WildRule, file: TypedFile, paths: string[]): string | undefined {
  if (file.file === rule.file || keyOf(file) === rule.key) return undefined;
  const hit = paths.find((path) => rule.pattern!.test(path));
  return hit && `its rule "${rule.path}" (where "*" and ":name" are wildcards) would also match ${hit}, which is served as ${file.contentType}`;
}

/**
 * The rules sorted by path, one per path: a file's own path over the `.html` file served there too
 * (routes `/api/page` and `/api/page.html`: the hosts serve the file `api/page` at `/api/page`, as
 * it is there), whose second rule would give one path two types (Netlify joins their values).
 */
function* onePerPath(rules: Iterable<ExactRule>): Generator<ExactRule> {
  let held: ExactRule | undefined;
  for (const rule of rules) {
    if (held && held.path === rule.path) {
      if (held.pretty && !rule.pretty) held = rule;
      continue;
    }
    if (held) yield held;
    held = rule;
  }
  if (held) yield held;
}

function* stripped(rules: Iterable<ExactRule>): Generator<HeaderRule> {
  for (const { path, headers } of rules) yield { path, headers };
}

/** `first` (sorted, few) and the `rest` that `keep` accepts (sorted), as one sorted list; `first` before `rest` where paths are equal. */
function* mergeRules(first: HeaderRule[], rest: Iterable<ExactRule>, keep: (rule: ExactRule) => boolean): Generator<HeaderRule> {
  let next = 0;
  for (const rule of rest) {
    if (!keep(rule)) continue;
    while (next < first.length && byPath(first[next], rule) <= 0) yield first[next++];
    yield { path: rule.path, headers: rule.headers };
  }
  yield* first.slice(next);
}

/** The rules, when they fit `limits`; else HOST_RULES naming the lines too long and the folders with the most rules. */
function fitting(rules: Iterable<HeaderRule>, limits: RuleLimits): HeaderRule[] {
  const kept: HeaderRule[] = [];
  const long: string[] = [];
  const byFolder = new Map<string, number>();
  let count = 0;
  for (const rule of rules) {
    if (++count <= limits.rules) kept.push(rule);
    if (longestLine(rule) > limits.lineLength) long.push(`  ${rule.path.slice(0, 80)}... (a line over ${limits.lineLength} characters)`);
    const folder = rule.path.slice(0, rule.path.lastIndexOf('/') + 1);
    byFolder.set(folder, (byFolder.get(folder) ?? 0) + 1);
  }
  if (count <= limits.rules && long.length === 0) return kept;
  const busiest = count <= limits.rules ? [] : [...byFolder].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, 5).map(([folder, n]) => `  ${folder} (${n} rule${n === 1 ? '' : 's'})`);
  throw errors.tooManyHeaderRules(`${limits.rules} rules, ${limits.lineLength} characters a line`, [...long, ...busiest]);
}

/**
 * The rules for `routes` (route files, in manifest order) when the files no route wrote are `others`:
 * see {@link createHeaderRulePlanner}. The files are in memory already, so are the rules.
 */
export async function planHeaderRules(routes: TypedFile[], others: () => Promise<string[]>, limits?: RuleLimits): Promise<HeaderRule[]> {
  const planner = createHeaderRulePlanner();
  try {
    for (const file of routes) planner.add(file);
    return [...(await planner.plan({ routes: () => listed(routes), others }, limits))];
  } finally {
    planner.discard();
  }
}

async function* listed<T>(items: T[]): AsyncGenerator<T> {
  yield* items;
}
