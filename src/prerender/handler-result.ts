/**
 * Results a handler returns that h3 sends as something other than what the handler most likely meant:
 * published silently, they would be files holding "[object Map]", nothing, or HTML typed as text. The
 * prerender records each (the runtime hands the returned value in the request's outcome) and the
 * build warns once per route file and mistake (HANDLER_RESULT), naming the routes and what to return.
 */
import { STATUS_CODES } from 'node:http';
import { isHtml, isJsonType, mediaType } from '../content-type.ts';
import { hostType } from '../hosts/host-types.ts';
import { extensionOf } from '../runtime/extension.ts';
import type { RequestOutcome } from '../runtime/outcome.ts';
import { isPlainObject } from '../value-kind.ts';
import { warnings, type Warning } from '../warnings.ts';

/** What a route's handler returned that it should not have, and what to return instead. */
export interface ResultMistake {
  /** The route file, relative to routesDir. */
  file: string;
  /** What was returned and how h3 sent it, then the fix. */
  message: string;
}

/** The mistake in what the handler of `route` returned (as `outcome` recorded it), if any. */
export function resultMistake(route: string, returned: RequestOutcome['returned']): ResultMistake | undefined {
  if (!returned) return undefined;
  const message = describe(route, returned.value, returned.typed);
  return message === undefined ? undefined : { file: returned.file, message };
}

function describe(route: string, value: unknown, typed: boolean): string | undefined {
  const empty = 'so the file is empty: return the data, or throw createError({ statusCode: 404 }) where there is none';
  if (value === undefined) return `returned undefined (no return statement, or a lookup that found nothing), ${empty}`;
  if (value === null) return `returned null, ${empty}`;
  if (typeof value === 'bigint') return `returned a BigInt, which h3 sends as the bare JSON number ${value}: return value.toString() for text, or an object holding it as a string`;
  if (value instanceof Map) return 'returned a Map, which h3 sends as the text "[object Map]": return Object.fromEntries(map) to send it as a JSON object';
  if (value instanceof Set) return 'returned a Set, which h3 sends as the text "[object Set]": return [...set] to send it as a JSON array';
  if (sentAsText(value)) return `returned ${kindOf(value)}, which h3 sends as the text "${String(value)}": return a plain object or an array (or give the class a toJSON method)`;
  if (typeof value === 'string' && !typed) return untypedString(route) ?? untypedHtml(route, value);
  if (isPlainData(value)) return dataOnOtherType(route, value);
  return undefined;
}

/**
 * A success other than 200 (`201 Created`, `204 No Content`): written as a file like any other,
 * which every static host serves with 200, so the status is lost where it is published.
 */
export function statusMistake(status: number, file: string | undefined): ResultMistake | undefined {
  if (status === 200 || file === undefined) return undefined;
  const written = status === 204 ? 'an empty file' : 'a file';
  return { file, message: `answered ${status} ${STATUS_CODES[status] ?? ''}`.trimEnd() + `, which is written as ${written} and served with 200 by every static host: answer 200 with the content to publish, or leave the route out of the routes to prerender` };
}

/** A plain object or an array: what h3 sends as JSON (but its own HTTPResponse, a plain object too). */
export function isPlainData(value: unknown): value is object {
  return Array.isArray(value) || (isPlainObject(value) && (value as { [key: symbol]: unknown })[h3Response] !== true);
}

/** The mark of h3's `HTTPResponse` (`html`...``, `redirect()`), which h3 sends as the response it describes. */
const h3Response = Symbol.for('h3.HTTPResponse');

/**
 * An object or array (sent as JSON) on a route whose name says another type: a feed returned as
 * `{ channel: ... }` is a JSON file named `.xml`, which hosts serve as XML.
 */
function dataOnOtherType(route: string, value: object): string | undefined {
  // Asked for every route that returns an object: the usual `.json` one is decided without more.
  if (route.endsWith('.json')) return undefined;
  const served = servedAs(route);
  if (served === undefined) return undefined;
  const { extension, type } = served;
  if (isJsonType(type) || mediaType(type) === 'application/octet-stream') return undefined;
  const html = isHtml(type) ? " (or return html`...`, h3's html)" : '';
  return `returned ${Array.isArray(value) ? 'an array' : 'an object'}, which h3 sends as JSON, though the route's name ends in .${extension}, which hosts serve as ${type}: return the file's text as a string${html}, and set its type: setHeader(event, 'content-type', '${type}')`;
}

/** Markup a browser is meant to render: a document, or an element that only HTML has. */
const htmlStart = /^\s*<(?:!doctype\s+html|html|head|body|main|div|p|h[1-6]|section|article|nav|header|footer|ul|ol|table)[\s/>]/i;

/**
 * HTML returned as a string on a route whose name has no extension: h3 sends it as text/plain, so the
 * file is text (no `index.html`) and a browser shows its tags. Written as HTML once it is typed.
 */
function untypedHtml(route: string, value: string): string | undefined {
  if (extensionOf(lastSegment(route)) !== undefined || !htmlStart.test(value)) return undefined;
  return "returned HTML as a string without a content type, sent as text/plain (a browser shows its tags as text): return html`...` (h3's tagged template), or set the type: setHeader(event, 'content-type', 'text/html; charset=utf-8')";
}

/**
 * A string on a route whose name says another type: h3 sends it as text/plain, and static hosts
 * serve the file as its name says (the type suggested is theirs: GitHub Pages', which carries no
 * header of ours).
 */
function untypedString(route: string): string | undefined {
  const served = servedAs(route);
  // A name hosts cannot type (application/octet-stream) says nothing of what the route meant.
  if (served === undefined || ['application/octet-stream', 'text/plain'].includes(mediaType(served.type))) return undefined;
  const { extension, type } = served;
  const fix =
    mediaType(type) === 'application/json'
      ? 'return the object or array itself (h3 sends it as JSON) rather than a string'
      : `set the type: setHeader(event, 'content-type', '${type}')${isHtml(type) ? ", or return html`...` (h3's html)" : ''}`;
  return `returned a string without a content type, sent as text/plain, though the route's name ends in .${extension}, which hosts serve as ${type}: ${fix}`;
}

/**
 * An object h3 sends as its string (`[object Foo]`): not a plain object or array, without toJSON,
 * and none of the bodies h3 or the runtime sends as bytes or as a response.
 */
function sentAsText(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || isPlainObject(value)) return false;
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return false;
  if (value instanceof Uint8Array || value instanceof ArrayBuffer || value instanceof Blob || value instanceof ReadableStream || value instanceof Response) return false;
  const body = value as { pipe?: unknown; pipeTo?: unknown; [key: symbol]: unknown };
  return typeof body.pipe !== 'function' && typeof body.pipeTo !== 'function' && body[h3Response] !== true;
}

/** The last segment of a route: the name of the file it is written as. */
const lastSegment = (route: string) => route.slice(route.lastIndexOf('/') + 1);

/**
 * The extension of the route's name, and the type static hosts serve a file of that name as (GitHub
 * Pages', which carries no header of ours); `undefined` for a name without an extension.
 */
function servedAs(route: string): { extension: string; type: string } | undefined {
  const name = lastSegment(route);
  const extension = extensionOf(name);
  return extension === undefined ? undefined : { extension, type: hostType('github-pages', name) };
}

const kindOf = (value: object) => `an instance of ${value.constructor?.name || 'a class'}`;

/** Collects the mistakes of a prerender, to warn once per route file and mistake at the end. */
export function createResultMistakes(siteFile: (file: string) => string) {
  const found = new Map<string, { file: string; message: string; routes: string[]; count: number }>();
  return {
    add(route: string, mistake: ResultMistake): void {
      const key = `${mistake.file}\n${mistake.message}`;
      const group = found.get(key) ?? found.set(key, { ...mistake, routes: [], count: 0 }).get(key)!;
      if (group.count++ < 3) group.routes.push(route);
    },
    warnings(): Warning[] {
      return [...found.values()].map(({ file, message, routes, count }) => warnings.handlerResult(siteFile(file), routes, count, message));
    },
  };
}
