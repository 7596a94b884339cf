/**
 * The mistakes a new user makes in a config file, through the real bin: each is named with the config
 * file, the line or key at fault and the fix, exit code 2, and nothing is written.
 */
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { route, runCli, tempDir, writeSite } from '../support/helpers.ts';
import { snapshotTree } from '../support/tree-snapshot.ts';

/** A one-route site with `files` (its config among them), built with the real bin from its root. */
async function buildWith(files: Record<string, string>, ...flags: string[]) {
  const root = writeSite({ 'src/server/routes/api/a.txt.ts': route(`() => 'a'`), ...files });
  const run = await runCli(['build', '--no-typecheck', ...flags], { cwd: root });
  // outDir may be made to stage the build in, and is left empty when it fails.
  const dist = join(root, 'dist');
  return { ...run, root, written: existsSync(dist) && readdirSync(dist).length > 0 };
}

describe('a config whose code throws', () => {
  it.each([
    ['prerender.config.ts', `import { defineConfig } from 'api-prerender';\nconst cms: { routes?: string[] } = {};\nexport default defineConfig({ prerender: { routes: cms.routes!.map((r) => r) } });\n`],
    ['prerender.config.mjs', `// The site lists its routes.\nconst cms = {};\nexport default { prerender: { routes: cms.routes.map((r) => r) } };\n`],
  ])('while %s loads: its stack names the config file and line, the hint says to fix that code', async (file, source) => {
    const { code, stderr, written } = await buildWith({ [file]: source });
    expect(code, stderr).toBe(2);
    expect(stderr).toContain(`: Cannot read properties of undefined (reading 'map')`);
    expect(stderr).toMatch(new RegExp(`^\\s+at .*/${file.replace('.', '\\.')}:3:\\d+\\)?$`, 'm'));
    expect(stderr).not.toMatch(/\.timestamp-|\.cache|config-\d+/);
    expect(stderr).toContain(`hint: The error comes from the code of ${file}: fix it at the first line of ${file} in the stack above.`);
    expect(written).toBe(false);
  });

  it('that does not parse, as TypeScript: the line, its code frame and the fix', async () => {
    const { code, stderr, written } = await buildWith({ 'prerender.config.ts': `export default {\n  prerender: { routes: ['/api/a.txt'] \n` });
    expect(code, stderr).toBe(2);
    expect(stderr).toContain('error Could not load config file ');
    expect(stderr).toMatch(/Syntax error in prerender\.config\.ts:3:1: /);
    // The frame the hint points at is printed.
    expect(stderr).toMatch(/^2: {3}prerender: \{ routes: \['\/api\/a\.txt'\] $/m);
    expect(stderr).toContain('hint: Fix the code at the line shown; nothing was written.');
    expect(written).toBe(false);
  });

  it('that does not parse, as JavaScript (Node says not where): file, line and column with the code frame, as for TypeScript', async () => {
    const { code, stderr, written } = await buildWith({ 'prerender.config.mjs': `export default {\n  prerender: { routes: ['/api/a.txt'] }\n  name: 'site',\n};\n` });
    expect(code, stderr).toBe(2);
    expect(stderr).toContain(
      [
        "Syntax error in prerender.config.mjs:3:3: Expected ',', got 'ident'",
        "1: export default {",
        "2:   prerender: { routes: ['/api/a.txt'] }",
        "3:   name: 'site',",
        '     ^',
        '4: };',
        '  hint: Fix the code at the line shown; nothing was written.',
      ].join('\n'),
    );
    // Node's own message, which says not where, is not printed.
    expect(stderr).not.toContain('Unexpected identifier');
    expect(written).toBe(false);
  });

  it.each(['prerender.config.ts', 'prerender.config.mjs'])('that calls defineConfig without importing it (%s): the hint is the import', async (file) => {
    const { code, stderr } = await buildWith({ [file]: `export default defineConfig({ prerender: { routes: ['/api/a.txt'] } });\n` });
    expect(code, stderr).toBe(2);
    expect(stderr).toContain('defineConfig is not defined');
    expect(stderr).toContain(`hint: Import it at the top of ${file}: import { defineConfig } from 'api-prerender';`);
  });

  it.each([
    ['module.exports in a .js config of a "type": "module" site', 'prerender.config.js', `module.exports = { prerender: { routes: ['/api/a.txt'] } };`],
    ['require() in a .mjs config', 'prerender.config.mjs', `const { join } = require('node:path');\nexport default { name: join('a') };`],
  ])('that is CommonJS, %s: the hint is the ES module form, not the .cjs Node suggests', async (_, file, source) => {
    const { code, stderr } = await buildWith({ 'package.json': JSON.stringify({ name: 'cjs-site', type: 'module' }), [file]: source });
    expect(code, stderr).toBe(2);
    expect(stderr).toContain(
      `hint: ${file} is an ES module: write export default in place of module.exports =, import in place of require(), import.meta.dirname in place of __dirname (renamed .cjs, as Node suggests, it would not be read).`,
    );
  });

  it('in its prerender.routes function: the stack names the config file and line, not a compiled file', async () => {
    const config = `import { defineConfig } from 'api-prerender';

export default defineConfig({
  prerender: {
    routes: async () => {
      throw new Error('CMS down');
    },
  },
});
`;
    const { code, stderr, written } = await buildWith({ 'prerender.config.ts': config });
    expect(code, stderr).toBe(1);
    expect(stderr).toContain('error The function given as prerender.routes in prerender.config.ts failed: CMS down');
    expect(stderr).toMatch(/^\s+at .*\/prerender\.config\.ts:6:\d+\)?$/m);
    expect(stderr).not.toMatch(/\.timestamp-|\.cache|config-\d+/);
    // The frames below the config's are api-prerender's own, which called it: not printed.
    expect(stderr).not.toMatch(/^\s+at .*lib\/(src|cli)\//m);
    expect(stderr).toContain('hint: Fix prerender.routes in prerender.config.ts at the line the stack above names.');
    expect(written).toBe(false);
  });
});

describe('a TypeScript config that throws, in a site whose node_modules is a link to another folder', () => {
  it("the stack names the site's own config file, not the one beside the link's target", async () => {
    const elsewhere = tempDir('modules-');
    mkdirSync(join(elsewhere, 'node_modules'));
    const root = writeSite({ 'src/server/routes/api/a.txt.ts': route(`() => 'a'`), 'prerender.config.ts': "export default async () => {\n  throw new Error('no config today');\n};\n" });
    symlinkSync(join(elsewhere, 'node_modules'), join(root, 'node_modules'));
    const { code, stderr } = await runCli(['build', '--no-typecheck'], { cwd: root });
    expect(code, stderr).toBe(2);
    expect(stderr).toMatch(new RegExp(`^\\s+at .*\\(${root.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/prerender\\.config\\.ts:2:\\d+\\)$`, 'm'));
    expect(stderr).not.toContain(elsewhere);
  });
});

describe('a .js config in a package whose package.json says no "type", or "commonjs"', () => {
  const esm = `import { join } from 'node:path';\nexport default { name: join('js-site'), prerender: { routes: ['/api/a.txt'] } };\n`;
  /** A line of Node's own: a warning (`(node:123) [CODE] Warning: ...`) or an error as Node prints it. */
  const nodesOwn = /^\(node:\d+\)|Warning:|SyntaxError|Failed to load the ES module/m;

  it('no "type" (npm 10\'s npm init): an ES module config is built from, without Node\'s MODULE_TYPELESS_PACKAGE_JSON warning', async () => {
    const { code, stderr, written } = await buildWith({ 'package.json': JSON.stringify({ name: 'js-site' }), 'prerender.config.js': esm });
    expect(code, stderr).toBe(0);
    expect(stderr).not.toMatch(nodesOwn);
    expect(stderr).toMatch(/^1 route ok, 0 failed, /m);
    expect(written).toBe(true);
  });

  it('"type": "commonjs" (npm 11\'s npm init): an ES module config is a CONFIG error saying to add "type": "module" or rename it .mjs', async () => {
    const { code, stderr, written } = await buildWith({ 'package.json': JSON.stringify({ name: 'js-site', type: 'commonjs' }), 'prerender.config.js': esm });
    expect(code, stderr).toBe(2);
    expect(stderr).toContain('prerender.config.js is written as an ES module (import, export), and package.json says "type": "commonjs", so Node loads it as CommonJS.\n');
    expect(stderr).toContain('hint: Add "type": "module" to package.json (its other .js files are then read as ES modules too), or rename the file prerender.config.mjs.');
    expect(stderr).not.toMatch(nodesOwn);
    expect(stderr).not.toContain('first line of prerender.config.js');
    expect(written).toBe(false);
  });

  it('"type": "commonjs", a config that is no ES module either: its syntax error, with line and frame, not the "type" advice', async () => {
    const { code, stderr } = await buildWith({ 'package.json': JSON.stringify({ name: 'js-site', type: 'commonjs' }), 'prerender.config.js': `export default {\n  name: ,\n};\n` });
    expect(code, stderr).toBe(2);
    expect(stderr).toContain('Syntax error in prerender.config.js:2:9: ');
    expect(stderr).not.toContain('"type": "module"');
  });

  it.each([undefined, 'commonjs'])('"type": %s: a CommonJS config is loaded, as Node loads it', async (type) => {
    const { code, stderr, written } = await buildWith({
      'package.json': JSON.stringify({ name: 'js-site', type }),
      'prerender.config.js': `const { join } = require('node:path');\nmodule.exports = { name: join('js-site'), prerender: { routes: ['/api/a.txt'] } };\n`,
    });
    expect(code, stderr).toBe(0);
    expect(stderr).not.toMatch(nodesOwn);
    expect(written).toBe(true);
  });
});

describe('a bad value names the config file and the key', () => {
  it('preset: "vercell" in the config file suggests "vercel"', async () => {
    const { code, stderr, written } = await buildWith({ 'prerender.config.mjs': `export default { preset: 'vercell' };` });
    expect(code, stderr).toBe(2);
    expect(stderr).toContain('error Config key "preset" in prerender.config.mjs must be static | netlify | cloudflare | vercel | github-pages, got "vercell"; did you mean "vercel"?');
    expect(stderr).toContain('hint: Set "preset" to "vercel" in prerender.config.mjs.');
    expect(written).toBe(false);
  });

  it('--preset vercell suggests --preset vercel, as a usage error naming the flag', async () => {
    const { code, stderr } = await buildWith({}, '--preset', 'vercell');
    expect(code, stderr).toBe(2);
    expect(stderr).toContain('error --preset must be static | netlify | cloudflare | vercel | github-pages, got "vercell"; did you mean "vercel"?');
    expect(stderr).toContain('hint: Pass --preset vercel.');
  });

  it.each([
    ['a value of the wrong type', `export default { prerender: { concurrency: '4' } };`, 'error Config key "prerender.concurrency" in configs/site.config.mjs must be a whole number from 1 to 1024, got "4"; did you mean 4?', 'hint: Set "prerender.concurrency" to 4 in configs/site.config.mjs.'],
    ['a misspelt key', `export default { prerender: { concurency: 4 } };`, 'error Unknown config key "prerender.concurency" in configs/site.config.mjs; did you mean "prerender.concurrency"?', 'hint: Rename the key to "prerender.concurrency" in configs/site.config.mjs, or remove it.'],
    ['an output folder holding the routes', `export default { outDir: '.', name: 'src' };`, 'which holds routesDir', 'in configs/site.config.mjs'],
    ['a routesDir that does not exist', `export default { routesDir: 'src/server/rotues' };`, 'No routes folder at', 'Set "routesDir" in configs/site.config.mjs to "src/server/routes"'],
  ])('%s, in a config given with --config', async (_, config, says, hint) => {
    const { code, stderr, written } = await buildWith({ 'configs/site.config.mjs': config }, '--config', 'configs/site.config.mjs');
    expect(code, stderr).toBe(2);
    expect(stderr).toContain(says);
    expect(stderr).toContain(hint);
    expect(written).toBe(false);
  });

  it('several mistakes are said in one run, each with its fix, in the log and in --json', async () => {
    const config = `export default { outdir: 'public', preset: 'netlfy', prerender: { concurency: 4, timeout: '5s', routes: ['api/a.txt', '/b?x'] } };\n`;
    const { code, stderr, written } = await buildWith({ 'prerender.config.mjs': config });
    expect(code, stderr).toBe(2);
    expect(stderr).toContain('error 6 mistakes in the config:\n  Unknown config key "outdir" in prerender.config.mjs; did you mean "outDir"? The keys allowed here are ');
    expect(stderr).toContain('\n  Unknown config key "prerender.concurency" in prerender.config.mjs; did you mean "prerender.concurrency"? ');
    expect(stderr).toContain('\n  Config key "preset" in prerender.config.mjs must be static | netlify | cloudflare | vercel | github-pages, got "netlfy"; did you mean "netlify"?\n');
    expect(stderr).toContain('\n  Config key "prerender.timeout" in prerender.config.mjs must be a whole number of milliseconds from 1 to 2147483647, got "5s"; did you mean 5000?\n');
    // The routes' own list, under its line.
    expect(stderr).toMatch(/\n {2}2 mistakes in prerender\.routes \(prerender\.config\.mjs\):\n {4}Config key "prerender\.routes\[0\]" .*\n {4}Config key "prerender\.routes\[1\]" /);
    expect(stderr).toContain('  hint: Fix each key named above.');
    expect(written).toBe(false);

    const json = await buildWith({ 'prerender.config.mjs': config }, '--json');
    expect(json.code).toBe(2);
    const { error } = JSON.parse(json.stdout) as { error: { code: string; hint: string; mistakes: { message: string; hint: string }[] } };
    expect(error.code).toBe('CONFIG');
    expect(error.mistakes.map((mistake) => mistake.hint)).toEqual([
      'Rename the key to "outDir" in prerender.config.mjs, or remove it.',
      'Rename the key to "prerender.concurrency" in prerender.config.mjs, or remove it.',
      'Set "preset" to "netlify" in prerender.config.mjs.',
      'Set "prerender.timeout" to 5000 in prerender.config.mjs.',
      expect.stringContaining('prerender.routes'),
    ]);
  });

  it('a listed route that cannot be a file names the config file that lists it', async () => {
    const { code, stderr, written } = await buildWith({ 'prerender.config.mjs': `export default { prerender: { routes: ['/api/a.txt', '/api/%2e%2e/x.txt'] } };` });
    expect(code, stderr).toBe(2);
    expect(stderr).toMatch(/error Route "\/api\/%2e%2e\/x\.txt" in prerender\.routes \(prerender\.config\.mjs\) cannot be prerendered: /);
    expect(stderr).toContain('hint: Fix the route in prerender.routes in prerender.config.mjs.');
    expect(written).toBe(false);
  });

  it('without a config file, a default that cannot be used says to create one', async () => {
    const root = writeSite({ 'src/server/routes/api/a.txt.ts': route(`() => 'a'`) }, join(writeSite({}), '.hidden-site'));
    const { code, stderr } = await runCli(['build', '--no-typecheck'], { cwd: root });
    expect(code, stderr).toBe(2);
    expect(stderr).toContain('error Config key "name" must be set in the config, as the root folder\'s name cannot be used');
    expect(stderr).toContain('hint: Create prerender.config.ts in the site root and set "name" there.');
  });
});

describe('config files the lookup cannot read, or more than one', () => {
  it.each([
    ['prerender.config.cjs', `module.exports = { prerender: { routes: ['/api/a.txt'] } };`, 'Rename it to prerender.config.mjs and write export default in place of module.exports =.'],
    ['prerender.config.cts', `export = { prerender: { routes: ['/api/a.txt'] } };`, 'Rename it to prerender.config.ts and write export default in place of module.exports = or export =.'],
    ['prerender.config.json', `{ "prerender": { "routes": ["/api/a.txt"] } }`, 'Rename it to prerender.config.mjs and put export default in front of its object.'],
  ])('%s alone is named, with the rename that makes it read (exit 2)', async (file, source, hint) => {
    const { code, stderr, written } = await buildWith({ [file]: source });
    expect(code, stderr).toBe(2);
    expect(stderr).toContain(`error Found ${file}, but a config file is an ES module: prerender.config.ts, .mts, .js or .mjs.`);
    expect(stderr).toContain(`hint: ${hint}`);
    expect(written).toBe(false);
  });

  // The library's checks name its option (configFile: test/config/load.test.ts); the commands check the flag first.
  it.each(['build', 'dev', 'preview'])('prerender %s names --config, as given, when it names a folder or no file', async (command) => {
    const root = writeSite({ 'configs/prerender.config.ts': 'export default {};\n' });
    const folder = await runCli([command, '--config', 'configs'], { cwd: root });
    expect(folder.code, folder.stderr).toBe(2);
    expect(folder.stderr).toContain('error --config configs is a folder; --config takes the config file itself.\n  hint: Pass --config configs/prerender.config.ts.');
    const misspelt = await runCli([command, '--config', 'configs/prerender.conifg.ts'], { cwd: root });
    expect(misspelt.code, misspelt.stderr).toBe(2);
    expect(misspelt.stderr).toContain('hint: Pass --config configs/prerender.config.ts (relative to the site root).');
  });

  it('--config with such a file is refused the same way', async () => {
    const { code, stderr } = await buildWith({ 'ci.config.json': '{}' }, '--config', 'ci.config.json');
    expect(code, stderr).toBe(2);
    expect(stderr).toContain('error Found ci.config.json, but a config file is an ES module: prerender.config.ts, .mts, .js or .mjs.');
    expect(stderr).toContain('hint: Rename it to ci.config.mjs and put export default in front of its object.');
  });

  const lookup = 'prerender.config.ts, .mts, .js or .mjs';
  it.each([
    ['api-prerender.config.ts', `No config file was read: api-prerender.config.ts is not a name the lookup reads (${lookup}, in the site root). Rename it to prerender.config.ts if it is the config, or name it as it is (--config api-prerender.config.ts, or configFile: 'api-prerender.config.ts').`],
    ['prerender.configs.ts', `No config file was read: prerender.configs.ts is not a name the lookup reads (${lookup}, in the site root). Rename it to prerender.config.ts if it is the config, or name it as it is (--config prerender.configs.ts, or configFile: 'prerender.configs.ts').`],
    ['config/prerender.config.mjs', `No config file was read: config/prerender.config.mjs is not in the site root, where the lookup reads ${lookup}. Name it if it is the config (--config config/prerender.config.mjs, or configFile: 'config/prerender.config.mjs'), or move it to the site root as prerender.config.mjs.`],
    ['src/prerender.config.ts', `No config file was read: src/prerender.config.ts is not in the site root, where the lookup reads ${lookup}. Name it if it is the config (--config src/prerender.config.ts, or configFile: 'src/prerender.config.ts'), or move it to the site root as prerender.config.ts.`],
    ['prerender.config.tsx', `No config file was read: prerender.config.tsx is not a name the lookup reads (${lookup}, in the site root). Rename it to prerender.config.ts if it is the config.`],
  ])('%s, code named as a config where the lookup reads none, is a config error naming the fix, though a route file lists routes (exit 2, nothing written)', async (file, said) => {
    const entries = `export const entries = () => [{ id: '1' }];\nexport default () => 'x';\n`;
    const { code, stdout, stderr, written } = await buildWith({ [file]: `export default { prerender: { routes: ['/api/a.txt'] } };`, 'src/server/routes/api/items/[id].txt.ts': entries }, '--json');
    expect(code, stderr).toBe(2);
    expect(JSON.parse(stdout).error).toEqual({
      code: 'CONFIG',
      message: `${said} Without it the site would be published without its config: nothing is built.`,
      hint: `If ${file} is not this site's config, write a prerender.config.ts (export default {}) in the site root, which is read instead.`,
    });
    expect(written).toBe(false);
  });

  it.each([
    ['prerender.config.ts.bak', `No config file was read: prerender.config.ts.bak is not a name the lookup reads (${lookup}, in the site root). Rename it to prerender.config.ts if it is the config.`],
    ['prerender.config.ts.txt', `No config file was read: prerender.config.ts.txt is not a name the lookup reads (${lookup}, in the site root). Rename it to prerender.config.ts if it is the config.`],
  ])('%s, not code the lookup could read, is named with the fix, and a first build publishes nothing (exit 2)', async (file, message) => {
    const { code, stdout, stderr, written } = await buildWith({ [file]: `export default { prerender: { routes: ['/api/a.txt'] } };` }, '--json');
    expect(code, stderr).toBe(2);
    expect(stderr).toContain(`warning ${message}\n`);
    const report = JSON.parse(stdout) as { error: { code: string; message: string; hint: string }; warnings: { code: string; message: string }[] };
    expect(report.error).toEqual({
      code: 'NOTHING_TO_PRERENDER',
      message: 'Nothing to prerender: prerender.routes is not set and no route file exports entries: no config file was read (the warning above names one the lookup does not read), so nothing is published.',
      hint: 'Rename or move that file as the warning says, or name it (--config, or the configFile option), and build again. If it is no config, and the site is meant to prerender nothing, write a prerender.config.ts with prerender: { routes: [] }.',
    });
    expect(report.warnings.map((warning) => warning.code)).toEqual(['CONFIG_FILE']);
    expect(report.warnings[0].message).toBe(message);
    expect(written).toBe(false);
  });

  it('renamed after a build, so that none is read: the build stops, naming it, and the published output is kept', async () => {
    const root = writeSite({ 'src/server/routes/api/a.txt.ts': route(`() => 'a'`), 'prerender.config.ts': `export default { prerender: { routes: ['/api/a.txt'] } };` });
    expect((await runCli(['build', '--no-typecheck'], { cwd: root })).code).toBe(0);
    const before = snapshotTree(join(root, 'dist'));
    renameSync(join(root, 'prerender.config.ts'), join(root, 'prerender.config.ts.bak'));
    const { code, stdout, stderr } = await runCli(['build', '--no-typecheck', '--json'], { cwd: root });
    expect(code, stderr).toBe(2);
    expect(stderr).toContain('warning No config file was read: prerender.config.ts.bak is not a name the lookup reads');
    const error = JSON.parse(stdout).error;
    expect(error).toEqual({
      code: 'CONFIG',
      message: `No config file was read, but the build in dist/${basename(root)} was made with prerender.config.ts: without it this build would publish another site (no routes it listed, no sitemap, none of its settings), so nothing is built.`,
      hint: `Put prerender.config.ts back in the site root (or name where it is now: --config, or the configFile option). To build this site without a config from now on, remove dist/${basename(root)} first.`,
    });
    expect(snapshotTree(join(root, 'dist'))).toEqual(before);
  });

  it('moved away after a build of a site whose route files list routes too (entries): the build stops, and the output is kept', async () => {
    const root = writeSite({
      'src/server/routes/api/a.txt.ts': route(`() => 'a'`),
      'src/server/routes/api/posts/[slug].txt.ts': `import { defineEventHandler } from 'h3';\nexport const entries = () => [{ slug: 'one' }];\nexport default defineEventHandler(() => 'post');\n`,
      'prerender.config.ts': `export default { prerender: { routes: ['/api/a.txt'], sitemap: { host: 'https://example.com' } } };`,
    });
    expect((await runCli(['build', '--no-typecheck'], { cwd: root })).code).toBe(0);
    const before = snapshotTree(join(root, 'dist'));
    // Named as nothing the lookup reads or finds close: only the last build says a config was read.
    renameSync(join(root, 'prerender.config.ts'), join(root, 'config.ts'));
    const { code, stderr } = await runCli(['build', '--no-typecheck'], { cwd: root });
    expect(code, stderr).toBe(2);
    expect(stderr).toContain(`error No config file was read, but the build in dist/${basename(root)} was made with prerender.config.ts:`);
    expect(snapshotTree(join(root, 'dist'))).toEqual(before);
    // Back in place, it builds; with the output removed, the site builds without a config, as a new one.
    renameSync(join(root, 'config.ts'), join(root, 'prerender.config.ts'));
    expect((await runCli(['build', '--no-typecheck'], { cwd: root })).code).toBe(0);
    rmSync(join(root, 'prerender.config.ts'));
    rmSync(join(root, 'dist'), { recursive: true });
    const fresh = await runCli(['build', '--no-typecheck'], { cwd: root });
    expect(fresh.code, fresh.stderr).toBe(0);
    expect(readdirSync(join(root, 'dist', basename(root), 'public', 'api', 'posts'))).toEqual(['one.txt']);
  });

  it('the fix it names has the file read', async () => {
    const { code, stdout, stderr } = await buildWith({ 'api-prerender.config.ts': `export default { prerender: { routes: ['/api/a.txt'] } };` }, '--json', '--config', 'api-prerender.config.ts');
    expect(code, stderr).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ ok: 1, warnings: [] });
  });

  it('prerender.config.ts beside prerender.config.js and .json: the .ts is used, and a warning names the others', async () => {
    const { code, stdout, stderr } = await buildWith(
      {
        'prerender.config.ts': `export default { prerender: { routes: ['/api/a.txt'] } };`,
        'prerender.config.js': `export default { prerender: { routes: [] } };`,
        'prerender.config.json': '{}',
      },
      '--json',
    );
    expect(code, stderr).toBe(0);
    const message = 'prerender.config.ts is used; prerender.config.js and prerender.config.json are not read (the first found of prerender.config.ts, .mts, .js, .mjs is). Remove the files you do not mean, or name the one to use (--config, or the configFile option).';
    expect(stderr).toContain(`warning ${message}`);
    const report = JSON.parse(stdout) as { ok: number; warnings: { code: string; message: string }[] };
    expect(report.warnings).toContainEqual({ code: 'CONFIG_FILE', message });
    expect(report.ok).toBe(1);
  });
});
