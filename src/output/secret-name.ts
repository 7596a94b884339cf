/**
 * A file name that holds secrets by convention: `.env` and its variants (`.env.local`,
 * `.env.production`), which dotenv, Vite and Node's `--env-file` read. Never published: a host
 * serves what the output holds to anyone.
 * @example isSecretName('.env.local') // true
 * @example isSecretName('.envrc') // false
 */
export function isSecretName(name: string): boolean {
  return name === '.env' || name.startsWith('.env.');
}
