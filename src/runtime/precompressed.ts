/**
 * A build's precompressed copies as the static layer serves them (SPEC section 9): each copy is a
 * variant of its file, found through the manifest's record, chosen by the request's `Accept-Encoding`.
 */
import { chooseEncoding } from './accept-encoding.ts';
import { encodingOrder, encodingSuffixes, type Encoding } from './encodings.ts';
import { assetId } from './asset-id.ts';

/**
 * Takes the copies of `file` (relative to `public/`, `/`-separated) in `encodings` out of `listed`
 * (keyed by id, asset-id.ts), so that none is served under its own name: returns the file's id and
 * the copies found, by coding. A copy whose file is gone is taken out all the same.
 * @example takeCopies(listed, 'api/feed.json', ['br']) // { id: 'api/feed.json', copies: [['br', <api/feed.json.br>]] }
 */
export function takeCopies<T>(listed: Map<string, T>, file: string, encodings: readonly Encoding[]): { id: string; copies: [Encoding, T][] } | undefined {
  const id = assetId(file.split('/'));
  if (id === undefined) return undefined;
  const copies: [Encoding, T][] = [];
  for (const encoding of encodings) {
    const copyId = id + encodingSuffixes[encoding];
    const copy = listed.get(copyId);
    if (copy === undefined) continue;
    listed.delete(copyId);
    copies.push([encoding, copy]);
  }
  return { id, copies };
}

/** What the static layer knows of a file with copies: its copies by coding. */
interface WithVariants<T> {
  variants?: Partial<Record<Encoding, T>>;
}

/**
 * The variant of `file` to send for a request with this `Accept-Encoding`: a copy, or the file
 * itself (see {@link chooseEncoding}).
 */
export function servedVariant<T extends WithVariants<T>>(file: T, acceptEncoding: string | null): T {
  const variants = file.variants;
  if (!variants) return file;
  const encoding = chooseEncoding(acceptEncoding, encodingOrder.filter((name) => variants[name] !== undefined));
  return encoding === undefined ? file : variants[encoding]!;
}
