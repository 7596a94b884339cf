/**
 * The URLs of a `srcset` (and `imagesrcset`) attribute, read as HTML's "parse a srcset attribute"
 * algorithm reads them: candidates split at commas, each a URL then its descriptors (`2x`, `480w`).
 * A URL may hold commas of its own (`/i.png?a,b 2x`); a comma that ends the URL ends its candidate.
 * @example srcsetUrls('/a.png 1x, /a@2x.png 2x') // ['/a.png', '/a@2x.png']
 */
export function srcsetUrls(srcset: string): string[] {
  const urls: string[] = [];
  let i = 0;
  while (i < srcset.length) {
    // Whitespace and commas before a candidate.
    while (i < srcset.length && (isSpace(srcset[i]!) || srcset[i] === ',')) i++;
    const start = i;
    while (i < srcset.length && !isSpace(srcset[i]!)) i++;
    let url = srcset.slice(start, i);
    if (url.endsWith(',')) url = url.replace(/,+$/, '');
    else i = descriptorsEnd(srcset, i);
    if (url !== '') urls.push(url);
  }
  return urls;
}

/** Where the descriptors after a URL end: the first comma outside parentheses, or the end. */
function descriptorsEnd(srcset: string, from: number): number {
  let depth = 0;
  for (let i = from; i < srcset.length; i++) {
    const char = srcset[i];
    if (char === '(') depth++;
    else if (char === ')') depth = Math.max(0, depth - 1);
    else if (char === ',' && depth === 0) return i + 1;
  }
  return srcset.length;
}

/** HTML's ASCII whitespace. */
const isSpace = (char: string) => char === ' ' || char === '\t' || char === '\n' || char === '\f' || char === '\r';
