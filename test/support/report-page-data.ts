/** The data a report page embeds, read back as the page's script reads it. */
import { rowFields } from '../../src/report/page/rows.ts';

/** The page's data element, parsed. */
export interface PageData {
  rows: unknown[];
  fields: number;
  strings: string[];
  gzip: number[];
  problems: string[][];
  failures: unknown[][];
  compared: boolean;
}

/** The data of the report page `html`. */
export function readPageData(html: string): PageData {
  const match = /<script id="report-data" type="application\/json">([\s\S]*?)<\/script>/.exec(html);
  if (!match) throw new Error('no data element');
  return JSON.parse(match[1]) as PageData;
}

/** The page's rows as objects, shared strings and gzip sizes looked up. */
export function pageRows(data: PageData): Record<(typeof rowFields)[number], unknown>[] {
  const text = (value: unknown) => (typeof value === 'number' ? data.strings[value] : value);
  const rows = [];
  for (let at = 0; at < data.rows.length; at += data.fields) {
    const values = data.rows.slice(at, at + data.fields);
    const row = Object.fromEntries(rowFields.map((field, index) => [field, values[index]])) as Record<(typeof rowFields)[number], unknown>;
    for (const field of ['type', 'rendered', 'source', 'change'] as const) row[field] = text(row[field]);
    row.gzip = row.gzip === null ? null : data.gzip[row.gzip as number];
    rows.push(row);
  }
  return rows;
}
