/**
 * What the cache keeps of one route it rendered: enough to decide, next build, whether its output
 * can be reused without calling its handler (reuse.ts), and to put that output in place as the
 * route wrote it. One JSON line per route in the records file (records-file.ts), with short keys:
 * a million routes make a file of ~200 MB, read one line at a time.
 */
import type { OutputProblem } from '../checks/check-output.ts';
import type { FoundLinks } from '../crawl/find-links.ts';
import type { CarriedHeader } from '../output/carried-headers.ts';

/** A problem `prerender.validate` found in a route's body, kept so that a reused route reports it again. */
export type RecordedProblem = Pick<OutputProblem, 'code' | 'element' | 'message'>;

/** One rendered route. */
export interface RouteRecord {
  route: string;
  /** The route file that answered, as the route table names it (relative to routesDir). */
  routeFile: string;
  /** The key of the code that route file reaches (bundle/bundle-facts.ts). */
  code: string;
  /** Every file the render read, from the site root, with its fingerprint then (fingerprint.ts). */
  reads: [path: string, fingerprint: string][];
  /** The modules it read through (ids from the site root). */
  through: string[];
  /** It reached the network while it rendered. */
  network: boolean;
  /** It read the environment while it rendered. */
  env: boolean;
  /** What its file's `cacheKey` said, when the file exports one. */
  cacheKey?: string;
  /** The parameters its handler saw, when its file exports `cacheKey` (which is asked with them). */
  params?: Record<string, string>;
  /**
   * What `prerender.validate` found in its body, when it found something; `false`: its body was not
   * checked (rendered with `validate: false`), and a build that checks reads it (reuse-output.ts).
   */
  problems?: RecordedProblem[] | false;
  /** The links its body holds as written (`false`: none), when the build read them (crawl, link check). */
  links?: FoundLinks | false;
  /** What its handler returned that h3 sends as other than meant (HANDLER_RESULT), when it did. */
  mistake?: string;
  /** Its output: path under `public/`, as the manifest has it. */
  file: string;
  status: number;
  contentType: string;
  headers?: CarriedHeader[];
  bytes: number;
  /** How long it took to render (the manifest's `ms`: a reused route keeps it). */
  ms: number;
  /** The hash of its body (hash.ts). */
  body: string;
  /** Its body's CRC-32, as the build report keeps it (how the next report tells a file changed). */
  crc32: number;
  /** The modification time of the stored body when stored: unchanged, its bytes need no hashing. */
  stamp: number;
}

/**
 * The record as one line of JSON (without the newline): the object below as `JSON.stringify` writes
 * it, keys in this order, absent ones left out. Spelled out field by field rather than made as an
 * object of 21 keys and stringified: this runs for every route a build renders.
 */
export function encodeRecord(record: RouteRecord): string {
  const { route, routeFile, code, reads, through, network, env, cacheKey, params, problems, links, mistake, file, status, contentType, headers, bytes, ms, body, crc32, stamp } = record;
  let line = `{"r":${JSON.stringify(route)},"f":${JSON.stringify(routeFile)},"c":${JSON.stringify(code)}`;
  if (reads.length > 0) line += `,"rd":${JSON.stringify(reads)}`;
  if (through.length > 0) line += `,"th":${JSON.stringify(through)}`;
  if (network) line += ',"n":true';
  if (env) line += ',"e":true';
  if (cacheKey !== undefined) line += `,"k":${JSON.stringify(cacheKey)}`;
  if (params !== undefined) line += `,"p":${JSON.stringify(params)}`;
  if (problems !== undefined) line += `,"pb":${JSON.stringify(problems)}`;
  if (links !== undefined) line += `,"lk":${JSON.stringify(links)}`;
  if (mistake !== undefined) line += `,"m":${JSON.stringify(mistake)}`;
  line += `,"o":${JSON.stringify(file)},"s":${JSON.stringify(status)},"t":${JSON.stringify(contentType)}`;
  if (headers !== undefined) line += `,"h":${JSON.stringify(headers)}`;
  return `${line},"b":${JSON.stringify(bytes)},"ms":${JSON.stringify(ms)},"bh":${JSON.stringify(body)},"cr":${JSON.stringify(crc32)},"st":${JSON.stringify(stamp)}}`;
}

/** The record a line holds; throws when it holds none (a corrupt records file). */
export function decodeRecord(line: string): RouteRecord {
  const v = JSON.parse(line) as Record<string, unknown>;
  const record: RouteRecord = {
    route: text(v.r),
    routeFile: text(v.f),
    code: text(v.c),
    reads: v.rd === undefined ? [] : pairs(v.rd),
    through: v.th === undefined ? [] : list(v.th),
    network: v.n === true,
    env: v.e === true,
    file: text(v.o),
    status: count(v.s),
    contentType: text(v.t),
    bytes: count(v.b),
    ms: number(v.ms),
    body: text(v.bh),
    crc32: count(v.cr),
    stamp: number(v.st),
  };
  if (v.k !== undefined) record.cacheKey = text(v.k);
  if (v.h !== undefined) record.headers = pairs(v.h);
  if (v.p !== undefined) record.params = stringRecord(v.p);
  if (v.pb !== undefined) record.problems = v.pb === false ? false : problemList(v.pb);
  if (v.lk !== undefined) record.links = foundLinks(v.lk);
  if (v.m !== undefined) record.mistake = text(v.m);
  return record;
}

function fail(): never {
  throw new Error('a record of the cache is not one api-prerender wrote');
}

const text = (value: unknown): string => (typeof value === 'string' ? value : fail());
const number = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : fail());
const count = (value: unknown): number => (Number.isSafeInteger(value) && (value as number) >= 0 ? (value as number) : fail());
const list = (value: unknown): string[] => (Array.isArray(value) && value.every((item) => typeof item === 'string') ? value : fail());

function pairs(value: unknown): [string, string][] {
  if (!Array.isArray(value)) fail();
  for (const pair of value) if (!Array.isArray(pair) || pair.length !== 2 || typeof pair[0] !== 'string' || typeof pair[1] !== 'string') fail();
  return value as [string, string][];
}

function stringRecord(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || !Object.values(value).every((item) => typeof item === 'string')) fail();
  return value as Record<string, string>;
}

const problemCodes = new Set(['INVALID_JSON', 'INVALID_XML', 'INVALID_FEED']);

/** Problems as a record keeps them: code, element when there is one, message. */
export function recordedProblems(problems: readonly OutputProblem[]): RecordedProblem[] {
  return problems.map(({ code, element, message }) => (element === undefined ? { code, message } : { code, element, message }));
}

function problemList(value: unknown): RecordedProblem[] {
  if (!Array.isArray(value)) fail();
  for (const item of value as RecordedProblem[]) {
    if (typeof item !== 'object' || item === null || !problemCodes.has(item.code) || typeof item.message !== 'string' || (item.element !== undefined && typeof item.element !== 'string')) fail();
  }
  return value as RecordedProblem[];
}

function foundLinks(value: unknown): FoundLinks | false {
  if (value === false) return false;
  const found = value as FoundLinks;
  if (typeof found !== 'object' || found === null || (found.kind !== 'document' && found.kind !== 'data')) fail();
  list(found.links);
  if (found.kind === 'document' && found.base !== undefined) text(found.base);
  return found;
}
