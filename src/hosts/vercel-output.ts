/**
 * Vercel's Build Output API v3 beside `public/`: `.vercel/output/static/` (the files, hard-linked,
 * so nothing is copied) and `.vercel/output/config.json`, whose `overrides` give each file the type
 * its route answered where Vercel's extension table would not, and whose routes add the headers a
 * route set. `cd dist/<name> && vercel deploy --prebuilt` publishes it.
 */
import { link, mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { servedPaths, type TypedFile } from './header-rules.ts';
import { needsTypeRule } from './host-types.ts';
import { isHostConfigFile } from '../runtime/host-files.ts';
import { listFiles } from '../output/list-files.ts';
import { writingTo } from '../output/output-file.ts';

/** The part of config.json the build writes (https://vercel.com/docs/build-output-api/v3/configuration). */
interface VercelConfig {
  version: 3;
  routes: ({ src: string; headers: Record<string, string>; continue: true } | { handle: 'filesystem' })[];
  overrides: Record<string, { contentType: string }>;
}

/** Writes `.vercel/output` into `distDir` from `publicDir`: the files of public/ linked in, and config.json. */
export async function writeVercelOutput(distDir: string, publicDir: string, files: TypedFile[]): Promise<void> {
  const output = join(distDir, '.vercel', 'output');
  const staticDir = join(output, 'static');
  for (const file of await listFiles(publicDir, (name) => !isHostConfigFile(name.split('/')))) {
    const from = join(publicDir, file);
    const to = join(staticDir, file);
    await writingTo(to, async () => {
      await mkdir(dirname(to), { recursive: true });
      await link(from, to);
    });
  }
  const config = join(output, 'config.json');
  await writingTo(config, () => writeFile(config, JSON.stringify(vercelConfig(files), null, 2) + '\n'));
}

/** The config.json for these route files: type overrides, then header routes before the filesystem. */
export function vercelConfig(files: TypedFile[]): VercelConfig {
  const sorted = [...files].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  const overrides: VercelConfig['overrides'] = {};
  for (const file of sorted) if (needsTypeRule(file.file, file.contentType)) overrides[file.file] = { contentType: file.contentType };
  const routes: VercelConfig['routes'] = sorted
    .filter((file) => (file.headers?.length ?? 0) > 0)
    .flatMap((file) => servedPaths(file.file).map((path) => ({ src: `^${escapeRegExp(path)}$`, headers: Object.fromEntries(file.headers!), continue: true as const })));
  return { version: 3, routes: [...routes, { handle: 'filesystem' }], overrides };
}

const escapeRegExp = (text: string) => text.replace(/[-/\\^$*+?.()|[\]{}]/g, '\\$&');
