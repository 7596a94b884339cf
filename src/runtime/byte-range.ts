/**
 * The `Range` requests of the static layer (RFC 9110 section 14): one byte range of a file, answered
 * 206 with its bytes, as hosts and nginx answer the players and download managers that ask (Safari
 * plays no audio or video whose server does not). Several ranges in one request, another unit or a
 * malformed header get the whole file, which the RFC allows.
 */

/** A part of a file: its first and last byte, both included, as `Content-Range` names them. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * The range `header` asks of a file of `size` bytes: a {@link ByteRange}, `'unsatisfiable'` (a 416:
 * it starts past the end, or asks for the last 0 bytes), or `undefined` for none the layer takes
 * (the whole file is sent; so is an empty file asked for its last bytes, which no 206 can say).
 * @example byteRange('bytes=0-99', 1000) // { start: 0, end: 99 }
 * @example byteRange('bytes=-100', 1000) // { start: 900, end: 999 }
 */
export function byteRange(header: string, size: number): ByteRange | 'unsatisfiable' | undefined {
  const asked = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!asked) return undefined;
  const [, first, last] = asked as unknown as [string, string, string];
  if (first === '') {
    // The last `last` bytes.
    if (last === '') return undefined;
    if (Number(last) === 0) return 'unsatisfiable';
    return size === 0 ? undefined : { start: Math.max(0, size - Number(last)), end: size - 1 };
  }
  const start = Number(first);
  if (last !== '' && Number(last) < start) return undefined;
  if (start >= size) return 'unsatisfiable';
  return { start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) };
}

/**
 * The range a GET's `headers` ask of a file of `size` bytes ({@link byteRange}), unless its
 * `If-Range` is not `validator`, the file's `Last-Modified` as sent: then the whole file is sent.
 * The files' ETags are weak, which If-Range never matches; `null` (a precompressed copy, whose
 * date its file's other copies share) matches no If-Range at all.
 */
export function askedRange(headers: Headers, size: number, validator: string | null): ByteRange | 'unsatisfiable' | undefined {
  const asked = headers.get('range');
  if (asked === null) return undefined;
  const ifRange = headers.get('if-range');
  return ifRange === null || ifRange === validator ? byteRange(asked, size) : undefined;
}

/** The `Content-Range` of `range` of `size` bytes; of none, the size alone (a 416's). */
export function contentRange(range: ByteRange | undefined, size: number): string {
  return range ? `bytes ${range.start}-${range.end}/${size}` : `bytes */${size}`;
}
