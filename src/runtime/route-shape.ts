/** Which router patterns serve the same URLs; shared by the build's conflict check and the runtime. */

/**
 * A router pattern without its parameter names: `/a/:id` and `/a/:slug` serve the same URLs.
 * @example routeShape('/docs/:lang/**:path') // '/docs/:/**'
 */
export function routeShape(path: string): string {
  return path.replace(/\*\*:\w+$/, '**').replace(/:\w+/g, ':');
}
