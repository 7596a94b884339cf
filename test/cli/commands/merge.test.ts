/**
 * `prerender merge` from the real bin (cli/commands/merge.ts): a folder that does not exist named as
 * given; with --json, an error is one JSON object on stdout.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../../support/helpers.ts';

const cwd = tempDir('cwd-');
const cli = (...args: string[]) => runCli(args, { cwd });

/** stdout holds exactly one JSON value; returns it. */
function onlyJson(stdout: string) {
  expect(stdout.trim().startsWith('{')).toBe(true);
  return JSON.parse(stdout);
}

describe('prerender merge', () => {
  it('names a folder that does not exist as given, and says a shell pattern that matched nothing is passed as written', async () => {
    const { code, stdout, stderr } = await runCli(['merge', 'dist/*.shard-*-of-2'], { cwd: tempDir('empty-') });
    expect(code).toBe(2);
    expect(stderr).toContain('error No such shard folder: dist/*.shard-*-of-2.');
    expect(stderr).toContain('hint: Pass the folders `prerender build --shard k/n` wrote (dist/<name>.shard-k-of-n); a shell pattern that matches nothing is passed on as written.');
    expect(stdout).toBe('');
  });
});

describe('prerender merge --json', () => {
  it('prints the error as one JSON object on failure, as build does', async () => {
    const missing = join(tempDir('shards-'), 'not-a-shard');
    const { code, stdout, stderr } = await cli('merge', missing, '--json');
    expect(code).toBe(2);
    expect(stderr).toContain(missing);
    expect(onlyJson(stdout).error).toMatchObject({ code: 'USAGE', message: expect.stringContaining(missing) });
  });
});
