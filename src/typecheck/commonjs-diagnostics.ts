/**
 * One mistake TypeScript reports once per import and export: route files it reads as CommonJS (the
 * nearest package.json has no `"type": "module"`) under `verbatimModuleSyntax`, where ES module syntax
 * is an error: TS1295 (an import or export; TS1286 before TypeScript 5.7) and TS1287 (`export` on a
 * declaration). The type check prints it as one warning with the fix, not one per line of every route file.
 */
import { warnings, type Warning } from '../warnings.ts';

/** The codes of "ES module syntax in a file read as CommonJS". */
const commonJsCodes = /^(.+?):\d+:\d+: TS(1286|1287|1295): /;

/** Places named at most, then a count. */
const shown = 3;

/**
 * `diagnostics` (diagnostic lines) with those of ES module syntax in files read as CommonJS taken out
 * and made one TYPE_ERROR warning naming the files and the fix; the rest as they were.
 */
export function groupCommonJs(diagnostics: string[]): { grouped?: Warning; rest: string[] } {
  const rest: string[] = [];
  const places: string[] = [];
  const files = new Set<string>();
  for (const line of diagnostics) {
    const match = commonJsCodes.exec(line);
    if (!match) {
      rest.push(line);
      continue;
    }
    places.push(line.slice(0, line.indexOf(': TS')));
    files.add(match[1]);
  }
  if (places.length === 0) return { rest };
  const named = [...files].slice(0, shown).join(', ') + (files.size > shown ? ` and ${files.size - shown} more` : '');
  const message =
    `TS1295: TypeScript reads ${files.size === 1 ? 'the file' : `${files.size} files`} ${named} as CommonJS, where verbatimModuleSyntax forbids import and export ` +
    `(${places.length} place${places.length === 1 ? '' : 's'}): the package.json nearest to them does not say "type": "module". ` +
    'Set "type": "module" in it (route files are ES modules, and the bundle is one).';
  return { grouped: warnings.typeError('', message), rest };
}
