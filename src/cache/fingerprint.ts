/**
 * What the cache compares a read file by: its content, never its time. A fingerprint is text:
 * `-` nothing there, `f:<hash>` a file's bytes, `d:<hash>` a folder's names (and their kinds),
 * `t:<hash>` every name below a folder (what a `glob` depends on), `o` anything else (a socket, a
 * device); a symbolic link is `l:<hash of where it points>:` before its target's (a `realpath`,
 * `readlink` or `lstat` of it answers by where it points, which a link moved to an alike folder
 * changes). Computed once per path and build (a data file that every route reads is read once).
 */
import { lstatSync, readdirSync, readFileSync, readlinkSync, statSync, type Dirent } from 'node:fs';
import { join } from 'node:path';
import { contentHash } from './hash.ts';

/** Fingerprints of paths, each computed once. */
export interface Fingerprints {
  /** The fingerprint of what is at `path` (absolute): `-`, `f:`, `d:` or `o`. */
  file(path: string): string;
  /** The fingerprint of every name below the folder `path`: `t:`, or `-` when it is no folder. */
  tree(path: string): string;
  /**
   * The fingerprint of the names in the folder `path` an import could resolve to: `m:`, or what
   * {@link file} gives when it is no folder. A `NOTES.md` or `build.log` added beside the modules
   * changes no resolution, so no bundle or type check is keyed by it (resolution-folders.ts).
   */
  modules(path: string): string;
  /** The fingerprint `previous` was of `path` (`t:` a tree, else a file), as it is now. */
  again(path: string, previous: string): string;
}

/** A memo of fingerprints for one build (paths are assumed not to change while it runs). */
export function createFingerprints(): Fingerprints {
  const files = new Map<string, string>();
  const trees = new Map<string, string>();
  const moduleFolders = new Map<string, string>();
  const fingerprints: Fingerprints = {
    file(path) {
      let known = files.get(path);
      if (known === undefined) files.set(path, (known = fileFingerprint(path)));
      return known;
    },
    tree(path) {
      let known = trees.get(path);
      if (known === undefined) trees.set(path, (known = treeFingerprint(path)));
      return known;
    },
    modules(path) {
      let known = moduleFolders.get(path);
      if (known === undefined) moduleFolders.set(path, (known = modulesFingerprint(path) ?? fingerprints.file(path)));
      return known;
    },
    again: (path, previous) => (previous.startsWith('t:') ? fingerprints.tree(path) : fingerprints.file(path)),
  };
  return fingerprints;
}

/**
 * The extensions of the files an import may resolve to: those Node, our resolver and TypeScript try
 * (`.d.ts` is `.ts`). A name with none of them (`NOTES.md`) resolves only when imported by its full
 * name, and a module so imported is an input of its own.
 */
const moduleExtensions = new Set(['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs', '.json', '.node']);

/**
 * `m:` and the names of the folder `path` an import could pick (folders, links, module files, names
 * without extension; no dot-name); `undefined` when it is no folder.
 */
function modulesFingerprint(path: string): string | undefined {
  let entries: Dirent[];
  try {
    if (!statSync(path, { throwIfNoEntry: false })?.isDirectory() || lstatSync(path).isSymbolicLink()) return undefined;
    entries = readdirSync(path, { withFileTypes: true });
  } catch {
    return undefined;
  }
  const picked = entries.filter((entry) => {
    // A dot-name (.git, .github, .env) is imported by its full name if ever, so is an input of its own.
    if (entry.name.startsWith('.')) return false;
    if (!entry.isFile()) return true;
    const dot = entry.name.lastIndexOf('.');
    return dot <= 0 || moduleExtensions.has(entry.name.slice(dot));
  });
  return `m:${contentHash(listing(picked))}`;
}

function fileFingerprint(path: string): string {
  try {
    if (lstatSync(path, { throwIfNoEntry: false })?.isSymbolicLink()) return `l:${contentHash(readlinkSync(path))}:${targetFingerprint(path)}`;
    return targetFingerprint(path);
  } catch {
    return '-';
  }
}

/** The fingerprint of what `path` is, or leads to. */
function targetFingerprint(path: string): string {
  try {
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat) return '-';
    if (stat.isFile()) return `f:${contentHash(readFileSync(path))}`;
    if (stat.isDirectory()) return `d:${contentHash(listing(readdirSync(path, { withFileTypes: true })))}`;
    return 'o';
  } catch {
    // Unreadable (permissions, a loop of links): what the route met was an error, as it is now.
    return '-';
  }
}

function treeFingerprint(path: string): string {
  try {
    const entries = readdirSync(path, { withFileTypes: true, recursive: true }) as Dirent[];
    return `t:${contentHash(listing(entries, path))}`;
  } catch {
    return '-';
  }
}

/** The entries' names (below `under`, when given) and kinds, sorted: one line each. */
function listing(entries: Dirent[], under?: string): string {
  const lines = entries.map((entry) => {
    const name = under === undefined ? entry.name : join(entry.parentPath, entry.name).slice(under.length + 1);
    return `${entry.isDirectory() ? 'd' : entry.isFile() ? 'f' : 'o'} ${name}`;
  });
  return lines.sort().join('\n');
}
