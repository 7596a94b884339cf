/**
 * The links a prerendered body holds, read with real parsers by its content type: HTML with
 * htmlparser2's tokenizer, XML with saxes, JSON with JSON.parse. Links are returned as written; which
 * of them name routes of the site is link-route.ts's rule.
 */
import { lazyPackage } from '../lazy-package.ts';
import { ownString } from '../own-string.ts';
import { srcsetUrls } from './srcset.ts';
import { charsetOf, isHtml, isJsonType, isXmlType } from '../content-type.ts';

// Loaded by the first HTML page or XML file read for links, not by every command (a tenth of a
// second, and ~8 MB for saxes). A handle of its own, not checks/'s: the link check (checks/) reads
// with this room's reader, so this room imports nothing of checks/.
const loadHtmlParser = lazyPackage<typeof import('htmlparser2')>('htmlparser2');
const loadSaxes = lazyPackage<typeof import('saxes')>('saxes');

/**
 * What a body links to. `document` links (HTML, XML) resolve against the page's URL as a browser
 * would (HTML's `<base href>` first, when it has one); `data` links (JSON strings) are root-relative
 * paths or absolute URLs.
 */
export type FoundLinks = { kind: 'document'; links: string[]; base?: string } | { kind: 'data'; links: string[] };

/** Whether bodies of this type are read for links: HTML, XML (feeds, sitemaps, SVG) and JSON. */
export function readsLinks(contentType: string): boolean {
  return isHtml(contentType) || isXmlType(contentType) || isJsonType(contentType);
}

/** The links of a body of this type; `undefined` for a type whose links are not read ({@link readsLinks}). */
export function findLinks(contentType: string, body: Uint8Array): FoundLinks | undefined {
  if (isHtml(contentType)) return findHtmlLinks(decode(contentType, body));
  if (isXmlType(contentType)) return { kind: 'document', links: findXmlLinks(decode(contentType, body)) };
  if (isJsonType(contentType)) return { kind: 'data', links: findJsonLinks(decode(contentType, body)) };
  return undefined;
}

/** One decoder for the UTF-8 bodies, most of them: making one per body costs more than reading a small one. */
const utf8 = new TextDecoder();

/** The body as text, in the charset its type names (UTF-8 when none or unknown); bad bytes become U+FFFD. */
function decode(contentType: string, body: Uint8Array): string {
  const charset = charsetOf(contentType);
  if (charset === undefined || /^utf-?8$/i.test(charset)) return utf8.decode(body);
  try {
    return new TextDecoder(charset).decode(body);
  } catch {
    return utf8.decode(body);
  }
}

/** Every `href`, `src`, `poster` and `srcset` URL, entities decoded, and the first `<base href>`. */
export function findHtmlLinks(html: string): FoundLinks {
  const found: FoundLinks & { kind: 'document' } = { kind: 'document', links: [] };
  const parser = new (loadHtmlParser().Parser)(
    {
      onopentag(name, attributes) {
        if (name === 'base') {
          if (attributes.href !== undefined && found.base === undefined) found.base = ownString(attributes.href);
          return;
        }
        // Own copies: an attribute's value is cut from the page's text, which it would keep (own-string.ts).
        if (attributes.href !== undefined) found.links.push(ownString(attributes.href));
        if (attributes.src !== undefined) found.links.push(ownString(attributes.src));
        if (attributes.poster !== undefined) found.links.push(ownString(attributes.poster));
        // <img srcset>, <source srcset>, <link imagesrcset>: a list of image URLs.
        const srcset = attributes.srcset ?? attributes.imagesrcset;
        if (srcset !== undefined) for (const url of srcsetUrls(srcset)) found.links.push(ownString(url));
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
  return found;
}

/**
 * The links of a feed or sitemap: `<link>`'s `href` (Atom, `atom:link`) or text (RSS), `<enclosure
 * url>`, and the text of the elements {@link isLinkText} names, with any namespace prefix. A document that is not well-formed gives the
 * links read before the parser stopped (prerender.validate reports the error itself).
 */
export function findXmlLinks(xml: string): string[] {
  const links: string[] = [];
  const parser = createXmlLinkParser((link) => links.push(link));
  parser.write(xml);
  parser.close();
  return links;
}

/** Reads XML piece by piece, handing each link to `onLink` as it is read (see {@link findXmlLinks}). */
export interface XmlLinkParser {
  write(text: string): void;
  close(): void;
}

/**
 * A {@link findXmlLinks} that takes the document in pieces: a file of 50,000 URLs (a sitemap part)
 * is read without holding it, or its links, whole. Past a well-formedness error it reads no more.
 */
export function createXmlLinkParser(onLink: (link: string) => void): XmlLinkParser {
  // Prefixes are not resolved: a feed that forgot to declare `atom:` still has its links read.
  const parser = new (loadSaxes().SaxesParser)({ xmlns: false });
  let text: string | undefined;
  let stopped = false;
  // Inside RSS's <image>, whose <url> is the image's.
  let inImage = false;
  // The element whose text is a link: only an absolute URL, for a <guid> (RSS: a permalink unless
  // isPermaLink="false"; an id that is no URL is the feed's mistake, which prerender.validate names).
  let textOf: string | undefined;
  parser.on('opentag', (tag) => {
    const name = localName(tag.name);
    const attributes = tag.attributes as Record<string, string>;
    // Own copies: an attribute's value or a text is cut from the document, which it would keep (own-string.ts).
    if (name === 'link' && attributes.href !== undefined) onLink(ownString(attributes.href));
    else if (name === 'enclosure' && attributes.url !== undefined) onLink(ownString(attributes.url));
    if (name === 'image') inImage = true;
    textOf = isLinkText(name, tag.name !== name, attributes, inImage) ? name : undefined;
    text = textOf === undefined ? undefined : '';
  });
  const addText = (piece: string) => {
    if (text !== undefined) text += piece;
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.on('closetag', (tag) => {
    const name = localName(tag.name);
    const link = text?.trim();
    if (name === textOf && link && (name !== 'guid' || /^https?:\/\//i.test(link))) onLink(ownString(link));
    if (name === 'image') inImage = false;
    text = textOf = undefined;
  });
  const run = (step: () => void) => {
    if (stopped) return;
    try {
      step();
    } catch {
      // Not well-formed: keep the links read so far.
      stopped = true;
    }
  };
  return { write: (piece) => run(() => parser.write(piece)), close: () => run(() => parser.close()) };
}

/**
 * Whether an element's text is a link: `<link>` without `href` and `<loc>` with any prefix (Atom's
 * `atom:link`, a sitemap's `image:loc`); without one (`prefixed`), RSS's `<comments>`, a permalink
 * `<guid>` and its `<image>`'s `<url>`, Atom's `<icon>` and `<logo>`. WordPress's `<slash:comments>`
 * is a count.
 */
function isLinkText(name: string, prefixed: boolean, attributes: Record<string, string>, inImage: boolean): boolean {
  if (name === 'link') return attributes.href === undefined;
  if (name === 'loc') return true;
  if (prefixed) return false;
  switch (name) {
    case 'guid':
      // `False` too: a feed reader reads it so, though XML's values have a case.
      return attributes.isPermaLink?.trim().toLowerCase() !== 'false';
    case 'url':
      return inImage;
    default:
      return name === 'comments' || name === 'icon' || name === 'logo';
  }
}

/** `link` for `atom:link`. */
const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/**
 * Where a JSON string may start with `/`, `h` or `H`, or an escape (`"\/x"`, `"\u002Fx"`): a text
 * without one holds no link, and is not parsed.
 */
const mayHoldLink = /"[/\\hH]/;

/**
 * Every JSON string value (not key) that is a root-relative path (`/api/items/1.json`, not the
 * protocol-relative `//host/x`) or an absolute http(s) URL, in document order. Not JSON: none.
 */
export function findJsonLinks(json: string): string[] {
  if (!mayHoldLink.test(json)) return [];
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return [];
  }
  // Walked after parsing (a reviver is four times slower), with a stack of its own: a deeply nested
  // document must not overflow the call stack. Children go on in reverse, to come off in order.
  const links: string[] = [];
  const stack = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === 'string') {
      if (isDataLink(item)) links.push(item);
    } else if (typeof item === 'object' && item !== null) {
      const children = Array.isArray(item) ? item : Object.values(item);
      for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
    }
  }
  return links;
}

/** A root-relative path or an absolute http(s) URL. */
export function isDataLink(value: string): boolean {
  return (value.startsWith('/') && !value.startsWith('//')) || /^https?:\/\//i.test(value);
}
