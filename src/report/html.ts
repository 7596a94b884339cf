import { counted } from '../plural.ts';

/** Text safe inside HTML: in an element or an attribute value in double quotes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * JSON safe inside `<script type="application/json">`: every `<` is written `\u003c`, so that no
 * value (a route named `/x</script>`, a message quoting `<!--`) can end the element or change how the
 * HTML parser reads it; JSON.parse reads the same value back.
 */
export function scriptJson(value: unknown): string {
  const json = JSON.stringify(value);
  return json.includes('<') ? json.replace(/</g, '\\u003c') : json;
}

/** A count with thousands separators, as the page shows every number: `100,000`. */
export function formatCount(count: number): string {
  return String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** {@link counted} with thousands separators: `100,000 routes`. */
export function countedWide(count: number, noun: string, many?: string): string {
  return formatCount(count) + counted(count, noun, many).slice(String(count).length);
}
