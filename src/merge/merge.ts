import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { shownPath } from '../config/output-paths.ts';
import { isInside } from '../runtime/inside.ts';
import { withStaging } from '../output/staging.ts';
import { checkOptions, is } from '../api-options.ts';
import { errors } from '../errors.ts';
import { createLogger, type Logger } from '../log.ts';
import { counted } from '../plural.ts';
import { deployCommand, deployedFolder, listedFiles, writeHostOutput } from '../hosts/host-output.ts';
import { compressFiles } from '../compress/compress-output.ts';
import { listFiles } from '../output/list-files.ts';
import { manifestName, readManifestHead, writeManifest } from '../output/manifest.ts';
import { encodingsOf, encodingSuffixes, type EncodedSizes } from '../runtime/encodings.ts';
import { writeSitemap } from '../output/sitemap.ts';
import { copyFiles, type CopyPair } from './copy-files.ts';
import { claimRouteFiles, loadShards, type LoadedShard } from './load-shards.ts';
import type { Preset } from '../config/types.ts';

/** Options of {@link merge}. */
export interface MergeOptions {
  /** The folders `prerender build --shard k/n` wrote, one per shard, in any order. */
  shardDirs: string[];
  /** The merged build goes to `<outDir>/<name>`. @default 'dist' (from the working directory) */
  outDir?: string;
  /** @default a logger on stderr */
  logger?: Logger;
}

/** What each of {@link MergeOptions} takes (api-options.ts). */
const mergeChecks = { shardDirs: is.folders, outDir: is.string, logger: is.logger } satisfies Record<keyof MergeOptions, unknown>;

/** What {@link merge} returns. */
export interface MergeReport {
  name: string;
  /** `<outDir>/<name>`, absolute. */
  dir: string;
  shards: number;
  /** Routes written, all shards together. */
  ok: number;
  /** Routes that failed in the shards (built with failOnError false). */
  failures: { route: string; status: number; error: string }[];
  /** Bytes of prerendered bodies. */
  bytes: number;
  ms: number;
  /** The host the shards were built for, and the folder of `dir` to deploy, absolute (as a build's report says them). */
  preset: Preset;
  deployDir: string;
}

/**
 * `prerender merge`: combines the outputs of `prerender build --shard 1/n` ... `n/n` into one
 * `<outDir>/<name>`, exactly as one unsharded build writes it: the route files of every shard, the
 * site's public files and server once, and one manifest, one `_headers` and one sitemap made by the
 * same code as a build's. Refuses an incomplete or mixed set of shards, and files two routes of
 * different shards would both write, before anything is written; output is staged and swapped in.
 */
export async function merge(options: MergeOptions): Promise<MergeReport> {
  const example = "merge({ shardDirs: ['dist/site.shard-1-of-2', 'dist/site.shard-2-of-2'] })";
  checkOptions('merge()', options, mergeChecks, example);
  if (options?.shardDirs === undefined) throw errors.usage('merge() needs shardDirs: the folders `prerender build --shard k/n` wrote, one per shard.', `Call it as ${example}; the merged build goes to <outDir>/<name>, outDir "dist" from the working folder unless given.`);
  const started = performance.now();
  const logger = options.logger ?? createLogger();
  const shards = await loadShards(options.shardDirs);
  claimRouteFiles(shards);
  const [first] = shards;
  const { name, sitemapHost, headersBase, preset, mistypedFiles, compress = [] } = first.info;
  const outDir = resolve(options.outDir ?? 'dist');
  const entries = shards.flatMap((shard) => shard.entries);

  await withStaging(outDir, name, logger, async (stage) => {
    const publicOut = join(stage, 'public');
    await copyFiles([...(await siteFiles(first, stage)), ...shards.flatMap((shard) => routeFiles(shard, publicOut))]);
    if (headersBase !== null) await writeFile(join(publicOut, '_headers'), headersBase);
    // The site's own files keep the copies the first shard wrote; the sitemap, written afresh, gets its own.
    let compressed = (first.compressed ?? []).filter((entry) => !first.info.generated.includes(entry.file));
    if (sitemapHost) {
      const sitemapFiles = await writeSitemap(publicOut, sitemapHost, shards.flatMap((shard) => shard.info.sitemap));
      // A copy's name taken by a file now in public/ is a file of the site's, as the build found it.
      const isTaken = (file: string) => existsSync(join(publicOut, file));
      if (compress.length > 0) compressed = [...compressed, ...(await compressFiles({ publicDir: publicOut, encodings: compress, otherFiles: sitemapFiles, isTaken }))];
    }
    // The config file the shards' builds read, as one build records it.
    const { config } = readManifestHead(join(first.dir, manifestName));
    await writeManifest(stage, { preset, config }, entries, compressed);
    await writeHostOutput({ preset, mistypedFiles, distDir: stage, publicDir: publicOut, files: listedFiles(entries, publicOut), logger });
  });

  const report: MergeReport = {
    name,
    dir: join(outDir, name),
    shards: shards.length,
    ok: entries.length,
    failures: shards.flatMap((shard) => shard.info.failures),
    bytes: entries.reduce((sum, entry) => sum + entry.bytes, 0),
    ms: Math.round(performance.now() - started),
    preset,
    deployDir: deployedFolder(preset, join(outDir, name), sep),
  };
  logger.info(`merged ${counted(report.shards, 'shard')}: ${counted(report.ok, 'route')}, ${report.failures.length} failed in the shards, in ${(report.ms / 1000).toFixed(2)}s -> ${shownPath(report.dir)}; to deploy: ${deployCommand(preset, shownPath(report.dir))}`);
  return report;
}

/**
 * Every file of the first shard that is not a route's: the server, and in `public/` the site's own
 * files (publicDir) and their precompressed copies. The sitemap (and its copies) and `_headers` are
 * left out: merge writes them for all shards.
 */
async function siteFiles(shard: LoadedShard, stage: string): Promise<CopyPair[]> {
  const generated = (shard.compressed ?? []).filter((entry) => shard.info.generated.includes(entry.file));
  const written = shard.entries.flatMap(withCopies);
  const skip = new Set([...written, ...shard.info.generated, ...generated.flatMap(withCopies)].map((file) => `public/${file}`).concat('public/_headers'));
  const pairs: CopyPair[] = [];
  for (const folder of ['public', 'server']) {
    if (!existsSync(join(shard.dir, folder))) continue;
    for (const file of await listFiles(join(shard.dir, folder))) {
      const path = `${folder}/${file}`;
      if (!skip.has(path)) pairs.push({ from: join(shard.dir, path), to: join(stage, path) });
    }
  }
  return pairs;
}

/** The files a shard's routes wrote and their precompressed copies, to the same place in the merged `public/`; never outside it. */
function routeFiles(shard: LoadedShard, publicOut: string): CopyPair[] {
  const root = resolve(publicOut);
  return shard.entries.flatMap((entry) => {
    const to = resolve(root, entry.file);
    if (to === root || !isInside(to, root)) {
      throw errors.usage(`The manifest of ${shard.dir} names ${entry.file} for route "${entry.route}", a file outside public/.`, 'Pass the folders exactly as the shard builds wrote them.');
    }
    return withCopies(entry).map((file) => ({ from: join(shard.dir, 'public', file), to: resolve(root, file) }));
  });
}

/** A file and the precompressed copies the manifest records for it. */
function withCopies({ file, encodings }: { file: string; encodings?: EncodedSizes }): string[] {
  return [file, ...encodingsOf(encodings ?? {}).map((encoding) => file + encodingSuffixes[encoding])];
}
