/**
 * The one static-file layer: the built server, `prerender preview`, `vite preview` and `prerender dev`
 * serve files through h3's `serveStatic`, which answers GET and HEAD with the type we give it, ETag,
 * Last-Modified, 304 and `index.html` for a folder (asked for without its slash: a 301 to it); a
 * GET of one byte range is answered 206 with its bytes (byte-range.ts). Which
 * files exist and what they are is ours (file-table.ts); anything that is no file falls through to
 * the routes.
 *
 * A file with precompressed copies is answered in the coding the request accepts best
 * (precompressed.ts), with `Vary: Accept-Encoding` on every answer for it, 304s included, and on no
 * other file. serveStatic's own `encodings` option is not used: it varies every file, copies or not
 * (the Vary on every response of nitro#3521), and breaks ties by the client's order, where browsers
 * list gzip first.
 */
import { join } from 'node:path';
import { H3Event, HTTPResponse, redirect, serveStatic, toResponse } from 'h3';
import { askedRange, contentRange, type ByteRange } from './byte-range.ts';
import { normalizeEventPath } from './app.ts';
import { createFileTable, createLiveFiles, type FileSource, type FoundFile } from './file-table.ts';
import { followBuild, type FollowedFiles } from './current-build.ts';
import { readManifestFiles } from './manifest-files.ts';
import { servedVariant } from './precompressed.ts';

/** The `Cache-Control` of every file: a cache keeps it, and asks whether it changed before using it. */
export const fileCacheControl = 'public, max-age=0, must-revalidate';

/** h3 middleware answering GET and HEAD for a file, else `undefined` (the routes answer). */
export type FileMiddleware = (event: H3Event) => Promise<HTTPResponse | undefined> | undefined;

/** Answers a request from the files, or `undefined` to let the routes answer. */
export type StaticHandler = (request: Request) => Promise<Response | undefined>;

/** Serves the files of `files`, with {@link fileCacheControl} and the headers recorded for each. */
export function serveFiles(files: FileSource): FileMiddleware {
  return (event) => {
    const method = event.req.method;
    return method === 'GET' || method === 'HEAD' ? serveFile(event, files) : undefined;
  };
}

async function serveFile(event: H3Event, files: FileSource): Promise<HTTPResponse | undefined> {
  let found: FoundFile | undefined;
  let varies = false;
  let toFolder = false;
  let range: ByteRange | 'unsatisfiable' | undefined;
  const { pathname, search } = event.url;
  const served = await serveStatic(event, {
    fallthrough: true,
    // serveStatic asks for the path, then its index.html, and stops at the first found: the file,
    // or the copy of it the request takes, whose meta sets Content-Encoding, length and ETag.
    getMeta: async (id) => {
      const file = await files.find(id);
      // A folder's index.html asked for without the slash: sent to the folder's URL, as static hosts
      // do (GitHub Pages, Netlify, Cloudflare Pages), so that its relative links resolve as there,
      // and as the link check resolves them.
      if (file && id.endsWith('/index.html') && !pathname.endsWith('/') && !pathname.endsWith('/index.html')) return void (toFolder = true);
      varies = file?.variants !== undefined;
      return (found = file && servedVariant(file, event.req.headers.get('accept-encoding')));
    },
    // Reached for a GET that is no 304 alone, its headers set: where a Range is answered. A
    // precompressed copy takes no date If-Range: the copies of a file share its date, and a download
    // resumed in another coding would splice two codings' bytes.
    getContents: () => {
      const validator = found!.encoding === undefined ? event.res.headers.get('last-modified') : null;
      range = askedRange(event.req.headers, found!.size, validator);
      return range === 'unsatisfiable' ? undefined : files.read(found!, range);
    },
  });
  if (toFolder) {
    const moved = redirect(`${pathname}/${search}`, 301);
    moved.headers.set('cache-control', fileCacheControl);
    return moved;
  }
  if (served === undefined) return undefined;
  const headers = event.res.headers;
  headers.set('cache-control', fileCacheControl);
  headers.set('accept-ranges', 'bytes');
  if (varies) headers.set('vary', 'accept-encoding');
  for (const [name, value] of found!.headers ?? []) headers.set(name, value);
  return range === undefined ? served : partOf(served, range, found!.size, headers);
}

/** The answer to a Range request: 206 with the range's bytes, or 416 for a range past the file's end. */
function partOf(served: HTTPResponse, range: ByteRange | 'unsatisfiable', size: number, headers: Headers): HTTPResponse {
  if (range === 'unsatisfiable') {
    headers.set('content-range', contentRange(undefined, size));
    // No body: nothing is of the file's type or coding.
    for (const name of ['content-length', 'content-type', 'content-encoding']) headers.delete(name);
    return new HTTPResponse(null, { status: 416, statusText: 'Range Not Satisfiable' });
  }
  headers.set('content-range', contentRange(range, size));
  headers.set('content-length', String(range.end - range.start + 1));
  return new HTTPResponse(served.body ?? null, { status: 206, statusText: 'Partial Content' });
}

/**
 * The files of a build: `<distDir>/public`, listed now (and again when a build replaces the folder:
 * current-build.ts), typed by its manifest; with `hostType`, as a
 * host that reads no types or headers of ours sends them (GitHub Pages): each typed by it, with no
 * header the manifest records.
 */
export function buildFileTable(distDir: string, hostType?: (file: string) => string): FollowedFiles {
  return followBuild(distDir, () => {
    const recorded = readManifestFiles(distDir);
    return createFileTable(join(distDir, 'public'), hostType ? { encodings: recorded.encodings } : recorded, hostType);
  });
}

/** The middleware of a build's files ({@link buildFileTable}). */
export function buildFiles(distDir: string): FileMiddleware {
  return serveFiles(buildFileTable(distDir));
}

/**
 * The static layer of a build as a Fetch handler (`vite preview`, beside the bundle's routes); the
 * built server and `prerender preview` put {@link buildFiles} in front of the routes of one h3 app.
 */
export function createBuildFiles(distDir: string): StaticHandler {
  return toStaticHandler(buildFiles(distDir));
}

/** The files under `root` as they are at each request, typed by extension (`prerender dev`). */
export function createStaticHandler(root: string): StaticHandler {
  return toStaticHandler(serveFiles(createLiveFiles(root)));
}

/** A file middleware as a Fetch handler of its own, on the path the routes would be matched on. */
function toStaticHandler(middleware: FileMiddleware): StaticHandler {
  return async (request) => {
    const event = new H3Event(request);
    normalizeEventPath(event);
    const served = await middleware(event);
    return served === undefined ? undefined : toResponse(served, event);
  };
}

