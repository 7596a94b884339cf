/**
 * The type check of `prerender build`: by a native TypeScript (7+) when the site has one or none,
 * else by the site's TypeScript 5 or 6 through its JavaScript API (schedule-typecheck.ts says where
 * and when). Type errors are warnings, printed when the build has done its work.
 */
import { messageOf } from '../errors.ts';
import { warnings } from '../warnings.ts';
import { warn, type Logger } from '../log.ts';
import { checkTypes, type TypeCheckTask } from './check-types.ts';
import { checkTypesNatively } from './native-check.ts';
import type { NativeCompiler } from './native-compiler.ts';
import { loadTypeChecker } from './site-typescript.ts';

/** What a check answers: the diagnostics and the TypeScript that found them, or why it could not check. */
export type TypeCheckReply =
  | { diagnostics: string[]; version: string; from: 'site' | 'own'; note?: string; failed?: undefined }
  | { failed: string };

/**
 * Type-checks `task.files` through the JavaScript API of the site's TypeScript (or ours), in this
 * process; `why`, when given, says why a native compiler did not check. Never throws.
 */
export function runTypeCheck(task: TypeCheckTask, why?: string): TypeCheckReply {
  try {
    const checker = loadTypeChecker(task.root);
    const diagnostics = checkTypes(checker.ts, task);
    const note = why && `${why} Type-checked with ${checker.from === 'site' ? "the site's" : "api-prerender's"} TypeScript ${checker.ts.version} instead.`;
    return { diagnostics, version: checker.ts.version, from: checker.from, note: note ?? checker.note };
  } catch (error) {
    return { failed: messageOf(error) };
  }
}

/** Type-checks `task.files` with `compiler`; a compiler that could not check answers `failed`. */
export async function runNativeTypeCheck(compiler: NativeCompiler, task: TypeCheckTask, signal?: AbortSignal): Promise<TypeCheckReply> {
  try {
    const diagnostics = await checkTypesNatively(compiler, task, signal);
    const note = compiler.note && `${compiler.note} Type-checked with api-prerender's TypeScript ${compiler.version} instead; run \`npx tsc --noEmit\` for your TypeScript's own verdict.`;
    return { diagnostics, version: compiler.version, from: compiler.from, note };
  } catch (error) {
    return { failed: messageOf(error) };
  }
}

/** Prints a check's result through `logger`: a warning per diagnostic, then one line. */
export function reportTypeCheck(result: TypeCheckReply, logger: Logger): void {
  if (result.failed !== undefined) return warn(logger, warnings.typeCheck(`Type checking failed, so type errors were not looked for: ${result.failed}`));
  if (result.note) warn(logger, warnings.typeCheck(result.note));
  for (const line of result.diagnostics) warn(logger, warnings.typeError('', line));
  const count = result.diagnostics.length;
  const found = count === 0 ? 'no errors' : `${count} error${count === 1 ? '' : 's'}, printed above as warnings`;
  logger.info(`type check: ${found} (TypeScript ${result.version}, ${result.from === 'site' ? "the site's" : "api-prerender's"})`);
}
