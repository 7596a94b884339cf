/**
 * Where an error a route's handler threw came from in the site's own code: the frames of its stack
 * that are the site's files (not Node's, not a package's, not the bundle's), named from the site root,
 * and each error of its `cause` chain once. With source maps on (the CLI turns them on before it loads
 * the bundle), a frame of the bundle is at its place in the route file or module it came from.
 */
import { isAbsolute, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isInside } from '../runtime/inside.ts';

/** The folders whose files are the site's own code: the site, less its packages and its output. */
export interface SiteCode {
  root: string;
  routesDir: string;
  /** Where the bundle is built and published, when inside the site: its frames are code of ours, or unmapped. */
  outDir?: string;
}

/** What a thrown error says of the site's code. */
export interface SiteTrace {
  /** The first place in a route file (`src/server/routes/api/x.ts:5`): where the route met the error. */
  at?: string;
  /** The first place in any file of the site (`src/lib/db.ts:2`): where the error was made. */
  first?: string;
  /** The site's frames of the error and its causes, one per line, indented by four spaces; `''` when none. */
  trace: string;
}

/** The longest cause chain followed: a chain past it is a loop of causes or of no more help. */
const maxCauses = 8;

/** The {@link SiteTrace} of `thrown`. */
export function siteTrace(thrown: unknown, site: SiteCode): SiteTrace {
  const lines: string[] = [];
  let at: string | undefined;
  let first: string | undefined;
  let above: string[] = [];
  const seen = new Set<unknown>();
  for (let error = thrown, depth = 0; error instanceof Error && !seen.has(error) && depth < maxCauses; error = error.cause, depth++) {
    seen.add(error);
    const frames = siteFrames(error.stack ?? '', site);
    // A cause made further down the same calls repeats its parent's last frames: they are said once.
    let shared = 0;
    while (shared < frames.length && shared < above.length && frames.at(-1 - shared)!.text === above.at(-1 - shared)) shared++;
    if (depth > 0) lines.push(`  Caused by: ${error.name}: ${error.message}`);
    for (const frame of frames.slice(0, frames.length - shared)) lines.push(`    at ${frame.text}`);
    at ??= frames.find((frame) => frame.inRoutes)?.line;
    first ??= frames[0]?.line;
    above = frames.map((frame) => frame.text);
  }
  return { at, first, trace: lines.join('\n') };
}

interface Frame {
  /** The frame with its place named from the site root: `loadPosts (src/lib/db.ts:2:9)`. */
  text: string;
  /** `src/server/routes/api/x.ts:5`, the file and line alone. */
  line: string;
  inRoutes: boolean;
}

/** The frames of `stack` (V8's `    at name (place)` lines) that are places in the site's own files. */
function siteFrames(stack: string, site: SiteCode): Frame[] {
  const frames: Frame[] = [];
  for (const line of stack.split('\n')) {
    const frame = /^\s+at (?:(.*) \((.+):(\d+):(\d+)\)|(.+):(\d+):(\d+))$/.exec(line);
    if (!frame) continue;
    const [name, place, row, column] = frame[2] === undefined ? [undefined, frame[5], frame[6], frame[7]] : [frame[1], frame[2], frame[3], frame[4]];
    const file = fileOf(place!);
    if (!file || !isSiteCode(file, site)) continue;
    const shown = relative(site.root, file).split(sep).join('/');
    const where = `${shown}:${row}:${column}`;
    frames.push({ text: name && name !== '<anonymous>' ? `${name} (${where})` : where, line: `${shown}:${row}`, inRoutes: isInside(file, site.routesDir) });
  }
  return frames;
}

/** The path of a frame's place, a `file://` URL or a path; none for `node:` and other places. */
function fileOf(place: string): string | undefined {
  if (place.startsWith('file://')) return fileURLToPath(place.split('?')[0]);
  return isAbsolute(place) ? place : undefined;
}

function isSiteCode(file: string, site: SiteCode): boolean {
  if (!isInside(file, site.root) || (site.outDir !== undefined && isInside(file, site.outDir))) return false;
  return !relative(site.root, file).split(sep).includes('node_modules');
}
