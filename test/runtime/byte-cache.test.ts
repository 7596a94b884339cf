/** The bounded memory of small files a build's table keeps (src/runtime/byte-cache.ts). */
import { describe, expect, it } from 'vitest';
import { createByteCache } from '../../src/runtime/byte-cache.ts';

/** A cache over fake files of `size` bytes each, counting the reads that reach the "disk". */
function cacheOf(limits: { fileBytes: number; totalBytes: number }) {
  const reads: string[] = [];
  const cache = createByteCache(limits);
  const get = (path: string, size = 10) =>
    cache.get(path, size, async () => {
      reads.push(path);
      return Buffer.alloc(size, path) as Buffer<ArrayBuffer>;
    });
  return { reads, get };
}

describe('createByteCache', () => {
  it('reads a file once, then answers from memory, and one read serves requests arriving during it', async () => {
    const { reads, get } = cacheOf({ fileBytes: 100, totalBytes: 1000 });
    const [a, b] = await Promise.all([get('a'), get('a')]);
    expect(a).toBe(b);
    expect(await get('a')).toBe(a);
    expect(reads).toEqual(['a']);
  });

  it('never keeps a file over fileBytes', async () => {
    const { reads, get } = cacheOf({ fileBytes: 10, totalBytes: 1000 });
    await get('big', 11);
    await get('big', 11);
    expect(reads).toEqual(['big', 'big']);
  });

  it('keeps at most totalBytes, dropping the file used longest ago first', async () => {
    const { reads, get } = cacheOf({ fileBytes: 10, totalBytes: 30 });
    for (const path of ['a', 'b', 'c']) await get(path);
    await get('a');
    await get('d');
    expect(reads).toEqual(['a', 'b', 'c', 'd']);
    await get('a');
    await get('c');
    await get('d');
    expect(reads).toEqual(['a', 'b', 'c', 'd']);
    await get('b');
    expect(reads).toEqual(['a', 'b', 'c', 'd', 'b']);
  });

  it('keeps no failed read: the next request reads again', async () => {
    const cache = createByteCache({ fileBytes: 10, totalBytes: 30 });
    let fail = true;
    const read = async () => {
      if (fail) throw new Error('EIO');
      return Buffer.from('ok') as Buffer<ArrayBuffer>;
    };
    await expect(cache.get('a', 2, read)).rejects.toThrow('EIO');
    fail = false;
    expect((await cache.get('a', 2, read)).toString()).toBe('ok');
  });
});
