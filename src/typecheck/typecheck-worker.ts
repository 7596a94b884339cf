/**
 * The type-check worker of `prerender build`: one {@link TypeCheckTask} in, one
 * {@link TypeCheckReply} out. A thread of its own, so that checking runs while the toolchain bundles
 * and the prerender renders, off the build's critical path.
 */
import { parentPort } from 'node:worker_threads';
import { messageOf } from '../errors.ts';
import { checkTypes, type TypeCheckTask } from './check-types.ts';
import { loadTypeChecker } from './site-typescript.ts';
import type { TypeCheckReply } from './typecheck.ts';

const port = parentPort!;
port.once('message', (task: TypeCheckTask) => {
  let reply: TypeCheckReply;
  try {
    const checker = loadTypeChecker(task.root);
    const diagnostics = checkTypes(checker.ts, task);
    reply = { diagnostics, version: checker.ts.version, from: checker.from, note: checker.note };
  } catch (error) {
    reply = { failed: messageOf(error) };
  }
  port.postMessage(reply);
});
