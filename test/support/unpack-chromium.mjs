/**
 * The headless Chromium that the devDependency @sparticuz/chromium ships, unpacked into the temp
 * folder once. Plain JavaScript: chromium.ts imports it, and its test runs it in processes of its own.
 */
import { closeSync, existsSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { isProcessAlive } from '../../lib/src/process-alive.js';

/**
 * The path of the unpacked binary. The package writes `<tmpdir>/chromium` and takes a file already
 * there as unpacked, so a second process asking while the first writes it would start it half-written
 * (ETXTBSY): two test files launching a browser in two workers. The first to create the lock file
 * unpacks, over whatever a process stopped before its end left, and marks the folder done; the others
 * wait for the mark, or take the lock of a process that has ended.
 * @returns {Promise<string>}
 */
export async function unpackedChromium() {
  const { default: packaged } = await import('@sparticuz/chromium');
  const lock = join(tmpdir(), 'chromium.lock');
  const done = join(tmpdir(), 'chromium.unpacked');
  while (!existsSync(done)) {
    const fd = takeLock(lock);
    if (fd === undefined) {
      const holder = Number(readFileSync(lock, { encoding: 'utf8', flag: 'a+' }));
      if (holder > 0 && !isProcessAlive(holder)) rmSync(lock, { force: true });
      else await sleep(50);
      continue;
    }
    try {
      writeFileSync(fd, String(process.pid));
      rmSync(join(tmpdir(), 'chromium'), { force: true });
      await packaged.executablePath();
      writeFileSync(done, '');
    } finally {
      closeSync(fd);
      rmSync(lock, { force: true });
    }
  }
  return packaged.executablePath();
}

/** The open lock file, or undefined when another process holds it. */
function takeLock(lock) {
  try {
    return openSync(lock, 'wx');
  } catch (error) {
    if (error.code === 'EEXIST') return undefined;
    throw error;
  }
}
