import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A package loaded the first time it is asked for, not when the module naming it is imported: for
 * the libraries only some builds use (a sitemap, a crawl, an XML body), which cost every command
 * tens of milliseconds and megabytes when imported up front (test/import-graph.test.ts).
 * @example const sitemapPackage = lazyPackage<typeof import('sitemap')>('sitemap');
 */
export function lazyPackage<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(name) as T);
}
