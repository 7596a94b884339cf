/** The keys a config may have, by level: what its checks accept, and suggest for a key misspelt or misplaced. */

export const topKeys = ['name', 'apiPrefix', 'routesDir', 'publicDir', 'outDir', 'publicDotFiles', 'preset', 'mistypedFiles', 'cache', 'cacheDir', 'prerender', 'compress'] as const;
export const prerenderKeys = ['routes', 'sitemap', 'concurrency', 'timeout', 'failOnError', 'retry', 'validate', 'crawl', 'links', 'maxBodySize'] as const;
/** Where a key misplaced at another level belongs (route entries aside), for the error's suggestion. */
export const everyKey = [...topKeys, ...prerenderKeys.map((key) => `prerender.${key}`), 'prerender.sitemap.host'];
