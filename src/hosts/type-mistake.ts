/** What hosts that type files by their extension alone (reading no `_headers`) get wrong of a route's file. */
import { isHtml, mediaType } from '../content-type.ts';
import { hasExtension } from '../runtime/extension.ts';
import { hostType, servedAsOtherType } from './host-types.ts';

/** A file such hosts send without the route's type (UNTYPED_FILE), or as another kind of content (MISTYPED_FILE, `servedAs`). */
export type TypeMistake = { readonly code: 'UNTYPED_FILE' } | { readonly code: 'MISTYPED_FILE'; readonly servedAs: string };

/** Asked of every route written: the untyped verdict is one object, not one a route. */
const untyped: TypeMistake = Object.freeze({ code: 'UNTYPED_FILE' });

/**
 * How hosts that read no `_headers` would send `file` (in public/), written from a response of
 * `contentType`: untyped when it has no extension (and is no HTML page), mistyped when its extension
 * says another kind of content; `undefined` when they send it as the route answered it.
 * @example typeMistake('api/items/1', 'application/json') // { code: 'UNTYPED_FILE' }
 * @example typeMistake('data.json', 'text/html') // { code: 'MISTYPED_FILE', servedAs: 'application/json' }
 */
export function typeMistake(file: string, contentType: string): TypeMistake | undefined {
  if (!hasExtension(file.slice(file.lastIndexOf('/') + 1))) return isHtml(contentType) ? undefined : untyped;
  return servedAsOtherType(file, contentType) ? { code: 'MISTYPED_FILE', servedAs: mediaType(hostType('netlify', file)) } : undefined;
}
