/**
 * The bytes of small files of a build, kept in memory once read: a request for a file already read
 * makes no system call. Bounded: files over `fileBytes` are never kept, and past `totalBytes` the file
 * read longest ago is dropped first.
 */

/** A byte cache keyed by file path. */
export interface ByteCache {
  /** The bytes of `path`, from memory when kept, else from `read` (and kept when small enough). */
  get(path: string, size: number, read: () => Promise<Buffer<ArrayBuffer>>): Promise<Buffer<ArrayBuffer>>;
}

/** Limits of {@link createByteCache}. */
export interface ByteCacheLimits {
  /** Largest file kept. */
  fileBytes: number;
  /** All files kept together. */
  totalBytes: number;
}

/** A cache holding at most `limits.totalBytes`, least recently used dropped first. */
export function createByteCache(limits: ByteCacheLimits): ByteCache {
  // A Map iterates in insertion order: a file used again is moved to the end, the first is the oldest.
  // The promise is kept, not the bytes, so that requests arriving during the first read share it.
  const kept = new Map<string, { bytes: Promise<Buffer<ArrayBuffer>>; size: number }>();
  let total = 0;
  const drop = (path: string) => {
    total -= kept.get(path)!.size;
    kept.delete(path);
  };
  return {
    get(path, size, read) {
      const hit = kept.get(path);
      if (hit) {
        kept.delete(path);
        kept.set(path, hit);
        return hit.bytes;
      }
      const bytes = read();
      if (size > limits.fileBytes || size > limits.totalBytes) return bytes;
      const entry = { bytes, size };
      kept.set(path, entry);
      total += size;
      for (const oldest of kept.keys()) {
        if (total <= limits.totalBytes) break;
        drop(oldest);
      }
      bytes.catch(() => kept.get(path) === entry && drop(path));
      return bytes;
    },
  };
}
