/**
 * vitest.config.ts: what a build writes and then imports in a test worker (the server bundle, the
 * site's config) is imported by Node, as in production, not evaluated by Vite's module runner, whose
 * wrapper gives each module `__vite_ssr_exports__` (and costs the suite ~20 CPU-s of transforms).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { buildSite, route, writeSite } from './support/helpers.ts';

/** An expression naming what evaluated the module it stands in. */
const evaluator = `typeof __vite_ssr_exports__ === 'undefined' ? 'node' : 'vite'`;

it('the server bundle and the site config are imported by Node, not Vite', async () => {
  const root = writeSite({
    'src/server/routes/api/evaluator.txt.ts': route(`() => ${evaluator}`),
    'prerender.config.mjs': `export default { name: 'config-by-' + (${evaluator}), prerender: { routes: ['/api/evaluator.txt'] } };`,
  });
  const { dir } = await buildSite(root);
  expect(dir).toMatch(/config-by-node$/);
  expect(readFileSync(join(dir, 'public/api/evaluator.txt'), 'utf8')).toBe('node');
});
