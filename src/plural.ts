/**
 * A count with its noun in the right number: `1 route`, `2 routes`, `0 routes`. Every count the
 * build prints (summary, progress, messages) goes through it.
 * @example counted(1, 'route file') // '1 route file'
 * @example counted(3, 'entry', 'entries') // '3 entries'
 */
export function counted(count: number, noun: string, many = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : many}`;
}

/**
 * A number with thousands separators, as the build report shows every count: `100,000`.
 * @example formatCount(1234567) // '1,234,567'
 */
export function formatCount(count: number): string {
  return String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** {@link counted} with thousands separators: `100,000 routes`. */
export function countedWide(count: number, noun: string, many?: string): string {
  return formatCount(count) + counted(count, noun, many).slice(String(count).length);
}
