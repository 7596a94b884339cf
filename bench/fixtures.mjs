// The benchmark's fixture sites, written under .bench/ (git-ignored). Each is a real site that
// `prerender build` takes as it would a user's.
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * Removes a site's cache (the default cacheDir): every row but the incremental ones measures a cold
 * build, as the spec's targets are cold unless they say otherwise.
 */
export function clearCache(site) {
  rmSync(join(site, 'node_modules', '.cache', 'api-prerender'), { recursive: true, force: true });
}

/** The route the floor and the catalogue site render for item `index` (0-based). */
export const itemRoute = (index) => `/api/items/${index + 1}.json`;

/** The body the catalogue's route answers for item `index` (0-based), as h3 sends the handler's object. */
export const itemBody = (index) => {
  const id = index + 1;
  return JSON.stringify({ id, name: `Item ${id}`, price: (id % 997) / 10, tags: ['catalogue', `group-${id % 50}`] });
};

const itemHandler = `import { defineEventHandler, getRouterParam } from 'h3';

export default defineEventHandler((event) => {
  const id = Number(getRouterParam(event, 'id'));
  return { id, name: \`Item \${id}\`, price: (id % 997) / 10, tags: ['catalogue', \`group-\${id % 50}\`] };
});
`;

// The route count comes from BENCH_ROUTES so one site (one bundle) serves every size, 0 included.
// No sitemap at 0 routes: that run measures startup, config and bundling alone. BENCH_LINKS=false
// turns the link check (prerender.links, on by default) off.
const catalogueConfig = `const count = Number(process.env.BENCH_ROUTES ?? 0);
export default {
  name: 'site',
  outDir: process.env.BENCH_OUT ?? 'dist',
  prerender: {
    routes: Array.from({ length: count }, (_, i) => \`/api/items/\${i + 1}.json\`),
    sitemap: count > 0 ? { host: 'https://shop.example.com' } : {},
    ...(process.env.BENCH_LINKS === 'false' ? { links: false } : {}),
  },
};
`;

// Sites keep a tsconfig.json, as real ones do.
export const tsconfig = JSON.stringify(
  {
    compilerOptions: { target: 'ES2022', module: 'ESNext', moduleResolution: 'bundler', strict: true, skipLibCheck: true, noEmit: true, types: ['node'] },
    include: ['src'],
  },
  null,
  2,
);

/** Writes `files` (path -> text) into a fresh `root`; returns `root`. */
export function writeFiles(root, files) {
  rmSync(root, { recursive: true, force: true });
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}

/** A catalogue: one `[id].json` route; `BENCH_ROUTES` items of it are prerendered, with a sitemap. */
export function writeCatalogueSite(root) {
  return writeFiles(root, {
    'package.json': '{ "name": "bench-catalogue", "private": true, "type": "module" }\n',
    'prerender.config.mjs': catalogueConfig,
    'tsconfig.json': tsconfig,
    'src/server/routes/api/items/[id].json.ts': itemHandler,
  });
}

/**
 * Like the catalogue, but each item links to the list's first item, its neighbours and a related
 * item far off (root-relative paths in its JSON): what checking links in every body costs. The last
 * item's next link names an item not prerendered, which the check asks of the server.
 */
export function writeLinkedCatalogueSite(root) {
  return writeFiles(root, {
    'package.json': '{ "name": "bench-linked", "private": true, "type": "module" }\n',
    'prerender.config.mjs': catalogueConfig,
    'tsconfig.json': tsconfig,
    'src/server/routes/api/items/[id].json.ts': itemHandler.replace(
      "tags: ['catalogue', `group-${id % 50}`] };",
      "tags: ['catalogue', `group-${id % 50}`],\n    links: { first: '/api/items/1.json', prev: `/api/items/${Math.max(1, id - 1)}.json`, next: `/api/items/${id + 1}.json`, related: `/api/items/${(id * 7919) % 100000 + 1}.json` } };",
    ),
  });
}

/**
 * Like the catalogue, but each item waits `delayMs` first, as a route reading a CMS or database
 * would: what the number of routes in flight (`--concurrency`) is for.
 */
export function writeSlowSite(root, delayMs) {
  return writeFiles(root, {
    'package.json': '{ "name": "bench-slow", "private": true, "type": "module" }\n',
    'prerender.config.mjs': catalogueConfig,
    'tsconfig.json': tsconfig,
    'src/server/routes/api/items/[id].json.ts': itemHandler
      .replace('(event) => {', 'async (event) => {')
      .replace('  const id', `  await new Promise((resolve) => setTimeout(resolve, ${delayMs}));\n  const id`),
  });
}

/**
 * `count` route files in folders of 50, each importing h3 and a shared module, none prerendered:
 * what bundling (and type checking) many files costs.
 */
export function writeRouteFilesSite(root, count) {
  const files = {
    'package.json': `{ "name": "bench-files-${count}", "private": true, "type": "module" }\n`,
    'prerender.config.mjs': 'export default { name: "site" };\n',
    'tsconfig.json': tsconfig,
    'src/shared/format.ts': 'export function formatPrice(cents: number): string {\n  return `${(cents / 100).toFixed(2)} EUR`;\n}\n',
  };
  for (let i = 0; i < count; i++) {
    files[`src/server/routes/api/group-${Math.floor(i / 50)}/route-${i}.get.ts`] =
      `import { defineEventHandler, getQuery } from 'h3';\nimport { formatPrice } from '../../../../shared/format';\n\n` +
      `export default defineEventHandler((event) => {\n  const query = getQuery(event);\n` +
      `  return { route: ${i}, price: formatPrice(${i * 7}), page: Number(query.page ?? 1) };\n});\n`;
  }
  return writeFiles(root, files);
}

/** A copy of sample-site, its tsconfig pointing at this repository's compiled library wherever the copy is. */
export function copySampleSite(from, root) {
  rmSync(root, { recursive: true, force: true });
  cpSync(from, root, { recursive: true, filter: (path) => !/[\\/](dist|node_modules)$/.test(path) });
  const tsconfig = join(root, 'tsconfig.json');
  const library = join(from, '..', 'lib', 'src', 'index.d.ts');
  writeFileSync(tsconfig, readFileSync(tsconfig, 'utf8').replace('"../lib/src/index.d.ts"', JSON.stringify(library)));
  return root;
}

/**
 * The handler of the throughput sites' `/api/report.json`: about 2 KB of JSON, the same bytes from
 * us and from Nitro (the import line aside), prerendered by both into a static file.
 */
export const reportHandler = (importLine) => `${importLine}
const report = {
  title: 'Quarterly catalogue report',
  items: Array.from({ length: 23 }, (_, i) => ({ id: i + 1, name: \`Item \${i + 1}\`, price: (i * 37) % 100, tags: ['catalogue', \`group-\${i % 5}\`], note: 'In stock' })),
};

export default defineEventHandler(() => report);
`;

/**
 * The site the throughput rows serve: `/api/report.json` prerendered (a static file of about 2 KB)
 * and the catalogue's handler at `/api/live/:id`, left to the handler (a dynamic GET). No extension
 * in the dynamic path: Nitro's router would take `[id].json` for a parameter named `id.json`.
 */
export function writeThroughputSite(root) {
  return writeFiles(root, {
    'package.json': '{ "name": "bench-throughput", "private": true, "type": "module" }\n',
    'prerender.config.mjs': "export default { name: 'site', outDir: process.env.BENCH_OUT ?? 'dist', prerender: { routes: ['/api/report.json'] } };\n",
    'tsconfig.json': tsconfig,
    'src/server/routes/api/live/[id].ts': itemHandler,
    'src/server/routes/api/report.json.ts': reportHandler("import { defineEventHandler } from 'h3';"),
  });
}

/**
 * Like {@link writeRouteFilesSite}, each route file's route prerendered: the incremental rows' site of
 * many route files, where a rebuild with nothing changed skips bundling, the type check and every render.
 */
export function writePrerenderedFilesSite(root, count) {
  writeRouteFilesSite(root, count);
  const routes = routeFilesPaths(count);
  writeFileSync(join(root, 'prerender.config.mjs'), `export default { name: "site", outDir: process.env.BENCH_OUT ?? "dist", prerender: { routes: ${JSON.stringify(routes)} } };\n`);
  return root;
}

/** The URL path of every route of {@link writeRouteFilesSite}'s site of `count` route files. */
export function routeFilesPaths(count) {
  return Array.from({ length: count }, (_, i) => `/api/group-${Math.floor(i / 50)}/route-${i}`);
}

/** The route file {@link writeRouteFilesSite} writes for route `index`, edited: its answer says `edit`. */
export function editRouteFile(root, index, edit) {
  const file = join(root, `src/server/routes/api/group-${Math.floor(index / 50)}/route-${index}.get.ts`);
  writeFileSync(file, readFileSync(file, 'utf8').replace(/return \{ route: \d+(, edit: \d+)?/, `return { route: ${index}, edit: ${edit}`));
}

/**
 * `count` routes `/api/items/<n>.json` whose handler fetches its item from a source (a CMS, bench/
 * source.mjs) at BENCH_SOURCE, which answers after a delay; `cacheKey` names the item's version, from
 * one listing of every version the source gives.
 */
export function writeSourceSite(root, count) {
  const routes = `Array.from({ length: ${count} }, (_, i) => \`/api/items/\${i + 1}.json\`)`;
  return writeFiles(root, {
    'package.json': '{ "name": "bench-source", "private": true, "type": "module" }\n',
    'prerender.config.mjs': `export default { name: 'site', outDir: process.env.BENCH_OUT ?? 'dist', prerender: { routes: ${routes} } };\n`,
    'tsconfig.json': tsconfig,
    'src/server/routes/api/items/[id].json.ts': `import { defineEventHandler, getRouterParam } from 'h3';

let versions: Promise<Record<string, number>> | undefined;

/** The version of the item the route shows, from the source's one listing of them all. */
export const cacheKey = async ({ params }: { params: Record<string, string> }) => {
  versions ??= fetch(\`\${process.env.BENCH_SOURCE}/versions\`).then((response) => response.json());
  return String((await versions)[params.id.replace(/\\.json$/, '')]);
};

export default defineEventHandler(async (event) => {
  const id = getRouterParam(event, 'id');
  return (await fetch(\`\${process.env.BENCH_SOURCE}/items/\${id}\`)).json();
});
`,
  });
}
