/**
 * Range requests to the files of `public/` (src/runtime/byte-range.ts), over real sockets, from the
 * built server, `prerender preview` and `prerender dev` alike: one byte range is answered 206 with
 * its bytes and Content-Range, a range past the end 416, and anything else the whole file, for a
 * small file (read whole, kept in memory) and a large one (streamed from disk).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDevServer, createPreviewServer, type RunningServer } from '../../src/index.ts';
import { buildSite, route, writeSite } from '../support/helpers.ts';
import { rawRequest, type RawResponse } from '../support/raw-http.ts';
import { startServerProcess, type ServerProcess } from '../support/server-process.ts';

/** 2 MB of bytes that differ from offset to offset: a slice at the wrong place does not match. */
const large = Buffer.from(Array.from({ length: 2 * 1024 * 1024 }, (_, i) => (i * 7 + (i >> 8)) & 0xff));
const small = Buffer.from('0123456789abcdefghij');

let root: string;
let dir: string;
let built: ServerProcess;
let preview: RunningServer;
let dev: RunningServer;

beforeAll(async () => {
  root = writeSite({
    'src/server/routes/api/hello.ts': route(`() => 'hello'`),
    'src/server/routes/api/live.ts': route(`() => 'live answer'`),
    'prerender.config.mjs': `export default { name: 'ranges', prerender: { routes: ['/api/hello'] } };`,
  });
  mkdirSync(join(root, 'public'));
  writeFileSync(join(root, 'public', 'episode.mp3'), large);
  writeFileSync(join(root, 'public', 'notes.txt'), small);
  let outDir: string;
  ({ dir, outDir } = await buildSite(root));
  built = await startServerProcess(join(dir, 'server', 'index.mjs'));
  preview = await createPreviewServer({ root, config: { outDir }, port: 0 });
  dev = await createDevServer({ root, port: 0 });
});

afterAll(async () => {
  await built?.stop();
  await preview?.close();
  await dev?.close();
});

describe.each([
  ['the built server', () => built.port],
  ['prerender preview', () => Number(new URL(preview.url).port)],
  ['prerender dev', () => Number(new URL(dev.url).port)],
])('%s', (_name, port) => {
  const get = (target: string, headers: string[] = [], method = 'GET'): Promise<RawResponse> => rawRequest(port(), target, { method, headers });

  it.each<[file: string, range: string, start: number, end: number]>([
    ['notes.txt', 'bytes=0-4', 0, 4],
    ['notes.txt', 'bytes=10-', 10, 19],
    ['notes.txt', 'bytes=-3', 17, 19],
    ['notes.txt', 'bytes=15-100', 15, 19],
    ['notes.txt', 'bytes=-100', 0, 19],
    ['episode.mp3', 'bytes=1000000-1999999', 1_000_000, 1_999_999],
    ['episode.mp3', 'bytes=2000000-', 2_000_000, large.length - 1],
    ['episode.mp3', 'bytes=0-1', 0, 1],
  ])('%s %s: 206 with the bytes %s-%s', async (file, range, start, end) => {
    const bytes = file === 'notes.txt' ? small : large;
    const response = await get(`/${file}`, [`Range: ${range}`]);
    expect(response.status).toBe(206);
    expect(response.headers['content-range']).toBe(`bytes ${start}-${end}/${bytes.length}`);
    expect(Number(response.headers['content-length'])).toBe(end - start + 1);
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(response.body.equals(bytes.subarray(start, end + 1))).toBe(true);
  });

  it.each(['notes.txt', 'episode.mp3'])('%s: a range past the end is 416 naming the size', async (file) => {
    const size = readFileSync(join(root, 'public', file)).length;
    const response = await get(`/${file}`, [`Range: bytes=${size}-`]);
    expect(response.status).toBe(416);
    expect(response.headers['content-range']).toBe(`bytes */${size}`);
    expect(response.body.length).toBe(0);
    // No body: no type of the file's.
    expect(response.headers['content-type']).toBeUndefined();
  });

  it.each([
    // Several ranges, another unit, a malformed header, a range whose end comes before its start.
    'bytes=0-1, 4-5',
    'items=0-1',
    'bytes=a-b',
    'bytes=5-2',
    'bytes=-',
  ])('Range %j gets the whole file, 200', async (range) => {
    const response = await get('/notes.txt', [`Range: ${range}`]);
    expect(response.status).toBe(200);
    expect(response.headers['content-range']).toBeUndefined();
    expect(response.body.equals(small)).toBe(true);
  });

  it('says Accept-Ranges on a whole answer and on HEAD, which a Range does not change', async () => {
    const whole = await get('/episode.mp3');
    expect(whole.status).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.body.equals(large)).toBe(true);
    const head = await get('/notes.txt', ['Range: bytes=0-4'], 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(small.length));
  });

  it('If-Range: the range when it is the Last-Modified sent, else the whole file; a weak ETag never matches', async () => {
    const { headers } = await get('/notes.txt');
    const same = await get('/notes.txt', ['Range: bytes=0-4', `If-Range: ${headers['last-modified']}`]);
    expect(same.status).toBe(206);
    expect(same.text).toBe('01234');
    for (const ifRange of ['Thu, 01 Jan 1970 00:00:00 GMT', headers['etag']!]) {
      const other = await get('/notes.txt', ['Range: bytes=0-4', `If-Range: ${ifRange}`]);
      expect(other.status).toBe(200);
      expect(other.body.equals(small)).toBe(true);
    }
  });

  it('a conditional request the file still matches is 304, Range or not', async () => {
    const { headers } = await get('/notes.txt');
    const response = await get('/notes.txt', ['Range: bytes=0-4', `If-None-Match: ${headers['etag']}`]);
    expect(response.status).toBe(304);
  });

  it('a route not prerendered is not ranged: its answer is whole', async () => {
    const response = await get('/api/live', ['Range: bytes=0-1']);
    expect(response.status).toBe(200);
    expect(response.text).toBe('live answer');
  });
});
