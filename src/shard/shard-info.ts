import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Preset, PrerenderRoute } from '../config/types.ts';
import type { Encoding } from '../runtime/encodings.ts';
import { errors } from '../errors.ts';
import type { SitemapEntry } from '../output/sitemap.ts';
import { writingTo } from '../output/output-file.ts';
import { fingerprintRoutes, type Shard } from './shard.ts';

/** The file a shard build writes beside its manifest, and merge reads. */
export const shardInfoName = 'prerender-shard.json';

/**
 * What `prerender merge` needs from a shard besides its files: which shard of which build it is, and
 * what the shard cannot rebuild from its own output (the sitemap entries, the site's own `_headers`).
 */
export interface ShardInfo {
  version: 1;
  /** The site's name: the merged output goes to `<outDir>/<name>`. */
  name: string;
  shard: Shard;
  /** {@link fingerprintRoutes} of every planned route, all shards together. */
  routes: string;
  /** How many routes were planned, all shards together. */
  total: number;
  sitemapHost: string | null;
  /** The preset the shards were built for, which merge writes the host files of. */
  preset: Preset;
  mistypedFiles: 'error' | 'warn';
  /** The codings the shard wrote precompressed copies in (`compress`), which merge writes the sitemap's in; absent or empty: none. */
  compress?: Encoding[];
  /** The sitemap entries of this shard's written routes, as the build passed them to the sitemap. */
  sitemap: SitemapEntry[];
  /** Files in `public/` the build generated (the sitemap); merge writes them afresh. */
  generated: string[];
  /** The site's own `public/_headers` (from publicDir) before the build added rules, or null. */
  headersBase: string | null;
  /** Routes of this shard that failed (kept going with failOnError false). */
  failures: { route: string; status: number; error: string }[];
}

/** What a shard build knows when it has written its files. */
export interface ShardInfoInput {
  name: string;
  shard: Shard;
  publicDir: string;
  sitemapHost: string | undefined;
  preset: Preset;
  mistypedFiles: 'error' | 'warn';
  /** The codings the build wrote precompressed copies in. @default [] */
  compress?: Encoding[];
  /** Every planned route, all shards together. */
  planned: PrerenderRoute[];
  sitemap: SitemapEntry[];
  sitemapFiles: string[];
  /** This shard's routes that failed. */
  failures: { route: string; status: number; error: string }[];
}

/** Writes `prerender-shard.json` into a shard's `distDir`. */
export async function writeShardInfo(distDir: string, input: ShardInfoInput): Promise<void> {
  const headersFile = join(input.publicDir, '_headers');
  const info: ShardInfo = {
    version: 1,
    name: input.name,
    shard: input.shard,
    routes: fingerprintRoutes(input.planned),
    total: input.planned.length,
    sitemapHost: input.sitemapHost ?? null,
    preset: input.preset,
    mistypedFiles: input.mistypedFiles,
    compress: input.compress ?? [],
    sitemap: input.sitemap,
    generated: input.sitemapFiles,
    headersBase: existsSync(headersFile) ? await readFile(headersFile, 'utf8') : null,
    failures: input.failures,
  };
  const file = join(distDir, shardInfoName);
  await writingTo(file, () => writeFile(file, JSON.stringify(info) + '\n'));
}

/** Reads a shard's `prerender-shard.json`; a folder without one is a usage error naming it. */
export async function readShardInfo(dir: string): Promise<ShardInfo> {
  const file = join(dir, shardInfoName);
  if (!existsSync(file)) {
    throw errors.usage(`${dir} is not the output of a shard build: it has no ${shardInfoName}.`, 'Pass the folders that `prerender build --shard k/n` wrote.');
  }
  const info = JSON.parse(await readFile(file, 'utf8')) as ShardInfo;
  if (info.version !== 1) throw errors.usage(`${file} is from another version of api-prerender (format ${info.version}).`, 'Build every shard and merge with one version.');
  return info;
}
