/**
 * The Levenshtein distance between two strings: the fewest one-character insertions, deletions and
 * substitutions that turn `a` into `b`. What "did you mean" suggestions rank their candidates by.
 * Past `limit` it stops counting and answers `limit + 1` (a far candidate costs a few rows, not all).
 * @example editDistance('/api/helo', '/api/hello') // 1
 */
export function editDistance(a: string, b: string, limit = Infinity): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  // One row of the table at a time: row[j] is the distance between a's first i and b's first j characters.
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    let least = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + cost);
      least = Math.min(least, next[j]);
    }
    if (least > limit) return limit + 1;
    row = next;
  }
  return Math.min(row[b.length], limit + 1);
}
