/**
 * The main side of the toolchain worker (see toolchain-worker.ts). Peak memory of a build is then the
 * larger of bundling and prerendering, not their sum: TypeScript alone is ~76 MB once imported.
 */
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { ConfigCompiler } from '../config/load.ts';
import type { ResolvedConfig } from '../config/types.ts';
import type { WarningCode } from '../errors.ts';
import type { Logger } from '../log.ts';
import { libDir } from '../paths.ts';
import type { RouteDefinition } from '../routes/file-to-route.ts';
import { fromThreadError, type ThreadError } from './thread-error.ts';

/** What the bundler needs of a resolved config. */
export type BundleSite = Pick<ResolvedConfig, 'root' | 'routesDir' | 'apiPrefix'>;

/** What the worker is asked to do. */
export type ToolchainTask = { type: 'compile-config'; file: string } | { type: 'bundle'; site: BundleSite; check?: boolean; outFile: string };

/** A message to the worker: a task and the id its reply carries. */
export type ToolchainRequest = ToolchainTask & { id: number };

/** A message from the worker: a reply to request `id`, or a line for the logger. */
export type ToolchainReply =
  | { id: number; value: unknown; error?: undefined }
  | { id: number; error: ThreadError; value?: undefined }
  | { log: 'info' | 'warn' | 'error' | 'progress'; message: string; code?: WarningCode };

/** A running toolchain worker. */
export interface Toolchain {
  /** Compiles a TypeScript config beside itself (see compile-config.ts). */
  compileConfig: ConfigCompiler;
  /** Bundles the site's routes into `outFile` and returns the route table (see bundle-server.ts). */
  bundleServer(config: ResolvedConfig, check: boolean | undefined, outFile: string): Promise<RouteDefinition[]>;
  /** Ends the worker; safe to call more than once. */
  close(): Promise<void>;
}

type Pending = { resolve: (value: unknown) => void; reject: (error: unknown) => void };

/** Starts the worker; warnings it reports go to `logger`. */
export function startToolchain(logger: Logger): Toolchain {
  // Always the compiled worker, as with the runtime that goes into bundles: see paths.ts.
  const worker = new Worker(join(libDir, 'build', 'toolchain-worker.js'), {
    // A small young generation: ~25 MB less at the build's peak, for a few percent more bundling time.
    resourceLimits: { maxYoungGenerationSizeMb: 4 },
  });
  const pending = new Map<number, Pending>();
  let nextId = 0;
  let ended: unknown;
  const failAll = (error: unknown) => {
    ended ??= error;
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  };
  worker.on('message', (reply: ToolchainReply) => {
    if ('log' in reply) return reply.log === 'warn' ? logger.warn(reply.message, reply.code) : logger[reply.log](reply.message);
    const waiting = pending.get(reply.id);
    pending.delete(reply.id);
    if (reply.error) waiting?.reject(fromThreadError(reply.error));
    else waiting?.resolve(reply.value);
  });
  worker.on('error', failAll);
  worker.on('exit', (code) => failAll(new Error(`The build's toolchain worker stopped (exit code ${code}).`)));

  const ask = (task: ToolchainTask) =>
    new Promise<unknown>((resolve, reject) => {
      if (ended !== undefined) return reject(ended);
      const id = nextId++;
      pending.set(id, { resolve, reject });
      worker.postMessage({ ...task, id } satisfies ToolchainRequest);
    });

  return {
    compileConfig: async (file) => (await ask({ type: 'compile-config', file })) as string,
    async bundleServer(config, check, outFile) {
      const site: BundleSite = { root: config.root, routesDir: config.routesDir, apiPrefix: config.apiPrefix };
      return (await ask({ type: 'bundle', site, check, outFile })) as RouteDefinition[];
    },
    async close() {
      ended ??= new Error("The build's toolchain worker was closed.");
      await worker.terminate();
    },
  };
}
