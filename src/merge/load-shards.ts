import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { errors } from '../errors.ts';
import { FileClaims } from '../output/file-claims.ts';
import { readManifestFile, type CompressedFile, type ManifestEntry } from '../output/manifest.ts';
import { sitemapFileNames, sitemapOwner } from '../output/sitemap.ts';
import { readShardInfo, type ShardInfo } from '../shard/shard-info.ts';

/** A shard build's output, read: where it is, what it says about itself, and its manifest. */
export interface LoadedShard {
  dir: string;
  info: ShardInfo;
  entries: ManifestEntry[];
  /** The manifest's files that are no route's with precompressed copies. */
  compressed?: CompressedFile[];
}

/**
 * Reads every shard folder and checks that together they are one whole build: one site, one shard
 * count, each shard exactly once, one route list, one server bundle. Returns them in shard order.
 * Anything else is a USAGE error saying what does not match.
 */
export async function loadShards(dirs: string[]): Promise<LoadedShard[]> {
  if (dirs.length === 0) throw errors.usage('prerender merge needs the shard folders to merge.', 'Example: prerender merge shards/*');
  const shards: LoadedShard[] = [];
  for (const given of dirs) {
    const dir = resolve(given);
    if (!existsSync(dir)) throw errors.noShardFolder(given);
    const info = await readShardInfo(dir);
    const { routes, compressed } = await readManifestFile(dir);
    shards.push({ dir, info, entries: routes, compressed });
  }
  shards.sort((a, b) => a.info.shard.index - b.info.shard.index);
  checkComplete(shards);
  await checkSameBundle(shards);
  return shards;
}

/** How `info` differs from the first shard's, if it does. */
function mismatch(info: ShardInfo, first: ShardInfo): string | undefined {
  if (info.name !== first.name) return `site "${info.name}", not "${first.name}"`;
  if (info.shard.count !== first.shard.count) return `shard ${info.shard.index}/${info.shard.count}, not one of ${first.shard.count}`;
  if (info.routes !== first.routes) return `another list of routes (${info.total} routes planned, against ${first.total}${info.total === first.total ? ', not the same' : ''})`;
  if (info.sitemapHost !== first.sitemapHost) return `sitemap host ${info.sitemapHost}, not ${first.sitemapHost}`;
  if (info.headersBase !== first.headersBase) return 'another public/_headers';
  if (info.preset !== first.preset || info.mistypedFiles !== first.mistypedFiles) return `preset ${info.preset}, not ${first.preset}`;
  if (String(info.compress ?? []) !== String(first.compress ?? [])) return `compress ${JSON.stringify(info.compress ?? [])}, not ${JSON.stringify(first.compress ?? [])}`;
  return undefined;
}

function checkComplete(shards: LoadedShard[]): void {
  const [first] = shards;
  const { name, shard } = first.info;
  for (const { dir, info } of shards) {
    const differs = mismatch(info, first.info);
    if (differs) {
      throw errors.usage(`${dir} is from another build than ${first.dir}: ${differs}.`, 'Merge the shards of one build, all built from the same commit and route list.');
    }
  }
  const indices = shards.map(({ info }) => info.shard.index);
  const twice = indices.find((index, i) => indices.indexOf(index) !== i);
  if (twice !== undefined) throw errors.usage(`Shard ${twice}/${shard.count} is given twice.`, 'Pass each shard folder once.');
  const missing = Array.from({ length: shard.count }, (_, i) => i + 1).filter((index) => !indices.includes(index));
  if (missing.length > 0) {
    throw errors.usage(`Shard${missing.length === 1 ? '' : 's'} ${missing.map((index) => `${index}/${shard.count}`).join(', ')} of "${name}" ${missing.length === 1 ? 'is' : 'are'} missing.`, 'Merge needs every shard: build the missing ones, or pass their folders.');
  }
}

/** The server bundle must be the same everywhere: shards built from different code do not mix. */
async function checkSameBundle(shards: LoadedShard[]): Promise<void> {
  const digest = async (dir: string) => {
    const file = join(dir, 'server', 'index.mjs');
    if (!existsSync(file)) throw errors.usage(`${dir} has no server/index.mjs.`, 'Pass the whole folder a shard build wrote.');
    return createHash('sha256').update(await readFile(file)).digest('hex');
  };
  const expected = await digest(shards[0].dir);
  for (const shard of shards.slice(1)) {
    if ((await digest(shard.dir)) !== expected) {
      throw errors.usage(
        `${shard.dir} holds another server bundle than ${shards[0].dir}: the shards were built from different code, or different files copied beside it (new URL(..., import.meta.url): a data file changed between the shards' builds).`,
        'Build every shard from the same commit, with the same data files.',
      );
    }
  }
}

/**
 * Claims every route file of every shard and the sitemap's files, as one build would have, so that
 * two routes of different shards writing one file (or a file where another needs a folder), or a
 * route writing a sitemap part (`sitemap-2.xml`: the shards together may need parts where no shard
 * alone did), fail as they would unsharded.
 */
export function claimRouteFiles(shards: LoadedShard[]): void {
  const claims = new FileClaims();
  const withSitemap = Boolean(shards[0].info.sitemapHost);
  if (withSitemap) claims.claim('sitemap.xml', sitemapOwner);
  for (const { entries } of shards) for (const { file, route } of entries) claims.claim(file, route);
  if (!withSitemap) return;
  const urls = shards.reduce((sum, shard) => sum + shard.info.sitemap.length, 0);
  for (const part of sitemapFileNames(urls).slice(1)) claims.claim(part, sitemapOwner);
}
