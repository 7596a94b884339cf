/**
 * The prerender's writer thread, started ahead while the bundler works (src/pipeline/prerender.ts,
 * startWriterAhead), is ended by the build however it ends: a library caller's process keeps no
 * thread of a failed build.
 */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildSite, failBuild, route, writeSite } from '../support/helpers.ts';

const api = 'src/server/routes/api';
/** The threads of this process (Linux), worker threads included. */
const threads = () => readdirSync('/proc/self/task').length;

describe.runIf(process.platform === 'linux')('the writer thread started ahead', () => {
  it('ends with a build that fails before its prerender (a syntax error while bundling)', async () => {
    const files = { [`${api}/hello.txt.ts`]: route(`() => 'hello'`), 'prerender.config.mjs': `export default { prerender: { routes: ['/api/hello.txt'] } };` };
    // A build first: the threads Node starts once (the file system's pool) are there before counting.
    const built = await buildSite(writeSite(files));
    expect(built.report.ok).toBe(1);
    const before = threads();
    const { error } = await failBuild({ ...files, [`${api}/broken.ts`]: `export default () => { const x = ; };\n` });
    expect(error.code).toBe('COMPILE');
    // No more than before: a thread of an earlier test file in this worker (a dev server's build
    // thread winding down) may end meanwhile, and did once on Node 24 in CI (17 before, 16 after).
    expect(threads()).toBeLessThanOrEqual(before);
  });
});
