/**
 * Where the static layer finds a file by the id h3's `serveStatic` asks for (asset-id.ts), and what
 * it tells serveStatic of it. Two sources, one rule for what is served: never a hidden name (except
 * `.well-known`), never a host's configuration file, never a path whose real location leaves the root.
 *
 * - {@link createFileTable}, for a build: `public/` is listed once, when the table is made, so a
 *   request for a path that is no file touches no file system. A file added to `public/` later is
 *   not served (a route may answer its path), one removed is a 404; a build that replaces the whole
 *   folder gets a table of its own (current-build.ts).
 * - {@link createLiveFiles}, for `prerender dev`: each request looks its file up on disk, so an edit
 *   to `publicDir` shows at once.
 *
 * A build's precompressed copies (`x.json.br` beside `x.json`, SPEC section 9) are the variants of
 * their file, each with its file's type and headers and an ETag of its own, and are never served under
 * their own names: only the copies the manifest records are, so a site's own `data.csv.gz` stays a file.
 */
import { createReadStream, readdirSync, realpathSync, statSync, type Dirent, type Stats } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { StaticAssetMeta } from 'h3';
import type { ByteRange } from './byte-range.ts';
import { assetId, assetSegments, withoutLeadingSlashes } from './asset-id.ts';
import { createByteCache } from './byte-cache.ts';
import type { Encoding } from './encodings.ts';
import { typeByExtension } from './extension.ts';
import { isHostConfigFile } from './host-files.ts';
import { isInside } from './inside.ts';
import { takeCopies } from './precompressed.ts';
import { isHiddenName } from './url-path.ts';

/** A file the static layer serves: what serveStatic is told of it, where it is, headers to add. */
export interface FoundFile extends StaticAssetMeta {
  type: string;
  size: number;
  /** Real path on disk. */
  path: string;
  /** Headers recorded for it (`[name, value]`); they win over the defaults. */
  headers?: readonly [string, string][];
  /** Its precompressed copies, by coding (`encoding` is set on each); absent when it has none. */
  variants?: Partial<Record<Encoding, FoundFile>>;
}

/** Where files are found, and how they are read. */
export interface FileSource {
  /** The file serveStatic's `id` names, or `undefined` when no file is served at it. */
  find(id: string): FoundFile | undefined | Promise<FoundFile | undefined>;
  /** The body of a found file (with `range`, of that range alone): its bytes, or a stream for a large one. */
  read(file: FoundFile, range?: ByteRange): Promise<Buffer<ArrayBuffer>> | ReadableStream;
}

/** Files up to this size are read whole (and a build's kept in memory); larger ones are streamed. */
export const wholeFileBytes = 1024 * 1024;

/** The most bytes of files a build's table keeps in memory. */
export const keptFileBytes = 32 * 1024 * 1024;

/** What the manifest recorded per file path relative to the root (`api/feed`). */
export interface RecordedFiles {
  types?: ReadonlyMap<string, string>;
  headers?: ReadonlyMap<string, [string, string][]>;
  /** The codings of each file's precompressed copies. */
  encodings?: ReadonlyMap<string, readonly Encoding[]>;
}

/**
 * A listed file: its path relative to the root, its real path when a link led to it, its meta once
 * asked, and its precompressed copies.
 */
interface Listed {
  file: string;
  real?: string;
  found?: FoundFile;
  copies?: [Encoding, Listed][];
}

/**
 * The files under `root`, listed now, with the types and headers `recorded` gives them (else as
 * `typeUnrecorded` types them: by extension, or a host's own table). A file's size, time and ETag
 * are read at its first request and kept (a streamed file's checked again at each), and so are the
 * bytes of small files (up to {@link keptFileBytes} in all, the least recently served dropped first).
 */
export function createFileTable(root: string, recorded: RecordedFiles = {}, typeUnrecorded: (file: string) => string = typeOf): FileSource {
  const realRoot = realpathOr(root);
  const listed = new Map<string, Listed>();
  if (realRoot) listFolder(realRoot, realRoot, '', '', new Set([realRoot]), listed);
  for (const [file, encodings] of recorded.encodings ?? []) {
    const taken = takeCopies(listed, file, encodings);
    const entry = taken && listed.get(taken.id);
    if (entry) entry.copies = taken.copies;
  }
  const kept = createByteCache({ fileBytes: wholeFileBytes, totalBytes: keptFileBytes });
  const pathOf = (entry: Listed) => entry.real ?? join(realRoot!, entry.file);
  const find = (id: string) => {
    const key = withoutLeadingSlashes(id);
    const entry = listed.get(key);
    if (!entry) return undefined;
    const path = pathOf(entry);
    // A streamed file is read from disk at each request: one changed in place since (a step after
    // the build appending to it) is described again, so the length and ETag sent are its bytes'.
    if (entry.found && (entry.found.size <= wholeFileBytes || !hasChanged(entry.found))) return entry.found;
    const info = statOr(path);
    if (!info?.isFile()) {
      // Removed since the server started: served no more, and never asked of the disk again.
      listed.delete(key);
      return undefined;
    }
    const found = describe(path, info, recorded.types?.get(entry.file) ?? typeUnrecorded(entry.file), recorded.headers?.get(entry.file));
    for (const [encoding, copy] of entry.copies ?? []) {
      const copyInfo = statOr(pathOf(copy));
      if (copyInfo?.isFile()) (found.variants ??= {})[encoding] = describeCopy(found, pathOf(copy), copyInfo, encoding);
    }
    entry.found = found;
    return found;
  };
  return { find, read: (file, range) => readPart(file, range, () => kept.get(file.path, file.size, () => readWhole(file.path))) };
}

/** Whether the file `found` describes has another size or time on disk now. */
function hasChanged(found: FoundFile): boolean {
  const info = statOr(found.path);
  return info === undefined || info.size !== found.size || info.mtimeMs !== found.mtime;
}

/** The files under `root`, looked up and read on disk at every request (`prerender dev`), typed by extension. */
export function createLiveFiles(root: string): FileSource {
  let realRoot: Promise<string> | undefined;
  const find = async (id: string) => {
    const segments = assetSegments(id);
    if (!segments || segments.some(isHiddenName) || isHostConfigFile(segments)) return undefined;
    const base = await (realRoot ??= realpath(root).catch(() => root));
    const real = await realpath(join(base, ...segments)).catch(() => undefined);
    if (!real || !isInside(real, base)) return undefined;
    const info = await stat(real).catch(() => undefined);
    return info?.isFile() ? describe(real, info, typeOf(segments.join('/'))) : undefined;
  };
  return { find, read: (file, range) => readPart(file, range, () => readWhole(file.path)) };
}

function readWhole(path: string): Promise<Buffer<ArrayBuffer>> {
  // A buffer readFile makes is never a shared one.
  return readFile(path) as Promise<Buffer<ArrayBuffer>>;
}

/**
 * The bytes of `file` (of `range` alone, with one): a small file's read `whole`, then sliced, a
 * larger file's streamed from disk, never past the size described, should it grow meanwhile.
 */
function readPart(file: FoundFile, range: ByteRange | undefined, whole: () => Promise<Buffer<ArrayBuffer>>): Promise<Buffer<ArrayBuffer>> | ReadableStream {
  if (file.size <= wholeFileBytes) return range ? whole().then((all) => all.subarray(range.start, range.end + 1)) : whole();
  const { start = 0, end = file.size - 1 } = range ?? {};
  return Readable.toWeb(createReadStream(file.path, { start, end })) as ReadableStream;
}

/**
 * Adds the files of `folder` (real path) to `listed`, keyed by id: `file` is the folder's path
 * relative to the root, `id` its id. A link is followed when its real target stays inside the root
 * and is no folder being listed already (a loop).
 */
function listFolder(root: string, folder: string, file: string, id: string, listing: Set<string>, listed: Map<string, Listed>): void {
  let entries: Dirent[];
  try {
    entries = readdirSync(folder, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const name = entry.name;
    const part = assetId([name]);
    if (part === undefined || isHiddenName(name) || (file === '' && isHostConfigFile([name]))) continue;
    const childFile = file ? `${file}/${name}` : name;
    const childId = id ? `${id}/${part}` : part;
    let real = join(folder, name);
    let kind: Dirent | Stats = entry;
    if (entry.isSymbolicLink()) {
      const target = realpathOr(real);
      const info = target && isInside(target, root) ? statOr(target) : undefined;
      if (!info) continue;
      real = target!;
      kind = info;
    }
    if (kind.isFile()) {
      listed.set(childId, real === join(root, childFile) ? { file: childFile } : { file: childFile, real });
    } else if (kind.isDirectory() && !listing.has(real)) {
      listing.add(real);
      listFolder(root, real, childFile, childId, listing, listed);
      listing.delete(real);
    }
  }
}

function describe(path: string, info: Stats, type: string, headers?: readonly [string, string][]): FoundFile {
  return { path, type, size: info.size, mtime: info.mtimeMs, etag: etagOf(info), headers };
}

/** A copy is its file in another coding: the file's type and headers, its own size and an ETag per coding. */
function describeCopy(file: FoundFile, path: string, info: Stats, encoding: Encoding): FoundFile {
  return { path, type: file.type, size: info.size, mtime: info.mtimeMs, etag: etagOf(info, encoding), headers: file.headers, encoding };
}

/** A weak ETag of size and time; a copy's names its coding too, so no two variants of a file share one. */
function etagOf(info: Stats, encoding?: Encoding): string {
  const tag = `${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}`;
  return `W/"${encoding ? `${tag}-${encoding}` : tag}"`;
}

/** The type of a file no manifest types: by its extension, else bytes. */
function typeOf(file: string): string {
  return typeByExtension(file) ?? 'application/octet-stream';
}

function realpathOr(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
}

function statOr(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}
