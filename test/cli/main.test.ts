/**
 * cli/main.ts through the real bin: whatever fails, a run with --json prints exactly one JSON object
 * on stdout (the error, with its code), exit code 2 for usage; the text goes to stderr as without it.
 */
import { describe, expect, it } from 'vitest';
import { route, runCli, tempDir, writeSite } from '../support/helpers.ts';

const cwd = tempDir('cwd-');

describe('every --json run prints one JSON object on stdout', () => {
  const root = writeSite({ 'src/server/routes/api/a.txt.ts': route(`() => 'a'`) });

  it.concurrent.each([
    ['a misspelt option', ['build', root, '--json', '--presett', 'netlify'], 'USAGE', 'Unknown option `--presett` for `prerender build`; did you mean `--preset`?'],
    ['a misspelt command', ['bild', '--json'], 'USAGE', 'Unknown command "bild"; did you mean "build"?'],
    ['an option without its value', ['build', root, '--json', '--config'], 'USAGE', 'Option `--config` of `prerender build` needs a value: `--config <file>`.'],
    ['--json given to a command without it', ['dev', root, '--json'], 'USAGE', 'Unknown option `--json` for `prerender dev`.'],
    ['no command', ['--json'], 'USAGE', '--json needs a command that takes it: prerender build --json or prerender merge --json.'],
    ['a bad --preset', ['build', root, '--json', '--preset', 'vercell'], 'USAGE', '--preset must be static | netlify | cloudflare | vercel | github-pages, got "vercell"; did you mean "vercel"?'],
  ])('%s', async (_, args, code, message) => {
    const { code: exit, stdout, stderr } = await runCli(args, { cwd });
    expect(exit, stderr).toBe(2);
    expect(JSON.parse(stdout)).toMatchObject({ error: { code, message } });
    expect(stdout.trim().split('\n')[0]).toBe('{');
    expect(stderr).toContain(`error ${message}`);
  });
});
