/**
 * `dist/<name>/report-files.json`: what a build keeps for the next one's report to say which files of
 * `public/` were added, removed or changed. Each file's size and CRC-32 (measured by the writer thread
 * as it writes, so nothing is read back), one per line: route files first, in route order with their
 * route, then every other file (publicDir copies, the sitemap, ...) in path order. Both orders are
 * those the next build meets its own files in, so the two lists compare in one pass, holding neither.
 * Two builds of one input write the same bytes. About 40 bytes a file: 4 MB at 100,000 routes.
 */
import { closeSync, existsSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { createTextFile } from '../output/text-file.ts';

/** The file name, beside `public/`. */
export const fileListName = 'report-files.json';

/** A route's file: its route, its path (`''` when it is the route without its leading `/`), bytes, CRC-32. */
export type ListedRoute = [route: string, file: string, bytes: number, crc: number];
/** Any other file of `public/`: its path, bytes, CRC-32. */
export type ListedFile = [file: string, bytes: number, crc: number];

const opening = '{"version":1,"routes":[';
const between = '],"files":[';
const closing = ']}';

/** A file list being written: every route file, in route order, then every other file, in path order. */
export interface FileListWriter {
  route(route: string, file: string, bytes: number, crc: number): void;
  file(file: string, bytes: number, crc: number): void;
  end(): void;
}

/** Starts `report-files.json` in `distDir`. */
export function createFileListWriter(distDir: string): FileListWriter {
  const out = createTextFile(join(distDir, fileListName));
  out.write(opening);
  let lead = '\n';
  let inFiles = false;
  // Each entry's JSON spelled out rather than made by JSON.stringify of an array: this runs for
  // every file written.
  const line = (text: string) => {
    out.write(lead + text);
    lead = ',\n';
  };
  const toFiles = () => {
    if (inFiles) return;
    out.write(`\n${between}`);
    lead = '\n';
    inFiles = true;
  };
  return {
    route: (route, file, bytes, crc) => line(`[${JSON.stringify(route)},${file === route.slice(1) ? '""' : JSON.stringify(file)},${bytes},${crc}]`),
    file(file, bytes, crc) {
      toFiles();
      line(`[${JSON.stringify(file)},${bytes},${crc}]`);
    },
    end() {
      toFiles();
      out.write(`\n${closing}\n`);
      out.end();
    },
  };
}

/** Reads a file list entry by entry: routes first (four values), then files (three). */
export interface FileListReader {
  /** The next entry, undefined at the end; throws when the file is not a complete list. */
  next(): ListedRoute | ListedFile | undefined;
}

/** Bytes read at a time: about 25,000 entries, parsed together. */
const chunkSize = 1024 * 1024;

/**
 * Opens the list of the build in `distDir`; undefined when it has none. It is read in pieces, each
 * opening and closing the file (no descriptor held over the build), and entries are checked as read.
 */
export function openFileList(distDir: string): FileListReader | undefined {
  const path = join(distDir, fileListName);
  if (!existsSync(path)) return undefined;
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const buffer = Buffer.alloc(chunkSize);
  let offset = 0;
  let rest = '';
  let lines: string[] = [];
  let entries: unknown[] = [];
  let at = 0;
  let started = false;
  let closed = false;
  let ended = false;

  const readLines = () => {
    const fd = openSync(path, 'r');
    let count: number;
    try {
      count = readSync(fd, buffer, 0, chunkSize, offset);
    } finally {
      closeSync(fd);
    }
    offset += count;
    ended = count === 0;
    const text = rest + decoder.decode(buffer.subarray(0, count), { stream: !ended });
    lines = text.split('\n');
    rest = ended ? '' : lines.pop()!;
  };
  const fill = () => {
    while (at >= entries.length && !ended) {
      readLines();
      if (!started && lines.length > 0) {
        if (lines.shift() !== opening) throw new Error('it does not start as a list of this version does');
        started = true;
      }
      const items: string[] = [];
      for (const line of lines) {
        if (line === closing) closed = true;
        else if (line.startsWith('[')) items.push(line.endsWith(',') ? line.slice(0, -1) : line);
        else if (line !== between && line !== '') throw new Error(`it has a line that is no entry: ${line.slice(0, 80)}`);
      }
      entries = items.length > 0 ? (JSON.parse(`[${items.join(',')}]`) as unknown[]) : [];
      at = 0;
    }
    if (ended && at >= entries.length && !closed) throw new Error('it ends before its closing line');
  };
  return {
    next() {
      fill();
      if (at >= entries.length) return undefined;
      const entry = entries[at++];
      if (!isEntry(entry)) throw new Error(`it has an entry of another shape: ${JSON.stringify(entry).slice(0, 80)}`);
      if (entry.length === 4 && entry[1] === '') entry[1] = entry[0].slice(1);
      return entry;
    },
  };
}

function isEntry(entry: unknown): entry is ListedRoute | ListedFile {
  if (!Array.isArray(entry) || (entry.length !== 3 && entry.length !== 4)) return false;
  const numbers = entry.slice(-2);
  return entry.slice(0, -2).every((value) => typeof value === 'string') && numbers.every((value) => Number.isInteger(value) && value >= 0);
}
