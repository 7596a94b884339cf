/**
 * The rows of the report's route table and how the page holds them: one flat JSON array, a fixed
 * number of values a row, strings that repeat (types, reasons, sources) written once in a table and
 * referred to by index. No object and no HTML per row: 100,000 routes take about 5 MB, and the page
 * parses them with one JSON.parse.
 */
import { scriptJson } from './script-json.ts';

/** One route of the build, written or failed. */
export interface ReportRow {
  route: string;
  /** The response's status; 0 when there was none (a throw, a timeout). */
  status: number;
  /** Absent for a failed route, as are `bytes` and `gzipAt`. */
  contentType?: string;
  bytes?: number;
  /**
   * Where its gzip size is among the page's (ReportPageData.gzipSizes, where 0 means a file under
   * 1 KiB, not measured): known only once the writer thread has measured it.
   */
  gzipAt?: number;
  ms: number;
  /** `reused` when the output of the previous build was kept, else why the route was rendered. */
  rendered: string;
  /** Who asked for the route: `prerender.routes`, `entries of <route file>` or `found on <route>`. */
  source: string;
  /**
   * Its file against the file of the same route in the previous build (a route new to this build is
   * `added`); absent when there is nothing to compare (a failed route, a first build).
   */
  change?: 'added' | 'changed' | 'same';
  /** Attempts past the first (prerender.retry). */
  retries?: number;
  /** What hosts that read no `_headers` send it as, when not as answered (UNTYPED_FILE, MISTYPED_FILE): a problem of the row. */
  typeProblem?: string;
}

/** A problem of one file of the output, a route's (or a publicDir file's, for a broken link): a check of it (INVALID_JSON, ...), a broken link: any code. */
export interface RouteProblem {
  route: string;
  code: string;
  message: string;
}

/** The order of a row's values in the page's `rows` array; the page's script reads them by these positions. */
export const rowFields = ['route', 'status', 'type', 'bytes', 'gzip', 'ms', 'rendered', 'source', 'change', 'retries', 'typeProblem'] as const;

/** Past this many different strings, a string is written in its row: the table stays small on a site that crawls. */
const internLimit = 50_000;

/** Turns rows into the text of the page's `rows` array, piece by piece. */
export interface RowEncoder {
  /** The row's values, after a comma unless it is the first row (the array's text is the concatenation). */
  encode(row: ReportRow): string;
  /** The strings rows refer to by index, in order. */
  readonly strings: string[];
}

/** A {@link RowEncoder} with an empty string table. */
export function createRowEncoder(): RowEncoder {
  const strings: string[] = [];
  const indexes = new Map<string, number>();
  const intern = (text: string | undefined): string => {
    if (text === undefined) return 'null';
    let index = indexes.get(text);
    if (index === undefined) {
      if (strings.length >= internLimit) return scriptJson(text);
      index = strings.push(text) - 1;
      indexes.set(text, index);
    }
    return String(index);
  };
  const number = (value: number | undefined) => (value === undefined ? 'null' : String(value));
  let first = true;
  return {
    strings,
    encode(row) {
      const lead = first ? '' : ',';
      first = false;
      return (
        `${lead}${scriptJson(row.route)},${row.status},${intern(row.contentType)},${number(row.bytes)},${number(row.gzipAt)},${row.ms},` +
        `${intern(row.rendered)},${intern(row.source)},${intern(row.change)},${row.retries ?? 0},${intern(row.typeProblem)}\n`
      );
    },
  };
}
