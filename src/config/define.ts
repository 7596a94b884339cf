import type { ConfigExport } from './types.ts';

/**
 * Returns its argument; exists so a config file gets types and completion.
 * @example export default defineConfig({ prerender: { routes: ['/api/rss.xml'], sitemap: { host: 'https://example.com' } } })
 */
export function defineConfig<T extends ConfigExport>(config: T): T {
  return config;
}
