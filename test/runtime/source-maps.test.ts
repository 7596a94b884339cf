/**
 * Stack traces name the route file and line the error came from, through the bundle's source map,
 * with the whole `cause` chain: in `prerender build` (a handler that throws, a module that throws
 * while it loads), in `prerender dev` and in the built server. None points into a staging folder.
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { startBinServer } from '../support/bin-server.ts';
import { buildSite, repoRoot, runCli, tempDir, writeSite } from '../support/helpers.ts';
import { startServerProcess } from '../support/server-process.ts';

const api = 'src/server/routes/api';

/** A route whose handler fails at line 10 (column 11), caused by an error made at line 4 (column 56). */
const throwingRoute = [
  `import { defineEventHandler } from 'h3';`, // 1
  ``, // 2
  `function readPrice(sku: string): number {`, // 3
  `  if (sku !== 'known') throw new Error('no price for ' + sku, { cause: new Error('price table is empty') });`, // 4
  `  return 1;`, // 5
  `}`, // 6
  ``, // 7
  `export default defineEventHandler(() => {`, // 8
  `  try { return { price: readPrice('unknown') }; }`, // 9
  `  catch (error) { throw new Error('pricing failed', { cause: error }); }`, // 10
  `});`, // 11
].join('\n');

/** A route module that throws at line 5 while it loads, caused by an error made at line 3. */
const throwingModule = [
  `import { defineEventHandler } from 'h3';`, // 1
  `function loadSettings(): string {`, // 2
  `  const missing = new Error('settings.json not found');`, // 3
  `  // the next line throws`, // 4
  `  throw new Error('cannot start without settings', { cause: missing });`, // 5
  `}`, // 6
  `const settings = loadSettings();`, // 7
  `export default defineEventHandler(() => settings);`, // 8
].join('\n');

/** A site with `files` building into its own outDir, prerendering `routes`. */
function site(files: Record<string, string>, routes: string[]) {
  const outDir = tempDir('out-');
  const root = writeSite({
    ...files,
    'prerender.config.mjs': `export default { name: 'traces', outDir: ${JSON.stringify(outDir)}, prerender: { routes: ${JSON.stringify(routes)} } };`,
  });
  return { root, outDir };
}

describe('prerender build', () => {
  it('prints the error of a handler that throws once: message, route file and line, the site\'s frames and its cause chain', async () => {
    const { root, outDir } = site({ [`${api}/price.json.ts`]: throwingRoute, 'package.json': '{}' }, ['/api/price.json']);
    const { code, stdout, stderr } = await runCli(['build', root, '--no-typecheck', '--json']);
    expect(code).toBe(1);
    const file = `${api}/price.json.ts`;
    const at = (line: number, name?: string) => `\\s+at ${name ? `${name} \\(` : ''}${file.replace(/[.[\]]/g, '\\$&')}:${line}:\\d+${name ? '\\)' : ''}`;
    expect(stderr).toMatch(
      new RegExp(
        [
          `^error 1 route failed to prerender; nothing was published:`,
          `  /api/price\\.json  500  the handler threw Error: pricing failed \\(${file.replace(/[.[\]]/g, '\\$&')}:10\\)`,
          at(10),
          `    Caused by: Error: no price for unknown`,
          at(4, 'readPrice'),
          at(9),
          `    Caused by: Error: price table is empty`,
          at(4, 'readPrice'),
          `  hint: `,
        ].join('\n'),
        'm',
      ),
    );
    // Not h3's HTTPError as an object, nor frames of Node, h3 or api-prerender, nor a staging folder.
    expect(stderr).not.toMatch(/HTTPError|unhandled: true|node_modules|node:internal|lib\/src|\.staging-/);
    const [failure] = JSON.parse(stdout).failures;
    expect(failure).toMatchObject({ route: '/api/price.json', status: 500, error: `the handler threw Error: pricing failed (${file}:10)` });
    expect(failure.trace).toMatch(/^ {4}at src\/server\/routes\/api\/price\.json\.ts:10:\d+\n {2}Caused by: Error: no price for unknown\n/);
    expect(existsSync(join(outDir, 'traces'))).toBe(false);
  });

  it('prints MODULE_IMPORT with the stack and cause chain of a module that throws while it loads', async () => {
    const { root } = site({ [`${api}/settings.ts`]: throwingModule }, []);
    const { code, stdout, stderr } = await runCli(['build', root, '--no-typecheck', '--json']);
    expect(code).toBe(1);
    const file = join(root, api, 'settings.ts');
    expect(stderr).toContain(`A route module threw while it was loaded, at ${api}/settings.ts:5: cannot start without settings`);
    expect(stderr).toMatch(new RegExp(`Error: cannot start without settings\\n\\s+at loadSettings \\(${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}:5:\\d+\\)`));
    expect(stderr).toContain(`Caused by: Error: settings.json not found\n    at loadSettings (${file}:3:`);
    // Below the module are only Node's loader and the tool that imported it.
    expect(stderr).not.toMatch(/node:internal|loadBundle/);
    expect(stderr).not.toContain('.staging-');
    expect(JSON.parse(stdout).error).toMatchObject({ code: 'MODULE_IMPORT' });
  });

  it('names the circle of imports when a module reads a name another has not set yet', async () => {
    const { root, outDir } = site(
      {
        'src/lib/a.ts': `import { b } from './b.ts';\nexport const a = 'A' + b;\n`,
        'src/lib/b.ts': `import { a } from './a.ts';\nexport const b = 'B';\nexport const both = a + b;\n`,
        [`${api}/hello.json.ts`]: `import { defineEventHandler } from 'h3';\nimport { both } from '../../../lib/b.ts';\nexport default defineEventHandler(() => ({ both }));\n`,
      },
      ['/api/hello.json'],
    );
    const { code, stderr } = await runCli(['build', root, '--no-typecheck']);
    expect(code).toBe(1);
    // The route imports b.ts, so a.ts runs first, and reads b before b.ts has set it.
    expect(stderr).toContain(`A route module threw while it was loaded, at src/lib/a.ts:2: Cannot access 'b' before initialization`);
    expect(stderr).toContain('hint: These modules import each other in a circle: src/lib/b.ts -> src/lib/a.ts -> src/lib/b.ts.');
    expect(existsSync(join(outDir, 'traces'))).toBe(false);
  });

  it('does not blame a circle of imports that is not where the error was thrown', async () => {
    const { root } = site(
      {
        'src/lib/a.ts': `import { b } from './b.ts';\nexport const a = () => 'A' + b;\n`,
        'src/lib/b.ts': `import { a } from './a.ts';\nexport const b = 'B';\nexport const later = () => a();\n`,
        [`${api}/hello.json.ts`]: `import { defineEventHandler } from 'h3';\nimport { later } from '../../../lib/b.ts';\nconst value = missingName;\nexport default defineEventHandler(() => ({ value: later() }));\n`,
      },
      ['/api/hello.json'],
    );
    const { code, stderr } = await runCli(['build', root, '--no-typecheck']);
    expect(code).toBe(1);
    expect(stderr).toContain(`A route module threw while it was loaded, at ${api}/hello.json.ts:3: missingName is not defined`);
    expect(stderr).not.toContain('circle');
  });
});

describe('a loaded bundle', () => {
  it('names the route file in the stacks of its errors after its folder is gone, as a staging folder or an old dev bundle goes', async () => {
    const { root } = site({ [`${api}/price.json.ts`]: throwingRoute }, []);
    const { dir } = await buildSite(root);
    // A copy beside the build, so that the map's relative sources lead to the route file.
    const gone = join(dir, '..', 'gone', 'server');
    cpSync(join(dir, 'server'), gone, { recursive: true });
    // Node reads a map only when a stack first needs it (since 26.9): here, after the folder went.
    const script = `
      import { rmSync } from 'node:fs';
      import { loadBundle } from ${JSON.stringify(join(repoRoot, 'lib/src/bundle/load-bundle.js'))};
      process.setSourceMapsEnabled(true);
      const bundle = await loadBundle(${JSON.stringify(join(gone, 'index.mjs'))});
      rmSync(${JSON.stringify(gone)}, { recursive: true });
      const outcome = { routed: false };
      const response = await bundle.app.request('http://localhost/api/price.json', undefined, { [Symbol.for('api-prerender.outcome')]: outcome });
      console.log(response.status);
      const error = outcome.thrown;
      console.log(error.stack + '\\n' + error.cause.stack);
    `;
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script]);
    const file = join(root, api, 'price.json.ts');
    expect(stdout).toMatch(/^500\n/);
    expect(stdout).toContain(`${file}:10:`);
    expect(stdout).toContain(`at readPrice (${file}:4:`);
    expect(stdout).not.toContain('index.mjs');
  });
});

describe('servers', () => {
  it('the built server logs the stack of a handler that throws at its place in the route file', async () => {
    const { root } = site({ [`${api}/price.json.ts`]: throwingRoute }, []);
    const { dir } = await buildSite(root);
    expect(existsSync(join(dir, 'server', 'index.mjs.map'))).toBe(true);
    expect(readFileSync(join(dir, 'server', 'index.mjs'), 'utf8')).toMatch(/\/\/# sourceMappingURL=index\.mjs\.map\n?$/);
    const server = await startServerProcess(join(dir, 'server', 'index.mjs'));
    try {
      const response = await fetch(new URL('/api/price.json', server.url));
      expect(response.status).toBe(500);
      expect(await response.text()).not.toContain('pricing failed');
      await expect.poll(() => server.stderr(), { timeout: 10_000 }).toContain('price table is empty');
      // The bundle was built in a staging folder; the map still leads to the source.
      const file = join(root, api, 'price.json.ts');
      expect(server.stderr()).toContain(`${file}:10:`);
      expect(server.stderr()).toContain(`at readPrice (${file}:4:`);
    } finally {
      await server.stop();
    }
  });

  it('prerender dev logs the stack at its place in the route file, not in the temporary bundle', async () => {
    const { root } = site({ [`${api}/price.json.ts`]: throwingRoute }, []);
    // Stopped as Ctrl-C stops it, so it removes its temporary bundle.
    const server = await startBinServer('dev', root);
    try {
      const response = await fetch(new URL('/api/price.json', server.url));
      expect(response.status).toBe(500);
      await server.waitForStderr('price table is empty');
      const file = join(root, api, 'price.json.ts');
      expect(server.stderr()).toContain(`${file}:10:`);
      expect(server.stderr()).toContain(`at readPrice (${file}:4:`);
      expect(server.stderr()).not.toContain('prerender-dev-');
    } finally {
      await server.stop();
    }
  });
});
