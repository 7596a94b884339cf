/**
 * What a file name's extension is: the one rule the output layout (route-to-file.ts), the hosts'
 * typing (host-types.ts) and our own servers (static.ts) read it by. Here, in the runtime, because
 * the server bundle carries it.
 */
import { lookup } from 'mrmime';

/**
 * The extension of a path's last segment, lower-cased (`feed.XML` -> `xml`, `x.tar.gz` -> `gz`);
 * none for a name that is only an extension (`json`) or only a dot-name (`.json`).
 */
export function extensionOf(file: string): string | undefined {
  return /[^./][^/]*\.([^./]+)$/.exec(file)?.[1].toLowerCase();
}

/** The type of a file by its extension (mrmime's table), as our servers send it; `undefined` for none. */
export function typeByExtension(file: string): string | undefined {
  const extension = extensionOf(file);
  return extension === undefined ? undefined : lookup(extension);
}
