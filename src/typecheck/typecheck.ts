/**
 * The main side of the type-check worker (see typecheck-worker.ts): type errors are warnings, printed
 * when the build has done its work, so the check never delays the bundle or the prerender.
 */
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { warnings } from '../errors.ts';
import { warn, type Logger } from '../log.ts';
import { libDir } from '../paths.ts';
import type { TypeCheckTask } from './check-types.ts';

/** What the worker answers: the diagnostics and the TypeScript that found them, or why it could not check. */
export type TypeCheckReply =
  | { diagnostics: string[]; version: string; from: 'site' | 'own'; note?: string; failed?: undefined }
  | { failed: string };

/** A type check under way. */
export interface TypeCheck {
  /** Waits for the check and prints its result through `logger`: a warning per diagnostic, then one line. */
  report(logger: Logger): Promise<void>;
  /** Stops the check (a failed build has no use for it); safe to call more than once. */
  cancel(): Promise<void>;
}

/** Starts type-checking `task.files` in a worker thread. */
export function startTypeCheck(task: TypeCheckTask): TypeCheck {
  // Always the compiled worker, as with the toolchain: see paths.ts.
  const worker = new Worker(join(libDir, 'typecheck', 'typecheck-worker.js'));
  const reply = new Promise<TypeCheckReply>((resolve) => {
    // The worker ends as soon as it answers: its memory must not add to the prerender's.
    worker.once('message', (result: TypeCheckReply) => {
      resolve(result);
      void worker.terminate();
    });
    worker.once('error', (error) => resolve({ failed: error.message }));
    worker.once('exit', (code) => resolve({ failed: `the type-check worker stopped (exit code ${code})` }));
  });
  worker.postMessage(task);
  return {
    async report(logger) {
      const result = await reply;
      if (result.failed !== undefined) return warn(logger, warnings.typeCheck(`Type checking failed, so type errors were not looked for: ${result.failed}`));
      if (result.note) warn(logger, warnings.typeCheck(result.note));
      for (const line of result.diagnostics) warn(logger, warnings.typeError('', line));
      const count = result.diagnostics.length;
      const found = count === 0 ? 'no errors' : `${count} error${count === 1 ? '' : 's'}, printed above as warnings`;
      logger.info(`type check: ${found} (TypeScript ${result.version}, ${result.from === 'site' ? "the site's" : "api-prerender's"})`);
    },
    cancel: async () => void (await worker.terminate()),
  };
}
