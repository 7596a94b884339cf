import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { errors } from '../errors.ts';

/** Shard `index` of `count` (1-based): `prerender build --shard 2/4` renders the second quarter. */
export interface Shard {
  index: number;
  count: number;
}

/**
 * Parses `k/n` (1 <= k <= n): the shard a `--shard` flag names. Throws a USAGE error naming the flag.
 * @example parseShard('2/4') // { index: 2, count: 4 }
 */
export function parseShard(text: string): Shard {
  const match = /^(\d+)\/(\d+)$/.exec(text.trim());
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || !isShard({ index, count })) {
    throw errors.usage(`--shard must be k/n with 1 <= k <= n, such as 2/4, got "${text}".`, 'Run one build per shard: --shard 1/4, --shard 2/4, ...');
  }
  return { index, count };
}

/** Whether `value` is a shard: whole numbers `index` and `count`, 1 <= index <= count. */
export function isShard(value: unknown): value is Shard {
  const { index, count } = (value ?? {}) as { index?: unknown; count?: unknown };
  return Number.isInteger(index) && Number.isInteger(count) && (index as number) >= 1 && (index as number) <= (count as number);
}

/**
 * The shard (1-based) a route belongs to among `count`: from a hash of the route alone, so it does not
 * change when the list is reordered, grows or shrinks, and every machine computes the same.
 */
export function shardOf(route: string, count: number): number {
  return (createHash('sha1').update(route).digest().readUInt32BE(0) % count) + 1;
}

/** The routes of `shard`, in list order; every route when there is no shard. */
export function selectShard<T extends { route: string }>(routes: T[], shard: Shard | undefined): T[] {
  if (!shard || shard.count === 1) return routes;
  return routes.filter(({ route }) => shardOf(route, shard.count) === shard.index);
}

/** Where a shard's build goes, beside `<outDir>/<name>`: `<name>.shard-2-of-4`. */
export function shardDirName(name: string, shard: Shard): string {
  return `${name}.shard-${shard.index}-of-${shard.count}`;
}

/** The shards' folders (`<name>.shard-k-of-n`) in `outDir`, sorted; none when there are none, or no `outDir`. */
export function shardDirsIn(outDir: string, name: string): string[] {
  let names: string[];
  try {
    names = readdirSync(outDir);
  } catch {
    return [];
  }
  return names.filter((entry) => entry.startsWith(`${name}.shard-`) && /^\.shard-\d+-of-\d+$/.test(entry.slice(name.length))).sort().map((entry) => join(outDir, entry));
}

/**
 * A fingerprint of the set of planned routes (their order does not matter, as shards do not depend on
 * it). Every shard records it, so that merge can refuse shards built from different lists, such as
 * two jobs that read a CMS a minute apart.
 */
export function fingerprintRoutes(routes: { route: string }[]): string {
  const hash = createHash('sha256');
  for (const route of routes.map((entry) => entry.route).sort()) hash.update(route).update('\n');
  return hash.digest('hex');
}
