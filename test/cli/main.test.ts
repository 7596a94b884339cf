/**
 * The `prerender` command itself (cli/main.ts), from the real bin: its usage, its version, the usage
 * again when no command is given; and whatever fails, a run with --json prints exactly one JSON object
 * on stdout (the error, with its code), exit code 2 for usage, the text on stderr as without it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot, route, runCli, tempDir, writeSite } from '../support/helpers.ts';

const cwd = tempDir('cwd-');
const cli = (...args: string[]) => runCli(args, { cwd });
const { version } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string };

describe('prerender --help and --version', () => {
  it.concurrent('--help prints the usage and the build command, exit code 0', async () => {
    const { code, stdout } = await cli('--help');
    expect(code).toBe(0);
    expect(stdout).toContain('Usage:');
    expect(stdout).toContain('build [root]');
  });

  it.concurrent('build --help lists the build options, exit code 0', async () => {
    const { code, stdout } = await cli('build', '--help');
    expect(code).toBe(0);
    for (const flag of ['--config', '--api-prefix', '--concurrency', '--no-fail-on-error', '--json']) expect(stdout).toContain(flag);
  });

  it.concurrent('--version prints the package version, exit code 0', async () => {
    const { code, stdout } = await cli('--version');
    expect(code).toBe(0);
    expect(stdout).toContain(`prerender/${version}`);
  });

  it.concurrent('with no command prints the usage and the commands, and fails with exit code 2 naming the command to run', async () => {
    const { code, stdout, stderr } = await cli();
    expect(code).toBe(2);
    expect(stdout).toContain('Usage:');
    for (const command of ['build [root]', 'dev [root]', 'preview [root]', 'merge']) expect(stdout).toContain(command);
    expect(stderr).toContain('error No command given: `prerender build` builds the site in this folder.');
    expect(stderr).toContain('hint: Run `prerender build`, `prerender dev`, `prerender preview` or `prerender merge`');
  });

  it.concurrent('`prerender help` prints the usage too, exit code 0', async () => {
    const { code, stdout, stderr } = await cli('help');
    expect(code).toBe(0);
    expect(stdout).toContain('Usage:');
    expect(stderr).toBe('');
  });

  it.concurrent.each([
    [['--verbose'], 'error Unknown option `--verbose` for `prerender`.'],
    [['--port', '3000'], 'error Unknown option `--port` for `prerender`: it is an option of `prerender dev` and `prerender preview`.'],
  ])('an option with no command (%j) is a usage error, not the help with exit code 0', async (args, says) => {
    const { code, stdout, stderr } = await cli(...args);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain(says);
  });
});

describe('every --json run prints one JSON object on stdout', () => {
  const root = writeSite({ 'src/server/routes/api/a.txt.ts': route(`() => 'a'`) });

  it.concurrent.each([
    ['a misspelt option', ['build', root, '--json', '--presett', 'netlify'], 'USAGE', 'Unknown option `--presett` for `prerender build`; did you mean `--preset`?'],
    ['a misspelt command', ['bild', '--json'], 'USAGE', 'Unknown command "bild"; did you mean "build"?'],
    ['an option without its value', ['build', root, '--json', '--config'], 'USAGE', 'Option `--config` of `prerender build` needs a value: `--config <file>`.'],
    ['--json given to a command without it', ['dev', root, '--json'], 'USAGE', 'Unknown option `--json` for `prerender dev`: it is an option of `prerender build` and `prerender merge`.'],
    ['no command', ['--json'], 'USAGE', '--json needs a command that takes it: prerender build --json or prerender merge --json.'],
    ['a bad --preset', ['build', root, '--json', '--preset', 'vercell'], 'USAGE', '--preset must be static | netlify | cloudflare | vercel | github-pages, got "vercell"; did you mean "vercel"?'],
    ['another name of a host', ['build', root, '--json', '--preset', 'gh-pages'], 'USAGE', '--preset must be static | netlify | cloudflare | vercel | github-pages, got "gh-pages"; did you mean "github-pages"?'],
  ])('%s', async (_, args, code, message) => {
    const { code: exit, stdout, stderr } = await runCli(args, { cwd });
    expect(exit, stderr).toBe(2);
    // One shape whatever failed: the error, and the warnings (none before the command could warn).
    expect(JSON.parse(stdout)).toEqual({ error: { code, message, hint: expect.any(String) }, published: false, warnings: [] });
    expect(stdout.trim().split('\n')[0]).toBe('{');
    expect(stderr).toContain(`error ${message}`);
  });
});
