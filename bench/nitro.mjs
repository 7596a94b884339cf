// Nitro 2, the tool users compare with, on the same site and routes as the catalogue: installed from
// npm into a cache folder outside the repository (it is no dependency of the package), and run as a
// whole process, `nitropack build`, exactly as its users run it.
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { reportHandler } from './fixtures.mjs';
import { cacheFolder, ensureCached } from './tool-cache.mjs';

export const nitroVersion = '2.13.6';

/** Where Nitro is installed: `$BENCH_CACHE` or `~/.cache/api-prerender-bench`, one folder per version. */
export const nitroCacheFolder = cacheFolder('nitropack', nitroVersion);

/** Installs nitropack into the cache folder once; returns the path of its CLI. */
export function ensureNitro(note) {
  return join(ensureCached('nitropack', nitroVersion, note), 'node_modules', 'nitropack', 'dist', 'cli', 'index.mjs');
}

// The catalogue's handler, in Nitro's style (h3 v1 helpers auto-imported), returning the same JSON.
const itemHandler = `export default defineEventHandler((event) => {
  const id = Number(getRouterParam(event, 'id'));
  return { id, name: \`Item \${id}\`, price: (id % 997) / 10, tags: ['catalogue', \`group-\${id % 50}\`] };
});
`;

// The same route list, from the same BENCH_ROUTES; output into BENCH_OUT; no link crawling, since the
// catalogue prerenders exactly the listed routes. Nitro type-checks nothing: it only transpiles.
const nitroConfig = `import { defineNitroConfig } from 'nitropack/config';
const count = Number(process.env.BENCH_ROUTES ?? 0);
export default defineNitroConfig({
  compatibilityDate: '2025-01-01',
  output: { dir: process.env.BENCH_OUT ?? '.output' },
  prerender: { routes: Array.from({ length: count }, (_, i) => \`/api/items/\${i + 1}.json\`), crawlLinks: false },
});
`;

// The throughput site prerenders its one report; it serves from BENCH_OUT like the catalogue.
const throughputConfig = `import { defineNitroConfig } from 'nitropack/config';
export default defineNitroConfig({
  compatibilityDate: '2025-01-01',
  output: { dir: process.env.BENCH_OUT ?? '.output' },
  prerender: { routes: ['/api/report.json'], crawlLinks: false },
});
`;

/** Writes the catalogue as a Nitro site (its node_modules linked to the cache) and returns its root. */
export function writeNitroCatalogue(root) {
  return writeNitroSite(root, {
    'package.json': '{ "name": "bench-nitro-catalogue", "private": true, "type": "module" }\n',
    'nitro.config.ts': nitroConfig,
    'routes/api/items/[id].json.ts': itemHandler,
  });
}

/** The throughput site (fixtures.mjs) as a Nitro site: `/api/report.json` prerendered, `/api/live/:id` dynamic. */
export function writeNitroThroughputSite(root) {
  return writeNitroSite(root, {
    'package.json': '{ "name": "bench-nitro-throughput", "private": true, "type": "module" }\n',
    'nitro.config.ts': throughputConfig,
    'routes/api/live/[id].ts': itemHandler,
    'routes/api/report.json.ts': reportHandler(''),
  });
}

function writeNitroSite(root, files) {
  rmSync(root, { recursive: true, force: true });
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  symlinkSync(join(nitroCacheFolder, 'node_modules'), join(root, 'node_modules'), 'dir');
  return root;
}
