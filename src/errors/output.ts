/** The catalogue's errors of writing the output: the file system, the lock, what each host can serve (see errors.ts). */
import { dirname } from 'node:path';
import { messageOf, PrerenderError } from './prerender-error.ts';

/** Whether a write error's `code` says the disk (or the user's quota) is full. */
export const isFull = (code: string | undefined) => code === 'ENOSPC' || code === 'EDQUOT';

/** What to do when `path` could not be written, for the error's code. */
function writeFailedHint(path: string, code: string | undefined): string {
  const folder = dirname(path);
  if (code === 'EACCES' || code === 'EPERM') return `Give this user write access to ${folder} (ls -ld shows its owner; lsattr -d ${path} shows one made immutable), or set "outDir" to a folder it can write.`;
  if (code === 'EROFS') return `${folder} is on a read-only file system: set "outDir" to a folder on a writable one.`;
  if (isFull(code)) return 'The disk (or your quota) has no room left: free some space, then build again.';
  return 'Check that the output folder is writable and the disk has room.';
}

/** Errors of writing the output: the file system, the lock, what each host can serve. */
export const outputErrors = {
  /**
   * The folder a TypeScript config is compiled into (the site's node_modules/.cache, so that its
   * imports resolve from the site's packages) cannot be written: the config is not at fault.
   */
  configCacheUnwritable: (folder: string, cause: unknown) => {
    const code = (cause as NodeJS.ErrnoException | undefined)?.code;
    return new PrerenderError('WRITE_FAILED', `Cannot compile the config: ${folder}, the cache folder it is compiled into, cannot be written (${messageOf(cause)}).`, {
      hint:
        isFull(code)
          ? writeFailedHint(folder, code)
          : `Give this user write access to ${folder} (ls -ld shows its owner; lsattr shows a folder made immutable), or remove it: it holds nothing but the build's cache.`,
      cause,
    });
  },
  headerRulePath: (route: string, file: string, reason: string) =>
    new PrerenderError('HOST_RULES', `Route "${route}" (file ${file}) needs a _headers rule for its type, but ${reason}.`, {
      hint: 'Rename the route so its segments hold no "*" or ":name" another file also matches, or give it an extension that implies its type (such as .json).',
    }),
  tooManyHeaderRules: (limit: string, folders: string[]) =>
    new PrerenderError('HOST_RULES', `The _headers file cannot fit the host's limit (${limit}) even with rules grouped by folder. What does not fit (the folders needing the most rules):\n${folders.join('\n')}`, {
      hint: 'Give the routes in those folders an extension that implies their type (such as /api/u/1.json), so hosts type them without a rule; or build with a preset that has no such limit (--preset netlify).',
    }),
  mistypedFiles: (host: string, lines: string[]) =>
    new PrerenderError('HOST_TYPES', `${lines.length} file${lines.length === 1 ? '' : 's'} would be served by ${host} with another type than the route answered, and ${host} has no header control:\n${lines.join('\n')}`, {
      hint: `Give each route an extension that implies the type it answers (/api/users/1.json, /feed.rss), or have a route that has an extension answer the type it implies (setHeader(event, 'content-type', ...)); or set mistypedFiles: "warn" in the config to publish them anyway.`,
    }),
  fileTooLarge: (host: string, limit: string, lines: string[]) =>
    new PrerenderError('HOST_LIMITS', `${host} serves files of at most ${limit}; ${lines.length === 1 ? 'this one is' : 'these are'} larger:\n${lines.join('\n')}`, {
      hint: `Split the response into smaller files (a page of items each), or leave the route out of the prerender and serve it from elsewhere: ${host} runs no route.`,
    }),
  output: (path: string, cause: unknown) =>
    new PrerenderError('WRITE_FAILED', `Cannot write ${path}: ${messageOf(cause)}`, {
      hint: writeFailedHint(path, (cause as NodeJS.ErrnoException | undefined)?.code),
      cause,
    }),
  /**
   * `error` as reported by a build whose output replaces a previous one (staging.ts): a full disk
   * must hold both at once. Any other error is returned as it is.
   */
  besidePreviousOutput: (error: unknown) => {
    if (!(error instanceof PrerenderError) || error.code !== 'WRITE_FAILED' || !isFull((error.cause as NodeJS.ErrnoException | undefined)?.code)) return error;
    return new PrerenderError('WRITE_FAILED', error.message, {
      hint: `${error.hint} The build is written beside the previous output, which it replaces once complete: both need room at once.`,
      cause: error.cause,
    });
  },
  notAFolder: (path: string, key: string) =>
    new PrerenderError('OUTPUT', `Cannot write the build to ${path}: a file is in the way, not a folder.`, {
      hint: `Remove or rename that file, or change "${key}" in your prerender config.`,
    }),
  buildRunning: (name: string, outDir: string, pid: number, lockFile: string) =>
    new PrerenderError('LOCKED', `Another build of "${name}" (process ${pid}) is writing ${outDir}; this build stopped before touching it.`, {
      hint: `Run one build at a time: wait for that one to finish, then build again. If no build is running, delete ${lockFile}.`,
    }),
  lockTakeover: (lockFile: string) =>
    new PrerenderError('LOCKED', `Another build is taking over ${lockFile}, left by a build that died; this build stopped before touching the output.`, {
      hint: 'Run one build of a site at a time: wait for that one to finish, then build again.',
    }),
  lockContended: (lockFile: string) =>
    new PrerenderError('LOCKED', `Other builds keep taking the lock ${lockFile}; this build stopped before touching the output.`, {
      hint: 'Run one build of a site at a time.',
    }),
};
