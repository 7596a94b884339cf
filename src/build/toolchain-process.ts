/**
 * The toolchain worker of `prerender build`: compiles a TypeScript config and bundles the routes with
 * Rollup and TypeScript (transpiling only; type checking has a worker of its own), in a thread the build ends before it prerenders, so that their code and
 * memory are gone by then. Requests and replies are {@link ToolchainRequest} / {@link ToolchainReply};
 * warnings go to the build's logger as messages.
 */
import { parentPort } from 'node:worker_threads';
import { bundleServer } from '../bundle/bundle-server.ts';
import { compileConfig } from '../config/compile-config.ts';
import type { ResolvedConfig } from '../config/types.ts';
import type { Logger } from '../log.ts';
import { toThreadError } from './thread-error.ts';
import type { ToolchainReply, ToolchainRequest } from './toolchain.ts';

const port = parentPort!;
const post = (reply: ToolchainReply) => port.postMessage(reply);
const logger: Logger = {
  isTTY: false,
  info: (message) => post({ log: 'info', message }),
  warn: (message, code) => post({ log: 'warn', message, code }),
  error: (message) => post({ log: 'error', message }),
  progress: (message) => post({ log: 'progress', message }),
};

port.on('message', async (request: ToolchainRequest) => {
  try {
    if (request.type === 'compile-config') {
      post({ id: request.id, value: await compileConfig(request.file) });
    } else {
      // Bundling reads only these fields of the config; the rest (the route list) stays on the main side.
      const config = request.site as ResolvedConfig;
      post({ id: request.id, value: await bundleServer({ config, logger, routes: request.routes }, request.outFile) });
    }
  } catch (error) {
    post({ id: request.id, error: toThreadError(error) });
  }
});
