/**
 * A build that fails before it made anything of use says only why: another build holds the output
 * (LOCKED) with no type check printed first, as none ran; and a site's first build that fails leaves
 * no `dist/` behind, not even an empty one.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { route, runCli, writeSite } from '../support/helpers.ts';

/** A site whose one route has a type error and throws. */
function failingSite() {
  return writeSite({
    'package.json': JSON.stringify({ name: 'early', type: 'module' }),
    'src/server/routes/api/a.json.ts': `import { defineEventHandler } from 'h3';\nconst count: number = 'three';\nexport default defineEventHandler(() => { throw new Error('no data ' + count); });\n`,
    'src/server/routes/api/b.txt.ts': route(`() => 'b'`),
    'prerender.config.mjs': `export default { prerender: { routes: ['/api/a.json', '/api/b.txt'] } };`,
  });
}

describe('a build that fails early', () => {
  it('refused by a live lock (LOCKED): the error alone, no type check lines before it', async () => {
    const root = failingSite();
    mkdirSync(join(root, 'dist'));
    // Held by this test's own process, alive on this host: another build of the site.
    writeFileSync(join(root, 'dist', '.early.lock'), JSON.stringify({ host: hostname(), pid: process.pid, id: 'held-by-the-test' }));
    const { code, stderr } = await runCli(['build', root]);
    expect(code).toBe(1);
    expect(stderr.split('\n')[0]).toBe(`error Another build of "early" (process ${process.pid}) is writing ${join(root, 'dist')}; this build stopped before touching it.`);
    expect(stderr).not.toMatch(/type check|TS2322|TYPE_/);
  });

  it("a site's first build that fails leaves no dist/ at all", async () => {
    const root = failingSite();
    const { code, stderr } = await runCli(['build', root, '--no-typecheck']);
    expect(code, stderr).toBe(1);
    expect(stderr).toContain('/api/a.json  500  the handler threw Error: no data three');
    expect(existsSync(join(root, 'dist'))).toBe(false);
  });
});
