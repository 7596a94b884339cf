/**
 * The compression threads (src/compress/compress-pool.ts) end between batches: a build stopped while
 * one compresses leaves no half-written copy, and no thread torn down inside zlib (Node 24 aborted
 * the process there once in CI).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createCompressPool } from '../../src/compress/compress-pool.ts';
import { tempDir } from '../support/helpers.ts';

describe('the compression pool, closed with a reason while a thread compresses', () => {
  it('rejects what was queued or under way with it, and ends the thread once its batch is whole', async () => {
    const dir = tempDir('compress-pool-');
    const files = Array.from({ length: 20 }, (_, i) => {
      const path = join(dir, `f${i}.json`);
      writeFileSync(path, JSON.stringify(Array.from({ length: 4000 }, (_, n) => ({ id: n, file: i, text: `item ${n} of file ${i}` }))));
      return path;
    });
    const pool = createCompressPool(1);
    const done = files.map((path) => pool.compress({ path, encodings: ['br'] }).then(() => 'done', (error: Error) => error.message));
    // The first files are compressed on this thread; the rest went to the thread as one batch.
    expect(await Promise.all(done.slice(0, 8))).toEqual(Array(8).fill('done'));
    await pool.close(new Error('stopped'));
    expect(await Promise.all(done.slice(8))).toEqual(Array(12).fill('stopped'));
    // Every copy the thread wrote is whole: it was not ended inside its batch.
    for (const path of files) {
      expect(existsSync(`${path}.br`), path).toBe(true);
      expect(brotliDecompressSync(readFileSync(`${path}.br`)).equals(readFileSync(path))).toBe(true);
    }
  });
});
