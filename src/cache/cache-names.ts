import { randomBytes } from 'node:crypto';

/**
 * A fresh name for a file or folder a build adds to its output's cache folder (a records file, a
 * stored server bundle), so that it never replaces the one an index names: the process that made it
 * and random hex. A build that was killed leaves its files behind; the next one removes them when
 * their process is gone (cache-sweep.ts).
 * @example newCacheName('records', '.jsonl') // 'records-4242-0a1b2c3d4e5f.jsonl'
 */
export const newCacheName = (kind: 'records' | 'server', extension = '') => `${kind}-${process.pid}-${randomBytes(6).toString('hex')}${extension}`;

/** The process that made a file or folder {@link newCacheName} named; `undefined` for any other name. */
export function cacheNamePid(name: string): number | undefined {
  const pid = /^(?:records|server)-(\d+)-[0-9a-f]{12}(?:\.jsonl)?$/.exec(name)?.[1];
  return pid === undefined ? undefined : Number(pid);
}
