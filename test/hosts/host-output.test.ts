/** `preset`: what each host gets beside the files, and what it refuses. */
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listedFiles, writeHostOutput } from '../../src/hosts/host-output.ts';
import type { UserConfig } from '../../src/index.ts';
import { createMemoryLogger } from '../../src/log.ts';
import { buildSite, route, runCli, tempDir, writeSite } from '../support/helpers.ts';
import { catchError } from '../support/catch-error.ts';

const users = (count: number) => Array.from({ length: count }, (_, i) => `/api/u/${i}`);
const site = (routes: string[], extra: Record<string, string> = {}) =>
  writeSite({
    'package.json': JSON.stringify({ name: 'preset-site', private: true }),
    'src/server/routes/api/u/[id].ts': route(`(event) => { const id = getRouterParam(event, 'id'); return Number(id) % 2 ? { id } : 'user ' + id; }`, 'defineEventHandler, getRouterParam'),
    'src/server/routes/api/feed.json.ts': route(`(event) => { setHeader(event, 'cache-control', 'max-age=60'); return { feed: true }; }`, 'defineEventHandler, setHeader'),
    'prerender.config.mjs': `export default { prerender: { routes: ${JSON.stringify(routes)} } };`,
    ...extra,
  });
const buildWith = (root: string, config: UserConfig) => buildSite(root, { config });
const ruleCount = (dir: string) => readFileSync(join(dir, 'public', '_headers'), 'utf8').split('\n').filter((line) => line.startsWith('/')).length;

describe('preset', () => {
  it('static (the default) fails a site whose rules cannot fit Cloudflare, naming the folder and the fix', async () => {
    const error = await catchError(() => buildSite(site(users(150))));
    expect(error).toMatchObject({ code: 'HOST_RULES', exitCode: 1 });
    expect(error.message).toContain('/api/u/ (150 rules)');
    expect(error.hint).toContain('--preset netlify');
  });

  it('netlify writes one rule per file, without Cloudflare limits, and the summary ends with how to deploy public/', async () => {
    const { dir, logger } = await buildWith(site(users(150)), { preset: 'netlify' });
    expect(ruleCount(dir)).toBe(150);
    expect(logger.lines.at(-1)).toMatch(new RegExp(`^150 routes ok, .* -> (.*); to deploy: netlify deploy --prod --dir \\1/public$`));
    expect(logger.lines.at(-1)!.endsWith(`${dir.split('/').slice(-1)[0]}/public`)).toBe(true);
  });

  it('cloudflare refuses a file over 25 MiB, naming it', async () => {
    const root = site(['/api/big.bin'], { 'src/server/routes/api/big.bin.ts': route(`() => new Uint8Array(25 * 1024 * 1024 + 1)`) });
    const error = await catchError(() => buildWith(root, { preset: 'cloudflare' }));
    expect(error).toMatchObject({ code: 'HOST_LIMITS', exitCode: 1 });
    expect(error.message).toContain('api/big.bin (26214401 bytes)');
  });

  it('cloudflare warns past 20,000 files, which its free plan does not deploy', async () => {
    const dir = tempDir('cf-files-');
    const publicDir = join(dir, 'public');
    for (let folder = 0; folder < 21; folder++) {
      mkdirSync(join(publicDir, `f${folder}`), { recursive: true });
      for (let i = 0; i < 1000; i++) writeFileSync(join(publicDir, `f${folder}`, `${i}.txt`), '');
    }
    const logger = createMemoryLogger();
    await writeHostOutput({ preset: 'cloudflare', mistypedFiles: 'error', distDir: dir, publicDir, files: listedFiles([], publicDir), logger });
    expect(logger.lines.join('\n')).toContain('public/ holds 21000 files; Cloudflare Pages deploys at most 20000');
  });

  it('github-pages refuses a file the host would type wrong, naming the route and the fix', async () => {
    const error = await catchError(() => buildWith(site(['/api/u/1', '/api/feed.json']), { preset: 'github-pages' }));
    expect(error).toMatchObject({ code: 'HOST_TYPES', exitCode: 1 });
    expect(error.message).toContain('/api/u/1 (api/u/1): answered application/json');
    expect(error.message).not.toContain('/api/feed.json');
    expect(error.hint).toContain('extension');
    // A route whose extension already says its type (`feed.xml` answered as text/xml) is fixed by its answer.
    expect(error.hint).toContain("Give each route an extension that implies the type it answers (/api/users/1.json, /feed.rss), or have a route that has an extension answer the type it implies (setHeader(event, 'content-type', ...))");
  });

  it('github-pages with mistypedFiles "warn" publishes with .nojekyll and no _headers', async () => {
    const { dir, logger } = await buildWith(site(['/api/u/1', '/api/feed.json']), { preset: 'github-pages', mistypedFiles: 'warn' });
    expect(existsSync(join(dir, 'public', '.nojekyll'))).toBe(true);
    expect(existsSync(join(dir, 'public', '_headers'))).toBe(false);
    expect(logger.lines.join('\n')).toContain('/api/u/1 (api/u/1)');
    // feed.json's cache-control, which GitHub Pages will not send: said, not dropped silently.
    expect(logger.lines).toContainEqual(
      'warning 1 route answered with headers its handler set, which GitHub Pages will not send with its file (it reads no header rules):\n  /api/feed.json: cache-control\nSet them where the site is served from (a CDN in front of it), or deploy with a preset whose host reads _headers (netlify, cloudflare).',
    );
  });

  it('vercel writes the Build Output API: the files, type overrides and header routes', async () => {
    const { dir, logger } = await buildWith(site(['/api/u/1', '/api/u/2', '/api/feed.json']), { preset: 'vercel' });
    expect(logger.lines.join('\n')).not.toContain('without extension');
    const output = join(dir, '.vercel', 'output');
    const config = JSON.parse(readFileSync(join(output, 'config.json'), 'utf8'));
    expect(config).toEqual({
      version: 3,
      routes: [{ src: '^\\/api\\/feed\\.json$', headers: { 'cache-control': 'max-age=60' }, continue: true }, { handle: 'filesystem' }],
      overrides: {
        'api/u/1': { contentType: 'application/json;charset=UTF-8' },
        'api/u/2': { contentType: 'text/plain; charset=utf-8' },
      },
    });
    for (const file of ['api/u/1', 'api/u/2', 'api/feed.json']) {
      expect(readFileSync(join(output, 'static', file))).toEqual(readFileSync(join(dir, 'public', file)));
      expect(statSync(join(output, 'static', file)).ino).toBe(statSync(join(dir, 'public', file)).ino);
    }
  });

  it('the bin takes --preset, and refuses an unknown one with exit code 2 naming the key', async () => {
    const cli = await runCli(['build', site(['/api/feed.json']), '--preset', 'heroku', '--no-typecheck']);
    expect(cli.code).toBe(2);
    expect(cli.stderr).toContain('preset');
    expect(cli.stderr).toContain('github-pages');
  });
});
