/**
 * Hostile request targets and the site they attack, shared by the server tests so the built server
 * process, `prerender preview` and `prerender dev` face one table.
 */
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { route, tempDir, writeSite } from './helpers.ts';
import { rawRequest } from './raw-http.ts';

/** Strings that live in files no request may reach; none may appear in any response. */
export const secrets = {
  publicDotFile: 'SECRET-public-dotenv-5f1c',
  siteRoot: 'SECRET-site-root-dotenv-93ab',
  nextToDist: 'SECRET-next-to-dist-0d44',
  inDist: 'SECRET-in-dist-7e21',
  outside: 'SECRET-outside-file-c3d9',
};

/**
 * A target, the status it must get, and why. 400 is for anything malformed or climbing out; a path no
 * file can have (a dot-file, a segment over 255 bytes) goes on to the routes, which have none: 404.
 */
export const attackTable: { target: string; status: number }[] = [
  { target: '/../x', status: 400 },
  { target: '/%2e%2e/x', status: 400 },
  { target: '/%2E%2E/x', status: 400 },
  { target: '/..%2fx', status: 400 },
  { target: '/..%5cx', status: 400 },
  { target: '/..\\x', status: 400 },
  { target: '//../x', status: 400 },
  { target: '/.%2e/x', status: 400 },
  { target: '/./robots.txt', status: 400 },
  { target: '/../.env', status: 400 },
  { target: '/../../.env', status: 400 },
  { target: '/api/../../.env', status: 400 },
  { target: 'http://x/../.env', status: 400 },
  { target: '/%', status: 400 },
  { target: '/%ZZ', status: 400 },
  { target: '/%E0%A4%A', status: 400 },
  { target: '/%C0%AF', status: 400 },
  { target: '/%00', status: 400 },
  { target: '/x%00.html', status: 400 },
  // Decoded once, `%252e%252e` is the harmless name `%2e%2e`: no such file, no such route.
  { target: '/%252e%252e/x', status: 404 },
  { target: '/' + 'a/'.repeat(2500), status: 404 },
  { target: '/' + 'a'.repeat(5000), status: 404 },
  { target: '/a%2F..%2F.env', status: 400 },
  { target: '/.well-known/../.env', status: 400 },
  { target: '/.well-known/%2e%2e/.env', status: 400 },
  { target: '/.env', status: 404 },
  { target: '/%2eenv', status: 404 },
  { target: '/.hidden/secret.txt', status: 404 },
  { target: '/link.txt', status: 404 },
  { target: '/linkdir/secret.txt', status: 404 },
  { target: '/server/index.mjs', status: 404 },
  { target: '/prerender-manifest.json', status: 404 },
];

/**
 * A small site whose `public/` holds a `.env`, a dot-folder and symlinks to a file and a folder
 * outside it, with a `.env` at the site root too. `outside` is the folder the symlinks point into.
 */
export function writeAttackSite(): { root: string; outside: string } {
  const outside = tempDir('outside-');
  writeFileSync(join(outside, 'secret.txt'), secrets.outside);
  const root = writeSite({
    'src/server/routes/api/hello.ts': route(`() => 'hello'`),
    'src/server/routes/api/echo.post.ts': route(
      `async (event) => ({ size: String((await readBody(event, { type: 'text' })) ?? '').length })`,
      'defineEventHandler, readBody',
    ),
    'src/server/routes/api/boom.ts': route(`() => { throw new Error('boom-${secrets.inDist}'); }`),
    'public/robots.txt': 'User-agent: *\n',
    'public/.env': secrets.publicDotFile,
    'public/.hidden/secret.txt': secrets.publicDotFile,
    '.env': secrets.siteRoot,
    'prerender.config.mjs': `export default { name: 'attack', prerender: { routes: ['/api/hello'] } };`,
  });
  symlinkSync(join(outside, 'secret.txt'), join(root, 'public', 'link.txt'));
  symlinkSync(outside, join(root, 'public', 'linkdir'));
  return { root, outside };
}

/** Puts `.env` files next to the build: in `<outDir>` and in `<outDir>/<name>` beside `public/`. */
export function plantSecretsNextTo(outDir: string, dir: string): void {
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, '.env'), secrets.nextToDist);
  writeFileSync(join(dir, '.env'), secrets.inDist);
}

/**
 * Sends every target of the table to the server on `port`, each followed by a normal request that
 * must still succeed: every answer has its expected 4xx and carries no byte of a secret.
 */
export async function runAttackTable(port: number): Promise<void> {
  for (const { target, status } of attackTable) {
    const response = await rawRequest(port, target);
    const label = `${target.slice(0, 40)} -> ${response.status} ${response.text.slice(0, 80)}`;
    expect(response.status, label).toBe(status);
    for (const secret of Object.values(secrets)) expect(response.text, label).not.toContain(secret);
    const after = await rawRequest(port, '/robots.txt');
    expect(after.status, `normal request after ${target.slice(0, 40)}`).toBe(200);
    expect(after.text).toBe('User-agent: *\n');
  }
}
