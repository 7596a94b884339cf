/**
 * JSON safe inside `<script type="application/json">`: every `<` is written `\u003c`, so that no
 * value (a route named `/x</script>`, a message quoting `<!--`) can end the element or change how the
 * HTML parser reads it; JSON.parse reads the same value back.
 */
export function scriptJson(value: unknown): string {
  const json = JSON.stringify(value);
  return json.includes('<') ? json.replace(/</g, '\\u003c') : json;
}
