/**
 * What a new user meets first, from the real bin: each command's --help, a misspelt command or option
 * (with the one meant), and numeric options that are no number or out of range. Every mistake exits 2
 * with nothing on stdout.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot, route, runCli, tempDir, writeSite } from '../support/helpers.ts';

const cwd = tempDir('cwd-');
const cli = (...args: string[]) => runCli(args, { cwd });
const root = writeSite({
  'src/server/routes/api/hello.txt.ts': route(`() => 'hello'`),
  'prerender.config.mjs': `export default { outDir: ${JSON.stringify(tempDir('out-'))}, prerender: { routes: ['/api/hello.txt'] } };`,
});

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

  it.concurrent('build --help: what [root] is, each default from the config defaults, the --no- options in words', async () => {
    const { stdout } = await cli('build', '--help');
    expect(stdout).toContain('Bundle the routes, prerender the configured ones and write dist/<name>/');
    expect(stdout).toMatch(/root\s+The site folder \(default: the current folder\)/);
    expect(stdout).toMatch(/--concurrency <n>\s+.*\(default: 16\)$/m);
    expect(stdout).toMatch(/--preset <host>\s+.*\(default: static\)$/m);
    expect(stdout).toMatch(/--api-prefix <prefix>\s+.*\(default: api\)$/m);
    expect(stdout).toMatch(/--no-typecheck\s+.*type check.*on unless given/i);
    expect(stdout).toMatch(/--no-fail-on-error\s+\S/);
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

describe('a misspelt command or option names the one meant (exit 2)', () => {
  it.concurrent.each([
    { args: ['bild'], says: 'Unknown command "bild"; did you mean "build"?' },
    { args: ['preveiw'], says: 'Unknown command "preveiw"; did you mean "preview"?' },
    { args: ['frobnicate'], says: 'Unknown command "frobnicate".' },
    // What other tools call serving a built site.
    { args: ['serve'], says: 'Unknown command "serve"; did you mean "preview"?' },
    { args: ['start'], says: 'Unknown command "start"; did you mean "preview"?' },
    { args: ['merge'], says: 'missing required args for command `merge <...shardDirs>`.' },
    { args: ['build', root, '--concurency', '3'], says: 'Unknown option `--concurency` for `prerender build`; did you mean `--concurrency`?' },
    { args: ['build', root, '--no-typechek'], says: 'Unknown option `--no-typechek` for `prerender build`; did you mean `--no-typecheck`?' },
    { args: ['dev', root, '--prot', '3000'], says: 'Unknown option `--prot` for `prerender dev`; did you mean `--port`?' },
    { args: ['build', root, '--port', '3000'], says: 'Unknown option `--port` for `prerender build`.' },
    { args: ['build', root, '--bogus'], says: 'Unknown option `--bogus` for `prerender build`.' },
    { args: ['build', root, '--config'], says: 'Option `--config` of `prerender build` needs a value: `--config <file>`.' },
  ])('prerender $args', async ({ args, says }) => {
    const { code, stdout, stderr } = await cli(...args);
    expect(code).toBe(2);
    expect(stderr.split('\n')[0]).toBe(`error ${says}`);
    expect(stdout).toBe('');
  });
});

describe('numeric options take whole numbers in range only, as typed (exit 2 naming the option)', () => {
  const port = '--port must be a whole number from 0 to 65535';
  it.concurrent.each([
    { args: ['dev', root, '--port', '-1'], says: `${port}, got "-1".` },
    { args: ['dev', root, '--port', ''], says: `${port}, got "".` },
    { args: ['dev', root, '--port='], says: `${port}, got "".` },
    { args: ['dev', root, '--port', ' '], says: `${port}, got " ".` },
    { args: ['dev', root, '--port', '65536'], says: `${port}, got "65536".` },
    { args: ['dev', root, '--port', '1e3'], says: `${port}, got "1e3".` },
    { args: ['dev', root, '--port', '0x10'], says: `${port}, got "0x10".` },
    { args: ['preview', root, '--port', '-1'], says: `${port}, got "-1".` },
    { args: ['preview', root, '--port', ''], says: `${port}, got "".` },
    { args: ['build', root, '--concurrency', '-1'], says: '--concurrency must be a whole number above 0, got "-1".' },
    { args: ['build', root, '--concurrency', ''], says: '--concurrency must be a whole number above 0, got "".' },
    { args: ['build', root, '--concurrency', '0'], says: '--concurrency must be a whole number above 0, got "0".' },
    { args: ['dev', root, '--body-limit', '-5'], says: '--body-limit must be a whole number of bytes, got "-5".' },
    { args: ['preview', root, '--body-limit', ''], says: '--body-limit must be a whole number of bytes, got "".' },
  ])('prerender $args', async ({ args, says }) => {
    const { code, stdout, stderr } = await cli(...args);
    expect(code).toBe(2);
    expect(stderr.split('\n')[0]).toBe(`error ${says}`);
    expect(stdout).toBe('');
  });

  it.concurrent('a value that starts with a dash is still the value of the option before it', async () => {
    const { code, stderr } = await cli('build', root, '--preset', '-x', '--no-typecheck');
    expect(code).toBe(2);
    expect(stderr).toContain('error --preset must be static | netlify | cloudflare | vercel | github-pages, got "-x".');
    expect(stderr).not.toContain('Unknown option');
  });
});
