/** Every default of the config in one object (SPEC section 3). */
export const defaults = {
  apiPrefix: 'api',
  routesDir: 'src/server/routes',
  publicDir: 'public',
  outDir: 'dist',
  publicDotFiles: false,
  preset: 'static',
  mistypedFiles: 'error',
  /** No precompressed copies: most hosts compress on their own. */
  compress: false,
  cache: true,
  /** Where build tools keep their caches (Babel, ESLint, Vite's optimizer): one folder to keep in CI. */
  cacheDir: 'node_modules/.cache/api-prerender',
  prerender: {
    /** Chosen by the benchmark in bench/: past 16 in flight the loop gains nothing. */
    concurrency: 16,
    timeout: 30_000,
    /** 100 MiB: far past any feed or JSON file a host would serve, and a bound on a body that never ends. */
    maxBodySize: 100 * 1024 * 1024,
    failOnError: true,
    /** The first wait of `prerender.retry` when it gives no `delay`, in ms. */
    retryDelay: 500,
    validate: 'warn',
    links: 'warn',
    /** Links `prerender.crawl: true` may follow: far past most sites, and a runaway "next page" chain stops within seconds. */
    crawlLimit: 10_000,
  },
} as const;

/** What a config file may be: an ES module, TypeScript compiled first. */
export const configExtensions = ['.ts', '.mts', '.js', '.mjs'];

/** File names looked up in the site root, in this order, when no --config is given. */
export const configFileNames = [
  'prerender.config.ts',
  'prerender.config.mts',
  'prerender.config.js',
  'prerender.config.mjs',
] as const;
