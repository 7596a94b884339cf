import { isAbsolute, resolve } from 'node:path';
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

/**
 * Whether a diagnostic line ({@link diagnosticLine}) points at `place`'s line: a build that failed
 * there (a syntax error the bundler met) says the same of it.
 */
export function diagnosticAt(line: string, place: { file: string; line: number }): boolean {
  return line.startsWith(`${place.file}:${place.line}:`);
}

/**
 * Whether a diagnostic line says the same as a syntax error the bundler met at `place`: it is at
 * that line, or it is a syntax error of TypeScript's own (`code` TS1000-TS1999, what its parser
 * reports) in that file, which a mistake there sets off further down (`{ a: 1 ;` is TS1005 twice).
 */
export function sameSyntaxError(line: string, code: number | undefined, place: { file: string; line: number }): boolean {
  return diagnosticAt(line, place) || (code !== undefined && code >= 1000 && code < 2000 && line.startsWith(`${place.file}:`));
}

/** `file(line,col): error TS2322: message`, or `error TS5023: message`, then the message's indented lines. */
const header = /^(?:(.+?)\((\d+),(\d+)\): )?error TS(\d+): (.*)$/;

/**
 * `tsc --pretty false` output as diagnostic lines ({@link diagnosticLine}). That output is what tsc
 * offers tools to read (editors' `$tsc` problem matchers read the same shape); TypeScript 5, 6 and 7
 * print it alike, file names relative to the folder `tsc` ran in (`root`).
 */
export function parseDiagnostics(output: string, root: string): string[] {
  return parseTscOutput(output, root).diagnostics;
}

/**
 * `tsc --pretty false --listFiles` output: the diagnostic lines and their codes (in the same order),
 * and the files the check read (each an absolute path on a line of its own, which `--listFiles` adds
 * after the diagnostics).
 */
export function parseTscOutput(output: string, root: string): { diagnostics: string[]; codes: number[]; files: string[] } {
  const found: { code: number; message: string; place?: DiagnosticPlace }[] = [];
  const files: string[] = [];
  for (const line of output.split(/\r?\n/)) {
    const match = header.exec(line);
    if (match) {
      const [, file, row, column, code, message] = match;
      found.push({ code: Number(code), message, place: file === undefined ? undefined : { file, line: Number(row), column: Number(column) } });
    } else if (found.length > 0 && /^\s/.test(line)) {
      found[found.length - 1].message += `\n${line}`;
    } else if (isAbsolute(line)) {
      files.push(line);
    }
  }
  return { diagnostics: found.map(({ code, message, place }) => diagnosticLine(root, code, message, place)), codes: found.map(({ code }) => code), files };
}
