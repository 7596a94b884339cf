/**
 * A build that fails still reports what its type check found: a route reading a property its object
 * does not have fails at run time, and the TS2339 that explains it is printed before the error (the
 * error stays the last thing the user reads) and listed in `--json`, whichever way the build fails.
 */
import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot, runCli, tempDir, writeSite } from '../support/helpers.ts';

const api = 'src/server/routes/api';
const typeError = `${api}/home.json.ts:3:55: TS2339: Property 'lang' does not exist on type '{ title: string; }'.`;
const runtimeError = "the handler threw TypeError: Cannot read properties of undefined (reading 'toUpperCase')";

/** The route fails while rendering (`render`) or while its module loads (`load`). */
function site(when: 'render' | 'load'): string {
  const handler =
    when === 'render'
      ? 'export default defineEventHandler(() => ({ lang: site.lang.toUpperCase() }));'
      : 'const lang = site.lang.toUpperCase();\nexport default defineEventHandler(() => ({ lang }));';
  const root = writeSite({
    'src/server/lib/site.ts': "export const site = { title: 'Notes' };\n",
    [`${api}/home.json.ts`]: `import { defineEventHandler } from 'h3';\nimport { site } from '../../lib/site.ts';\n${handler}\n`,
    'prerender.config.mjs': `export default { outDir: ${JSON.stringify(tempDir('out-'))}, prerender: { routes: ['/api/home.json'] } };\n`,
  });
  mkdirSync(join(root, 'node_modules'));
  symlinkSync(join(repoRoot, 'node_modules', 'h3'), join(root, 'node_modules', 'h3'), 'dir');
  return root;
}

describe('a route failing because of a type error', () => {
  it('prints the type error and the check line before the error, which ends the output', async () => {
    const { code, stderr } = await runCli(['build', site('render')]);
    expect(code).toBe(1);
    const lines = stderr.trimEnd().split('\n');
    const warningAt = lines.indexOf(`warning ${typeError}`);
    const checkAt = lines.findIndex((line) => /^type check: 1 error, printed above as warnings \(TypeScript [\d.]+, api-prerender's\)$/.test(line));
    const errorAt = lines.indexOf('error 1 route failed to prerender; nothing was published:');
    expect(warningAt).toBeGreaterThan(-1);
    expect([warningAt < checkAt, checkAt < errorAt]).toEqual([true, true]);
    // After the error: its failed route and its hint, nothing else.
    expect(lines.slice(errorAt + 1)).toEqual([`  /api/home.json  500  ${runtimeError}`, expect.stringMatching(/^ {2}hint: /)]);
  });

  it('--json lists the type error among the report\'s warnings', async () => {
    const { code, stdout } = await runCli(['build', site('render'), '--json']);
    expect(code).toBe(1);
    const report = JSON.parse(stdout);
    expect(report).toMatchObject({ ok: 0, failed: 1, failures: [{ route: '/api/home.json', status: 500, error: runtimeError }] });
    expect(report.warnings).toEqual([{ code: 'TYPE_ERROR', message: typeError }]);
  });

  it('--json lists it beside the error when the route module fails to load', async () => {
    const { code, stdout, stderr } = await runCli(['build', site('load'), '--json']);
    expect(code).toBe(1);
    const loadError = typeError.replace(':3:55:', ':3:19:');
    expect(JSON.parse(stdout)).toEqual({ error: expect.objectContaining({ code: 'MODULE_IMPORT' }), warnings: [{ code: 'TYPE_ERROR', message: loadError }] });
    const lines = stderr.split('\n');
    expect(lines.indexOf(`warning ${loadError}`)).toBeLessThan(lines.findIndex((line) => line.startsWith('error ')));
  });
});
