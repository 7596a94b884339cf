/**
 * atExit (src/at-exit.ts): cleanup due when the process exits runs in the order registered, a
 * cancelled one does not, and however many are due at once (builds side by side in one process:
 * two locks and a staging folder each), Node never warns of too many 'exit' listeners.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './support/helpers.ts';

const run = promisify(execFile);

describe('atExit', () => {
  it('runs what is due on exit, in order, not what was cancelled, with one listener for all', async () => {
    const script = `
      import { writeSync } from 'node:fs';
      import { atExit } from ${JSON.stringify(join(repoRoot, 'lib', 'src', 'at-exit.js'))};
      const before = process.listenerCount('exit');
      const cancels = Array.from({ length: 30 }, (_, i) => atExit(() => writeSync(1, i + ' ')));
      for (let i = 0; i < 30; i += 3) cancels[i]();
      writeSync(1, 'listeners added ' + (process.listenerCount('exit') - before) + ': ');
      process.exit(0);
    `;
    const { stdout, stderr } = await run(process.execPath, ['--input-type=module', '-e', script]);
    const kept = Array.from({ length: 30 }, (_, i) => i).filter((i) => i % 3 !== 0);
    expect(stdout.trim()).toBe(`listeners added 1: ${kept.join(' ')}`);
    expect(stderr).toBe('');
  });
});
