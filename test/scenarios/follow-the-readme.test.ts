/**
 * Every code example in README.md runs as written. The README's `// path` blocks are the files of one
 * site, `my-site` (test/support/readme-blocks.ts says how each block is told apart), and each example is
 * run the way the README runs it: each `prerender.config.ts` with `prerender build` (the real bin),
 * each config fragment inside `defineConfig`, `vite.config.ts` with `vite build`, `rollup.config.mjs`
 * with `rollup -c` and its server, each script with Node in `my-site`. Each
 * must exit 0 and print no warning (a README example is one a user copies); a failure names its
 * README line. A new kind of example gets a row in `tools` below.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { transformSync } from 'oxc-transform';
import * as vite8 from 'vite';
import { describe, expect, it } from 'vitest';
import { defaults } from '../../src/config/defaults.ts';
import { presets } from '../../src/config/types.ts';
import { readManifest } from '../../src/output/manifest.ts';
import { repoRoot, runCli, tempDir, writeSite } from '../support/helpers.ts';
import { readRepoReadme, where, type ReadmeBlock } from '../support/readme-blocks.ts';
import { startServerProcess } from '../support/server-process.ts';
import { createViteLogger } from '../support/vite-site.ts';

const run = promisify(execFile);
const blocks = readRepoReadme(repoRoot);

/** The tool each config file belongs to; every other `// path` block is a file of the site. */
const tools = { prerender: /^prerender\.config\.\w+$/, vite: /^vite\.config\.\w+$/, rollup: /^rollup\.config\.\w+$/ };
const toolOf = (block: ReadmeBlock) => (Object.keys(tools) as (keyof typeof tools)[]).find((tool) => tools[tool].test(block.path!));
const files = blocks.filter((block) => block.kind === 'file');
const configsOf = (tool: keyof typeof tools) => files.filter((block) => toolOf(block) === tool);
const siteBlocks = files.filter((block) => toolOf(block) === undefined);

/** Modules the README's examples import but leave to the reader, as the site would have them. */
const givenFiles: Record<string, string> = {
  // The home page the feed's channel links to (`<link>https://example.com/</link>`): the tree's `public/`.
  'public/index.html': '<!doctype html>\n<html><head><title>My site</title></head><body><a href="/api/rss.xml">Feed</a></body></html>\n',
};
/** What a Vite site has beside its config, as create-vite writes them: the README shows only the plugin's line. */
const viteSiteFiles = {
  'package.json': JSON.stringify({ name: 'my-site', private: true, type: 'module' }),
  'index.html': '<!doctype html>\n<html><head><title>My site</title></head><body><h1>My site</h1></body></html>\n',
};

/** The README's first `prerender.config.*`: the one "Use it in your site" builds, and the Vite site's. */
const siteConfig = configsOf('prerender')[0];

/**
 * Writes the README's site (its route files, the given modules and `extra`) as `<folder>/my-site`,
 * with the packages a user installs in `<folder>/node_modules`; returns both folders.
 */
function writeReadmeSite(extra: Record<string, string>): { folder: string; root: string } {
  const folder = tempDir('readme-');
  const root = writeSite({ ...givenFiles, ...Object.fromEntries(siteBlocks.map((block) => [block.path!, block.code])), ...extra }, join(folder, 'my-site'));
  mkdirSync(join(folder, 'node_modules'));
  symlinkSync(repoRoot, join(folder, 'node_modules', 'api-prerender'), 'dir');
  for (const name of ['h3', 'vite']) symlinkSync(join(repoRoot, 'node_modules', name), join(folder, 'node_modules', name), 'dir');
  return { folder, root };
}

/** No line of ours (`warning ...`), of Rollup's (`(!) ...`) or of Node's (`(node:1) SomeWarning: ...`). */
function expectNoWarning(block: ReadmeBlock, output: string): void {
  const warned = output.split('\n').filter((line) => /^warning |^\(!\) |^\(node:\d+\) (\[\w+\] )?\w*Warning/.test(line));
  expect(warned, `${where(block)} prints a warning`).toEqual([]);
}

/** `prerender build --json` in `root`, as the README runs it; every route it lists is a file in public/. */
async function expectCleanBuild(block: ReadmeBlock, root: string): Promise<void> {
  const { code, stdout, stderr } = await runCli(['build', '--json'], { cwd: root });
  expect(code, `${where(block)}: prerender build exits ${code}:\n${stderr}`).toBe(0);
  const report = JSON.parse(stdout) as { dir: string; ok: number; failed: number; warnings: unknown[] };
  expect(report.warnings, `${where(block)}: the build's warnings`).toEqual([]);
  expectNoWarning(block, stderr);
  expect(report.dir).toBe(join(root, 'dist', 'my-site'));
  const manifest = await readManifest(report.dir);
  expect(manifest.length, `${where(block)}: routes prerendered`).toBe(report.ok);
  for (const entry of manifest) expect(existsSync(join(report.dir, 'public', entry.file)), `${where(block)}: ${entry.file}`).toBe(true);
}

describe('README.md code examples', () => {
  it('are each a file of the site, a config fragment or a script, and no two write one file', () => {
    expect(siteConfig, 'README.md has no `// prerender.config.ts` block').toBeDefined();
    const seen = new Map<string, ReadmeBlock>();
    for (const block of siteBlocks) {
      const first = seen.get(block.path!);
      expect(first, `${where(block)} writes ${block.path}, as ${first && where(first)} does`).toBeUndefined();
      seen.set(block.path!, block);
    }
  });

  it.each(configsOf('prerender').map((block) => [where(block), block] as const))('%s: prerender build with this config', async (_, block) => {
    const { root } = writeReadmeSite({ [block.path!]: block.code });
    await expectCleanBuild(block, root);
  });

  // The site a reader copies may be deployed anywhere: its routes answer what every host serves.
  it.each(presets.filter((preset) => preset !== 'static'))(`the site's config with preset '%s': every route is published as the host serves it`, async (preset) => {
    const config = siteConfig.code.replace('defineConfig({', `defineConfig({\n  preset: '${preset}',`);
    const { root } = writeReadmeSite({ [siteConfig.path!]: config });
    const { code, stdout, stderr } = await runCli(['build', '--json'], { cwd: root });
    expect(code, `${where(siteConfig)} with preset '${preset}': prerender build exits ${code}:\n${stderr}`).toBe(0);
    const report = JSON.parse(stdout) as { ok: number; warnings: { code: string }[] };
    // Route files the README shows but does not prerender are named on hosts serving public/ alone;
    // Cloudflare's single-page-app answer to a missing path is said of its public/index.html.
    const said = new Set(['UNSERVED_ROUTE', ...(preset === 'cloudflare' ? ['SINGLE_PAGE_FALLBACK'] : [])]);
    expect(report.warnings.filter((warning) => !said.has(warning.code))).toEqual([]);
    expect(report.ok).toBeGreaterThan(0);
  });

  const fragments = blocks.filter((block) => block.kind === 'fragment');
  it.each(fragments.map((block) => [where(block), block] as const))('%s: the config fragment, inside defineConfig', async (_, block) => {
    // A key of the config's top level stays there (`outDir: ...`), any other is one of `prerender`.
    const key = /^\w+/.exec(block.code)![0];
    const body = key in defaults ? block.code : `prerender: {\n${block.code}}`;
    const config = `import { defineConfig } from 'api-prerender';\n\nexport default defineConfig({\n${body}});\n`;
    const { root } = writeReadmeSite({ 'prerender.config.ts': config });
    await expectCleanBuild(block, root);
  });

  it.each(configsOf('vite').map((block) => [where(block), block] as const))('%s: vite build with this config and the site config', async (_, block) => {
    const { root } = writeReadmeSite({ [siteConfig.path!]: siteConfig.code, [block.path!]: block.code, ...viteSiteFiles });
    const logger = createViteLogger();
    await vite8.build({ root, customLogger: logger });
    expect(logger.lines.filter((line) => /warn/i.test(line)), `${where(block)} warns`).toEqual([]);
    const manifest = await readManifest(join(root, 'dist', 'my-site'));
    expect(manifest.length, `${where(block)}: routes prerendered`).toBeGreaterThan(0);
    expect(readFileSync(join(root, 'dist', 'my-site', 'public', 'index.html'), 'utf8')).toContain('<h1>My site</h1>');
  });

  it.each(configsOf('rollup').map((block) => [where(block), block] as const))('%s: rollup -c with this config; node server/index.mjs serves the routes', async (_, block) => {
    const { root } = writeReadmeSite({ [block.path!]: block.code });
    const rollup = await run(process.execPath, [join(repoRoot, 'node_modules', 'rollup', 'dist', 'bin', 'rollup'), '-c'], { cwd: root });
    expectNoWarning(block, rollup.stderr);
    const server = await startServerProcess(join(root, 'server', 'index.mjs'));
    try {
      const response = await fetch(new URL('/api/posts.json', server.url));
      expect(response.status, `${where(block)}: /api/posts.json`).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    } finally {
      await server.stop();
    }
  });

  const scripts = blocks.filter((block) => block.kind === 'script');
  it.each(scripts.map((block) => [where(block), block] as const))('%s: the script, run with Node in my-site', async (_, block) => {
    const { root } = writeReadmeSite({ [siteConfig.path!]: siteConfig.code });
    const script = join(root, `readme-${block.line}.mjs`);
    writeFileSync(script, transformSync('script.ts', block.code).code);
    const { stderr } = await run(process.execPath, [script], { cwd: root, env: { ...process.env, NO_COLOR: '1' } }).catch((error: { stderr?: string; message: string }) => {
      throw new Error(`${where(block)}: the script failed:\n${error.stderr ?? error.message}`);
    });
    expectNoWarning(block, stderr);
  });
});
