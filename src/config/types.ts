/** The config a site writes, and the resolved form every step receives. */
import type { Encoding } from '../runtime/encodings.ts';
import type { CheckMode } from './check-mode.ts';

/** The hosts the output can be written for; see the README's "Deploy" section. */
export const presets = ['static', 'netlify', 'cloudflare', 'vercel', 'github-pages'] as const;

/** The host the output is written for. */
export type Preset = (typeof presets)[number];

/** Per-route sitemap fields, as the sitemap protocol defines them. */
export interface SitemapFields {
  /** Last modification: a W3C date string such as `2026-11-21`, or a Date (written as its `toISOString()`). */
  lastmod?: string | Date;
  changefreq?: 'always' | 'hourly' | 'daily' | 'weekly' | 'monthly' | 'yearly' | 'never';
  /** 0.0 to 1.0. */
  priority?: number;
}

/** Sitemap fields as the build keeps them, checked: `lastmod` a W3C date string. */
export type CheckedSitemapFields = Omit<SitemapFields, 'lastmod'> & { lastmod?: string };

/**
 * One route to prerender: a path such as `'/api/rss.xml'`, or an object that also says how it
 * appears in the sitemap (`sitemap: false` leaves it out).
 * @example { route: '/api/feed.json', sitemap: { changefreq: 'daily', priority: 0.8 } }
 */
export type RouteEntry = string | { route: string; sitemap?: false | SitemapFields };

/**
 * The list of routes, or a (sync or async) function that returns it, or a generator function (sync
 * or async) that yields them: a long list read from a CMS page by page is then never whole in memory.
 */
export type RouteList = RouteEntry[] | (() => RouteEntry[] | Promise<RouteEntry[]> | Iterable<RouteEntry> | AsyncIterable<RouteEntry>);

/** What `prerender.config.ts` exports. Every key is optional. */
export interface UserConfig {
  /**
   * Output goes to `<outDir>/<name>/`.
   * @default the site package.json name without its scope, else the root folder name
   */
  name?: string;
  /**
   * URL segments the `api` folder is served under; leading and trailing `/` are ignored.
   * @default 'api'
   * @example 'services' // src/server/routes/api/v1/hello.ts is served at /services/v1/hello
   */
  apiPrefix?: string;
  /** Folder of route files, relative to the site root. @default 'src/server/routes' */
  routesDir?: string;
  /** Folder copied as-is into `dist/<name>/public` when it exists. @default 'public' */
  publicDir?: string;
  /** Where builds go, relative to the site root. @default 'dist' */
  outDir?: string;
  /**
   * Copy publicDir's dot-files and dot-folders (`.htaccess`, `.domains`, ...) into the output too.
   * Left out by default, with a warning naming each, since a stray `.env` must not be published;
   * `.well-known/` is always copied; `.env` and `.env.*` never are (they hold secrets). Preview and
   * the built server never serve dot-files either way.
   * @default false
   */
  publicDotFiles?: boolean;
  /**
   * The host the output is written for: `static` writes `_headers` within Cloudflare's limits (read
   * by Netlify and Cloudflare Pages); `netlify` without those limits; `cloudflare` also checks its file
   * limits; `vercel` writes the Build Output API (`.vercel/output`); `github-pages` writes `.nojekyll`
   * and refuses files the host would serve with another type.
   * @default 'static'
   */
  preset?: Preset;
  /**
   * On a host without header control (`github-pages`), a file the host would serve with another type
   * than its response had: `'error'` fails the build naming the route, `'warn'` publishes it anyway.
   * @default 'error'
   */
  mistypedFiles?: 'error' | 'warn';
  /**
   * Write precompressed copies beside every file of `public/` of a text type (HTML, CSS, JavaScript,
   * JSON, XML, feeds, SVG) and at least 1 KiB, where the copy is smaller: `feed.json.br`,
   * `feed.json.gz`, `feed.json.zst`. `true` is brotli and gzip, plus zstd on a Node that has it
   * (22.15, 23.8 and later); a list names the codings. The manifest records each file's copies and
   * their sizes; preview and the built server serve them by `Accept-Encoding`. Written for the
   * `static` preset only: the other presets' hosts compress on their own (a warning says so).
   * @default false
   * @example compress: ['br', 'gzip']
   */
  compress?: boolean | ('gzip' | 'br' | 'zstd')[];
  /**
   * Incremental builds: a route is rendered again only when something it depends on changed (its
   * code, a file it read, the config, api-prerender or h3), and its output is reused otherwise;
   * bundling is skipped when no input of the bundle changed. `false` renders every route, as
   * `--no-cache` does for one build; neither touches the cache. See the README's "Incremental builds".
   * @default true
   */
  cache?: boolean;
  /**
   * Where the cache is kept (`<cacheDir>/<name>/`), relative to the site root. Keep it between CI
   * runs (GitHub Actions: `actions/cache` of this folder) and builds there are incremental too.
   * @default 'node_modules/.cache/api-prerender'
   */
  cacheDir?: string;
  prerender?: {
    /** The routes to prerender. @default [] */
    routes?: RouteList;
    /** Sitemap settings; without `host` no sitemap is written. */
    sitemap?: {
      /** Absolute http(s) URL of the site, with or without a trailing `/`. */
      host?: string;
    };
    /** Routes rendered at once. @default 16 */
    concurrency?: number;
    /**
     * Milliseconds a route may take before it fails, reading its whole body included. @default 30000
     */
    timeout?: number;
    /**
     * Bytes a route's body may hold; a larger one fails the route, and a stream is cancelled once it
     * passes the limit, so a body that never ends cannot take the build's memory.
     * @default 104857600 (100 MiB)
     */
    maxBodySize?: number;
    /** `false`: failed routes are reported and skipped, the rest is published. @default true */
    failOnError?: boolean;
    /**
     * Ask a route again when it answers 408, 425, 429 or 5xx, or runs past `timeout`: up to `attempts`
     * requests in all, waiting `delay` ms, then twice that, and so on (a `Retry-After` header instead,
     * when the response has one); no wait is longer than a minute. The build report counts each
     * route's retries. Off by default: a failing route fails at once.
     * @default false
     * @example { attempts: 3, delay: 500 }
     */
    retry?: false | { attempts: number; delay?: number };
    /**
     * Check every prerendered file whose type is JSON or XML: JSON parses, XML is well-formed, RSS 2.0,
     * Atom and JSON Feed feeds have their required elements, dates, absolute links and unique ids. `'warn'`
     * prints a warning per problem, `'error'` fails the build (nothing is written), `false` skips it.
     * @default 'warn'
     */
    validate?: 'warn' | 'error' | false;
    /**
     * Also prerender the same-site links found in prerendered responses, when a route serves them:
     * HTML `href` and `src`, RSS and Atom `<link>`, `<enclosure url>`, sitemap `<loc>`, and JSON string
     * values that are root-relative paths or URLs on `sitemap.host`. Breadth-first from the listed
     * routes, each path once; `limit` bounds how many links are followed (a build error past it, never
     * a silent cut). The manifest names the route each crawled route was first found on.
     * @default false
     * @example { limit: 50000 }
     */
    crawl?: boolean | { limit?: number };
    /**
     * Check every same-site link in the output, read as `crawl` reads them (HTML `href` and `src`,
     * RSS and Atom links, `<enclosure url>`, sitemap `<loc>`, JSON strings that are paths or URLs on
     * `sitemap.host`), in prerendered files, publicDir copies and the sitemap: each must reach a file
     * of the output or a route the built server answers with a 2xx. `'warn'` prints a warning per
     * broken link, naming the page it is on; `'error'` fails the build (nothing is published);
     * `false` skips it. Links to other hosts, and fragments, are not checked.
     * @default 'warn'
     */
    links?: 'warn' | 'error' | false;
  };
}

/** A config file's default export: the object, or a (sync or async) function returning it. */
export type ConfigExport = UserConfig | (() => UserConfig | Promise<UserConfig>);

/** `prerender.retry`, resolved: requests per route in all (first one included), and the first wait in ms. */
export interface RetryPolicy {
  attempts: number;
  delay: number;
}

/** `prerender.crawl`, resolved: how many links the crawl may follow beyond the listed routes. */
export interface CrawlPolicy {
  limit: number;
}

/** A route to prerender, after validation. */
export interface PrerenderRoute {
  route: string;
  sitemap: false | CheckedSitemapFields;
  /** The route file whose `entries` listed the route (from the site root); absent for `prerender.routes`. */
  listedBy?: string;
}

/** The config after defaults and validation: absolute paths, no optional keys. */
export interface ResolvedConfig {
  root: string;
  name: string;
  /** Without leading or trailing `/`; may be empty (API at the root). */
  apiPrefix: string;
  routesDir: string;
  publicDir: string;
  outDir: string;
  publicDotFiles: boolean;
  preset: Preset;
  mistypedFiles: 'error' | 'warn';
  /** The codings to write copies in, in the servers' order of preference; empty: no copies. */
  compress: Encoding[];
  cache: boolean;
  /** Absolute; the cache of this site is in `<cacheDir>/<name>/`. */
  cacheDir: string;
  prerender: {
    routes: PrerenderRoute[];
    /** How `prerender.routes` was given: not at all, as an array (`[]` says "nothing, on purpose"), or as a function. */
    routesFrom: 'unset' | 'array' | 'function';
    sitemapHost: string | undefined;
    concurrency: number;
    timeout: number;
    maxBodySize: number;
    failOnError: boolean;
    /** Absent: no retries. */
    retry: RetryPolicy | undefined;
    validate: CheckMode;
    /** Absent: no crawling. */
    crawl: CrawlPolicy | undefined;
    links: CheckMode;
  };
  /** The config file that was loaded, if any. */
  configFile: string | undefined;
}
