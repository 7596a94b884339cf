/**
 * Whether a route's output can be reused, or why it is rendered (SPEC section 8): a pure function of
 * what the last build recorded of the route and what is true now. Reused only when the route file
 * that answers it and the code it reaches are unchanged, every file it read (itself, or through a
 * module while the bundle loaded, or through a module that shares what it reads with it) is
 * unchanged, and it reached nothing that cannot be hashed (the network, the environment), itself or
 * through a module it shares with a route or an `entries` that did: or, if it did, its file exports
 * `cacheKey` and the key is unchanged. A changed `cacheKey` always renders.
 */
import type { RouteRecord } from './record.ts';

/** Why a route was rendered rather than reused. */
export type RenderReason = 'new' | 'output' | 'code' | 'config' | 'cacheKey' | 'network' | 'env' | 'locale' | 'no cache' | `file ${string}`;

/** What is true now, as the decision asks it. */
export interface ReuseFacts {
  /** Why no route is reused this build, if none is (`--no-cache`; a version or the config changed). */
  everyRoute?: RenderReason;
  /** The route file that answers the route now (as the route table names it). */
  routeFile: string | undefined;
  /** The key of the code a route file reaches now. */
  code(routeFile: string): string | undefined;
  /**
   * What changed of what the modules a route file reaches met while the bundle loaded: a file
   * (`file <path>`), a variable (`env`), or they reached the network then (`network`); `undefined`
   * when nothing did.
   */
  loadChange(routeFile: string): RenderReason | undefined;
  /** The fingerprint `path` (from the site root) has now, of the kind `previous` is (fingerprint.ts). */
  fingerprint(path: string, previous: string): string;
  /** The modules a route file reaches (ids from the site root). */
  modules(routeFile: string): readonly string[];
  /** A file read through `module` by any route last build that has changed, if one has. */
  sharedChange(module: string): string | undefined;
  /** A file read through `module` by an `entries` last build that has changed, if one has. */
  listedChange(module: string): string | undefined;
  /** Whether a route or an `entries` reached the network or the environment through `module` last build. */
  reached(module: string): 'network' | 'env' | undefined;
  /** What the route file's `cacheKey` says now, when it exports one. */
  cacheKey: string | undefined;
  /** `prerender.maxBodySize`: a body larger than it fails now. */
  maxBodySize: number;
  /** `prerender.timeout` (ms): a route that took longer fails now. */
  timeout: number;
}

/** `undefined` when the recorded output can be reused; else why the route is rendered. */
export function reasonToRender(record: RouteRecord | undefined, facts: ReuseFacts): RenderReason | undefined {
  // A route no build rendered is new, whatever else changed.
  if (!record) return 'new';
  if (facts.everyRoute) return facts.everyRoute;
  if (facts.routeFile !== record.routeFile || facts.code(record.routeFile) !== record.code) return 'code';
  // A clean build would fail it now: rendered, it fails as it would.
  if (record.bytes > facts.maxBodySize || record.ms > facts.timeout) return 'config';
  const atLoad = facts.loadChange(record.routeFile);
  if (atLoad !== undefined && atLoad !== 'network') return atLoad;
  for (const [path, fingerprint] of record.reads) {
    if (facts.fingerprint(path, fingerprint) !== fingerprint) return `file ${path}`;
  }
  // A module the route reached but read nothing through may have handed it what another route read
  // through it (a loader that reads once and keeps the result): every file read through it counts.
  for (const module of facts.modules(record.routeFile)) {
    // What an `entries` read may be what it handed the route, whatever the route read itself.
    const listed = facts.listedChange(module);
    if (listed !== undefined) return `file ${listed}`;
    if (record.through.includes(module)) continue;
    const changed = facts.sharedChange(module);
    if (changed !== undefined) return `file ${changed}`;
  }
  if (facts.cacheKey !== record.cacheKey) return 'cacheKey';
  if (facts.cacheKey !== undefined) return undefined;
  if (record.network || atLoad === 'network') return 'network';
  if (record.env) return 'env';
  // A module another route (or an `entries`) fetched or read a variable through may keep the result
  // and hand it to this one, which then reached nothing itself.
  for (const module of facts.modules(record.routeFile)) {
    const through = facts.reached(module);
    if (through !== undefined) return through;
  }
  return undefined;
}
