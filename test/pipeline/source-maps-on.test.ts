/**
 * build() called by a host process that has Node's source maps off (Vite's, a script of the user's;
 * src/source-maps-on.ts): a route that throws (or returns an Error) is named with its file and line, as the CLI names it,
 * and the host's source maps are off again once the build is over. Run in a plain Node process: the
 * test runner's own stack handling would hide what Node does.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { repoRoot, route, tempDir, writeSite } from '../support/helpers.ts';

const run = promisify(execFile);

/** build() of `root` in a plain Node process: whether source maps were on before and after, and the error's code and message. */
async function buildInNode(root: string) {
  const script = `
    import { build } from ${JSON.stringify(join(repoRoot, 'lib', 'src', 'index.js'))};
    const before = process.sourceMapsEnabled;
    const error = await build({ root: ${JSON.stringify(root)}, typecheck: false, logger: { isTTY: false, info() {}, warn() {}, error() {}, progress() {} } }).catch((caught) => caught);
    console.log(JSON.stringify({ before, after: process.sourceMapsEnabled, code: error.code, message: error.message }));
  `;
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script]);
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as { before: boolean; after: boolean; code: string; message: string };
}

describe('build() in a process with source maps off', () => {
  it("names the failed route's file and line, and leaves source maps off after", async () => {
    const root = writeSite({
      'src/server/routes/api/boom.json.ts': route(`() => { throw new Error('database down'); }`),
      'prerender.config.mjs': `export default { outDir: ${JSON.stringify(tempDir('out-'))}, prerender: { routes: ['/api/boom.json'] } };`,
    });
    const outcome = await buildInNode(root);
    expect(outcome).toMatchObject({ before: false, after: false, code: 'ROUTES_FAILED' });
    expect(outcome.message).toMatch(/\/api\/boom\.json {2}500 {2}the handler threw Error: database down \(src\/server\/routes\/api\/boom\.json\.ts:\d+\)\n {6}at src\/server\/routes\/api\/boom\.json\.ts:\d+:\d+/);
  });

  it('names an Error the handler returned (h3 answers it with a bare 500) with its message, file and line', async () => {
    const root = writeSite({
      'src/server/routes/api/upstream.json.ts': route(`async () => new Error('upstream said no')`),
      'prerender.config.mjs': `export default { outDir: ${JSON.stringify(tempDir('out-'))}, prerender: { routes: ['/api/upstream.json'] } };`,
    });
    const outcome = await buildInNode(root);
    expect(outcome.code).toBe('ROUTES_FAILED');
    expect(outcome.message).toMatch(/\/api\/upstream\.json {2}500 {2}the handler returned Error: upstream said no, which h3 answers as a thrown one \(src\/server\/routes\/api\/upstream\.json\.ts:2\)\n {6}at src\/server\/routes\/api\/upstream\.json\.ts:2:\d+/);
  });
});
