/**
 * The files a path of these decoded segments is answered from, first found wins, as serveStatic
 * looks: the file itself, then the folder's `index.html`; the root only the latter. The crawl asks
 * it, to leave links to publicDir files to the static layer.
 * @example fileCandidates(['docs']) // [['docs'], ['docs', 'index.html']]
 */
export function fileCandidates(segments: readonly string[]): string[][] {
  const parts = segments.filter(Boolean);
  return parts.length === 0 ? [['index.html']] : [parts, [...parts, 'index.html']];
}
