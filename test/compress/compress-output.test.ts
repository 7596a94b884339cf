/** The precompression step on its own: a copy that cannot be written fails it, and a stop ends its threads. */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compressOutput, type CompressOutputInput } from '../../src/compress/compress-output.ts';
import { manifestName, readManifest, readManifestHead, writeManifest } from '../../src/output/manifest.ts';
import { catchError } from '../support/catch-error.ts';
import { prose } from '../support/compress-site.ts';
import { tempDir } from '../support/helpers.ts';

/** A staged build of `files` (path -> text), each a JSON route's file. */
async function staged(files: Record<string, string>): Promise<Omit<CompressOutputInput, 'signal'>> {
  const distDir = tempDir('stage-');
  const publicDir = join(distDir, 'public');
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(join(publicDir, file, '..'), { recursive: true });
    writeFileSync(join(publicDir, file), text);
  }
  const entries = Object.entries(files).map(([file, text]) => ({ route: `/${file}`, file, status: 200, contentType: 'application/json', bytes: Buffer.byteLength(text), ms: 0 }));
  await writeManifest(distDir, { preset: 'static' }, entries);
  return { distDir, publicDir, encodings: ['br', 'gzip'], otherFiles: [], isTaken: () => false };
}

const copiesIn = (dir: string) => readdirSync(dir, { recursive: true }).filter((name) => /\.(br|gz)$/.test(String(name))).length;

describe('compressOutput', () => {
  // The first few files are compressed on the main thread, the rest on the pool's threads.
  it.each([
    ['on the main thread', 2],
    ['on a thread', 20],
  ])('fails with WRITE_FAILED naming the copy it could not write (%s)', async (_where, count) => {
    const input = await staged(Object.fromEntries(Array.from({ length: count }, (_, i) => [`f${String(i).padStart(2, '0')}.json`, prose(3000)])));
    const last = `f${String(count - 1).padStart(2, '0')}.json.gz`;
    mkdirSync(join(input.publicDir, last));
    const error = await catchError(() => compressOutput(input));
    expect(error.code).toBe('WRITE_FAILED');
    expect(error.message).toContain(`Cannot write ${join(input.publicDir, last)}`);
  });

  it('stops when its signal aborts: rejects with the reason, and its threads write nothing more', async () => {
    const files = Object.fromEntries(Array.from({ length: 120 }, (_, i) => [`items/${i}.json`, prose(200_000, `w${i}`)]));
    const input = await staged(files);
    const controller = new AbortController();
    const reason = new Error('stopped');
    const running = compressOutput({ ...input, signal: controller.signal });
    setTimeout(() => controller.abort(reason), 50);
    await expect(running).rejects.toBe(reason);
    const written = copiesIn(input.publicDir);
    expect(written).toBeLessThan(240);
    await sleep(300);
    expect(copiesIn(input.publicDir)).toBe(written);
  });

  it('keeps the manifest\'s head (the preset the build was for) as it rewrites the routes', async () => {
    const input = await staged({ 'a.json': prose(3000) });
    await compressOutput(input);
    const manifest = join(input.distDir, manifestName);
    expect(readFileSync(manifest, 'utf8')).toMatch(/^\{\n {2}"version": 1,\n {2}"preset": "static",\n {2}"routes": \[\n/);
    expect(readManifestHead(manifest)).toEqual({ preset: 'static' });
    expect((await readManifest(input.distDir))[0].encodings).toEqual({ br: expect.any(Number), gzip: expect.any(Number) });
  });

  it('does nothing once aborted', async () => {
    const input = await staged({ 'a.json': prose(3000) });
    const reason = new Error('stopped before');
    await expect(compressOutput({ ...input, signal: AbortSignal.abort(reason) })).rejects.toBe(reason);
    expect(copiesIn(input.publicDir)).toBe(0);
  });
});
