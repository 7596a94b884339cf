import { errors } from '../errors.ts';
import { defaults } from './defaults.ts';
import type { CrawlPolicy } from './types.ts';
import { unknownKey } from './unknown-key.ts';

/** A limit past this is no limit: the dedup set of that many paths alone would outgrow the memory budget. */
export const maxCrawlLimit = 10_000_000;

const shape = `true, false, or { limit? } with limit a whole number from 1 to ${maxCrawlLimit}`;

/**
 * `prerender.crawl` checked: `undefined` or `false` is off; `true` or `{ limit? }` crawls, following
 * at most `limit` links (default {@link defaults}.prerender.crawlLimit). Throws a CONFIG error naming the key.
 */
export function resolveCrawl(value: unknown): CrawlPolicy | undefined {
  if (value === undefined || value === false) return undefined;
  if (value === true) return { limit: defaults.prerender.crawlLimit };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw errors.configKey('prerender.crawl', shape, value);
  for (const key of Object.keys(value)) {
    if (key !== 'limit') throw unknownKey(`prerender.crawl.${key}`, ['prerender.crawl.limit']);
  }
  const { limit = defaults.prerender.crawlLimit } = value as { limit?: unknown };
  if (!Number.isInteger(limit) || (limit as number) < 1 || (limit as number) > maxCrawlLimit) {
    throw errors.configKey('prerender.crawl.limit', `a whole number from 1 to ${maxCrawlLimit} (links the crawl may follow)`, limit);
  }
  return { limit: limit as number };
}
