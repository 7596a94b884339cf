/**
 * The one static-file layer: the built server, `prerender preview` and `prerender dev` all serve
 * files through it. It answers GET and HEAD for files under `public/`, with the content type the
 * prerender recorded (else by extension), ETag / 304, and `index.html` for a folder; anything it does
 * not find, and any path no file can have, falls through to the routes (`undefined`); only requests
 * malformed as HTTP are refused here.
 */
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { typeByExtension } from './extension.ts';
import { isInside } from './inside.ts';
import { decodeSegment, isHiddenName, normalizePathname } from './url-path.ts';
import { isHostConfigFile } from './host-files.ts';

/** Answers a request from the files, or `undefined` to let the routes answer. */
export type StaticHandler = (request: Request) => Promise<Response | undefined>;

/** Options for {@link createStaticHandler}. */
export interface StaticOptions {
  /** Content types by file path relative to the folder (`api/feed`), as the manifest records them. */
  types?: Map<string, string>;
  /** Other headers by file path, as the manifest records them (`[name, value]`); they win over the defaults. */
  headers?: Map<string, [string, string][]>;
  /** @default 'public, max-age=0, must-revalidate' */
  cacheControl?: string;
}

/** Serves the files under `root`. */
export function createStaticHandler(root: string, options: StaticOptions = {}): StaticHandler {
  const types = options.types ?? new Map<string, string>();
  const cacheControl = options.cacheControl ?? 'public, max-age=0, must-revalidate';
  let realRoot: string | undefined;

  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
    const segments = pathSegments(new URL(request.url).pathname);
    if (segments === 'bad') return plain(400, 'Bad Request');
    if (segments === 'no-file') return undefined;
    if (isHostConfigFile(segments)) return undefined;

    realRoot ??= await realpath(root).catch(() => root);
    const found = await findFile(realRoot, segments);
    if (!found) return undefined;

    const etag = `W/"${found.size.toString(16)}-${Math.floor(found.mtimeMs).toString(16)}"`;
    const headers = new Headers({
      'content-type': types.get(found.relative) ?? typeByExtension(found.relative) ?? 'application/octet-stream',
      'content-length': String(found.size),
      etag,
      'cache-control': cacheControl,
    });
    for (const [name, value] of options.headers?.get(found.relative) ?? []) headers.set(name, value);
    if (request.headers.get('if-none-match')?.split(/\s*,\s*/).includes(etag)) {
      headers.delete('content-length');
      return new Response(null, { status: 304, headers });
    }
    if (request.method === 'HEAD') return new Response(null, { status: 200, headers });
    return new Response(Readable.toWeb(createReadStream(found.path)) as ReadableStream, { status: 200, headers });
  };
}

/**
 * The static layer of a build: `<distDir>/public`, with the types and headers its manifest recorded.
 * The built server (and so `prerender preview`) and `vite preview` serve files through this one call.
 */
export function createBuildFiles(distDir: string): StaticHandler {
  return createStaticHandler(join(distDir, 'public'), readManifestFiles(distDir));
}

/** The types and other headers recorded in `<distDir>/prerender-manifest.json`, by file path relative to `public/`. */
export function readManifestFiles(distDir: string): { types: Map<string, string>; headers: Map<string, [string, string][]> } {
  const file = join(distDir, 'prerender-manifest.json');
  const types = new Map<string, string>();
  const headers = new Map<string, [string, string][]>();
  if (!existsSync(file)) return { types, headers };
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as { routes?: { file: string; contentType: string; headers?: [string, string][] }[] };
  for (const entry of manifest.routes ?? []) {
    types.set(entry.file, entry.contentType);
    if (entry.headers) headers.set(entry.file, entry.headers);
  }
  return { types, headers };
}

/**
 * The decoded segments of a URL path (in any spelling: it is normalised first), or why no file has it:
 * `'bad'` for what is malformed as HTTP (bad encoding, NUL or control characters, a `.` or `..`
 * segment), refused for everyone; `'no-file'` for a path no file can have (a segment holding `/` or `\`
 * once decoded, over 255 bytes, or hidden), which the routes may still answer. Decoded exactly once.
 * @example pathSegments('/api/caf%c3%a9') // ['api', 'café']
 * @example pathSegments('/api/users/a%2Fb') // 'no-file'
 */
export function pathSegments(pathname: string): string[] | 'bad' | 'no-file' {
  const segments: string[] = [];
  let file = true;
  for (const raw of normalizePathname(pathname).split('/').slice(1)) {
    const segment = decodeSegment(raw);
    if (segment === undefined || /[\0-\x1f\x7f]/.test(segment) || segment === '.' || segment === '..') return 'bad';
    if (/[\\/]/.test(segment) || Buffer.byteLength(segment) > 255 || isHiddenName(segment)) file = false;
    segments.push(segment);
  }
  return file ? segments : 'no-file';
}

interface FoundFile {
  path: string;
  relative: string;
  size: number;
  mtimeMs: number;
}

/**
 * The files a path of these segments ({@link pathSegments}) is answered from, first found wins: the
 * file itself, then the folder's `index.html`; a folder path (ending in `/`, or the root) only the
 * latter. The crawl asks it too, to leave links to publicDir files to the static layer.
 * @example fileCandidates(['docs']) // [['docs'], ['docs', 'index.html']]
 */
export function fileCandidates(segments: readonly string[]): string[][] {
  const folder = segments.length === 0 || segments.at(-1) === '';
  const parts = segments.filter(Boolean);
  return folder ? [[...parts, 'index.html']] : [parts, [...parts, 'index.html']];
}

/** The file for these segments (a folder's `index.html`), only if its real path stays under `root`. */
async function findFile(root: string, segments: string[]): Promise<FoundFile | undefined> {
  for (const candidate of fileCandidates(segments)) {
    const path = join(root, ...candidate);
    const real = await realpath(path).catch(() => undefined);
    if (!real || !isInside(real, root)) continue;
    const info = await stat(real).catch(() => undefined);
    if (info?.isFile()) return { path: real, relative: candidate.join('/'), size: info.size, mtimeMs: info.mtimeMs };
  }
  return undefined;
}

function plain(status: number, text: string): Response {
  return new Response(text, { status, headers: { 'content-type': 'text/plain; charset=utf-8' } });
}
