/**
 * Synchronous cleanup to run if the process exits while it is due (code a build ran called
 * `process.exit()`): the lock a build holds, its staging folder. One 'exit' listener serves them all,
 * so that builds run side by side in one process (shards, a test runner) add none each, and Node's
 * warning of too many listeners never comes. They run in the order registered.
 */
const due = new Set<() => void>();

function runDue(): void {
  for (const work of due) work();
}

/** Registers `work` to run on 'exit'; returns the function that unregisters it. */
export function atExit(work: () => void): () => void {
  if (due.size === 0) process.on('exit', runDue);
  due.add(work);
  return () => {
    if (!due.delete(work)) return;
    if (due.size === 0) process.off('exit', runDue);
  };
}
