/**
 * The type check of `prerender build`: the site's `tsc` (or ours, find-tsc.ts) run on the route files
 * and the config (run-tsc.ts); schedule-typecheck.ts says when. Type errors are warnings.
 */
import { messageOf } from '../errors.ts';
import { asFileLimit, fileLimitOf, openFileLimits } from '../file-limit.ts';
import { warnings } from '../warnings.ts';
import { warn, type Logger } from '../log.ts';
import type { TypeCheckTask } from './check-config.ts';
import { findTsc, ownTsc, type Tsc } from './find-tsc.ts';
import { groupCommonJs } from './commonjs-diagnostics.ts';
import { groupPackageDiagnostics } from './package-diagnostics.ts';
import { runTsc } from './run-tsc.ts';
import { sameSyntaxError } from './diagnostic-line.ts';
import { counted } from '../plural.ts';
import type { SourceLocation } from '../errors/prerender-error.ts';

/**
 * What a check answers: the diagnostics and the TypeScript that found them (and, when `tsc` ran, the
 * files it read and each diagnostic's code), or why it could not check.
 */
export type TypeCheckReply =
  | { diagnostics: string[]; version: string; from: 'site' | 'own'; note?: string; failed?: undefined; files?: string[]; codes?: number[] }
  | { failed: string };

const instead = (own: Tsc) => `Type-checked with api-prerender's TypeScript ${own.version} instead; run \`npx tsc --noEmit\` for your TypeScript's own verdict.`;

/**
 * Type-checks `task.files` with the site's `tsc`, or with ours when the site's is missing or cannot
 * check (then a note says why). Never throws; `signal` stops it.
 */
export async function runTypeCheck(task: TypeCheckTask, signal: AbortSignal): Promise<TypeCheckReply> {
  const tsc = findTsc(task.root);
  if (!tsc) return { failed: "api-prerender's TypeScript (its `typescript-7` dependency) is not installed." };
  try {
    const { diagnostics, codes, files } = await runTsc(tsc, task, signal);
    const unread = libraryUnread(diagnostics);
    if (unread) return { failed: unread };
    return { diagnostics, codes, files, version: tsc.version, from: tsc.from, note: tsc.note && `${tsc.note} ${instead(tsc)}` };
  } catch (error) {
    // Out of file descriptors, ours could not start either.
    if (fileLimitOf(error)) return { failed: messageOf(asFileLimit('starting the type check', error)) };
    const own = tsc.from === 'site' && !signal.aborted ? ownTsc() : undefined;
    if (!own) return { failed: messageOf(error) };
    const why = `The site's TypeScript ${tsc.version} could not check: ${messageOf(error)}`;
    try {
      return { ...(await runTsc(own, task, signal)), version: own.version, from: 'own', note: `${why} ${instead(own)}` };
    } catch (ownError) {
      return { failed: `${why}; api-prerender's TypeScript ${own.version} could not either: ${messageOf(ownError)}` };
    }
  }
}

/**
 * Why the check has no verdict when TypeScript did not read its own library files: TS2318, a global
 * type every program has (`Boolean`, `Function`) not found. That is no type error of the site's: its
 * files could not be opened (too many open files), or tsconfig.json sets `noLib`.
 */
function libraryUnread(diagnostics: string[]): string | undefined {
  const missing = diagnostics.filter((line) => line.startsWith('TS2318: '));
  if (missing.length === 0) return undefined;
  const limit = openFileLimits()?.soft;
  return (
    `TypeScript did not read its own library files (${missing[0]}${missing.length > 1 ? `, and ${missing.length - 1} more global types` : ''}). ` +
    `It could not open them with too few open files (this process may keep ${limit ?? 'a limited number of'} files open at once: raise \`ulimit -n\`), or tsconfig.json sets \`noLib\`.`
  );
}

/**
 * Prints a check's result through `logger`: a warning per diagnostic (those of ES module syntax in
 * files read as CommonJS as one, tsconfig.json's first, those in packages' declaration files as one,
 * last), then one line. A build that failed at `failedAt` (a syntax error
 * the bundler met, printed with its code frame) leaves out what the check found at that line, and
 * the syntax errors it set off further down the file: the same mistake, said once.
 */
export function reportTypeCheck(result: TypeCheckReply, logger: Logger, failedAt?: SourceLocation): void {
  if (result.failed !== undefined) return warn(logger, warnings.typeCheck(`Type checking failed, so type errors were not looked for: ${result.failed}`));
  if (result.note) warn(logger, warnings.typeCheck(result.note));
  const shown = failedAt ? result.diagnostics.filter((line, i) => !sameSyntaxError(line, result.codes?.[i], failedAt)) : result.diagnostics;
  const { grouped: inPackages, rest: ours } = groupPackageDiagnostics(shown, result.files);
  const { grouped, rest } = groupCommonJs(ours);
  if (grouped) warn(logger, grouped);
  for (const line of rest) warn(logger, warnings.typeError('', line));
  if (inPackages) warn(logger, inPackages);
  logger.info(`type check: ${found(result.diagnostics.length, shown.length, failedAt)} (${checkedWith(result)})`);
}

/** How many errors the check found, and where they are printed. */
function found(count: number, shown: number, failedAt?: SourceLocation): string {
  if (count === 0) return 'no errors';
  const errors = counted(count, 'error');
  const left = count - shown;
  const above = `printed above as ${shown === 1 ? 'a warning' : 'warnings'}`;
  if (left === 0) return `${errors}, ${above}`;
  const atFailure = left === 1 ? `the one at ${failedAt!.file}:${failedAt!.line}, the error below` : `${left} in ${failedAt!.file} from the error below`;
  return shown === 0 ? `${errors}: ${atFailure}` : `${errors}, ${above} but ${atFailure}`;
}

/** Which TypeScript checked: `TypeScript 5.9.3, the site's` or `TypeScript 7.0.2, api-prerender's`. */
export function checkedWith(result: { version: string; from: 'site' | 'own' }): string {
  return `TypeScript ${result.version}, ${result.from === 'site' ? "the site's" : "api-prerender's"}`;
}
