// The sites of the memory-by-shape rows (SPEC section 7, issue 25 goal 3): the same number of routes
// reached in each of the ways a site can list them, every one with a sitemap. BENCH_ROUTES sets the
// count, so one site (one bundle) serves every size. Written under .bench/ as the other fixtures.
import { writeCatalogueSite, writeFiles, tsconfig } from './fixtures.mjs';

const packageJson = (name) => `{ "name": "bench-shape-${name}", "private": true, "type": "module" }\n`;
const count = 'const count = Number(process.env.BENCH_ROUTES ?? 0);';
const host = "sitemap: count > 0 ? { host: 'https://shop.example.com' } : {}";
const config = (prerender) => `${count}
export default {
  name: 'site',
  outDir: process.env.BENCH_OUT ?? 'dist',
  prerender: {
    ${prerender},
    ${host},
  },
};
`;

const itemBody = "{ id, name: `Item ${id}`, price: (id % 997) / 10, tags: ['catalogue', `group-${id % 50}`] }";
const itemHandler = `import { defineEventHandler, getRouterParam } from 'h3';

export default defineEventHandler((event) => {
  const id = Number(getRouterParam(event, 'id'));
  return ${itemBody};
});
`;

/** (b) The catalogue's items at `/api/items/<n>`, no extension: each JSON file needs a `_headers` rule. */
function writeBareSite(root) {
  return writeFiles(root, {
    'package.json': packageJson('bare'),
    'prerender.config.mjs': config('routes: Array.from({ length: count }, (_, i) => `/api/items/${i + 1}`)'),
    'tsconfig.json': tsconfig,
    'src/server/routes/api/items/[id].ts': itemHandler,
  });
}

/** Route i with its sitemap fields: 420 distinct sets of fields (source text, for the config). */
const itemWithFields =
  "{ route: `/api/items/${i + 1}.json`, sitemap: { lastmod: `2026-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`, changefreq: 'weekly', priority: (i % 10) / 10 } }";

/**
 * (c) The catalogue, each route listed with its sitemap fields (lastmod, changefreq, priority) by a
 * function, as a site listing its items from a CMS does: 420 distinct sets of fields.
 */
function writeSitemapFieldsSite(root) {
  const routes = `routes: () => Array.from({ length: count }, (_, i) => (${itemWithFields}))`;
  return writeFiles(root, {
    'package.json': packageJson('sitemap-fields'),
    'prerender.config.mjs': config(routes),
    'tsconfig.json': tsconfig,
    'src/server/routes/api/items/[id].json.ts': itemHandler,
  });
}

/** (f) The routes of (c), yielded one at a time by a generator function, as a CMS read page by page. */
function writeGeneratedSite(root) {
  return writeFiles(root, {
    'package.json': packageJson('generated'),
    'prerender.config.mjs': config(`routes: function* () { for (let i = 0; i < count; i++) yield ${itemWithFields}; }`),
    'tsconfig.json': tsconfig,
    'src/server/routes/api/items/[id].json.ts': itemHandler,
  });
}

/** (d) The catalogue's routes listed by the route file's `entries` (parameter objects), none in the config. */
function writeEntriesSite(root) {
  return writeFiles(root, {
    'package.json': packageJson('entries'),
    'prerender.config.mjs': config('routes: []'),
    'tsconfig.json': tsconfig,
    'src/server/routes/api/items/[id].json.ts': `import { defineEventHandler, getRouterParam } from 'h3';

/** Every item of the catalogue, as a CMS listing would give them. */
export const entries = () => Array.from({ length: Number(process.env.BENCH_ROUTES ?? 0) }, (_, i) => ({ id: String(i + 1) }));

export default defineEventHandler((event) => {
  const id = Number(getRouterParam(event, 'id'));
  return ${itemBody};
});
`,
  });
}

/**
 * (e) HTML pages found by crawling (prerender.crawl, limited to the route count): page n links to
 * pages 10n to 10n+9 that exist, so the nine listed roots `/pages/1` ... `/pages/9` reach every page,
 * level by level (the last level is nine tenths of them). Each page is `pages/<n>/index.html`.
 */
function writeCrawlSite(root) {
  const roots = "routes: count > 0 ? Array.from({ length: Math.min(9, count) }, (_, i) => `/pages/${i + 1}`) : []";
  return writeFiles(root, {
    'package.json': packageJson('crawl'),
    'prerender.config.mjs': config(`${roots},\n    crawl: { limit: Math.max(1, count) }`),
    'tsconfig.json': tsconfig,
    'src/server/routes/pages/[id].ts': `import { defineEventHandler, getRouterParam } from 'h3';

const count = Number(process.env.BENCH_ROUTES ?? 0);

export default defineEventHandler((event) => {
  const id = Number(getRouterParam(event, 'id'));
  const children = Array.from({ length: 10 }, (_, i) => id * 10 + i).filter((child) => child > 9 && child <= count);
  const links = children.map((child) => \`<li><a href="/pages/\${child}">Page \${child}</a></li>\`).join('');
  return new Response(\`<!doctype html><title>Page \${id}</title><h1>Page \${id}</h1><ul>\${links}</ul>\`, { headers: { 'content-type': 'text/html; charset=utf-8' } });
});
`,
  });
}

/** The shapes, in the table's order: a name and the writer of its site (into `root`). */
export const shapes = [
  { key: 'a', name: '`[id].json` routes, with extension (the catalogue)', write: writeCatalogueSite },
  { key: 'b', name: '`[id]` routes without extension (`_headers` rules)', write: writeBareSite },
  { key: 'c', name: 'with extension, each with its sitemap fields (from a function)', write: writeSitemapFieldsSite },
  { key: 'd', name: 'from the route file\'s `entries`', write: writeEntriesSite },
  { key: 'e', name: 'HTML pages crawled from 9 roots (`crawl.limit`)', write: writeCrawlSite },
  { key: 'f', name: 'as (c), yielded by a generator function', write: writeGeneratedSite },
];
