import { resolve } from 'node:path';
import { shortPath } from '../config/output-paths.ts';

/** Where in a file a diagnostic points: a path (absolute, or relative to the site) and 1-based line and column. */
export interface DiagnosticPlace {
  file: string;
  line: number;
  column: number;
}

/**
 * A type error as the build prints it, whichever TypeScript found it:
 * `src/server/routes/api/x.ts:2:7: TS2322: Type 'string' is not assignable to type 'number'.`
 * The file is relative to the site when it is inside it, else absolute; a message of several lines
 * (a chain of reasons) keeps its indented lines.
 */
export function diagnosticLine(root: string, code: number, message: string, place?: DiagnosticPlace): string {
  const text = `TS${code}: ${message}`;
  if (!place) return text;
  return `${shortPath(root, resolve(root, place.file))}:${place.line}:${place.column}: ${text}`;
}
