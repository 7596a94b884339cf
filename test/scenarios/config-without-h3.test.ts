/**
 * A config file imports `defineConfig` from 'api-prerender', and `prerender preview` serves a build:
 * neither needs h3 (the built server carries its own copy). The package entry loads only what an
 * import asks for, so a site whose h3 is gone (a deploy step that installs production dependencies
 * only, a preview machine) still loads its config and previews.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startBinServer } from '../support/bin-server.ts';
import { repoRoot } from '../support/helpers.ts';
import { installedBin, installedSite, prerender, runNode } from '../support/installed-site.ts';

const tsConfig = `import { defineConfig } from 'api-prerender';\nexport default defineConfig({ prerender: { routes: ['/api/hi.txt'] } });\n`;

describe('a site without h3', () => {
  it('imports the package entry: defineConfig and the error class work, without loading h3', async () => {
    const root = installedSite();
    const script = `import { defineConfig, PrerenderError } from 'api-prerender';
console.log(JSON.stringify({ config: defineConfig({ name: 'x' }), error: new PrerenderError('CONFIG', 'm').exitCode }));`;
    const { code, stdout, stderr } = await runNode(root, ['--input-type=module', '-e', script]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({ config: { name: 'x' }, error: 2 });
  });

  it('previews a build with a TypeScript config that imports defineConfig', async () => {
    const root = installedSite(join(repoRoot, 'node_modules', 'h3'), { 'prerender.config.mjs': '', 'prerender.config.ts': tsConfig });
    rmSync(join(root, 'prerender.config.mjs'));
    const built = await prerender(root, ['build', '--no-typecheck']);
    expect(built.code, built.stderr).toBe(0);
    rmSync(join(root, 'node_modules', 'h3'));
    const server = await startBinServer('preview', root, [], installedBin(root));
    try {
      const response = await fetch(`${server.url}/api/hi.txt`);
      expect([response.status, await response.text()]).toEqual([200, 'hi']);
    } finally {
      await server.stop();
    }
  });
});
