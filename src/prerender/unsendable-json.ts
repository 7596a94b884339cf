/**
 * Why h3 could not send what a handler returned as JSON. h3 stringifies a returned object or array;
 * where `JSON.stringify` throws (a BigInt inside, a circle of references), h3 answers a bare 500
 * whose body says only "HTTPError", and the handler threw nothing: the build names the reason.
 */

/** The reason `value` cannot be JSON, as the failed route's line says it; `undefined` when it can be, or is no object. */
export function unsendableJson(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  try {
    JSON.stringify(value);
    return undefined;
  } catch (error) {
    const at = bigIntPlace(value, '', new Set());
    const fix = at === undefined ? '' : ` (the BigInt at ${at || 'the top'}: return it as a string, value.toString(), or as a number, Number(value))`;
    return `the handler returned what JSON cannot hold, so h3 answered 500: ${(error as Error).name}: ${(error as Error).message.split('\n')[0]}${fix}`;
  }
}

/** Where the first BigInt inside `value` is (`.items[2].price`), or `undefined`. */
function bigIntPlace(value: unknown, path: string, seen: Set<object>): string | undefined {
  if (typeof value === 'bigint') return path;
  if (value === null || typeof value !== 'object' || seen.has(value)) return undefined;
  seen.add(value);
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return undefined;
  for (const [key, inner] of Object.entries(value)) {
    const found = bigIntPlace(inner, Array.isArray(value) ? `${path}[${key}]` : `${path}.${key}`, seen);
    if (found !== undefined) return found;
  }
  return undefined;
}
