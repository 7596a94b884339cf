import type { Warning } from '../errors.ts';
import type { PrerenderResult } from '../prerender/prerender.ts';

/** What `build()` returns and `--json` prints. */
export interface BuildReport {
  name: string;
  /** `<outDir>/<name>`, absolute. */
  dir: string;
  /** Routes written. */
  ok: number;
  failed: number;
  /** Files written into public/ by the prerender, the sitemap and `_headers` (not publicDir copies). */
  files: number;
  /** Bytes of prerendered bodies. */
  bytes: number;
  ms: number;
  /** Attempts past the first, all routes together (prerender.retry); each route's are its `retries`. */
  retries: number;
  /** Every route, in config order. */
  routes: PrerenderResult[];
  failures: { route: string; status: number; error: string }[];
  /** Every warning the build printed, with its code (src/errors.ts), in the order printed. */
  warnings: Warning[];
}

/** The report of a finished prerender. */
export function createReport(name: string, dir: string, routes: PrerenderResult[], extraFiles: number, ms: number, warnings: Warning[] = []): BuildReport {
  const written = routes.filter((r) => r.file !== undefined);
  const failures = routes.filter((r) => r.error !== undefined).map((r) => ({ route: r.route, status: r.status, error: r.error! }));
  return {
    name,
    dir,
    ok: written.length,
    failed: failures.length,
    files: written.length + extraFiles,
    bytes: written.reduce((sum, r) => sum + (r.bytes ?? 0), 0),
    ms: Math.round(ms),
    retries: routes.reduce((sum, r) => sum + (r.retries ?? 0), 0),
    routes,
    failures,
    warnings: [...warnings],
  };
}

/** The failed routes, one line each: route, status (or `error` when there was no response) and message. */
export function formatFailures(routes: PrerenderResult[]): string[] {
  return routes.flatMap((r) => (r.error === undefined ? [] : [`  ${r.route}  ${r.status || 'error'}  ${r.error}`]));
}

/** The closing line: ok, failed, files, bytes, time. */
export function formatSummary(report: BuildReport): string {
  const retries = report.retries > 0 ? `, ${report.retries} ${report.retries === 1 ? 'retry' : 'retries'}` : '';
  return `${report.ok} routes ok, ${report.failed} failed${retries}, ${report.files} files, ${formatBytes(report.bytes)} in ${(report.ms / 1000).toFixed(2)}s -> ${report.dir}`;
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} kB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
