import type { PrerenderRoute } from '../config/types.ts';
import { FileClaims } from './file-claims.ts';
import { runPool } from './pool.ts';
import { renderRoute, type FetchHandler } from './render-route.ts';
import { routeToFile } from './route-to-file.ts';
import type { FileWriter } from './write-files.ts';

/** What happened to one route: written (`file` set) or failed (`error` set). */
export interface PrerenderResult {
  route: string;
  file?: string;
  status: number;
  contentType?: string;
  bytes?: number;
  ms: number;
  error?: string;
}

/** What the prerender loop needs; narrow on purpose. */
export interface PrerenderInput {
  routes: PrerenderRoute[];
  fetch: FetchHandler;
  write: FileWriter;
  /** Files already taken (publicDir, sitemap, _headers); route files are claimed into it. */
  claims: FileClaims;
  concurrency: number;
  timeout: number;
  /** Called after each route, in completion order. */
  onResult?: (result: PrerenderResult) => void;
}

/**
 * Renders every route with bounded concurrency and writes each 2xx body as it arrives (bodies are not
 * kept). Failed routes become results with an error; a file clash throws at once, naming both routes.
 * Results come back in the order of `routes`.
 */
export async function prerenderRoutes(input: PrerenderInput): Promise<PrerenderResult[]> {
  const results = new Array<PrerenderResult>(input.routes.length);
  await runPool(input.routes, input.concurrency, async ({ route }, index) => {
    const rendered = await renderRoute(input.fetch, route, input.timeout);
    let result: PrerenderResult;
    if (rendered.ok) {
      const file = routeToFile(route, rendered.contentType);
      input.claims.claim(file, route);
      await input.write(file, rendered.body);
      result = { route, file, status: rendered.status, contentType: rendered.contentType, bytes: rendered.body.byteLength, ms: round(rendered.ms) };
    } else {
      result = { route, status: rendered.status, ms: round(rendered.ms), error: rendered.error };
    }
    results[index] = result;
    input.onResult?.(result);
  });
  return results;
}

const round = (ms: number) => Math.round(ms * 10) / 10;
