/**
 * Grouping `_headers` rules by folder (plan-header-rules.ts does it past a host's limits): a folder
 * holding two rules or more, whose files are all served alike (every file there, whoever wrote it), becomes one
 * `/folder/*` rule, unless that pattern would also match a file served otherwise (Netlify's `/x/*`
 * also matches `/x-y`, and ignores case). Told every file of `public/` once, it keeps a few facts
 * per candidate folder, never the files.
 */
import { byPath, compileRule, keyOf, servedPaths, widens, type HeaderRule, type RuleMatcher, type TypedFile } from './header-rules.ts';

/** What the planner knows of a folder: how many rules its files need, and the rule first by path among them. */
export interface FolderTally {
  count: number;
  sample: HeaderRule;
}

/** A folder that may become one rule. */
interface Candidate {
  folder: string;
  rule: HeaderRule;
  /** Its pattern for the hosts; undefined when they would not take it (two `*`). */
  pattern: RuleMatcher | undefined;
  /** The key every file under it has so far; `null` once two differ. */
  key?: string | null;
  /** The keys of the files its pattern matches. */
  matched: Set<string>;
}

/** Candidate folders, told every file of `public/`, then asked which become rules. */
export interface FolderGrouping {
  /** A file of `public/` (a route's, or another's typed as hosts type it) and the paths it is served at. */
  see(file: TypedFile, paths: string[]): void;
  /** The folders that become one rule each, highest first, by folder. */
  choose(): Map<string, HeaderRule>;
}

/** The grouping of the folders of `tallies` (every folder holding a rule, by folder) that hold two rules or more. */
export function createFolderGrouping(tallies: Map<string, FolderTally>): FolderGrouping {
  const candidates = new Map<string, Candidate>();
  for (const [folder, { count, sample }] of tallies) {
    // Never `/*`: a site-wide rule would also type the host's own pages (its 404 page).
    if (folder === '' || count < 2) continue;
    const path = servedPaths(folder)[0] + '/*';
    candidates.set(folder, { folder, rule: { path, headers: sample.headers }, pattern: compileRule(path), matched: new Set() });
  }
  // A pattern without wildcards of its own matches only paths starting with its folder's path, in
  // any letter case (paths are ASCII: percent-encoded): those are found by their prefixes, by length.
  const byPrefix = new Map<string, Candidate[]>();
  const wild: Candidate[] = [];
  for (const candidate of candidates.values()) {
    const prefix = candidate.rule.path.slice(0, -2);
    if (widens(prefix)) wild.push(candidate);
    else byPrefix.set(prefix.toLowerCase(), [...(byPrefix.get(prefix.toLowerCase()) ?? []), candidate]);
  }
  const lengths = [...new Set([...byPrefix.keys()].map((prefix) => prefix.length))].sort((a, b) => a - b);

  return {
    see(file, paths) {
      if (candidates.size === 0) return;
      const key = keyOf(file);
      for (let slash = file.file.indexOf('/'); slash !== -1; slash = file.file.indexOf('/', slash + 1)) {
        const candidate = candidates.get(file.file.slice(0, slash));
        if (candidate) candidate.key = candidate.key === undefined || candidate.key === key ? key : null;
      }
      for (const path of paths) {
        const lower = path.toLowerCase();
        for (const length of lengths) {
          if (length > lower.length) break;
          for (const candidate of byPrefix.get(lower.slice(0, length)) ?? []) if (candidate.pattern?.test(path)) candidate.matched.add(key);
        }
      }
      for (const candidate of wild) if (paths.some((path) => candidate.pattern?.test(path))) candidate.matched.add(key);
    },
    choose() {
      const chosen = new Map<string, HeaderRule>();
      const order = [...candidates.values()].sort((a, b) => depth(a.folder) - depth(b.folder) || (a.folder < b.folder ? -1 : 1));
      for (const { folder, rule, pattern, key, matched } of order) {
        if (!key || !pattern) continue;
        if (hasChosenAbove(folder, chosen)) continue;
        // A file served otherwise that the pattern matches would be misserved.
        if ([...matched].some((other) => other !== key)) continue;
        chosen.set(folder, rule);
      }
      return chosen;
    },
  };
}

/** Whether a folder above `folder` is one rule already. */
function hasChosenAbove(folder: string, chosen: Map<string, HeaderRule>): boolean {
  for (let slash = folder.indexOf('/'); slash !== -1; slash = folder.indexOf('/', slash + 1)) if (chosen.has(folder.slice(0, slash))) return true;
  return false;
}

/** Whether `file` lies under a folder of `chosen`. */
export function underChosen(file: string, chosen: Map<string, HeaderRule>): boolean {
  return chosen.size > 0 && hasChosenAbove(file, chosen);
}

const depth = (folder: string) => folder.split('/').length;

/** The chosen folders' rules, in the order `_headers` lists them. */
export const folderRules = (chosen: Map<string, HeaderRule>): HeaderRule[] => [...chosen.values()].sort(byPath);
