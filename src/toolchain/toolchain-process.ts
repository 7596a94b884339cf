/**
 * The toolchain process of `prerender build`: compiles a TypeScript config and bundles the routes
 * with Rollup and TypeScript (transpiling only). A process, not a thread: when it exits, the memory
 * of Rollup and TypeScript goes back to the system (a thread's stays in the build process: ~140 MB
 * under the whole prerender, bench/RESULTS.md). Requests and replies are {@link ToolchainRequest} /
 * {@link ToolchainReply}; warnings go to the build's logger as messages.
 */
import { bundleServer } from '../bundle/bundle-server.ts';
import { compileConfig } from '../config/compile-config.ts';
import type { ResolvedConfig } from '../config/types.ts';
import type { Logger } from '../log.ts';
import { toThreadError } from './thread-error.ts';
import type { ToolchainReply, ToolchainRequest } from './toolchain.ts';

const post = (reply: ToolchainReply) => process.send!(reply);
const logger: Logger = {
  isTTY: false,
  info: (message) => post({ log: 'info', message }),
  warn: (message, code) => post({ log: 'warn', message, code }),
  error: (message) => post({ log: 'error', message }),
  progress: (message) => post({ log: 'progress', message }),
};

process.on('message', async (request: ToolchainRequest) => {
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
// The build ends this process; without its parent (killed), it ends itself.
process.on('disconnect', () => process.exit(0));
