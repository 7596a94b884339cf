/** The catalogue's errors of the process and the servers: open files, signals, ports (see errors.ts). */
import { relative } from 'node:path';
import { messageOf, PrerenderError } from './prerender-error.ts';

/** Errors of the process and the servers: open files, signals, ports. */
export const processErrors = {
  /** The process ran out of file descriptors (EMFILE), or the system did (ENFILE); `limit` is `ulimit -n` where known. */
  fileLimit: (operation: string, cause: NodeJS.ErrnoException, limit?: number) =>
    new PrerenderError(
      'FILE_LIMIT',
      `Too many open files while ${operation}: ${failedCall(cause)} failed with ${cause.code}` +
        (cause.code === 'ENFILE' ? ', the limit of the whole system.' : `${limit ? `; this process may keep ${limit} files open at once` : ''}.`),
      {
        hint:
          cause.code === 'ENFILE'
            ? 'Close programs holding many files, or raise the system limit (fs.file-max on Linux), then run it again.'
            : `Raise the limit of open files in the shell that runs the command (ulimit -n ${Math.max(4096, (limit ?? 0) * 4)}; in a container, its nofile ulimit), then run it again.`,
        cause,
      },
    ),
  interruptedLoading: (signal: string) =>
    new PrerenderError('INTERRUPTED', `Interrupted (${signal}) while api-prerender was starting: nothing was built, written or served.`),
  interrupted: (signal: string) =>
    new PrerenderError('INTERRUPTED', `Build interrupted (${signal}): nothing was published (an earlier output is as it was), and what this build had made is removed.`, {
      hint: 'Run the build again to publish; nothing is left to clean up.',
    }),
  /**
   * `siteRoot`: the site's root as found from where the command ran, when that was not the root (run
   * from `src/`); `dirFound`: `dir` is there, without its server (part of a build, removed by hand).
   */
  /** `buildCommand`: what makes the build where it is looked for (`vite build`, for vite preview). */
  noBuild: (dir: string, siteRoot?: string, dirFound = false, buildCommand = 'prerender build') => {
    if (dirFound) return new PrerenderError('NO_BUILD', `The build in ${dir} is not whole: it has no server/index.mjs.`, { hint: `Run \`${buildCommand}\` again: it writes the whole output.` });
    if (siteRoot === undefined) return new PrerenderError('NO_BUILD', `No build found in ${dir}.`, { hint: `Run \`${buildCommand}\` first.` });
    const there = relative(process.cwd(), siteRoot) || '.';
    // Run from the wrong folder: bad usage, exit 2, as build and dev say it (CONFIG: no routes folder).
    return new PrerenderError('USAGE', `This folder is not the site's root: no routes folder here, nor a build (${dir}); ${siteRoot} has route files, and seems to be the site's root.`, {
      hint: `Run the command in ${siteRoot}, or pass it the root (\`prerender preview ${there}\`); build it first if it has no build.`,
    });
  },
  /** No build in `dir`, where the shards of one are (`prerender build --shard k/n`), shown as `shards`. */
  unmergedShards: (dir: string, shards: string[]) =>
    new PrerenderError('NO_BUILD', `No build found in ${dir}, but ${shards.length === 1 ? 'a shard' : `${shards.length} shards`} of one ${shards.length === 1 ? 'is' : 'are'} beside it (${shards.join(', ')}): shards are served once merged.`, {
      hint: `Run \`prerender merge ${shards.join(' ')}\` first, or \`prerender build\` without --shard.`,
    }),
  portInUse: (host: string, port: number) =>
    new PrerenderError('SERVER', `Port ${port} on ${host} is already in use.`, {
      hint: `Stop the program using it, or pick another port: --port ${port === 65535 ? port - 1 : port + 1}, or --port 0 for any free one.`,
    }),
  listen: (host: string, port: number, cause: unknown) =>
    new PrerenderError('SERVER', `Cannot listen on ${host}:${port}: ${messageOf(cause)}`, {
      hint: 'Check --host (an address of this machine, such as 127.0.0.1 or 0.0.0.0) and --port (1024 to 65535 needs no privileges).',
      cause,
    }),
};

/** The call that failed and its file: `open /x/y`, or `spawn /x/node` (whose syscall names the file already). */
function failedCall({ syscall, path }: NodeJS.ErrnoException): string {
  if (syscall && path && syscall.endsWith(` ${path}`)) return syscall;
  return [syscall, path].filter(Boolean).join(' ') || 'a file';
}
