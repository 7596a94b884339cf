/** Whether a module is the site's own source (not a package, not a virtual module). */
export function isSiteSource(id: string): boolean {
  return !id.startsWith('\0') && !id.split(/[\\/]/).includes('node_modules');
}
