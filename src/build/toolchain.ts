/**
 * The main side of the toolchain process (see toolchain-process.ts). The build process then never
 * loads Rollup or TypeScript: its peak memory is the prerender's, and the toolchain's (TypeScript
 * alone is ~76 MB once imported) is given back to the system when the process ends.
 */
import { fork } from 'node:child_process';
import { join } from 'node:path';
import type { ConfigCompiler } from '../config/load.ts';
import type { ResolvedConfig } from '../config/types.ts';
import type { WarningCode } from '../warnings.ts';
import type { Logger } from '../log.ts';
import { libDir } from '../paths.ts';
import type { RouteDefinition } from '../routes/file-to-route.ts';
import type { TypeCheckTask } from '../typecheck/check-types.ts';
import type { TypeCheckReply } from '../typecheck/typecheck.ts';
import { fromThreadError, type ThreadError } from './thread-error.ts';

/** What the bundler needs of a resolved config. */
export type BundleSite = Pick<ResolvedConfig, 'root' | 'routesDir' | 'apiPrefix'>;

/** What the process is asked to do. */
export type ToolchainTask =
  | { type: 'compile-config'; file: string }
  | { type: 'bundle'; site: BundleSite; routes: RouteDefinition[]; outFile: string }
  | { type: 'typecheck'; task: TypeCheckTask };

/** A message to the process: a task and the id its reply carries. */
export type ToolchainRequest = ToolchainTask & { id: number };

/** A message from the process: a reply to request `id`, or a line for the logger. */
export type ToolchainReply =
  | { id: number; value: unknown; error?: undefined }
  | { id: number; error: ThreadError; value?: undefined }
  | { log: 'info' | 'warn' | 'error' | 'progress'; message: string; code?: WarningCode };

/** A running toolchain process. */
export interface Toolchain {
  /** Compiles a TypeScript config beside itself (see compile-config.ts). */
  compileConfig: ConfigCompiler;
  /** Bundles the site's `routes` (scanned from its routesDir) into `outFile` (see bundle-server.ts). */
  bundleServer(config: ResolvedConfig, routes: RouteDefinition[], outFile: string): Promise<void>;
  /** Type-checks `task` (see typecheck.ts); a process that ends first answers with `failed`. */
  typeCheck(task: TypeCheckTask): Promise<TypeCheckReply>;
  /** Ends the process (a check under way is dropped); safe to call more than once. */
  close(): Promise<void>;
}

type Pending = { resolve: (value: unknown) => void; reject: (error: unknown) => void };

/**
 * V8 flags of the process: a small young generation, ~25 MB less at its peak for a few percent more
 * time; no helper threads (V8's compiler and collector threads, each with its own malloc arena), ~7 MB
 * less for no measured loss on these short jobs. No inherited flags: some (--input-type, profilers,
 * preloads) break or slow it.
 */
const execArgv = ['--max-semi-space-size=1', '--single-threaded'];

/** Starts the process; warnings it reports go to `logger`. */
export function startToolchain(logger: Logger): Toolchain {
  // Always the compiled file, as with the runtime that goes into bundles: see paths.ts.
  const child = fork(join(libDir, 'build', 'toolchain-process.js'), [], { execArgv, serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const pending = new Map<number, Pending>();
  let nextId = 0;
  let ended: unknown;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const failAll = (error: unknown) => {
    ended ??= error;
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  };
  child.on('message', (reply: ToolchainReply) => {
    if ('log' in reply) return reply.log === 'warn' ? logger.warn(reply.message, reply.code) : logger[reply.log](reply.message);
    const waiting = pending.get(reply.id);
    pending.delete(reply.id);
    if (reply.error) waiting?.reject(fromThreadError(reply.error));
    else waiting?.resolve(reply.value);
  });
  child.on('error', failAll);
  child.on('exit', (code, signal) => failAll(new Error(`The build's toolchain process stopped (${signal ?? `exit code ${code}`}).`)));

  const ask = (task: ToolchainTask) =>
    new Promise<unknown>((resolve, reject) => {
      if (ended !== undefined) return reject(ended);
      const id = nextId++;
      pending.set(id, { resolve, reject });
      child.send({ ...task, id } satisfies ToolchainRequest);
    });

  return {
    compileConfig: async (file) => (await ask({ type: 'compile-config', file })) as string,
    async bundleServer(config, routes, outFile) {
      const site: BundleSite = { root: config.root, routesDir: config.routesDir, apiPrefix: config.apiPrefix };
      await ask({ type: 'bundle', site, routes, outFile });
    },
    typeCheck: (task) => (ask({ type: 'typecheck', task }) as Promise<TypeCheckReply>).catch((error: Error) => ({ failed: error.message })),
    async close() {
      ended ??= new Error("The build's toolchain process was closed.");
      if (child.exitCode === null && child.signalCode === null) child.kill();
      await exited;
    },
  };
}
