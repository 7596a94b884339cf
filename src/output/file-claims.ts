import { errors } from '../errors.ts';
import { claimedPath, keyOf, ownPathForm, RouteClaims } from './route-claims.ts';

/**
 * Who writes which file and needs which folder, so that no route silently replaces another's output.
 * Paths compare without letter case and Unicode normalisation form: routes that differ only in those
 * collide on macOS and Windows.
 */
export class FileClaims {
  /** Files routes write at their own path (route-claims.ts): most files, kept compactly. */
  private readonly routeFiles = new RouteClaims();
  /** Every other file (public files, the sitemap, percent-encoded routes), by key. */
  private readonly files = new Map<string, string>();
  /** The spelling of each file of `files` whose key differs from it (upper-case letters, another normalisation form). */
  private readonly spelled = new Map<string, string>();
  /** Who first needed each folder (see {@link FolderOwners}). */
  private readonly folders = new FolderOwners();

  /**
   * Records that `owner` (a route starting with `/`, or a description such as "the file public/x")
   * writes `file` (relative to `public/`, `/`-separated). Throws OUTPUT_CLASH naming both owners when
   * the file is taken, is a folder another needs, or one of its folders is another's file; a refused
   * claim records nothing.
   */
  claim(file: string, owner: string): void {
    const key = keyOf(file);
    const taken = this.ownerOf(key);
    if (taken !== undefined) throw errors.outputClash(`${describe(owner)} and ${describe(taken)} both write ${file}${caseOnly(owner, taken) ? caseOnlyNote : ''}.`, clashHint(owner, taken));
    const asFolder = this.folders.get(key);
    if (asFolder !== undefined) {
      throw errors.outputClash(`${describe(owner)} writes the file ${file}, where ${describe(asFolder)} needs a folder.`, clashHint(owner, asFolder));
    }
    // The folders it needs, deepest first, up to one already known: a known folder was checked with
    // every folder above it when it was claimed, and no file can have been claimed there since.
    const needed: string[] = [];
    for (let end = key.lastIndexOf('/'); end > 0; end = key.lastIndexOf('/', end - 1)) {
      const folder = key.slice(0, end);
      if (this.folders.has(folder)) break;
      const fileThere = this.claimedBy(folder);
      if (fileThere !== undefined) {
        const shown = file.split('/').slice(0, folder.split('/').length).join('/');
        throw errors.outputClash(`${describe(owner)} needs the folder ${shown}, where ${describe(fileThere)} writes a file.`, clashHint(owner, fileThere));
      }
      needed.push(folder);
    }
    // `needed[i]` is the folder of the key's first (depth - i) segments.
    const depth = needed.length === 0 ? 0 : key.split('/').length - 1;
    needed.forEach((folder, i) => this.folders.add(folder, owner, file, depth - i));
    const form = ownPathForm(file, owner);
    if (form !== undefined) return this.routeFiles.add(key, owner, form);
    this.files.set(key, owner);
    if (file !== key) this.spelled.set(key, file);
  }

  /**
   * Whether `file` is claimed in exactly this spelling: what a server on a case-sensitive file system
   * finds (the link check asks this; {@link claim} compares as the most lenient disk would).
   */
  has(file: string): boolean {
    const key = keyOf(file);
    if (this.files.has(key)) return (this.spelled.get(key) ?? key) === file;
    return this.routeFiles.find(key, (claim) => claimedPath(claim) === file) !== undefined;
  }

  /** Who claimed `file` (compared as {@link claim} compares), if anyone did. */
  ownerOf(file: string): string | undefined {
    return this.claimedBy(keyOf(file));
  }

  private claimedBy(key: string): string | undefined {
    return this.files.get(key) ?? this.routeFiles.find(key, (claim) => keyOf(claimedPath(claim)) === key);
  }
}

/**
 * The folders files need, each with the first owner that needed it: those of routes written at their
 * own path in the compact table (route-claims.ts; a site with a route per folder, `/docs/<slug>` as
 * `docs/<slug>/index.html`, has as many folders as routes), the others by key. The folders asked for
 * last are remembered as found: routes come sorted, and share their folders.
 */
class FolderOwners {
  private readonly routes = new RouteClaims();
  private readonly others = new Map<string, string>();
  private readonly recent = new Set<string>();

  /** Who needed the folder of `key` first, if anyone did. */
  get(key: string): string | undefined {
    return this.others.get(key) ?? this.routes.find(key, (claim) => keyOf(claimedPath(claim)) === key);
  }

  /** Whether a file needed the folder of `key`. */
  has(key: string): boolean {
    if (!this.recent.has(key) && this.get(key) === undefined) return false;
    this.remember(key);
    return true;
  }

  /** Records that `owner`, writing `file`, needs the folder of `key` (its first `depth` segments), which none did before. */
  add(key: string, owner: string, file: string, depth: number): void {
    this.remember(key);
    const form = ownPathForm(file, owner);
    if (form === undefined) this.others.set(key, owner);
    else this.routes.add(key, owner, form, depth);
  }

  private remember(key: string): void {
    if (this.recent.size >= recentFolders) this.recent.clear();
    this.recent.add(key);
  }
}

/** Folders remembered as found; emptied when full. */
const recentFolders = 64;

function describe(owner: string): string {
  return owner.startsWith('/') ? `route "${owner}"` : owner;
}

/** Whether two owners are routes whose names differ only in letter case (`/Item-1.json`, `/item-1.json`). */
const caseOnly = (owner: string, other: string) => owner !== other && owner.startsWith('/') && owner.toLowerCase() === other.toLowerCase();

/** Why two names differing only in case are one file, where Linux holds two. */
const caseOnlyNote = " (the names differ only in letter case: a disk that ignores case, as macOS's and Windows' do, holds them as one file, so the output would depend on where it is built or copied)";

/** The fix of a clash of `owner` with `other`: a route's path, or a file of publicDir, which the user can move. */
function clashHint(owner: string, other: string): string | undefined {
  const file = [owner, other].find((who) => who.startsWith('the file '));
  const route = [owner, other].find((who) => who.startsWith('/'));
  if (file === undefined || route === undefined) return undefined;
  return `Remove or rename ${file}, or give route "${route}" another path (or drop it where it is listed: prerender.routes, or its route file's entries).`;
}
