/**
 * `compress` in a build (SPEC section 9): which files get copies, that every copy decompresses to its
 * file, what the manifest records, byte-identical builds, names already taken, and presets whose
 * hosts compress on their own.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasZstd } from '../../src/compress/encode.ts';
import { resolveCompress } from '../../src/config/resolve-compress.ts';
import { formatBytes } from '../../src/report/build-report.ts';
import { encodingSuffixes } from '../../src/runtime/encodings.ts';
import { compressSite, decode } from '../support/compress-site.ts';
import { buildSite } from '../support/helpers.ts';
import { outputTree } from '../support/tree-snapshot.ts';

/** What `compress: true` writes on this Node: brotli and gzip, and zstd from Node 22.15. */
const codings = resolveCompress(true);
const now = () => 0;

/** Every file under `dir`, relative, sorted. */
const listFiles = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
    .sort();

interface Manifest {
  routes: { route: string; file: string; bytes: number; encodings?: Record<string, number> }[];
  compressed?: { file: string; encodings: Record<string, number> }[];
}

describe('compress: true', () => {
  let dir: string;
  let publicDir: string;
  let manifest: Manifest;
  let lines: string[];
  let report: Awaited<ReturnType<typeof buildSite>>['report'];

  beforeAll(async () => {
    const built = await buildSite(compressSite(), { now });
    dir = built.dir;
    publicDir = join(dir, 'public');
    manifest = JSON.parse(readFileSync(join(dir, 'prerender-manifest.json'), 'utf8'));
    lines = (built.logger as unknown as { lines: string[] }).lines;
    report = built.report;
  });

  const compressedFiles = ['api/docs/index.html', 'api/feed.json', 'api/rss.xml', 'api/taken.json', 'app.js', 'data.csv', 'logo.svg', 'sitemap.xml'];

  it('writes copies of the text files of 1 KiB or more, routes and publicDir files alike, and of nothing else', () => {
    const copies = listFiles(publicDir).filter((file) => /\.(br|gz|zst)$/.test(file));
    const expected = compressedFiles.flatMap((file) => codings.map((encoding) => file + encodingSuffixes[encoding]));
    // The site's own files named like copies stay; api/taken.json gets no brotli copy over the site's file.
    expect(copies.sort()).toEqual([...expected.filter((file) => file !== 'api/taken.json.br'), 'api/taken.json.br', 'archive.json.gz'].sort());
    expect(readFileSync(join(publicDir, 'api/taken.json.br'), 'utf8')).toBe('not brotli: a file of the site');
  });

  it('leaves small files, other types, text no compressor shrinks and _headers without copies', () => {
    for (const file of ['api/small.json', 'api/items/1.json', 'api/blob', 'api/noise.txt', 'small.css', 'photo.png', 'robots.txt', '_headers']) {
      expect(existsSync(join(publicDir, file)), file).toBe(true);
      for (const suffix of ['.br', '.gz', '.zst']) expect(existsSync(join(publicDir, file + suffix)), file + suffix).toBe(false);
    }
    // Large enough, and text: only the size rule kept these out.
    expect(statSync(join(publicDir, 'api/noise.txt')).size).toBeGreaterThanOrEqual(1024);
    expect(statSync(join(publicDir, '_headers')).size).toBeGreaterThanOrEqual(1024);
  });

  it('every copy decompresses to its file, byte for byte, is smaller, and has its time', () => {
    for (const file of compressedFiles) {
      const plain = readFileSync(join(publicDir, file));
      for (const encoding of codings) {
        if (file === 'api/taken.json' && encoding === 'br') continue;
        const copy = readFileSync(join(publicDir, file + encodingSuffixes[encoding]));
        expect(decode(copy, encoding).equals(plain), `${file} ${encoding}`).toBe(true);
        expect(copy.byteLength).toBeLessThan(plain.byteLength);
        // With its file's time: one Last-Modified for every coding, and an ETag that stays while the file is reused.
        const milliseconds = (path: string) => Math.floor(statSync(join(publicDir, path)).mtimeMs);
        expect(milliseconds(file + encodingSuffixes[encoding]), `${file} ${encoding}`).toBe(milliseconds(file));
      }
    }
  });

  it('writes zstd copies exactly when this Node has zstd (22.15, 23.8 and later)', () => {
    expect(listFiles(publicDir).some((file) => file.endsWith('.zst'))).toBe(hasZstd);
    expect(codings.includes('zstd')).toBe(hasZstd);
  });

  it('gzip copies carry no time (header MTIME 0), so builds are byte-identical', () => {
    const gzip = readFileSync(join(publicDir, 'api/feed.json.gz'));
    expect([...gzip.subarray(0, 3)]).toEqual([0x1f, 0x8b, 8]);
    expect(gzip.readUInt32LE(4)).toBe(0);
  });

  it('the manifest lists each route’s copies and their sizes, and the other files’ under "compressed"', () => {
    const sizeOf = (file: string) => statSync(join(publicDir, file)).size;
    const expectedCopies = (file: string) =>
      Object.fromEntries(codings.filter((e) => !(file === 'api/taken.json' && e === 'br')).map((encoding) => [encoding, sizeOf(file + encodingSuffixes[encoding])]));
    for (const entry of manifest.routes) {
      if (compressedFiles.includes(entry.file)) {
        expect(entry.encodings, entry.file).toEqual(expectedCopies(entry.file));
        // Listed in the servers' order of preference, so the line is the same in every build.
        expect(Object.keys(entry.encodings!)).toEqual(codings.filter((e) => entry.encodings![e] !== undefined));
      } else {
        expect(entry.encodings, entry.file).toBeUndefined();
      }
    }
    expect(manifest.compressed).toEqual(['app.js', 'data.csv', 'logo.svg', 'sitemap.xml'].map((file) => ({ file, encodings: expectedCopies(file) })));
    const raw = readFileSync(join(dir, 'prerender-manifest.json'), 'utf8');
    expect(raw).toContain(`"bytes":${sizeOf('api/feed.json')},"encodings":{`);
    expect(existsSync(join(dir, 'prerender-manifest.json.before-compress'))).toBe(false);
  });

  it('warns (COMPRESSED_NAME_TAKEN) of a copy not written over a file of the site, and sums up what it wrote', () => {
    const taken = report.warnings.filter((warning) => warning.code === 'COMPRESSED_NAME_TAKEN');
    expect(taken.map((warning) => warning.message)).toEqual([expect.stringContaining('1 precompressed copy not written, as a file of the site has the name: api/taken.json.br.')]);
    expect(lines.some((line) => line.startsWith(`precompressed 8 files of `) && line.includes(`(${codings.join(', ')})`))).toBe(true);
    // The copies count among the files the build wrote, with the sitemap, robots.txt and _headers.
    const copies = listFiles(publicDir).filter((file) => /\.(br|gz|zst)$/.test(file)).length - 2;
    expect(report.files).toBe(report.ok + 3 + copies);
  });

  it('the report (build() and --json) and report.html give the copies by coding, their bytes summed from the files on disk', () => {
    const size = (file: string) => statSync(join(publicDir, file)).size;
    // api/taken.json.br is the site's own file, no copy of the build's.
    const written = (coding: string, file: string) => `${file}${encodingSuffixes[coding as keyof typeof encodingSuffixes]}` !== 'api/taken.json.br';
    const copies = Object.fromEntries(codings.map((coding) => [coding, compressedFiles.filter((file) => written(coding, file)).reduce((sum, file) => sum + size(file + encodingSuffixes[coding]), 0)]));
    const bytes = compressedFiles.reduce((sum, file) => sum + size(file), 0);
    expect(report.compressed).toEqual({ files: 8, bytes, copies });
    const line = `8 files of ${formatBytes(bytes)}: ${codings.map((coding) => `${coding} ${formatBytes(copies[coding]!)}`).join(', ')}`;
    expect(readFileSync(join(dir, 'report.html'), 'utf8')).toContain(`<dt>Precompressed</dt><dd>${line}</dd>`);
    // The Written line names what the build added beside the routes' bodies, and counts the copies.
    // 8 files in each coding, but the copy api/taken.json.br the site has.
    const writtenLine = `${report.files} files: ${report.ok} route bodies, ${formatBytes(report.bytes)}; sitemap.xml, robots.txt, _headers; ${codings.length * 8 - 1} precompressed copies`;
    expect(readFileSync(join(dir, 'report.html'), 'utf8')).toContain(`<dt>Written</dt><dd>${writtenLine}</dd>`);
    expect(lines.find((line) => line.startsWith('precompressed 8 files'))).toMatch(new RegExp(`: ${line.slice(line.indexOf(': ') + 2)}$`));
  });

  it('two builds of one input are byte-identical, copies and manifest included', async () => {
    const again = await buildSite(compressSite(), { now });
    const tree = (root: string) => Object.fromEntries(Object.entries(outputTree(root)).filter(([path]) => !path.startsWith('server')));
    expect(tree(again.dir)).toEqual(tree(dir));
  });
});

describe('compress: which codings', () => {
  it('writes only the codings listed', async () => {
    const { dir } = await buildSite(compressSite("compress: ['gzip']"));
    const copies = listFiles(join(dir, 'public')).filter((file) => /\.(br|gz|zst)$/.test(file));
    expect(copies.filter((file) => !file.endsWith('.gz'))).toEqual(['api/taken.json.br']);
    expect(copies).toContain('api/feed.json.gz');
  });

  it.runIf(hasZstd)('writes zstd copies on a Node that has zstd (true and listed alike)', async () => {
    const { dir } = await buildSite(compressSite("compress: ['zstd']"));
    const copy = readFileSync(join(dir, 'public/api/feed.json.zst'));
    expect(decode(copy, 'zstd').equals(readFileSync(join(dir, 'public/api/feed.json')))).toBe(true);
    expect(existsSync(join(dir, 'public/api/feed.json.br'))).toBe(false);
  });

  it('off by default: no copies, and the manifest has no "encodings" or "compressed"', async () => {
    const { dir, report } = await buildSite(compressSite('compress: false'));
    expect(listFiles(join(dir, 'public')).filter((file) => /\.(br|gz|zst)$/.test(file))).toEqual(['api/taken.json.br', 'archive.json.gz']);
    const raw = readFileSync(join(dir, 'prerender-manifest.json'), 'utf8');
    expect(raw).not.toContain('"encodings"');
    expect(raw).not.toContain('"compressed"');
    expect(report.compressed).toBeNull();
    expect(readFileSync(join(dir, 'report.html'), 'utf8')).toContain('<dt>Precompressed</dt><dd>no copies (compress is off, or the host compresses on its own)</dd>');
  });
});

describe('compress with a preset whose host compresses on its own', () => {
  it.each(['netlify', 'cloudflare', 'vercel', 'github-pages'])('%s: writes no copies, with a COMPRESS_UNUSED warning', async (preset) => {
    const { dir, report } = await buildSite(compressSite(`compress: true, preset: '${preset}', mistypedFiles: 'warn'`));
    expect(listFiles(join(dir, 'public')).filter((file) => /\.(br|zst)$/.test(file) || file.endsWith('feed.json.gz'))).toEqual(['api/taken.json.br']);
    const warning = report.warnings.find((entry) => entry.code === 'COMPRESS_UNUSED');
    expect(warning?.message).toContain(`preset "${preset}"`);
    // The host's own file, by name, in the report's Written line.
    const hostFile = { netlify: '_headers', cloudflare: '_headers', vercel: '.vercel/output/config.json', 'github-pages': '.nojekyll' }[preset];
    expect(readFileSync(join(dir, 'report.html'), 'utf8')).toContain(`<dt>Written</dt><dd>${report.files} files: ${report.ok} route bodies, ${formatBytes(report.bytes)}; sitemap.xml, robots.txt, ${hostFile}</dd>`);
  });
});
