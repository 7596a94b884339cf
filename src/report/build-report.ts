/** What a build reports: `build()`'s result, its summary line, the lines of its failed routes. */
import type { RenderedRoute, RenderLog } from '../cache/render-log.ts';
import { shownPath } from '../config/output-paths.ts';
import { counted } from '../plural.ts';
import type { RouteOnlyLink } from '../checks/finish-link-check.ts';
import type { Preset } from '../config/types.ts';
import { encodingsOf, type EncodedSizes } from '../runtime/encodings.ts';
import type { Warning } from '../warnings.ts';

/** What `build()` returns and `--json` prints. */
export interface BuildReport {
  name: string;
  /** `<outDir>/<name>`, absolute. */
  dir: string;
  /** Routes written. */
  ok: number;
  failed: number;
  /** Files written into public/ by the prerender, the sitemap, `_headers` and precompressed copies (not publicDir copies). */
  files: number;
  /** Files copied from publicDir into public/. */
  copied: number;
  /** Bytes of prerendered bodies. */
  bytes: number;
  /**
   * The build's time in milliseconds, from its start to its summary line: the previous output's
   * removal and the cache's commit included. The report page, written before the output is
   * published, shows the time up to then.
   */
  ms: number;
  /** Attempts past the first, all routes together (prerender.retry). */
  retries: number;
  /** Each route that needed a retry, written or failed, sorted by route: how many it took. */
  retried: { route: string; retries: number }[];
  /** The failed routes, sorted by route. (Routes written are listed in the manifest, not here.) */
  failures: RouteFailure[];
  /** Routes found by crawling (prerender.crawl) and rendered, written or failed; the manifest names where each was found. */
  crawled: number;
  /** Every warning the build printed, with its code (src/errors.ts), in the order printed. */
  warnings: Warning[];
  /** Routes whose output the cache reused (SPEC section 8), their handlers not called. */
  reused: number;
  /** The build report page, `<dir>/report.html`; absent from a failed build's report (its page is not published). */
  reportPage?: string;
  /**
   * The type check's verdict: the errors it found (each a TYPE_ERROR warning) and the TypeScript that
   * checked (the site's or api-prerender's own), or why it could not check (a TYPE_CHECK warning says
   * it too); `null` when it did not run (`--no-typecheck`, `typecheck: false`). Absent from a failed
   * build's report.
   */
  typeCheck?: TypeCheckVerdict | null;
  /**
   * What changed in `public/` against the previous build's output: files added, changed and
   * removed, counted (report.html names them), or `null` when there was none to compare with (a first
   * build, or an output whose file list is gone: a CI job's fresh `dist/`). A CI step can fail a run
   * that removed many. Absent from a failed build's report.
   */
  changes?: { added: number; changed: number; removed: number } | null;
  /**
   * The precompressed copies (`compress`): how many files got copies (0 when none qualified), their
   * bytes, and the bytes of the copies by coding (`{ br: 3120, gzip: 3904 }`); `null` when `compress`
   * is off or the preset's host compresses on its own. Absent from a failed build's report.
   */
  compressed?: { files: number; bytes: number; copies: EncodedSizes } | null;
  /**
   * The links of the output no file of `public/` serves and a route answers (the `static` preset:
   * `server/index.mjs` answers them, `public/` uploaded alone does not), sorted by target: the first
   * 100 with the page each is first on and how many pages it is on, and how many there are; `null`
   * when links were not checked (`prerender.links: false`). Absent from a failed build's report.
   */
  serverOnlyLinks?: { count: number; links: RouteOnlyLink[] } | null;
  /** The host the output was made for (`preset`). Absent from a failed build's report. */
  preset?: Preset;
  /**
   * The folder to deploy, absolute: `<dir>/public` (`<dir>` for `vercel`, whose CLI reads
   * `.vercel/output` in it), as the summary's "to deploy" says; with `static`, the files alone (the
   * routes not prerendered need `<dir>/server/index.mjs`). `null` for a shard's output, which
   * `prerender merge` makes whole first. Absent from a failed build's report.
   */
  deployDir?: string | null;
  /**
   * Every other route, failed ones too, and why it was rendered: `new`, `output`, `code`, `file <path>`,
   * `cacheKey`, `network`, `env`, `config`, `no cache`. Made when read (a cold build of a million
   * routes lists them all, and only `--json` prints them).
   */
  readonly rendered: RenderedRoute[];
}

/** What {@link BuildReport.typeCheck} says of a check that ran. */
export type TypeCheckVerdict = { errors: number; typescript: string; from: 'site' | 'own' } | { failed: string };

/** A route that failed: its status (0 when there was no response) and why. */
export interface RouteFailure {
  route: string;
  status: number;
  error: string;
  /**
   * `NO_ROUTE_FILE`: no route file answers GET for the route (the router's 404 or 405, not a
   * handler's). `OUTPUT_CLASH`: its answer can be no file (a trailing `/` and not HTML, a file
   * another route, publicDir or the build writes), which fails the build whatever failOnError says.
   */
  code?: 'NO_ROUTE_FILE' | 'OUTPUT_CLASH';
  /** Where a crawled route was first found (prerender.crawl). */
  foundOn?: string;
  /** The route file whose `entries` listed the route (from the site root). */
  listedBy?: string;
  /**
   * Where the error the handler threw came from: the site's frames of it and its causes, one per
   * line (prerender/site-trace.ts).
   */
  trace?: string;
}

/** What a prerender adds up to: counts, and the failed and retried routes (the only routes kept). */
export interface RouteTally {
  ok: number;
  bytes: number;
  retries: number;
  retried: { route: string; retries: number }[];
  failures: RouteFailure[];
  crawled: number;
  /** What the cache reused and why it rendered the rest. */
  renders?: RenderLog;
}

/** The report of a finished prerender. */
export function createReport(name: string, dir: string, tally: RouteTally, extraFiles: number, ms: number, warnings: Warning[] = [], copied = 0): BuildReport {
  const { renders } = tally;
  return {
    name,
    dir,
    ok: tally.ok,
    failed: tally.failures.length,
    files: tally.ok + extraFiles,
    copied,
    bytes: tally.bytes,
    ms: Math.round(ms),
    retries: tally.retries,
    retried: [...tally.retried],
    failures: [...tally.failures],
    crawled: tally.crawled,
    warnings: [...warnings],
    reused: renders?.reused ?? 0,
    get rendered() {
      return renders?.rendered() ?? [];
    },
  };
}

/**
 * The failed routes, one line each: route, status (or `error` when there was no response) and
 * message; a route no route file matches without the router's status, which its message explains.
 * Under a route whose handler threw, the trace of its error, the first time it is met: many routes
 * of one file failing alike show it once.
 */
export function formatFailures(failures: RouteFailure[]): string[] {
  const shown = new Set<string>();
  return failures.map((r) => {
    const status = r.code === 'NO_ROUTE_FILE' ? '' : `${r.status || 'error'}  `;
    const line = `  ${r.route}  ${status}${r.error}${r.foundOn === undefined ? '' : ` (found on ${r.foundOn})`}`;
    if (!r.trace || shown.has(r.trace)) return line;
    shown.add(r.trace);
    return `${line}\n${r.trace.replace(/^/gm, '  ')}`;
  });
}

/**
 * The closing line: ok, failed, the warnings printed above it (a pipeline's log is read from its
 * end), files (and those copied from publicDir), the routes' bytes, time, and the output folder.
 */
export function formatSummary(report: BuildReport): string {
  const retries = report.retries > 0 ? `, ${counted(report.retries, 'retry', 'retries')}` : '';
  const warned = report.warnings.length > 0 ? `, ${counted(report.warnings.length, 'warning')}` : '';
  const crawled = report.crawled > 0 ? ` (${report.crawled} found by crawling)` : '';
  const copied = report.copied > 0 ? ` and ${report.copied} copied from publicDir` : '';
  return `${counted(report.ok, 'route')} ok, ${report.failed} failed${crawled}${retries}${warned}, ${counted(report.files, 'file')}${copied}, ${formatBytes(report.bytes)} of route bodies in ${(report.ms / 1000).toFixed(2)}s -> ${shownPath(report.dir)}`;
}

/**
 * A byte count as the build prints it.
 * @example formatBytes(1536) // '1.5 KiB' (units of 1,024 bytes, named so)
 */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

/**
 * The bytes of precompressed copies by coding, in the servers' order, as the build and its report say them.
 * @example formatCopies({ gzip: 3904, br: 3120 }) // 'br 3.0 KiB, gzip 3.8 KiB'
 */
export function formatCopies(copies: EncodedSizes): string {
  return encodingsOf(copies).map((encoding) => `${encoding} ${formatBytes(copies[encoding]!)}`).join(', ');
}
