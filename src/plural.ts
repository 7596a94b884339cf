/**
 * A count with its noun in the right number: `1 route`, `2 routes`, `0 routes`. Every count the
 * build prints (summary, progress, messages) goes through it.
 * @example counted(1, 'route file') // '1 route file'
 * @example counted(3, 'entry', 'entries') // '3 entries'
 */
export function counted(count: number, noun: string, many = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : many}`;
}
