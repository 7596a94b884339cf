/**
 * The compact part of the file claims (file-claims.ts): files and folders claimed by routes written at
 * their own path (`/api/a.json` -> `api/a.json`, `/docs` -> `docs/index.html`), which most claims
 * are. Such a claim's path is made again from its route, so the table keeps a 32-bit hash of the
 * key, the route (a string the build holds anyway), how the path is made from it and, for a folder,
 * how many of its segments: no string per file or folder. The key is made again when hashes meet,
 * so only a real clash is refused. A map of key strings took ~80 bytes a route (100 MB at a million
 * routes, growing through the whole prerender); this takes ~24 a file and ~30 a folder.
 */

/** What two paths that would meet on a case-insensitive, normalising file system share. */
export const keyOf = (file: string) => file.normalize('NFC').toLowerCase();

/** A claim as the table keeps it: the route, its form (see {@link ownPath}) and, for a folder, its depth. */
export type RouteClaim = { route: string; form: number; depth: number };

/** An open-addressing table of route claims by the hash of their key. */
export class RouteClaims {
  private hashes = new Int32Array(1024);
  private routes: (string | undefined)[] = new Array<string | undefined>(1024);
  private forms = new Uint8Array(1024);
  /** Made for the first folder: a table of files has none. */
  private depths: Uint16Array | undefined;
  private size = 0;

  /** Adds the claim of `route` on `key`: its path is its `form`, cut to `depth` segments (0: whole). */
  add(key: string, route: string, form: number, depth = 0): void {
    if ((this.size + 1) * 2 > this.hashes.length) this.grow();
    this.put(hashOf(key), route, form, depth);
    this.size++;
  }

  /** The first claim on `key` that `matches` (asked only of claims whose hash is the key's), if any. */
  find(key: string, matches: (claim: RouteClaim) => boolean): string | undefined {
    const hash = hashOf(key);
    const mask = this.hashes.length - 1;
    for (let slot = hash & mask; this.hashes[slot] !== 0; slot = (slot + 1) & mask) {
      if (this.hashes[slot] !== hash) continue;
      const route = this.routes[slot]!;
      if (matches({ route, form: this.forms[slot], depth: this.depths?.[slot] ?? 0 })) return route;
    }
    return undefined;
  }

  private put(hash: number, route: string, form: number, depth: number): void {
    const mask = this.hashes.length - 1;
    let slot = hash & mask;
    while (this.hashes[slot] !== 0) slot = (slot + 1) & mask;
    this.hashes[slot] = hash;
    this.routes[slot] = route;
    this.forms[slot] = form;
    if (depth !== 0) (this.depths ??= new Uint16Array(this.hashes.length))[slot] = depth;
  }

  private grow(): void {
    const { hashes, routes, forms, depths } = this;
    this.hashes = new Int32Array(hashes.length * 2);
    this.routes = new Array<string | undefined>(hashes.length * 2);
    this.forms = new Uint8Array(hashes.length * 2);
    this.depths = depths && new Uint16Array(hashes.length * 2);
    for (let slot = 0; slot < hashes.length; slot++) if (hashes[slot] !== 0) this.put(hashes[slot], routes[slot]!, forms[slot], depths?.[slot] ?? 0);
  }
}

/** The path of a claim: the file a route writes at its own path (its path, form 0, or its index.html, form 1), or its first `depth` segments. */
export function claimedPath({ route, form, depth }: RouteClaim): string {
  const path = route.slice(1);
  const file = form === 0 ? path : path === '' ? 'index.html' : `${path}/index.html`;
  if (depth === 0) return file;
  let end = -1;
  for (let i = 0; i < depth; i++) end = file.indexOf('/', end + 1);
  return file.slice(0, end);
}

/** Which form `file` is of `owner`'s own path, if `owner` is a plain route (no `%`, no trailing `/`) writing it. */
export function ownPathForm(file: string, owner: string): number | undefined {
  if (!owner.startsWith('/') || owner.includes('%') || (owner.endsWith('/') && owner !== '/')) return undefined;
  if (file === claimedPath({ route: owner, form: 0, depth: 0 })) return 0;
  if (file === claimedPath({ route: owner, form: 1, depth: 0 })) return 1;
  return undefined;
}

/** FNV-1a of the key's UTF-16 code units, never 0 (an empty slot). */
function hashOf(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  return hash === 0 ? 1 : hash;
}
