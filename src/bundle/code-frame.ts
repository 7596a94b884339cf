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
