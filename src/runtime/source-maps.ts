/**
 * Stack traces of the built server (`node dist/<name>/server/index.mjs`) name the route files and
 * lines, through the source map written beside the bundle. Node's own support (`--enable-source-maps`,
 * `process.setSourceMapsEnabled`) reads only the maps of code loaded after it is switched on, and the
 * bundle is the program itself: loaded before any of its code runs. The CLI switches Node's support on
 * before it loads a bundle, so this is for the built server alone.
 */
import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';

/**
 * Makes every stack trace formatted from now on show frames of the bundle at `bundleUrl` at their
 * place in the source (`/app/src/server/routes/api/x.ts:12:9`). Does nothing when Node maps stacks
 * itself; a bundle without its map keeps its own frames.
 */
export function mapStackTraces(bundleUrl: string): void {
  if (process.sourceMapsEnabled) return;
  const bundle = bundleUrl.split('?')[0];
  const mapUrl = `${bundle}.map`;
  let map: SourceMap | null | undefined;
  Error.prepareStackTrace = (error, frames) => {
    map ??= readMap(mapUrl);
    const lines = frames.map((frame) => `\n    at ${map ? placeInSource(frame, bundle, map, mapUrl) : String(frame)}`);
    return headline(error) + lines.join('');
  };
}

function readMap(mapUrl: string): SourceMap | null {
  try {
    return new SourceMap(JSON.parse(readFileSync(fileURLToPath(mapUrl), 'utf8')));
  } catch {
    return null;
  }
}

/** The frame as V8 prints it, with a place in the bundle replaced by the place in the source. */
function placeInSource(frame: NodeJS.CallSite, bundle: string, map: SourceMap, mapUrl: string): string {
  const text = String(frame);
  const file = frame.getFileName();
  const line = frame.getLineNumber();
  const column = frame.getColumnNumber();
  if (!file || file.split('?')[0] !== bundle || line === null || column === null) return text;
  const entry = map.findEntry(line - 1, column - 1) as { originalSource?: string; originalLine?: number; originalColumn?: number };
  if (entry.originalSource === undefined || entry.originalLine === undefined || entry.originalColumn === undefined) return text;
  const source = fileURLToPath(new URL(entry.originalSource, mapUrl));
  return text.replace(`${file}:${line}:${column}`, `${source}:${entry.originalLine + 1}:${entry.originalColumn + 1}`);
}

/** The first line of a stack, as V8 writes it: `Error: message`. */
function headline(error: Error): string {
  try {
    return Error.prototype.toString.call(error);
  } catch {
    return '<error>';
  }
}
