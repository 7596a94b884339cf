import type { ConfigExport, UserConfig } from './types.ts';

type PrerenderOptions = NonNullable<UserConfig['prerender']>;

/** Every key of `T` that `Shape` does not have, typed `never`: a misspelled key is then a type error. */
type Extra<T, Shape> = { [K in Exclude<keyof T, keyof Shape>]: never };

/**
 * `T` with no key beyond UserConfig's, at the top, in `prerender`, `prerender.sitemap` and `prerender.crawl`. A
 * generic signature alone lets any extra key through, and TypeScript checks no excess keys in what
 * an arrow function returns: this is what makes `prerender: { concurency: 4 }` an error in both forms.
 */
export type StrictConfig<T> = T &
  Extra<T, UserConfig> &
  (T extends { prerender: infer P }
    ? {
        prerender: P &
          Extra<P, PrerenderOptions> &
          (P extends { sitemap: infer S } ? { sitemap: S & Extra<S, NonNullable<PrerenderOptions['sitemap']>> } : unknown) &
          (P extends { crawl: infer C extends object } ? { crawl: C & Extra<C, Exclude<PrerenderOptions['crawl'], boolean | undefined>> } : unknown);
      }
    : unknown);

/** The object form checked by {@link StrictConfig}, or the function form with its (awaited) result checked. */
export type StrictExport<T> = T extends (...args: never[]) => infer R
  ? () => StrictConfig<Awaited<R>> | Promise<StrictConfig<Awaited<R>>>
  : StrictConfig<T>;

/**
 * Returns its argument; exists so a config file gets types, completion and a type error on a
 * misspelled key, in the object form and the (sync or async) function form alike.
 * @example export default defineConfig({ prerender: { routes: ['/api/rss.xml'], sitemap: { host: 'https://example.com' } } })
 * @example export default defineConfig(async () => ({ prerender: { routes: await listRoutes() } }))
 */
// One signature: overloads would fix the types of a nested arrow function (`routes: async () => [...]`)
// by the first overload tried, widening `changefreq: 'daily'` to string.
// When T cannot be inferred within ConfigExport (a function returning a misspelled key) it falls back to
// ConfigExport itself, which takes anything shaped like a function: that case is refused outright.
export function defineConfig<const T extends ConfigExport>(config: T & (ConfigExport extends T ? never : StrictExport<T>)): T {
  return config;
}
