import { hash } from 'node:crypto';

/**
 * The cache's hash of some bytes or text: SHA-256, base64url, 22 characters (132 bits): a key or a
 * check, never a secret, short enough to repeat on every record.
 * @example contentHash('') // '47DEQpj8HBSa-_TImW-5JC'
 */
export function contentHash(data: string | Uint8Array): string {
  return hash('sha256', data, 'base64url').slice(0, 22);
}
