/**
 * Type errors as the build prints them (src/typecheck/diagnostic-line.ts), read from `tsc --pretty
 * false`: `file:line:column: TScode: message`, the file relative to the site when inside it.
 */
import { join, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diagnosticLine, parseDiagnostics, parseTscOutput } from '../../src/typecheck/diagnostic-line.ts';

const root = join(sep, 'site');

describe('diagnosticLine', () => {
  it('names a file inside the site relative to it, any other absolutely, and none without a place', () => {
    expect(diagnosticLine(root, 2322, 'Type mismatch.', { file: 'src/a.ts', line: 2, column: 7 })).toBe(`${join('src', 'a.ts')}:2:7: TS2322: Type mismatch.`);
    expect(diagnosticLine(root, 2322, 'Type mismatch.', { file: join(root, 'src', 'a.ts'), line: 2, column: 7 })).toBe(`${join('src', 'a.ts')}:2:7: TS2322: Type mismatch.`);
    expect(diagnosticLine(root, 2307, 'Cannot find module.', { file: join(sep, 'elsewhere', 'b.ts'), line: 1, column: 1 })).toBe(`${join(sep, 'elsewhere', 'b.ts')}:1:1: TS2307: Cannot find module.`);
    expect(diagnosticLine(root, 5023, "Unknown compiler option 'x'.")).toBe("TS5023: Unknown compiler option 'x'.");
  });
});

describe('parseDiagnostics', () => {
  it('reads each error, its place, and the indented lines of its chain of reasons', () => {
    const output = [
      "src/server/lib/(shared) x/handler.ts(1,14): error TS2322: Type '(a: number) => void' is not assignable to type '(a: string) => void'.",
      "  Types of parameters 'a' and 'a' are incompatible.",
      "    Type 'string' is not assignable to type 'number'.",
      "src/server/routes/api/count.json.ts(3,7): error TS2322: Type 'string' is not assignable to type 'number'.",
      "error TS5023: Unknown compiler option 'strictest'.",
    ].join('\n');
    expect(parseDiagnostics(output, root)).toEqual([
      [
        `${join('src', 'server', 'lib', '(shared) x', 'handler.ts')}:1:14: TS2322: Type '(a: number) => void' is not assignable to type '(a: string) => void'.`,
        "  Types of parameters 'a' and 'a' are incompatible.",
        "    Type 'string' is not assignable to type 'number'.",
      ].join('\n'),
      `${join('src', 'server', 'routes', 'api', 'count.json.ts')}:3:7: TS2322: Type 'string' is not assignable to type 'number'.`,
      "TS5023: Unknown compiler option 'strictest'.",
    ]);
    expect(parseTscOutput(output, root).codes).toEqual([2322, 2322, 5023]);
  });

  it('takes CRLF line ends, and leaves out what is no error: a summary, an indented line before any error', () => {
    const output = "  stray indented line\r\na.ts(1,1): error TS1005: ';' expected.\r\n\r\nFound 1 error in a.ts:1\r\n";
    expect(parseDiagnostics(output, root)).toEqual(["a.ts:1:1: TS1005: ';' expected."]);
  });

  it('reads nothing from a clean check', () => {
    expect(parseDiagnostics('', root)).toEqual([]);
  });
});
