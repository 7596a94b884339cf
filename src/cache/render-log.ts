/**
 * What the cache did for a build's routes, for the report (SPEC section 8): how many were reused, and
 * each route rendered with why. Kept as two arrays of references (the routes are the plan's strings,
 * the reasons few), not an object per route: a cold build of a million routes renders them all.
 */
import { counted } from '../plural.ts';
import type { RenderReason } from './reuse.ts';

/** A rendered route and why, as the report lists it. */
export interface RenderedRoute {
  route: string;
  reason: RenderReason;
}

/** The log of one build. */
export interface RenderLog {
  /** Routes whose output was reused. */
  readonly reused: number;
  /** Notes a route reused. */
  reuse(): void;
  /** Notes a route rendered, and why. */
  render(route: string, reason: RenderReason): void;
  /** Every route rendered, in the order noted. */
  rendered(): RenderedRoute[];
  /** Reused and rendered, and how many were rendered for each kind of reason: `2 routes reused, 1 rendered (1 code)`. */
  counts(): string;
  /** {@link counts} as the build's line: `cache: 2 routes reused, ...`. */
  summary(): string;
}

/** A new, empty log. */
export function createRenderLog(): RenderLog {
  const routes: string[] = [];
  const reasons: RenderReason[] = [];
  // One string per reason: `file src/posts/a.md` repeated by many routes is held once.
  const interned = new Map<string, RenderReason>();
  let reused = 0;
  return {
    get reused() {
      return reused;
    },
    reuse: () => void reused++,
    render(route, reason) {
      let known = interned.get(reason);
      if (known === undefined) interned.set(reason, (known = reason));
      routes.push(route);
      reasons.push(known);
    },
    rendered: () => routes.map((route, i) => ({ route, reason: reasons[i]! })),
    counts: () => countsOf(reused, routes, reasons, false),
    summary: () => `cache: ${countsOf(reused, routes, reasons, true)}`,
  };
}

/** Kinds of reason whose routes the log line names: not those of a first or uncached build, where every route has it. */
const unnamedKinds = new Set(['new', 'no cache']);

/** Routes named per kind of reason; past them, a count. */
const namedPerKind = 2;

/**
 * {@link RenderLog.counts}; `named`: with the first routes of each kind but {@link unnamedKinds}
 * (`1 env: /api/time.json`), which the log line says and `--json` lists whole.
 */
function countsOf(reused: number, routes: readonly string[], reasons: readonly RenderReason[], named: boolean): string {
  const kinds = new Map<string, { count: number; routes: string[]; files: Set<string> }>();
  reasons.forEach((reason, i) => {
    const kind = reason.startsWith('file ') ? 'file' : reason;
    const group = kinds.get(kind) ?? kinds.set(kind, { count: 0, routes: [], files: new Set() }).get(kind)!;
    if (group.count++ < namedPerKind && named && !unnamedKinds.has(kind)) group.routes.push(routes[i]!);
    // The files that changed, a few of them: one post edited renders every route that lists the posts.
    if (named && kind === 'file' && group.files.size <= namedPerKind) group.files.add(reason.slice('file '.length));
  });
  const why = [...kinds].map(([kind, { count, routes: first, files }]) => {
    if (first.length === 0) return `${count} ${kind}`;
    const what = kind === 'file' ? `${kind} ${filesNamed(files)}` : kind;
    return `${count} ${what}: ${first.join(', ')}${count > first.length ? ` and ${count - first.length} more` : ''}`;
  });
  // Kinds that name routes are told apart by semicolons, as the routes are by commas.
  return `${counted(reused, 'route')} reused, ${routes.length} rendered${why.length > 0 ? ` (${why.join(named ? '; ' : ', ')})` : ''}`;
}

/** The changed files of the `file` kind as the log line names them: `content/a.md`, or `(content/a.md, content/b.md and more)`. */
function filesNamed(files: Set<string>): string {
  const names = [...files].slice(0, namedPerKind);
  return files.size === 1 ? names[0]! : `(${names.join(', ')}${files.size > namedPerKind ? ' and more' : ''})`;
}
