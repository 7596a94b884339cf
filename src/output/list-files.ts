/**
 * The one lister of an output folder's files (`public/`, a shard's folders): the publicDir copy's
 * claims, `_headers`, Vercel's output, Cloudflare's limits and merge all read the folder through it.
 * Links are not followed: the build writes none there (publicDir is copied with its links resolved).
 */
import { opendir } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The files under `dir`, relative to it and `/`-separated, that `keep` accepts (every file without
 * it), in the order the file system lists them. Streamed folder by folder, so that a million route
 * files are never held as directory entries, only as the names returned.
 * @example await listFiles('dist/site/public') // ['index.html', 'api/rss.xml', ...]
 */
export async function listFiles(dir: string, keep: (file: string) => boolean = () => true): Promise<string[]> {
  const found: string[] = [];
  const walk = async (prefix: string): Promise<void> => {
    for await (const entry of await opendir(prefix ? join(dir, prefix) : dir)) {
      const file = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(file);
      else if (entry.isFile() && keep(file)) found.push(file);
    }
  };
  await walk('');
  return found;
}
