/**
 * Text with its control characters written as escapes (`\t`, `\n`, `\u0001`): what a message echoes
 * of the site's (a thrown message, a header value) stays on its line and sends nothing raw to a terminal.
 */
export function withEscapes(text: string): string {
  return text.replace(/[\0-\x1f\x7f]/g, (char) => escapes[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const escapes: Record<string, string> = { '\t': '\\t', '\n': '\\n', '\r': '\\r' };
