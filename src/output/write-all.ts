import { closeSync, futimesSync, openSync, writeSync } from 'node:fs';

/**
 * Text a file is written in, piece by piece, is written once it holds this many characters: the
 * manifest, the cache's records and a crawl's sorted runs. Never a file's whole text in memory.
 */
export const pieceSize = 64 * 1024;

/**
 * Writes all of `piece` at `fd`'s position. One write can take fewer bytes than it is given, when
 * the disk has room for only part of them, and say nothing: the write after it is the one that
 * throws (ENOSPC). `writeFileSync` loops the same way; a file written piece by piece must too, or
 * its last piece can end short without an error.
 */
export function writeAll(fd: number, piece: string | Uint8Array): void {
  const bytes = typeof piece === 'string' ? Buffer.from(piece) : piece;
  for (let written = 0; written < bytes.byteLength; ) written += writeSync(fd, bytes, written);
}

/** Writes `body` at `file` with the modification time `stamp` (ms), which tells the cache it is unchanged (cache/body-store.ts). */
export function writeStamped(file: string, body: Uint8Array, stamp: number): void {
  const fd = openSync(file, 'w');
  try {
    writeAll(fd, body);
    futimesSync(fd, stamp / 1000, stamp / 1000);
  } finally {
    closeSync(fd);
  }
}
