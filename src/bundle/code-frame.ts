import { relative } from 'node:path';
import { errors, type PrerenderError } from '../errors.ts';

/**
 * The lines around `line` (counted from 1) with the line marked and a caret under `column` (from 1):
 * what a compile error shows below its message.
 * @example codeFrame('a\nconst x = ;\nb', 2, 11) // '1: a\n2: const x = ;\n             ^\n3: b'
 */
export function codeFrame(source: string, line: number, column: number, context = 2): string {
  const lines = source.split(/\r?\n/);
  // A file's last line end starts no line of its own.
  if (lines.length > 1 && lines.at(-1) === '') lines.pop();
  const first = Math.max(1, line - context);
  const last = Math.min(lines.length, line + context);
  const width = String(last).length;
  const out: string[] = [];
  for (let n = first; n <= last; n++) {
    const gutter = `${String(n).padStart(width)}: `;
    out.push(`${gutter}${lines[n - 1]}`);
    if (n === line) out.push(' '.repeat(gutter.length + column - 1) + '^');
  }
  return out.join('\n');
}

/** Line and column (both from 1) of the character at `offset` in `code`. */
export function positionOf(code: string, offset: number): { line: number; column: number } {
  const before = code.slice(0, offset);
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: before.split('\n').length, column: offset - lineStart + 1 };
}

/**
 * The COMPILE error of a syntax error at `offset` in `code`, the module `id` (named from the site
 * `root`): where, in the parser's own words (`reason`), with the lines around it.
 */
export function syntaxErrorAt(root: string, id: string, code: string, offset: number, reason: string): PrerenderError {
  const { line, column } = positionOf(code, offset);
  return errors.syntax({ file: relative(root, id), line, column }, reason, codeFrame(code, line, column));
}
