/**
 * "Did you mean ...?": the one rule for suggesting a name the user may have meant, used for commands,
 * command-line options and config keys alike.
 */

/**
 * The candidate closest to `name`, if it is close enough to be a slip of the keyboard: at most one edit
 * per three letters of `name` (one at least), where an edit adds, removes or changes a letter or swaps
 * two neighbours, ignoring case. Ties go to the earlier candidate, so list the likelier ones first.
 * @example closestName('bild', ['build', 'dev', 'preview']) // 'build'
 * @example closestName('concurency', keys, (key) => key.split('.').at(-1)!) // 'prerender.concurrency'
 */
export function closestName<T>(name: string, candidates: Iterable<T>, nameOf: (candidate: T) => string = String): T | undefined {
  let best: T | undefined;
  let bestDistance = Math.max(1, Math.floor(name.length / 3)) + 1;
  for (const candidate of candidates) {
    const distance = editDistance(name.toLowerCase(), nameOf(candidate).toLowerCase());
    if (distance < bestDistance) [best, bestDistance] = [candidate, distance];
  }
  return best;
}

/**
 * Edits (insert, delete, substitute, swap of neighbours) that turn `a` into `b`: the optimal string
 * alignment distance. Written here rather than added as a dependency: twenty lines, no edge to track.
 * Past `limit` it stops counting and answers `limit + 1`: a far candidate costs a few rows, not all.
 * @example editDistance('/api/helo', '/api/hello') // 1
 */
export function editDistance(a: string, b: string, limit = Infinity): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  // Three rows of the table: the one before the last is needed for swaps.
  let before: number[] = [];
  let last = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const same = a[i - 1] === b[j - 1];
      row[j] = Math.min(last[j] + 1, row[j - 1] + 1, last[j - 1] + (same ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) row[j] = Math.min(row[j], before[j - 2] + 1);
    }
    if (Math.min(...row) > limit) return limit + 1;
    [before, last] = [last, row];
  }
  return Math.min(last[b.length], limit + 1);
}
