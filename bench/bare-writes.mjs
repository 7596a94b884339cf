// The physical limit the prerender is measured against: the bytes a build of the catalogue writes,
// made first, then written with `writeFileSync`, one file after another, into the same folder tree
// on the same disk (each folder made once). Only the loop of writes is timed.
//
//   node bench/bare-writes.mjs <routes> <outDir>   -> prints { "ms": ... }
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { itemBody, itemRoute } from './fixtures.mjs';

const [count, outDir] = process.argv.slice(2);
const total = Number(count);
const files = Array.from({ length: total }, (_, i) => join(outDir, itemRoute(i)));
const bodies = Array.from({ length: total }, (_, i) => Buffer.from(itemBody(i)));
const made = new Set();
const started = performance.now();
for (let i = 0; i < total; i++) {
  const folder = dirname(files[i]);
  if (!made.has(folder)) {
    mkdirSync(folder, { recursive: true });
    made.add(folder);
  }
  writeFileSync(files[i], bodies[i]);
}
process.stdout.write(JSON.stringify({ ms: performance.now() - started }) + '\n');
