/**
 * Which precompressed copy a request gets, from its `Accept-Encoding` (RFC 9110 section 12.5.3):
 * one rule for the built server, `prerender preview` and `vite preview`.
 */
import { encodingOrder, type Encoding } from './encodings.ts';

/** RFC 9110's qvalue: 0 to 1 with at most three decimals. Anything else makes the entry unusable. */
const qvalue = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

/**
 * The coding of the copy to send for a request with this `Accept-Encoding` header, among the codings
 * the file has copies in; `undefined`: send the file itself. The coding with the highest q-value above
 * 0 wins (an unlisted coding has the q-value of `*`, else none), ties going by {@link encodingOrder};
 * the file itself wins only when the header values `identity` higher than every coding. No header, or an empty
 * one, gets the file itself. A request that accepts nothing available, even with `identity;q=0`,
 * gets the file itself too, as nginx and Caddy answer: a 406 for a static file helps no client.
 * @example chooseEncoding('gzip, deflate, br, zstd', ['br', 'gzip']) // 'br'
 * @example chooseEncoding('br;q=0.5, gzip', ['br', 'gzip']) // 'gzip'
 */
export function chooseEncoding(header: string | null | undefined, available: readonly Encoding[]): Encoding | undefined {
  if (!header || available.length === 0) return undefined;
  const weights = parseAcceptEncoding(header);
  const star = weights.get('*');
  let best: Encoding | undefined;
  let bestWeight = 0;
  for (const encoding of encodingOrder) {
    if (!available.includes(encoding)) continue;
    const weight = weights.get(encoding) ?? star ?? 0;
    if (weight > bestWeight) {
      best = encoding;
      bestWeight = weight;
    }
  }
  // Only an `identity` the client valued itself can outrank a copy it accepts.
  const identity = weights.get('identity') ?? 0;
  return best !== undefined && bestWeight >= identity ? best : undefined;
}

/** Each coding the header names (lower case, `x-gzip` as `gzip`) with its q-value; the first mention counts. */
function parseAcceptEncoding(header: string): Map<string, number> {
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [rawName, ...params] = part.split(';');
    const name = normalizeCoding(rawName);
    if (name === '' || weights.has(name)) continue;
    let weight = 1;
    for (const param of params) {
      const [key, value = ''] = param.split('=');
      if (key.trim().toLowerCase() !== 'q') continue;
      weight = qvalue.test(value.trim()) ? Number(value.trim()) : 0;
    }
    weights.set(name, weight);
  }
  return weights;
}

function normalizeCoding(name: string): string {
  const coding = name.trim().toLowerCase();
  return coding === 'x-gzip' ? 'gzip' : coding;
}
