import { errors } from '../errors.ts';

/**
 * Who writes which file and needs which folder, so that no route silently replaces another's output.
 * Paths compare without letter case and Unicode normalisation form: routes that differ only in those
 * collide on macOS and Windows.
 */
export class FileClaims {
  /** Files a route writes at its own path (see {@link RouteFiles}): most files, kept compactly. */
  private readonly routeFiles = new RouteFiles();
  /** Every other file (public files, the sitemap, percent-encoded routes), by key. */
  private readonly files = new Map<string, string>();
  /** The spelling of each file of `files` whose key differs from it (upper-case letters, another normalisation form). */
  private readonly spelled = new Map<string, string>();
  private readonly folders = new Map<string, string>();

  /**
   * Records that `owner` (a route starting with `/`, or a description such as "the file public/x")
   * writes `file` (relative to `public/`, `/`-separated). Throws OUTPUT_CLASH naming both owners when
   * the file is taken, is a folder another needs, or one of its folders is another's file; a refused
   * claim records nothing.
   */
  claim(file: string, owner: string): void {
    const key = keyOf(file);
    const taken = this.ownerOf(key);
    if (taken !== undefined) throw errors.outputClash(`${describe(owner)} and ${describe(taken)} both write ${file}.`);
    const asFolder = this.folders.get(key);
    if (asFolder !== undefined) {
      throw errors.outputClash(`${describe(owner)} writes the file ${file}, where ${describe(asFolder)} needs a folder.`);
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
        throw errors.outputClash(`${describe(owner)} needs the folder ${shown}, where ${describe(fileThere)} writes a file.`);
      }
      needed.push(folder);
    }
    for (const folder of needed) this.folders.set(folder, owner);
    if (this.routeFiles.add(key, file, owner)) return;
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
    return this.routeFiles.get(key, file) !== undefined;
  }

  /** Who claimed `file` (compared as {@link claim} compares), if anyone did. */
  ownerOf(file: string): string | undefined {
    return this.claimedBy(keyOf(file));
  }

  private claimedBy(key: string): string | undefined {
    return this.files.get(key) ?? this.routeFiles.get(key);
  }
}

/** What two paths that would meet on a case-insensitive, normalising file system share. */
const keyOf = (file: string) => file.normalize('NFC').toLowerCase();

/**
 * The files of routes written at their own path (`/api/a.json` -> `api/a.json`, `/docs` ->
 * `docs/index.html`): a hash of each file's key and its route, no string per file. The key is made
 * again from the route when hashes meet, so a claim is refused only for a real clash. A map of key
 * strings took ~80 bytes a route (100 MB at a million routes, growing through the whole prerender);
 * this takes ~24.
 */
class RouteFiles {
  private hashes = new Int32Array(1024);
  /** The route of each slot, and whether it writes its path (0) or its path's index.html (1). */
  private owners: (string | undefined)[] = new Array<string | undefined>(1024);
  private forms = new Uint8Array(1024);
  private size = 0;

  /** Records `owner`'s `file` (with `key`) when it is the route's own path; false when it is not. */
  add(key: string, file: string, owner: string): boolean {
    const form = ownPathForm(file, owner);
    if (form === undefined) return false;
    if ((this.size + 1) * 2 > this.hashes.length) this.grow();
    this.put(hashOf(key), owner, form);
    this.size++;
    return true;
  }

  /** The route that writes the file of `key` (spelled exactly `file`, when given), if one here does. */
  get(key: string, file?: string): string | undefined {
    const hash = hashOf(key);
    const mask = this.hashes.length - 1;
    for (let slot = hash & mask; this.hashes[slot] !== 0; slot = (slot + 1) & mask) {
      if (this.hashes[slot] !== hash) continue;
      const owner = this.owners[slot]!;
      const path = ownPath(owner, this.forms[slot]);
      if (file === undefined ? keyOf(path) === key : path === file) return owner;
    }
    return undefined;
  }

  private put(hash: number, owner: string, form: number): void {
    const mask = this.hashes.length - 1;
    let slot = hash & mask;
    while (this.hashes[slot] !== 0) slot = (slot + 1) & mask;
    this.hashes[slot] = hash;
    this.owners[slot] = owner;
    this.forms[slot] = form;
  }

  private grow(): void {
    const { hashes, owners, forms } = this;
    this.hashes = new Int32Array(hashes.length * 2);
    this.owners = new Array<string | undefined>(hashes.length * 2);
    this.forms = new Uint8Array(hashes.length * 2);
    for (let slot = 0; slot < hashes.length; slot++) if (hashes[slot] !== 0) this.put(hashes[slot], owners[slot]!, forms[slot]);
  }
}

/** The file a route writes at its own path: the path itself (form 0) or its index.html (form 1). */
function ownPath(route: string, form: number): string {
  const path = route.slice(1);
  return form === 0 ? path : path === '' ? 'index.html' : `${path}/index.html`;
}

/** Which {@link ownPath} form `file` is of `owner`, if `owner` is a plain route (no `%`, no trailing `/`). */
function ownPathForm(file: string, owner: string): number | undefined {
  if (!owner.startsWith('/') || owner.includes('%') || (owner.endsWith('/') && owner !== '/')) return undefined;
  if (file === ownPath(owner, 0)) return 0;
  if (file === ownPath(owner, 1)) return 1;
  return undefined;
}

/** FNV-1a of the key's UTF-16 code units, never 0 (an empty slot). */
function hashOf(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  return hash === 0 ? 1 : hash;
}

function describe(owner: string): string {
  return owner.startsWith('/') ? `route "${owner}"` : owner;
}
