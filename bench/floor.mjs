// The raw floor the prerender is measured against: the same h3 app (the built server bundle's
// `fetch`), a GET per route and a plain fs writeFile of each body into the same folder tree, 16 in
// flight. No claims, no manifest, no sitemap, no progress: the least any prerender has to do.
//
//   node bench/floor.mjs <server/index.mjs> <routes> <outDir>
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { itemRoute } from './fixtures.mjs';

const [bundleFile, count, outDir] = process.argv.slice(2);
const { fetch } = await import(pathToFileURL(bundleFile).href);
const total = Number(count);
const made = new Set();
let next = 0;

async function worker() {
  while (next < total) {
    const route = itemRoute(next++);
    const response = await fetch(new Request(new URL(route, 'http://localhost')));
    const body = new Uint8Array(await response.arrayBuffer());
    const file = join(outDir, route);
    const folder = dirname(file);
    if (!made.has(folder)) {
      await mkdir(folder, { recursive: true });
      made.add(folder);
    }
    await writeFile(file, body);
  }
}

await mkdir(outDir, { recursive: true });
await Promise.all(Array.from({ length: 16 }, worker));
