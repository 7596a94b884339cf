/**
 * Each command's `--help` from the real bin (cli/help.ts lays it out from cac's data): what the command
 * does, real defaults, examples a user can run.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot, runCli, tempDir } from '../support/helpers.ts';

const cwd = tempDir('cwd-');
const cli = (...args: string[]) => runCli(args, { cwd });

describe('--help of every command', () => {
  const commands = ['build', 'dev', 'preview', 'merge'];

  it.concurrent.each(commands)('prerender %s --help says what the command does, shows real defaults and examples a user can run', async (command) => {
    const { code, stdout } = await cli(command, '--help');
    expect(code).toBe(0);
    // cac's own default of a --no-x option, which reads as if the option were on by default.
    expect(stdout).not.toContain('(default: true)');
    // A folder of this repository, which users do not have.
    expect(stdout).not.toContain('sample-site');
    const examples = stdout.slice(stdout.indexOf('Examples:'));
    expect(examples.split('\n').slice(1).filter(Boolean)).toEqual(expect.arrayContaining([expect.stringMatching(new RegExp(`^  \\$ prerender ${command}`))]));
    for (const line of stdout.split('\n').filter((text) => /^\s+--/.test(text))) {
      // Every option has a description; no line ends in cac's padding.
      expect(line).toMatch(/^\s+-\S.*\s{2,}\S/);
      expect(line).toBe(line.trimEnd());
      // One default, said once: "(default: 1048576 (1 MiB))" reads as two.
      expect(line).not.toMatch(/\(default: [^)]*\(/);
    }
  });

  it.concurrent('prerender help build is build --help, as git and npm take it', async () => {
    const [asked, flag] = await Promise.all([cli('help', 'build'), cli('build', '--help')]);
    expect([asked.code, asked.stdout]).toEqual([0, flag.stdout]);
    expect(asked.stdout).toContain('$ prerender build [root]');
  });

  it.concurrent('build --help: what [root] is, each default from the config defaults, the --no- options in words', async () => {
    const { stdout } = await cli('build', '--help');
    expect(stdout).toContain('Bundle the routes, prerender the configured ones and write dist/<name>/');
    expect(stdout).toMatch(/root\s+The site folder \(default: the current folder\)/);
    expect(stdout).toMatch(/--concurrency <n>\s+.*\(default: 16\)$/m);
    expect(stdout).toMatch(/--preset <host>\s+.*\(default: static\)$/m);
    expect(stdout).toMatch(/--api-prefix <prefix>\s+.*\(default: api\)$/m);
    expect(stdout).toMatch(/--no-typecheck\s+.*type check.*on unless given/i);
    expect(stdout).toMatch(/--no-fail-on-error\s+\S/);
    expect(stdout).toMatch(/--no-cache\s+Render every route .*leaving the cache as it is/);
  });

  it.concurrent.each([
    ['dev', '3000'],
    ['preview', '4173'],
  ])('%s --help shows its port default, and the body limit once, readably', async (command, port) => {
    const { stdout } = await cli(command, '--help');
    expect(stdout).toMatch(new RegExp(`--port <port>\\s+.*\\(default: ${port}\\)$`, 'm'));
    expect(stdout).toMatch(/--body-limit <bytes>\s+.*\(default: 1048576 = 1 MiB\)$/m);
  });

  it.concurrent('merge --help and the README show its arguments alike', async () => {
    const { stdout } = await cli('merge', '--help');
    expect(stdout).toContain('$ prerender merge <...shardDirs>');
    const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
    expect(readme).toContain('prerender merge <...shardDirs>');
    expect(readme).not.toMatch(/prerender merge (<dirs|\[\.\.\.)/);
  });
});

