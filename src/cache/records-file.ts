/**
 * The records file: one route record per line (record.ts), sorted by route as the prerender's results
 * come, written as they come and read one line at a time, so that neither side holds a million
 * routes. Its hash, length and line count go into the cache's index (cache-index.ts), which is
 * written last: a records file that does not match them (cut short, altered, another build's) is
 * never read as records.
 */
import { createHash, type Hash } from 'node:crypto';
import { closeSync, openSync, readSync } from 'node:fs';
import { byRoute } from '../output/route-to-file.ts';
import { pieceSize, writeAll } from '../output/write-all.ts';
import { readLines } from '../read-lines.ts';
import { decodeRecord, encodeRecord, type RouteRecord } from './record.ts';

/** A records file as the index names it. */
export interface RecordsSummary {
  /** SHA-256 of the whole file, hex. */
  hash: string;
  bytes: number;
  count: number;
}

/** A records file being written. */
export interface RecordsWriter {
  /**
   * Appends a record; records come sorted by route. Never throws: a write that fails (the cache's
   * disk full) is thrown by {@link finish}, which the build reports without failing (CACHE_NOT_SAVED).
   */
  add(record: RouteRecord): void;
  /** Writes what is left, closes the file and says what it holds; throws the first write that failed. */
  finish(): RecordsSummary;
  /** Closes the file, whatever state it is in; never throws. */
  abandon(): void;
}

/** The line each record read came from: a record reused as it is goes into the next file as that line, not encoded again. */
const lineOf = new WeakMap<RouteRecord, string>();

/** Starts a records file at `path` (replacing any). */
export function createRecordsWriter(path: string): RecordsWriter {
  const fd = openSync(path, 'w');
  const hash = createHash('sha256');
  let text = '';
  let bytes = 0;
  let count = 0;
  let closed = false;
  let failure: unknown;
  const flush = () => {
    const piece = Buffer.from(text);
    text = '';
    if (failure !== undefined) return;
    hash.update(piece);
    try {
      writeAll(fd, piece);
    } catch (error) {
      failure = error;
    }
    bytes += piece.byteLength;
  };
  const abandon = () => {
    if (closed) return;
    closed = true;
    try {
      closeSync(fd);
    } catch {
      // Already unusable: nothing to keep.
    }
  };
  return {
    add(record) {
      text += (lineOf.get(record) ?? encodeRecord(record)) + '\n';
      count++;
      if (text.length >= pieceSize) flush();
    },
    finish() {
      flush();
      if (failure !== undefined) {
        abandon();
        throw failure;
      }
      closed = true;
      closeSync(fd);
      return { hash: hash.digest('hex'), bytes, count };
    },
    abandon,
  };
}

/** The records of a file, asked for in route order. */
export interface RecordsReader {
  /**
   * The record of `route`, if the file has one. Routes are asked for in order (byRoute); a route
   * before the last one asked starts the reading again from the top (each level of a crawl does).
   */
  find(route: string): RouteRecord | undefined;
  /** Whether some record was passed over by `find` (or is still ahead): a route the file has and this build did not ask for. */
  passedOver(): boolean;
  /** Closes the file; safe to call twice. */
  close(): void;
}

/**
 * Opens the records file at `path` after checking that it is the one `summary` describes (its
 * length, hash and line count, in one pass that holds no record); throws when it is not.
 */
export function openRecords(path: string, summary: RecordsSummary): RecordsReader {
  const fd = openSync(path, 'r');
  try {
    checkRecords(fd, summary);
  } catch (error) {
    closeSync(fd);
    throw error;
  }
  let lines = readLines(fd);
  let ahead: RouteRecord | undefined;
  let last: string | undefined;
  let found = 0;
  let restarted = false;
  let closed = false;
  const next = () => {
    const line = lines.next();
    if (line.done) return undefined;
    const record = decodeRecord(line.value);
    lineOf.set(record, line.value);
    return record;
  };
  return {
    find(route) {
      if (last !== undefined && byRoute({ route }, { route: last }) < 0) {
        lines = readLines(fd);
        ahead = undefined;
        restarted = true;
      }
      last = route;
      ahead ??= next();
      while (ahead && byRoute(ahead, { route }) < 0) ahead = next();
      if (!ahead || ahead.route !== route) return undefined;
      const record = ahead;
      ahead = undefined;
      if (!restarted) found++;
      return record;
    },
    passedOver: () => found < summary.count,
    close() {
      if (closed) return;
      closed = true;
      closeSync(fd);
    },
  };
}

/** Reads the whole file once: throws unless its length, hash and line count are the summary's. */
function checkRecords(fd: number, summary: RecordsSummary): void {
  const hash: Hash = createHash('sha256');
  const buffer = Buffer.allocUnsafe(pieceSize);
  let bytes = 0;
  let count = 0;
  for (let read; (read = readSync(fd, buffer, 0, buffer.length, bytes)) > 0; bytes += read) {
    const piece = buffer.subarray(0, read);
    hash.update(piece);
    for (let at = piece.indexOf(10); at !== -1; at = piece.indexOf(10, at + 1)) count++;
  }
  if (bytes !== summary.bytes || count !== summary.count || hash.digest('hex') !== summary.hash) {
    throw new Error('the records file is not the one the cache index describes');
  }
}
