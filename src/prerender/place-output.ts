/** Where a rendered route's answer goes in `public/`, claimed so no other file takes it. */
import { PrerenderError } from '../errors.ts';
import type { FileClaims } from '../output/file-claims.ts';
import { routeToFile } from '../output/route-to-file.ts';

/**
 * The file a route's answer is written to, claimed; or, when it can be none (a route ending in "/"
 * that answered other than HTML, a file another route or publicDir writes), why and the fix, as the
 * route's failure: the build goes on, names every such route with the other failures at once, and
 * then fails whatever failOnError says.
 */
export function placeOutput(claims: FileClaims, route: string, contentType: string): string | { message: string; hint?: string } {
  try {
    const file = routeToFile(route, contentType);
    claims.claim(file, route);
    return file;
  } catch (error) {
    if (!(error instanceof PrerenderError) || error.code !== 'OUTPUT_CLASH') throw error;
    return { message: error.message, hint: error.hint };
  }
}
