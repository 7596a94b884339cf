/**
 * apiRoutes() as a Rollup plugin (src/bundle/plugin.ts): its options checked as the config checks them,
 * and alone in a site's own rollup.config.mjs, as the README documents it: the real Rollup CLI builds
 * `input: 'api-prerender:entry'` from TypeScript route files, and the bundle, run as a process, serves
 * them. Also with a node-resolve of the site's own that lacks the `node` condition.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { apiRoutes } from '../../src/index.ts';
import { catchErrorSync } from '../support/catch-error.ts';
import { repoRoot, route, writeSite } from '../support/helpers.ts';
import { startServerProcess } from '../support/server-process.ts';

describe('apiRoutes plugin options', () => {
  it.each(['a b', 'x?y', '../x', 'a//b'])('refuses apiPrefix %j as the config does, naming the key', (apiPrefix) => {
    const error = catchErrorSync(() => apiRoutes({ apiPrefix }));
    expect(error.code).toBe('CONFIG');
    expect(error.message).toContain('"apiPrefix"');
  });

  it('accepts a prefix with leading and trailing slashes', () => {
    expect(apiRoutes({ apiPrefix: '/services/v2/' }).name).toBe('api-prerender:routes');
  });
});

const run = promisify(execFile);
const rollupBin = join(repoRoot, 'node_modules', 'rollup', 'dist', 'bin', 'rollup');

const routes = {
  'src/server/routes/api/hello.ts': `import { defineEventHandler } from 'h3';\nconst greeting: string = 'hello from rollup';\nexport default defineEventHandler((): string => greeting);\n`,
  'src/server/routes/api/users/[id].get.ts': route(`(event) => ({ id: getRouterParam(event, 'id') as string })`, 'defineEventHandler, getRouterParam'),
};

/** A site whose node_modules holds the package (a link to this repository) and the packages it names. */
function siteWith(config: string): string {
  const root = writeSite({ ...routes, 'package.json': '{ "name": "rollup-site", "private": true, "type": "module" }\n', 'rollup.config.mjs': config });
  mkdirSync(join(root, 'node_modules', '@rollup'), { recursive: true });
  symlinkSync(repoRoot, join(root, 'node_modules', 'api-prerender'), 'dir');
  for (const name of ['h3', '@rollup/plugin-node-resolve']) symlinkSync(join(repoRoot, 'node_modules', name), join(root, 'node_modules', name), 'dir');
  return root;
}

describe.each([
  ['apiRoutes() alone', `import { apiRoutes } from 'api-prerender';\nexport default { input: 'api-prerender:entry', output: { file: 'server/index.mjs', format: 'es' }, plugins: [apiRoutes()] };\n`],
  [
    "apiRoutes() with the site's node-resolve, no node condition",
    `import { apiRoutes } from 'api-prerender';\nimport nodeResolve from '@rollup/plugin-node-resolve';\n` +
      `export default { input: 'api-prerender:entry', output: { file: 'server/index.mjs', format: 'es' }, plugins: [apiRoutes(), nodeResolve()] };\n`,
  ],
  // Into a folder, the entry is named index (not after the id 'api-prerender:entry').
  ['apiRoutes() into output.dir', `import { apiRoutes } from 'api-prerender';\nexport default { input: 'api-prerender:entry', output: { dir: 'server', format: 'es', entryFileNames: '[name].mjs' }, plugins: [apiRoutes()] };\n`],
])('a plain rollup.config.mjs: %s', (_name, config) => {
  it('builds with the Rollup CLI, and the bundle serves the TypeScript routes', async () => {
    const root = siteWith(config);
    await run(process.execPath, [rollupBin, '-c'], { cwd: root });
    const server = await startServerProcess(join(root, 'server', 'index.mjs'));
    try {
      const hello = await fetch(`${server.url}/api/hello`);
      expect([hello.status, hello.headers.get('content-type'), await hello.text()]).toEqual([200, 'text/plain; charset=utf-8', 'hello from rollup']);
      const user = await fetch(`${server.url}/api/users/7`);
      expect(await user.json()).toEqual({ id: '7' });
      expect((await fetch(`${server.url}/api/nope`)).status).toBe(404);
    } finally {
      await server.stop();
    }
  });
});
