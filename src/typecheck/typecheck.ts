/**
 * The type check of `prerender build`, run in a toolchain process of its own (toolchain-process.ts)
 * from the start of bundling, beside it and the prerender: type errors are warnings, printed when the
 * build has done its work, so the check never delays the bundle or the prerender.
 */
import { messageOf } from '../errors.ts';
import { warnings } from '../warnings.ts';
import { warn, type Logger } from '../log.ts';
import { checkTypes, type TypeCheckTask } from './check-types.ts';
import { loadTypeChecker } from './site-typescript.ts';

/** What a check answers: the diagnostics and the TypeScript that found them, or why it could not check. */
export type TypeCheckReply =
  | { diagnostics: string[]; version: string; from: 'site' | 'own'; note?: string; failed?: undefined }
  | { failed: string };

/** Type-checks `task.files` with the site's TypeScript (or ours); never throws. */
export function runTypeCheck(task: TypeCheckTask): TypeCheckReply {
  try {
    const checker = loadTypeChecker(task.root);
    const diagnostics = checkTypes(checker.ts, task);
    return { diagnostics, version: checker.ts.version, from: checker.from, note: checker.note };
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
