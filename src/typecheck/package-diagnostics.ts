/**
 * Type errors that are not the site's: those in installed packages' declaration files. Without
 * `skipLibCheck` (a tsconfig.json written by hand, `{ "strict": true }`) TypeScript checks every
 * `.d.ts` a route file reaches, and one missing `@types/node` or an optional peer's types makes
 * dozens of them, in front of the one error in the site's code. The type check prints them as one
 * warning with the fix, after the site's own, and what tsconfig.json itself got wrong first.
 */
import { warnings, type Warning } from '../warnings.ts';

/** `node_modules/<package>/...d.ts:line:column: TSnnnn: ...`, the package's name in group 1. */
const inPackage = /^(?:.*\/)?node_modules\/((?:@[^/]+\/)?[^/]+)\/[^:]*\.d\.[cm]?ts:\d+:\d+: TS\d+: /;

/** A diagnostic of tsconfig.json itself (a syntax error, an `extends` not found): what to fix first. */
const ofTsconfig = (line: string) => /^(?:[^:]*\/)?tsconfig[^/:]*\.json[:(]/.test(line) || /^TS(5\d{3}|6053): /.test(line);

/** Packages named at most, then a count. */
const shown = 3;

/**
 * `diagnostics` in the order to print them (tsconfig.json's first, then the site's files'), with those
 * in installed packages' declaration files taken out and made one TYPE_ERROR warning naming the
 * packages and the fix. `readFiles`, the files the check read (when known): without Node's types
 * among them, most such errors are those packages' references to Node's (h3's, rollup's, ours), and
 * the warning names `@types/node` first.
 */
export function groupPackageDiagnostics(diagnostics: string[], readFiles?: readonly string[]): { grouped?: Warning; rest: string[] } {
  const packages = new Map<string, number>();
  const own: string[] = [];
  for (const line of diagnostics) {
    const name = inPackage.exec(line)?.[1];
    if (name === undefined) own.push(line);
    else packages.set(name, (packages.get(name) ?? 0) + 1);
  }
  const rest = [...own.filter(ofTsconfig), ...own.filter((line) => !ofTsconfig(line))];
  if (packages.size === 0) return { rest };
  const count = [...packages.values()].reduce((sum, n) => sum + n, 0);
  const names = [...packages.keys()];
  const named = names.slice(0, shown).join(', ') + (names.length > shown ? ` and ${names.length - shown} more` : '');
  const noNodeTypes = readFiles !== undefined && !readFiles.some(isNodeTypes);
  const message =
    `${count === 1 ? 'One type error is' : `${count} type errors are`} in the declaration files of installed packages (${named}), not in the site's code: ` +
    (noNodeTypes
      ? 'the check read no types of Node\'s, which these packages\' own types use (`NodeJS`, `node:stream`): list "node" in the `types` of compilerOptions in tsconfig.json (\"types\": [\"node\"]: TypeScript 6 and later, or a tsconfig that sets `types`, read only the @types packages listed there), with @types/node installed (`npm install -D @types/node`). '
      : '') +
    'TypeScript checks every .d.ts a route file reaches unless tsconfig.json sets "skipLibCheck": true (as `tsc --init` writes it). ' +
    'Add it to compilerOptions to check only the site\'s files; `npx tsc --noEmit` lists these errors.';
  return { grouped: warnings.typeError('', message), rest };
}

/** Whether a file the check read is one of Node's own types (`@types/node`). */
const isNodeTypes = (file: string) => /[\\/]@types[\\/]node[\\/]/.test(file);
