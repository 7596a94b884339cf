/**
 * Where a character of the code a transform is given sits in the source file: through the source
 * maps of the transforms before it (TypeScript's compile, CommonJS's), so a warning or an error
 * names the line and column the user wrote.
 */
import { SourceMap, type SourceMapPayload } from 'node:module';
import type { TransformPluginContext } from 'rollup';

/** A 1-based line and column. */
export interface Place {
  line: number;
  column: number;
}

/** The map from the code being transformed back to the source, made of the previous transforms' maps. */
export function combinedMap(context: TransformPluginContext): SourceMap {
  const map = context.getCombinedSourcemap();
  const payload: SourceMapPayload = { version: map.version, file: map.file ?? '', sourceRoot: '', sources: map.sources, sourcesContent: map.sourcesContent?.map((content) => content ?? '') ?? [], names: map.names, mappings: map.mappings };
  return new SourceMap(payload);
}

/** The place in the source of the character at `offset` in the code being transformed; the code's own place where the map says nothing. */
export function sourcePlace(map: SourceMap, code: string, offset: number): Place {
  const before = code.slice(0, offset).split('\n');
  const [line, column] = [before.length - 1, before.at(-1)!.length];
  const entry = map.findEntry(line, column) as { originalLine?: number; originalColumn?: number };
  return entry.originalLine === undefined ? { line: line + 1, column: column + 1 } : { line: entry.originalLine + 1, column: (entry.originalColumn ?? 0) + 1 };
}
