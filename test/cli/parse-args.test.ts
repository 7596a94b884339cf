/**
 * What a new user meets first, from the real bin (cli/parse-args.ts reads argv): a misspelt command or
 * option (with the one meant), and numeric options that are no number or out of range. Every mistake
 * exits 2 with nothing on stdout.
 */
import { describe, expect, it } from 'vitest';
import { route, runCli, tempDir, writeSite } from '../support/helpers.ts';

const cwd = tempDir('cwd-');
const cli = (...args: string[]) => runCli(args, { cwd });
const root = writeSite({
  'src/server/routes/api/hello.txt.ts': route(`() => 'hello'`),
  'prerender.config.mjs': `export default { outDir: ${JSON.stringify(tempDir('out-'))}, prerender: { routes: ['/api/hello.txt'] } };`,
});

describe('a misspelt command or option names the one meant (exit 2)', () => {
  it.concurrent.each([
    { args: ['bild'], says: 'Unknown command "bild"; did you mean "build"?' },
    { args: ['preveiw'], says: 'Unknown command "preveiw"; did you mean "preview"?' },
    { args: ['frobnicate'], says: 'Unknown command "frobnicate".' },
    // What other tools call serving a built site.
    { args: ['serve'], says: 'Unknown command "serve"; did you mean "preview"?' },
    { args: ['start'], says: 'Unknown command "start"; did you mean "preview"?' },
    { args: ['merge'], says: '`prerender merge` needs the shard folders to merge, such as dist/my-site.shard-1-of-2 dist/my-site.shard-2-of-2.' },
    { args: ['build', root, '--concurency', '3'], says: 'Unknown option `--concurency` for `prerender build`; did you mean `--concurrency`?' },
    { args: ['build', root, '--no-typechek'], says: 'Unknown option `--no-typechek` for `prerender build`; did you mean `--no-typecheck`?' },
    { args: ['dev', root, '--prot', '3000'], says: 'Unknown option `--prot` for `prerender dev`; did you mean `--port`?' },
    { args: ['build', root, '--port', '3000'], says: 'Unknown option `--port` for `prerender build`: it is an option of `prerender dev` and `prerender preview`.' },
    { args: ['dev', root, '--no-typecheck'], says: 'Unknown option `--no-typecheck` for `prerender dev`: it is an option of `prerender build`.' },
    { args: ['build', root, '--bogus'], says: 'Unknown option `--bogus` for `prerender build`.' },
    // A config key given as a flag: the config file is its place (merge's --out-dir is another thing).
    { args: ['build', root, '--outDir', 'x'], says: 'Unknown option `--out-dir` for `prerender build`: outDir is a config key, set in the config file (`prerender merge` takes --out-dir).' },
    { args: ['build', root, '--outdir', 'x'], says: 'Unknown option `--outdir` for `prerender build`: outDir is a config key, set in the config file, not on the command line.' },
    { args: ['build', root, '--cache-dir', 'x'], says: 'Unknown option `--cache-dir` for `prerender build`: cacheDir is a config key, set in the config file, not on the command line.' },
    { args: ['dev', root, '--timeout', '5'], says: 'Unknown option `--timeout` for `prerender dev`: prerender.timeout is a config key, set in the config file, not on the command line.' },
    // What Rollup, Vite and tsc call rebuilding on save.
    { args: ['build', root, '--watch'], says: 'Unknown option `--watch` for `prerender build`: `prerender dev` is the command that watches, serving the routes and rebuilding them on every save.' },
    { args: ['build', root, '-w'], says: 'Unknown option `-w` for `prerender build`: `prerender dev` is the command that watches, serving the routes and rebuilding them on every save.' },
    { args: ['dev', root, '--watch'], says: 'Unknown option `--watch` for `prerender dev`, which watches already: it rebuilds the routes on every save.' },
    { args: ['build', root, '--config'], says: 'Option `--config` of `prerender build` needs a value: `--config <file>`.' },
    // A path with a space, unquoted: cac's own says `Unused args`.
    { args: ['build', 'my', 'site'], says: '`prerender build` takes one argument, the root folder; "site" is one too many.' },
    { args: ['preview', root, 'x', 'y'], says: '`prerender preview` takes one argument, the root folder; "x", "y" are 2 too many.' },
  ])('prerender $args', async ({ args, says }) => {
    const { code, stdout, stderr } = await cli(...args);
    expect(code).toBe(2);
    expect(stderr.split('\n')[0]).toBe(`error ${says}`);
    expect(stdout).toBe('');
  });

  it('a config key given to a command that does not read it, as a flag another command takes: the hint names that command first', async () => {
    const { code, stderr } = await cli('preview', root, '--no-cache');
    expect(code).toBe(2);
    expect(stderr).toContain('error Unknown option `--no-cache` for `prerender preview`: cache is a config key, set in the config file (`prerender build` takes --no-cache).');
    expect(stderr).toContain('  hint: Pass --no-cache to `prerender build`, if that is what you meant to run; or set cache in prerender.config.ts (or .mjs): export default defineConfig({ cache: ... }); run `prerender preview --help` for its options.');
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
    { args: ['build', root, '--concurrency', '-1'], says: '--concurrency must be a whole number from 1 to 1024, got "-1".' },
    { args: ['build', root, '--concurrency', ''], says: '--concurrency must be a whole number from 1 to 1024, got "".' },
    { args: ['build', root, '--concurrency', '0'], says: '--concurrency must be a whole number from 1 to 1024, got "0".' },
    { args: ['build', root, '--concurrency', '5000'], says: '--concurrency must be a whole number from 1 to 1024, got "5000".' },
    { args: ['dev', root, '--body-limit', '-5'], says: '--body-limit must be a whole number of bytes, got "-5".' },
    { args: ['preview', root, '--body-limit', ''], says: '--body-limit must be a whole number of bytes, got "".' },
  ])('prerender $args', async ({ args, says }) => {
    const { code, stdout, stderr } = await cli(...args);
    expect(code).toBe(2);
    expect(stderr.split('\n')[0]).toBe(`error ${says}`);
    expect(stdout).toBe('');
  });

  it.concurrent('--concurrency past the config key\'s range names the flag and its fix, never the library\'s `config` option', async () => {
    const { code, stdout, stderr } = await cli('build', root, '--concurrency', '5000', '--json');
    expect(code).toBe(2);
    expect(stderr).toBe('error --concurrency must be a whole number from 1 to 1024, got "5000".\n  hint: Pass the routes to render at once, such as --concurrency 16 (the default).\n');
    expect(JSON.parse(stdout).error).toMatchObject({ code: 'USAGE', message: '--concurrency must be a whole number from 1 to 1024, got "5000".' });
  });

  it.concurrent('a value that starts with a dash is still the value of the option before it', async () => {
    const { code, stderr } = await cli('build', root, '--preset', '-x', '--no-typecheck');
    expect(code).toBe(2);
    expect(stderr).toContain('error --preset must be static | netlify | cloudflare | vercel | github-pages, got "-x".');
    expect(stderr).not.toContain('Unknown option');
  });
});

describe('bad usage exits with code 2 and says what is wrong', () => {
  it.concurrent.each([
    { name: 'build --concurrency 0', args: ['build', root, '--concurrency', '0'], says: '--concurrency must be a whole number from 1 to 1024, got "0"' },
    { name: 'build --concurrency abc', args: ['build', root, '--concurrency', 'abc'], says: '--concurrency must be a whole number from 1 to 1024, got "abc"' },
    { name: 'build --bogus (unknown option)', args: ['build', root, '--bogus'], says: 'Unknown option `--bogus`' },
    { name: 'frobnicate (unknown command)', args: ['frobnicate'], says: 'Unknown command "frobnicate"' },
  ])('prerender $name', async ({ args, says }) => {
    const { code, stdout, stderr } = await cli(...args);
    expect(code).toBe(2);
    expect(stderr).toContain(says);
    expect(stdout).toBe('');
  });
});
