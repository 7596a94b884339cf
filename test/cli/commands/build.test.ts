/**
 * `prerender build` from the real bin (cli/commands/build.ts), spawned: exit codes, what goes to stdout
 * and stderr, and --json. Every run starts in an empty folder, as a CI job building a site elsewhere
 * would. The bin's usage errors: test/cli/parse-args.test.ts; its help: test/cli/help.test.ts.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer, type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { binPath, route, runCli, tempDir, writeSite } from '../../support/helpers.ts';

const cwd = tempDir('cwd-');
const cli = (...args: string[]) => runCli(args, { cwd });

/** A two-route site building into a temporary outDir; `routes` and extra files may be swapped in. */
function cliSite(routes: string[], files: Record<string, string> = {}) {
  const outDir = tempDir('out-');
  const root = writeSite({
    'src/server/routes/api/hello.txt.ts': route(`() => 'hello'`),
    'src/server/routes/api/data.json.ts': route(`() => ({ answer: 42 })`),
    'prerender.config.mjs': `export default { name: 'cli-site', outDir: ${JSON.stringify(outDir)}, prerender: { routes: ${JSON.stringify(routes)} } };`,
    ...files,
  });
  return { root, dir: join(outDir, 'cli-site') };
}

/** stdout holds exactly one JSON value; returns it. */
function onlyJson(stdout: string) {
  expect(stdout.trim().startsWith('{')).toBe(true);
  return JSON.parse(stdout);
}

describe('bad usage exits with code 2 and says what is wrong', () => {
  it('a config error names the key, and --json still prints one JSON object', async () => {
    const { root: bad } = cliSite([], { 'prerender.config.mjs': `export default { prerender: { timeout: -5 } };` });
    const { code, stdout, stderr } = await cli('build', bad, '--json');
    expect(code).toBe(2);
    expect(stderr).toContain('"prerender.timeout"');
    expect(onlyJson(stdout).error).toMatchObject({ code: 'CONFIG', message: expect.stringContaining('prerender.timeout') });
  });

  it('a misspelt config key is a config error that suggests the key meant', async () => {
    const { root: typo, dir } = cliSite([], { 'prerender.config.mjs': `export default { prerender: { routes: ['/api/hello.txt'] }, concurency: 4 };` });
    const { code, stderr } = await cli('build', typo);
    expect(code).toBe(2);
    expect(stderr).toContain('error Unknown config key "concurency" in prerender.config.mjs; did you mean "prerender.concurrency"?');
    expect(stderr).toContain('hint: Move the key into "prerender" as "concurrency" (prerender: { concurrency: ... }) in prerender.config.mjs, or remove it.');
    expect(existsSync(dir)).toBe(false);
  });

  it('a misspelt routesDir is a config error naming the folder looked in and the folder meant; nothing is written', async () => {
    const { root: typo, dir } = cliSite([], { 'prerender.config.mjs': `export default { routesDir: 'src/server/rotues' };` });
    const { code, stderr } = await cli('build', typo);
    expect(code).toBe(2);
    expect(stderr).toContain(`error No routes folder at ${join(typo, 'src/server/rotues')} (config key "routesDir"); did you mean ${join(typo, 'src/server/routes')} (2 route files)?`);
    expect(stderr).toContain('hint: Set "routesDir" in prerender.config.mjs to "src/server/routes", or rename that folder to "src/server/rotues".');
    expect(existsSync(dir)).toBe(false);
  });

  it('a routesDir set without its first folder (server/routes for src/server/routes): the value to set, not another root', async () => {
    const { root, dir } = cliSite([], { 'prerender.config.mjs': `export default { routesDir: 'server/routes' };` });
    const { code, stderr } = await cli('build', root);
    expect(code).toBe(2);
    expect(stderr).toContain(`error No routes folder at ${join(root, 'server/routes')} (config key "routesDir"); did you mean ${join(root, 'src/server/routes')} (2 route files)?`);
    expect(stderr).toContain('hint: Set "routesDir" in prerender.config.mjs to "src/server/routes", or rename that folder to "server/routes".');
    expect(existsSync(dir)).toBe(false);
  });

  it('run from the wrong folder (no routes under the default routesDir, none near), exit code 2 naming the path', async () => {
    const { code, stderr } = await cli('build');
    expect(code).toBe(2);
    expect(stderr).toContain(`error No routes folder at ${join(cwd, 'src/server/routes')} (config key "routesDir"), nor one with route files near it.`);
    // Or a new site in its first minutes: the file it starts with.
    expect(stderr).toContain("A new site starts with one: src/server/routes/api/hello.ts holding `export default defineEventHandler(() => 'hello');` (import it from 'h3').");
    // Nothing left where it ran: no output, no cache folder (node_modules/.cache/api-prerender).
    expect([existsSync(join(cwd, 'dist')), existsSync(join(cwd, 'node_modules'))]).toEqual([false, false]);
  });

  it('prerender build run inside the site (in src/): names the site root found above and the command to run there', async () => {
    const { root } = cliSite([]);
    const src = join(root, 'src');
    const { code, stderr } = await runCli(['build'], { cwd: src });
    expect(code).toBe(2);
    expect(stderr).toContain(
      `error No routes folder at ${join(src, 'src/server/routes')} (config key "routesDir"). Route files are at ${join(root, 'src/server/routes')} (2 route files): the site's root seems to be ${root}.\n` +
        `  hint: Run prerender build in ${root}, or pass it the root (\`prerender build ..\`).`,
    );
    // Nothing left in src/: no output, no cache folder (node_modules/.cache/api-prerender).
    expect(readdirSync(src).sort()).toEqual(['server']);
  });

  it('prerender build run in a folder holding two sites: names one as the root and the other beside it, with the command for each', async () => {
    const parent = tempDir('sites-');
    const site = (name: string) => writeSite({ 'src/server/routes/api/hello.txt.ts': route(`() => 'hello'`), 'prerender.config.mjs': 'export default {};' }, join(parent, name));
    site('blog');
    site('shop');
    const { code, stderr } = await runCli(['build'], { cwd: parent });
    expect(code).toBe(2);
    expect(stderr).toContain(
      `error No routes folder at ${join(parent, 'src/server/routes')} (config key "routesDir"). Route files are at ${join(parent, 'blog/src/server/routes')} (1 route file): the site's root seems to be ${join(parent, 'blog')} (another site is beside it: ${join(parent, 'shop')}).\n` +
        `  hint: Run prerender build in ${join(parent, 'blog')}, or pass it the root (\`prerender build blog\`); for another, its folder (\`prerender build shop\`).`,
    );
    expect(readdirSync(parent).sort()).toEqual(['blog', 'shop']);
  });

  it('prerender dev given a folder inside the site: exits 2 before it listens, naming the site root and prerender dev, never prerender build', async () => {
    const { root } = cliSite([]);
    // The port it would take is in use: the folder is still what it says, not the port.
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    try {
      const { code, stdout, stderr } = await runCli(['dev', join(root, 'src'), '--port', String((taken.address() as AddressInfo).port)]);
      expect(code).toBe(2);
      expect(stdout).toBe('');
      expect(stderr).toContain(`Route files are at ${join(root, 'src/server/routes')} (2 route files): the site's root seems to be ${root}.\n  hint: Run prerender dev in ${root}, or pass it the root (\`prerender dev ${root}\`).`);
      expect(stderr).not.toContain('prerender build');
      expect(stderr).not.toContain('listening');
    } finally {
      taken.close();
    }
  });
});

describe('prerender build', () => {
  it('stops at a syntax error: exit code 1, file:line:column and the code frame on stderr, said once', async () => {
    const { root, dir } = cliSite(['/api/hello.txt'], {
      'src/server/routes/api/broken.ts': `import { defineEventHandler } from 'h3';\nexport default defineEventHandler(() => {\n  const x = ;\n});\n`,
    });
    const { code, stdout, stderr } = await cli('build', root);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toContain('Syntax error in src/server/routes/api/broken.ts:3:13: ');
    expect(stderr).toContain('const x = ;');
    // The check found it too (TS1109): the error says it, with its frame, and the check only counts it.
    expect(stderr).not.toContain('TS1109');
    expect(stderr).toContain('type check: 1 error: the one at src/server/routes/api/broken.ts:3, the error below (');
    expect(existsSync(dir)).toBe(false);
  });

  it('stops at a name a module does not export: at the import, with its frame, said once (the check only counts its TS2305)', async () => {
    const { root, dir } = cliSite(['/api/hello.txt'], {
      'src/server/lib/helper.ts': 'export const something = 1;\n',
      'src/server/routes/api/named.ts': `import { defineEventHandler } from 'h3';\nimport { nothing } from '../../lib/helper.ts';\nexport default defineEventHandler(() => nothing);\n`,
    });
    const { code, stderr } = await cli('build', root);
    expect(code, stderr).toBe(1);
    expect(stderr).toContain('error src/server/routes/api/named.ts:2:10 imports "nothing" from src/server/lib/helper.ts, which does not export it.');
    expect(stderr).toContain("2: import { nothing } from '../../lib/helper.ts';");
    expect(stderr).not.toContain('TS2305');
    // (This site has no h3 of its own to type-check against: its TS2307s are the check's other errors.)
    expect(stderr).toMatch(/^type check: \d+ errors?(, printed above as (?:a warning|warnings) but|:) the one at src\/server\/routes\/api\/named\.ts:2, the error below \(/m);
    expect(existsSync(dir)).toBe(false);
  });

  it.each([
    ['nothing left to run (Node would exit 13)', 'await new Promise(() => {});'],
    ['a timer left running', 'await new Promise(() => { setInterval(() => {}, 1000); });'],
  ])('stops at a top-level await that never settles, with %s: prerender.timeout, the message, exit 1, nothing written', async (_name, wait) => {
    const { root, dir } = cliSite(['/api/hello.txt'], {
      'src/server/routes/api/stuck.ts': `import { defineEventHandler } from 'h3';\nimport { later } from '../../lib/waits-when-called.ts';\n${wait}\nexport default defineEventHandler(() => later());\n`,
      'src/server/lib/waits-when-called.ts': `export class Store {\n  async load() {\n    for await (const part of [Promise.resolve(1)]) await part;\n  }\n}\nexport const later = async () => await new Store().load();\n`,
    });
    writeFileSync(join(root, 'prerender.config.mjs'), readFileSync(join(root, 'prerender.config.mjs'), 'utf8').replace('prerender: {', 'prerender: { timeout: 1000,'));
    const { code, stderr } = await cli('build', root, '--no-typecheck');
    expect(code, stderr).toBe(1);
    // Named: the one module of the site that awaits at its top level (an async handler's await is no such await).
    expect(stderr).toContain(
      'error The route modules did not finish loading within 1000 ms (prerender.timeout): the code at the top level of src/server/routes/api/stuck.ts is still waiting (an await outside any function that does not settle).',
    );
    expect(stderr).toContain('The build loads every route file, listed or not.');
    expect(stderr).not.toMatch(/unsettled top-level await|process\.exit/);
    expect(existsSync(dir)).toBe(false);
  });

  it('builds a site (type-checked), prints the summary on stderr and exits though a route keeps a timer', async () => {
    const { root, dir } = cliSite(['/api/hello.txt', '/api/data.json'], {
      'src/server/routes/api/ticker.ts': `let ticks = 0;\nsetInterval(() => ticks++, 1000);\n${route('() => ticks')}`,
    });
    const { code, stdout, stderr } = await runCli(['build', root], { cwd, timeout: 30_000 });
    expect(code).toBe(0);
    expect(stdout).toBe('');
    // The site installs no h3: its three route files' imports are the type check's three warnings.
    expect(stderr).toMatch(/2 routes ok, 0 failed, 3 warnings, 2 files, \d+ B of route bodies in [\d.]+s -> /);
    expect(stderr).toContain(dir);
    expect(readFileSync(join(dir, 'public/api/hello.txt'), 'utf8')).toBe('hello');
  });

  it('sets NODE_ENV to production when the shell did not, as vite build does, and keeps one the shell set', async () => {
    const files = { 'src/server/routes/api/env.txt.ts': route(`() => String(process.env.NODE_ENV)`) };
    const { root, dir } = cliSite(['/api/env.txt'], files);
    const unset = await runCli(['build', root, '--no-typecheck', '--no-cache'], { cwd, env: { NODE_ENV: undefined } });
    expect(unset.code, unset.stderr).toBe(0);
    expect(readFileSync(join(dir, 'public/api/env.txt'), 'utf8')).toBe('production');
    const staging = await runCli(['build', root, '--no-typecheck', '--no-cache'], { cwd, env: { NODE_ENV: 'staging' } });
    expect(staging.code, staging.stderr).toBe(0);
    expect(readFileSync(join(dir, 'public/api/env.txt'), 'utf8')).toBe('staging');
  });

  it('prints every path as one to open from where it runs: the folder above the site, or the site', async () => {
    const parent = tempDir('parent-');
    const files = { 'src/server/routes/api/hello.txt.ts': route(`() => 'hello'`), 'prerender.config.mjs': `export default { prerender: { routes: ['/api/hello.txt'] } };` };
    writeSite(files, join(parent, 'my-site'));
    const paths = (stderr: string) => [...stderr.matchAll(/(?:^build report: | -> |; to deploy: upload )([^\s);]+)/gm)].map((match) => match[1]);
    const above = await runCli(['build', 'my-site', '--no-typecheck'], { cwd: parent });
    expect(above.code, above.stderr).toBe(0);
    expect(paths(above.stderr)).toEqual(['my-site/dist/my-site/report.html', 'my-site/dist/my-site', 'my-site/dist/my-site/public']);
    for (const path of paths(above.stderr)) expect(existsSync(join(parent, path)), path).toBe(true);
    const inside = await runCli(['build', '--no-typecheck'], { cwd: join(parent, 'my-site') });
    expect(inside.code, inside.stderr).toBe(0);
    expect(paths(inside.stderr)).toEqual(['dist/my-site/report.html', 'dist/my-site', 'dist/my-site/public']);
  });

  it('--json prints exactly the report on stdout, logs on stderr; --api-prefix moves the api folder', async () => {
    const { root, dir } = cliSite(['/svc/data.json']);
    const { code, stdout, stderr } = await cli('build', root, '--json', '--no-typecheck', '--api-prefix', '/svc/');
    expect(code).toBe(0);
    const report = onlyJson(stdout);
    expect(report).toMatchObject({ published: true, name: 'cli-site', dir, ok: 1, failed: 0, failures: [], reportPage: join(dir, 'report.html'), typeCheck: null, preset: 'static', deployDir: join(dir, 'public') });
    expect(existsSync(report.reportPage)).toBe(true);
    expect(report).not.toHaveProperty('error');
    // Routes written are listed in the manifest; the report counts them (a million would not fit).
    expect(report).not.toHaveProperty('routes');
    const manifest = JSON.parse(readFileSync(join(dir, 'prerender-manifest.json'), 'utf8'));
    expect(manifest.routes).toEqual([expect.objectContaining({ route: '/svc/data.json', file: 'svc/data.json', status: 200 })]);
    expect(stderr).toContain('1 route ok, 0 failed');
    expect(existsSync(join(dir, 'public/svc/data.json'))).toBe(true);
  });

  it('--json gives the type check\'s verdict: its errors and the TypeScript that checked', async () => {
    const typed = `import { defineEventHandler } from 'h3';\nconst count: number = 'many';\nexport default defineEventHandler(() => ({ count }));\n`;
    const { root } = cliSite(['/api/data.json'], { 'src/server/routes/api/data.json.ts': typed });
    const { code, stdout, stderr } = await cli('build', root, '--json');
    expect(code, stderr).toBe(0);
    const report = onlyJson(stdout);
    // Each error is a TYPE_ERROR warning (a site outside any node_modules finds no h3 types either).
    const typeErrors = report.warnings.filter((warning: { code: string }) => warning.code === 'TYPE_ERROR');
    expect(typeErrors).toContainEqual(expect.objectContaining({ message: "src/server/routes/api/data.json.ts:2:7: TS2322: Type 'string' is not assignable to type 'number'." }));
    expect(report.typeCheck).toEqual({ errors: typeErrors.length, typescript: expect.stringMatching(/^\d+\.\d+/), from: 'own' });
  });

  it('--json keeps stdout for the report though route modules print while they load and run', async () => {
    const noisy = [
      `import { defineEventHandler } from 'h3';`,
      `console.log('loading noisy');`,
      `process.stdout.write('raw write at import\\n');`,
      `export default defineEventHandler(() => { console.log('handling noisy'); console.info('info too'); return 'quiet'; });`,
    ].join('\n');
    const { root } = cliSite(['/api/noisy.txt', '/api/hello.txt'], { 'src/server/routes/api/noisy.txt.ts': noisy });
    const { code, stdout, stderr } = await cli('build', root, '--json', '--no-typecheck');
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ ok: 2, failed: 0 });
    for (const line of ['loading noisy', 'raw write at import', 'handling noisy', 'info too']) expect(stderr).toContain(line);
  });

  it("--json whose reader ended first (| head -c 100): the build publishes, warns that the report was not written whole, exits 0; not Node's EPIPE", async () => {
    const { root, dir } = cliSite(['/api/hello.txt']);
    const child = spawn(process.execPath, [binPath, 'build', root, '--json', '--no-typecheck'], { cwd, env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const [code] = (await once(child, 'close')) as [number];
    expect(code, stderr).toBe(0);
    expect(stderr).toContain("warning The JSON report (--json) was not written whole: the program reading stdout ended first (EPIPE). The exit code is the command's, as the lines above say.");
    expect(stderr).toMatch(/^1 route ok, 0 failed/m);
    expect(stderr).not.toMatch(/^Node\.js v|Unhandled 'error'|site's code/m);
    expect(readFileSync(join(dir, 'public/api/hello.txt'), 'utf8')).toBe('hello');
  });

  it('whose stderr reader ended first (2>&1 | head -1): goes on unheard, publishes, exits 0; never spins on the closed stream', async () => {
    const { root, dir } = cliSite(['/api/hello.txt', '/api/data.json']);
    const child = spawn(process.execPath, [binPath, 'build', root], { cwd, env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'ignore', 'pipe'] });
    child.stderr.destroy();
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    const [code, signal] = await once(child, 'close');
    clearTimeout(timer);
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(readFileSync(join(dir, 'public/api/data.json'), 'utf8')).toBe('{"answer":42}');
  });

  it('--json lists every warning with its code', async () => {
    const { root } = cliSite(['/api/hello.txt', '/api/hello.txt', '/api/untyped', '/api/page.json', '/api/plain.json', '/api/person.json'], {
      'src/server/routes/api/untyped.ts': `import { defineEventHandler } from 'h3';\nconst count: number = 'three';\nexport default defineEventHandler(() => ({ count }));\n`,
      // HTML in a .json file: served as JSON wherever _headers is not read. A charset alone differing is not told.
      'src/server/routes/api/page.json.ts': `import { defineEventHandler } from 'h3';\nexport default defineEventHandler(() => new Response('<p>hi</p>', { headers: { 'content-type': 'text/html' } }));\n`,
      'src/server/routes/api/plain.json.ts': `import { defineEventHandler } from 'h3';\nexport default defineEventHandler(() => new Response('{}', { headers: { 'content-type': 'application/json; charset=utf-8' } }));\n`,
      // JSON-LD in a .json file, served as application/json: read as the JSON it is, nothing told.
      'src/server/routes/api/person.json.ts': `import { defineEventHandler } from 'h3';\nexport default defineEventHandler(() => new Response('{"@type":"Person"}', { headers: { 'content-type': 'application/ld+json' } }));\n`,
    });
    const { code, stdout, stderr } = await cli('build', root, '--json');
    expect(code).toBe(0);
    const { warnings } = onlyJson(stdout);
    // (A site in a temporary folder has no h3 types to find: more TYPE_ERRORs besides this one.)
    expect(warnings).toContainEqual({ code: 'DUPLICATE_ROUTE', message: 'Route "/api/hello.txt" is listed twice in prerender.routes; it is rendered once.' });
    expect(warnings).toContainEqual({ code: 'TYPE_ERROR', message: expect.stringMatching(/^src\/server\/routes\/api\/untyped\.ts:2:7: TS2322: /) });
    expect(warnings).toContainEqual({ code: 'UNTYPED_FILE', message: expect.stringContaining('/api/untyped (application/json') });
    expect(warnings.filter((warning: { code: string }) => warning.code === 'MISTYPED_FILE')).toEqual([
      { code: 'MISTYPED_FILE', message: expect.stringContaining('1 route was written as a file whose extension says another type than the route answered: /api/page.json (text/html, served as application/json).') },
    ]);
    expect(new Set(warnings.map((warning: { code: string }) => warning.code))).toEqual(new Set(['DUPLICATE_ROUTE', 'TYPE_ERROR', 'UNTYPED_FILE', 'MISTYPED_FILE']));
    for (const warning of warnings) expect(stderr).toContain(`warning ${warning.message}`);
    // For a host that reads the _headers rules typing the file, nothing to warn of.
    const netlify = await cli('build', root, '--json', '--no-typecheck', '--preset', 'netlify');
    expect(netlify.code, netlify.stderr).toBe(0);
    expect(onlyJson(netlify.stdout).warnings.map((warning: { code: string }) => warning.code)).not.toContain('UNTYPED_FILE');
    expect(onlyJson(netlify.stdout).warnings.map((warning: { code: string }) => warning.code)).not.toContain('MISTYPED_FILE');
    expect(onlyJson(netlify.stdout)).toMatchObject({ preset: 'netlify', deployDir: join(onlyJson(netlify.stdout).dir, 'public') });
  });

  describe('with a failing route', () => {
    const files = {
      'src/server/routes/api/gone.json.ts': route(`() => { throw createError({ statusCode: 410, statusMessage: 'Gone for good' }); }`, 'defineEventHandler, createError'),
    };

    it('exits 1 listing the route with status and message; --json says the build failed, why, and that nothing was published', async () => {
      const { root, dir } = cliSite(['/api/hello.txt', '/api/gone.json'], files);
      const { code, stdout, stderr } = await cli('build', root, '--json', '--no-typecheck');
      expect(code).toBe(1);
      // The route file that answered is named, as a stack names the place of a thrown error.
      expect(stderr).toContain('/api/gone.json  410  Gone for good (src/server/routes/api/gone.json.ts)');
      const report = onlyJson(stdout);
      expect(report).toMatchObject({
        error: { code: 'ROUTES_FAILED', message: expect.stringMatching(/^1 route failed to prerender; nothing was published:\n {2}\/api\/gone\.json {2}410 {2}Gone for good/), hint: expect.stringContaining('--no-fail-on-error') },
        published: false,
        ok: 1,
        failed: 1,
        failures: [{ route: '/api/gone.json', status: 410, error: 'Gone for good (src/server/routes/api/gone.json.ts)' }],
      });
      expect(Object.keys(report).slice(0, 2)).toEqual(['error', 'published']);
      expect(report).not.toHaveProperty('routes');
      expect(existsSync(dir)).toBe(false);
    });

    it('--fail-on-error fails the build where the config sets failOnError: false: exit 1, nothing published', async () => {
      const { root, dir } = cliSite(['/api/hello.txt', '/api/gone.json'], files);
      const config = join(root, 'prerender.config.mjs');
      writeFileSync(config, readFileSync(config, 'utf8').replace('prerender: {', 'prerender: { failOnError: false,'));
      const failing = await cli('build', root, '--fail-on-error', '--json', '--no-typecheck');
      expect(failing.code, failing.stderr).toBe(1);
      expect(onlyJson(failing.stdout)).toMatchObject({ error: { code: 'ROUTES_FAILED' }, published: false });
      expect(existsSync(dir)).toBe(false);
      // Without the flag, the config's failOnError: false publishes what rendered.
      const published = await cli('build', root, '--json', '--no-typecheck');
      expect(published.code, published.stderr).toBe(0);
      expect(onlyJson(published.stdout)).toMatchObject({ published: true, ok: 1, failed: 1 });
    });

    it('a route whose answer can be no file fails the build beside the other failures, all named in one run, --no-fail-on-error or not', async () => {
      const { root, dir } = cliSite(['/api/hello.txt', '/api/gone.json', '/api/hello.txt/'], files);
      const failed = await cli('build', root, '--no-typecheck');
      expect(failed.code).toBe(1);
      const folderRoute =
        '  /api/hello.txt/  200  Route "/api/hello.txt/" ends in "/", which names a folder, written as its index.html, so only HTML fits; it answered text/plain; charset=utf-8. List it as "/api/hello.txt", without the trailing "/".';
      expect(failed.stderr).toContain(['error 2 routes failed to prerender; nothing was published:', '  /api/gone.json  410  Gone for good (src/server/routes/api/gone.json.ts)', folderRoute].join('\n'));
      // The hint does not offer --no-fail-on-error, which would fail the same.
      expect(failed.stderr).toContain('\n  hint: Fix the routes listed: one whose answer can be no file fails the build even with --no-fail-on-error');
      expect(existsSync(dir)).toBe(false);
      const anyway = await cli('build', root, '--no-typecheck', '--no-fail-on-error', '--json');
      expect([anyway.code, existsSync(dir)]).toEqual([1, false]);
      const { error, failures } = onlyJson(anyway.stdout);
      expect(error.hint).toBe('Fix the routes listed: one whose answer can be no file fails the build even with --no-fail-on-error (prerender.failOnError: false), which leaves the others out.');
      expect(failures.map((failure: { route: string; code?: string }) => [failure.route, failure.code])).toEqual([
        ['/api/gone.json', undefined],
        ['/api/hello.txt/', 'OUTPUT_CLASH'],
      ]);
    });

    it('--no-fail-on-error publishes the rest and exits 0; its --json report says it was published, and has no error', async () => {
      const { root, dir } = cliSite(['/api/hello.txt', '/api/gone.json'], files);
      const { code, stdout, stderr } = await cli('build', root, '--no-fail-on-error', '--no-typecheck', '--json');
      expect(code).toBe(0);
      expect(stderr).toContain('error 1 route failed and was left out (failOnError is off: --no-fail-on-error, or prerender.failOnError: false):\n  /api/gone.json  410  Gone for good');
      expect(stderr).toContain('1 route ok, 1 failed');
      const report = onlyJson(stdout);
      expect(report).toMatchObject({ published: true, dir, ok: 1, failed: 1, failures: [{ route: '/api/gone.json', status: 410, error: 'Gone for good (src/server/routes/api/gone.json.ts)' }] });
      expect(report).not.toHaveProperty('error');
      expect(readFileSync(join(dir, 'public/api/hello.txt'), 'utf8')).toBe('hello');
      expect(existsSync(join(dir, 'public/api/gone.json'))).toBe(false);
    });

    it('--no-fail-on-error with every route failed exits 1 and keeps the published output: an empty site never replaces it', async () => {
      const { root, dir } = cliSite(['/api/hello.txt'], files);
      expect((await cli('build', root, '--no-typecheck')).code).toBe(0);
      const before = readFileSync(join(dir, 'public/api/hello.txt'), 'utf8');
      // The source of every route is down: the one route that answered now fails too.
      const config = join(root, 'prerender.config.mjs');
      writeFileSync(config, readFileSync(config, 'utf8').replace('["/api/hello.txt"]', '["/api/gone.json", "/api/nowhere.json"]'));
      const { code, stderr } = await cli('build', root, '--no-fail-on-error', '--no-typecheck');
      expect(code).toBe(1);
      expect(stderr).toContain('error 2 routes failed to prerender; nothing was published:');
      expect(stderr).toContain(
        'hint: For each route that no route file matches: fix it where it is listed (prerender.routes, or the entries of the file named), or add a route file that serves it. --no-fail-on-error (prerender.failOnError: false) publishes the routes that rendered, and none did: nothing is published, so no earlier output is replaced by an empty one.',
      );
      expect(readFileSync(join(dir, 'public/api/hello.txt'), 'utf8')).toBe(before);
      expect(existsSync(join(dir, 'public/api/gone.json'))).toBe(false);
    });
  });
});
