/**
 * What the dev server and the worker running one build of the routes say to each other: the build
 * to load, then requests and responses in plain data (a Request or Response cannot cross threads).
 */
import type { RouteFiles } from '../bundle/load-bundle.ts';
import type { BuildFailure } from './build-error.ts';

/** From the dev server to the worker. */
export type ToWorker = { type: 'load'; file: string; site: RouteFiles } | ({ type: 'request'; id: number } & RequestData) | { type: 'cancel'; id: number };

/** From the worker to the dev server. */
export type FromWorker =
  | { type: 'loaded' }
  | { type: 'failed'; failure: BuildFailure }
  | { type: 'head'; id: number; status: number; statusText: string; headers: [string, string][] }
  | { type: 'chunk'; id: number; chunk: Uint8Array }
  | { type: 'end'; id: number }
  | { type: 'error'; id: number; message: string };

/** A request, its body read whole (the socket layer caps its size). */
export interface RequestData {
  method: string;
  url: string;
  headers: [string, string][];
  body: Uint8Array | null;
  /** Why the body could not be read: it was over the limit. The route sees that error if it reads it. */
  tooLarge?: string;
}

/** `request` in plain data; its body is read here. */
export async function toRequestData(request: Request): Promise<RequestData> {
  const data: RequestData = { method: request.method, url: request.url, headers: [...request.headers], body: null };
  if (!request.body) return data;
  try {
    data.body = new Uint8Array(await request.arrayBuffer());
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'ERR_BODY_TOO_LARGE') throw error;
    data.tooLarge = (error as Error).message;
  }
  return data;
}

/** The Request that {@link toRequestData} described. */
export function fromRequestData(data: RequestData): Request {
  const init: RequestInit & { duplex?: 'half' } = { method: data.method, headers: data.headers, body: data.body as Uint8Array<ArrayBuffer> | null };
  if (data.tooLarge !== undefined) {
    const error = bodyTooLarge(data.tooLarge);
    init.body = new ReadableStream({ start: (controller) => controller.error(error) });
    init.duplex = 'half';
  }
  return new Request(data.url, init);
}

/**
 * The error the socket layer (srvx) gives a route reading a body over the limit, in the shape h3
 * answers with a `413` and its JSON.
 */
function bodyTooLarge(message: string): Error {
  const fields = { status: 413, statusText: 'Content Too Large', message };
  return Object.assign(new Error(message), { name: 'HTTPError', code: 'ERR_BODY_TOO_LARGE', statusCode: 413, ...fields, toJSON: () => fields });
}

/** Headers from entries; `set-cookie` comes as one entry per cookie and stays so. */
export function toHeaders(entries: [string, string][]): Headers {
  const headers = new Headers();
  for (const [name, value] of entries) headers.append(name, value);
  return headers;
}
