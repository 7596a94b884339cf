/**
 * A type check's verdict kept in the cache (cache/stored-check.ts): a build whose check would read
 * exactly the files the last one read, unchanged, with the same TypeScript, api-prerender, tsconfig
 * and lockfile, prints the kept verdict instead of running `tsc`. Cheap beside a check: the files are
 * hashed (TypeScript's own lib files among them, ~3 MB), where `tsc` would parse and check them all.
 */
import { toolKey } from '../cache/build-key.ts';
import type { Fingerprints } from '../cache/fingerprint.ts';
import { sitePath } from '../cache/site-path.ts';
import { storedVerdict, storeVerdict, type CheckInputs } from '../cache/stored-check.ts';
import type { TypeCheckTask } from './check-config.ts';
import { findTsc } from './find-tsc.ts';
import type { TypeCheckReply } from './typecheck.ts';

/**
 * Codes of a check that looked for a file and found none: a module (TS2307, TS2792), a type package
 * (TS2688), a file the tsconfig names (TS6053), JSX's runtime module (TS2875). The files a check read
 * cannot say where it looked: a module made there later (as the error asks) in a folder no file of
 * the check was in changes the verdict and not its key (cache/resolution-folders.ts covers the
 * folders above its files). Such a verdict is not kept; the next build checks again. A package
 * without types (TS7016) is not among them: it is in the lockfile, and would be checked every build.
 */
const lookedForFile = new Set([2307, 2792, 2688, 6053, 2875]);

/** The verdict to give instead of checking, and where a new one is kept. */
export interface CheckMemo {
  /** The kept verdict, when it is still the check's; `undefined`: check. */
  recall(): TypeCheckReply | undefined;
  /** Keeps the verdict of a check that ran (not one that could not check, nor one that missed a file); never throws. */
  keep(reply: TypeCheckReply): void;
}

/** The memo of `task`'s check in `file` (`cacheDir/<name>/typecheck.json`), files fingerprinted with `fingerprints`. */
export function rememberCheck(file: string, task: TypeCheckTask, fingerprints: Fingerprints): CheckMemo {
  const tsc = findTsc(task.root);
  const site = (path: string) => sitePath(task.root, path);
  // Which api-prerender checks matters too: the options it sets over the site's tsconfig.
  const tool = toolKey();
  const inputs: CheckInputs | undefined = tsc && { root: task.root, tsc: { version: tsc.version, from: tsc.from }, tool, task: task.files.map(site) };
  return {
    recall: () => inputs && storedVerdict(file, inputs, fingerprints),
    keep(reply) {
      if (!inputs || reply.failed !== undefined || !reply.files || reply.from !== tsc!.from || reply.version !== tsc!.version) return;
      if (reply.codes?.some((code) => lookedForFile.has(code))) return;
      const { diagnostics, from, note } = reply;
      try {
        storeVerdict(file, inputs, reply.files.map(site), { diagnostics, version: reply.version, from, note }, fingerprints);
      } catch {
        // A verdict not kept is checked again next build.
      }
    },
  };
}
