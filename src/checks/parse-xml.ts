import type { SaxesTagNS } from 'saxes';
import { lazyPackage } from '../lazy-package.ts';

/** saxes, loaded at the first XML body checked: ~8 MB of the build process a site without XML never needs. */
export const saxes = lazyPackage<typeof import('saxes')>('saxes');

/** One element of a parsed XML document: enough for the feed checks, nothing more. */
export interface XmlElement {
  /** Local name, without prefix (`link` for `atom:link`). */
  name: string;
  /** Namespace URI, `''` for none. */
  uri: string;
  /** Attribute values by qualified name as written (`href`, `xml:base`). */
  attributes: Record<string, string>;
  /** The element's own text and CDATA, concatenated (not its children's). */
  text: string;
  children: XmlElement[];
  /** Where the start tag ends, 1-based. */
  line: number;
  column: number;
}

/** The root element of a well-formed document, or why it is not well-formed (with saxes's `line:column`). */
export type ParsedXml = { ok: true; root: XmlElement } | { ok: false; error: string };

/**
 * Parses `text` with saxes, a conformant non-validating XML parser: any well-formedness error
 * (unclosed tag, bad entity, unbound prefix, two roots, stray text) is reported with its position.
 */
export function parseXml(text: string): ParsedXml {
  const parser = new (saxes().SaxesParser)({ xmlns: true, position: true });
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  parser.on('opentag', (tag: SaxesTagNS) => {
    const attributes: Record<string, string> = {};
    for (const [name, attribute] of Object.entries(tag.attributes)) attributes[name] = attribute.value;
    const element: XmlElement = { name: tag.local, uri: tag.uri, attributes, text: '', children: [], line: parser.line, column: parser.column + 1 };
    stack.at(-1)?.children.push(element);
    root ??= element;
    stack.push(element);
  });
  parser.on('closetag', () => void stack.pop());
  const addText = (text: string) => {
    const current = stack.at(-1);
    if (current) current.text += text;
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  try {
    // With no error handler, saxes throws at the first error.
    parser.write(text).close();
  } catch (error) {
    // saxes reads a bare `&` (`A & B`) as the start of an entity that swallows what follows, and so
    // errs at the end of the document: the `&` is named where it is, when it comes before.
    const bare = bareAmpersand(text);
    const before = bare && (bare.line < parser.line || (bare.line === parser.line && bare.column <= parser.column));
    if (before) return { ok: false, error: `${bare.line}:${bare.column}: "&" that starts no character or entity reference: write &amp; for it` };
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  return root ? { ok: true, root } : { ok: false, error: 'no root element' };
}

/** An `&` outside CDATA and comments that starts no reference (`&amp;`, `&#38;`, `&#x26;`). */
const bareOrSkipped = /<!\[CDATA\[[\s\S]*?\]\]>|<!--[\s\S]*?-->|&(?![A-Za-z_][\w.-]*;|#[0-9]+;|#x[0-9a-fA-F]+;)/g;

/** Where (1-based line and column) the first bare `&` of `text` is, if there is one. */
function bareAmpersand(text: string): { line: number; column: number } | undefined {
  for (const match of text.matchAll(bareOrSkipped)) {
    if (match[0] !== '&') continue;
    const before = text.slice(0, match.index);
    const line = before.split('\n').length;
    return { line, column: match.index - before.lastIndexOf('\n') };
  }
  return undefined;
}
