import { configChecks, type ConfigChecks } from './config-checks.ts';
import { defaults } from './defaults.ts';
import type { CrawlPolicy } from './types.ts';

/** A limit past this is no limit: the dedup set of that many paths alone would outgrow the memory budget. */
export const maxCrawlLimit = 10_000_000;

const shape = `true, false, or { limit? } with limit a whole number from 1 to ${maxCrawlLimit}`;

/**
 * `prerender.crawl` checked: `undefined` or `false` is off; `true` or `{ limit? }` crawls, following
 * at most `limit` links (default {@link defaults}.prerender.crawlLimit). Throws a CONFIG error naming
 * the key (and, through `check`, where it was set).
 */
export function resolveCrawl(value: unknown, check: ConfigChecks = configChecks()): CrawlPolicy | undefined {
  if (value === undefined || value === false) return undefined;
  if (value === true) return { limit: defaults.prerender.crawlLimit };
  const crawl = check.objectAt('prerender.crawl', value, shape);
  check.checkKeys('prerender.crawl.', crawl, ['limit']);
  const { limit = defaults.prerender.crawlLimit } = crawl;
  if (!Number.isInteger(limit) || (limit as number) < 1 || (limit as number) > maxCrawlLimit) {
    check.fail('prerender.crawl.limit', `a whole number from 1 to ${maxCrawlLimit} (links the crawl may follow)`, limit);
  }
  return { limit: limit as number };
}
