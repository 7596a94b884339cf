/**
 * Text safe inside HTML: in an element, or an attribute value in quotes. The dev server's error page
 * and the build report write every value they show through it.
 * @example escapeHtml('<a href="x">') // '&#60;a href=&#34;x&#34;&#62;'
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
