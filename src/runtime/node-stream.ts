/**
 * What srvx's Node adapter pipes to the socket as it is: any value with a `pipe` method (a Node
 * Readable, or an older stream). The runtime types such a result and the prerender reads it by this
 * one rule, so what is written is what the server sends.
 */
export interface Pipeable {
  pipe<T extends NodeJS.WritableStream>(destination: T): T;
}

export function isPipeable(value: unknown): value is Pipeable {
  return typeof (value as { pipe?: unknown } | null | undefined)?.pipe === 'function';
}
