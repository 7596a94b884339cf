// Nitro 2, the tool users compare with, on the same site and routes as the catalogue: installed from
// npm into a cache folder outside the repository (it is no dependency of the package), and run as a
// whole process, `nitropack build`, exactly as its users run it.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

export const nitroVersion = '2.13.6';

/** Where Nitro is installed: `$BENCH_CACHE` or `~/.cache/api-prerender-bench`, one folder per version. */
export const nitroCacheFolder = join(process.env.BENCH_CACHE ?? join(homedir(), '.cache', 'api-prerender-bench'), `nitropack-${nitroVersion}`);

/** Installs nitropack into the cache folder once; returns the path of its CLI. */
export function ensureNitro(note) {
  const cli = join(nitroCacheFolder, 'node_modules', 'nitropack', 'dist', 'cli', 'index.mjs');
  if (existsSync(cli)) return cli;
  note(`installing nitropack@${nitroVersion} into ${nitroCacheFolder} (once)`);
  mkdirSync(nitroCacheFolder, { recursive: true });
  writeFileSync(join(nitroCacheFolder, 'package.json'), '{ "name": "nitro-bench", "private": true, "type": "module" }\n');
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', `nitropack@${nitroVersion}`], { cwd: nitroCacheFolder, stdio: ['ignore', 'ignore', 'inherit'] });
  return cli;
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

/** Writes the catalogue as a Nitro site (its node_modules linked to the cache) and returns its root. */
export function writeNitroCatalogue(root) {
  rmSync(root, { recursive: true, force: true });
  const files = {
    'package.json': '{ "name": "bench-nitro-catalogue", "private": true, "type": "module" }\n',
    'nitro.config.ts': nitroConfig,
    'routes/api/items/[id].json.ts': itemHandler,
  };
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  symlinkSync(join(nitroCacheFolder, 'node_modules'), join(root, 'node_modules'), 'dir');
  return root;
}
