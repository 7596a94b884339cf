import { existsSync, lstatSync, mkdirSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPreviewServer } from '../../src/index.ts';
import { catchError } from '../support/catch-error.ts';
import { buildSite, route, tempDir, writeSite } from '../support/helpers.ts';

describe('publicDir copy', () => {
  it('leaves out links leading outside publicDir, so no route writes through them', async () => {
    const outside = tempDir('outside-');
    writeFileSync(join(outside, 'secret.txt'), 'outside secret');
    const root = writeSite({
      'public/inside.txt': 'inside',
      'src/server/routes/linkdir/x.json.ts': route('() => ({ x: 1 })'),
      'prerender.config.mjs': `export default { name: 'links', prerender: { routes: ['/linkdir/x.json'] } };`,
    });
    symlinkSync(outside, join(root, 'public/linkdir'));
    symlinkSync(join(outside, 'secret.txt'), join(root, 'public/secret.txt'));
    symlinkSync('inside.txt', join(root, 'public/alias.txt'));

    const { dir, logger } = await buildSite(root);

    expect(readdirSync(outside).sort()).toEqual(['secret.txt']);
    expect(lstatSync(join(dir, 'public/linkdir')).isSymbolicLink()).toBe(false);
    expect(readFileSync(join(dir, 'public/linkdir/x.json'), 'utf8')).toBe('{"x":1}');
    expect(existsSync(join(dir, 'public/secret.txt'))).toBe(false);
    expect(lstatSync(join(dir, 'public/alias.txt')).isSymbolicLink()).toBe(false);
    expect(readFileSync(join(dir, 'public/alias.txt'), 'utf8')).toBe('inside');
    expect(logger.lines.join('\n')).toMatch(/Left out 2 links in \S*public leading outside it: .*linkdir/);
  });

  it('copies a link to a folder inside publicDir as that folder, and skips a link to its own parent', async () => {
    const root = writeSite({ 'public/assets/a.txt': 'a', 'src/server/routes/api/x.ts': route(`() => 'x'`), 'prerender.config.mjs': `export default { name: 'loop' };` });
    symlinkSync('assets', join(root, 'public/assets-alias'));
    mkdirSync(join(root, 'public/deep'));
    symlinkSync('..', join(root, 'public/deep/up'));
    const { dir } = await buildSite(root);
    expect(readFileSync(join(dir, 'public/assets-alias/a.txt'), 'utf8')).toBe('a');
    expect(existsSync(join(dir, 'public/deep/up'))).toBe(false);
  });

  it('counts the files it copied in the report and the summary', async () => {
    const root = writeSite({ 'public/a.txt': 'a', 'public/img/b.png': 'b', 'src/server/routes/api/x.json.ts': route('() => ({ x: 1 })'), 'prerender.config.mjs': `export default { name: 'counted', prerender: { routes: ['/api/x.json'] } };` });
    const { report, logger } = await buildSite(root);
    expect([report.files, report.copied]).toEqual([1, 2]);
    expect(logger.lines.at(-1)).toMatch(/^1 route ok, 0 failed, 1 file and 2 copied from publicDir, /);
  });

  it('counts the sitemap and robots.txt as files it wrote, not as copies, with or without publicDir', async () => {
    const sitemap = `export default { name: 'mapped', prerender: { routes: ['/api/x.json'], sitemap: { host: 'https://example.com' } } };`;
    const files = { 'src/server/routes/api/x.json.ts': route('() => ({ x: 1 })'), 'prerender.config.mjs': sitemap };
    const without = await buildSite(writeSite(files));
    expect(readdirSync(join(without.dir, 'public')).sort()).toEqual(['api', 'robots.txt', 'sitemap.xml']);
    expect([without.report.files, without.report.copied]).toEqual([3, 0]);
    expect(without.logger.lines.at(-1)).toMatch(/^1 route ok, 0 failed, 3 files, /);
    const withPublic = await buildSite(writeSite({ ...files, 'public/a.txt': 'a' }));
    expect([withPublic.report.files, withPublic.report.copied]).toEqual([3, 1]);
    expect(withPublic.logger.lines.at(-1)).toMatch(/^1 route ok, 0 failed, 3 files and 1 copied from publicDir, /);
  });

  it('leaves out dot-files by default with a coded warning; publicDotFiles: true copies them, never served', async () => {
    const files = {
      'public/.htaccess': 'Options -Indexes\n',
      'public/.well-known/security.txt': 'Contact: mailto:a@b.c\n',
      'src/server/routes/api/x.ts': route(`() => 'x'`),
    };
    const leftRoot = writeSite(files);
    const left = await buildSite(leftRoot, { config: { name: 'dots', prerender: { routes: [] } } });
    expect(readdirSync(join(left.dir, 'public')).sort()).toEqual(['.well-known']);
    expect(left.report.warnings).toEqual([
      { code: 'DOT_FILE_LEFT_OUT', message: `Left out the dot-files and dot-folders in ${leftRoot}/public: .htaccess. No server serves them, so they are not published; .well-known/ is. Set publicDotFiles: true to publish them.` },
    ]);

    const root = writeSite(files);
    const kept = await buildSite(root, { config: { name: 'dots', publicDotFiles: true, prerender: { routes: [] } } });
    expect(readFileSync(join(kept.dir, 'public/.htaccess'), 'utf8')).toBe('Options -Indexes\n');
    expect(kept.report.warnings).toEqual([]);
    const server = await createPreviewServer({ root, config: { outDir: kept.outDir, name: 'dots' }, port: 0 });
    try {
      const answer = await fetch(new URL('/.htaccess', server.url));
      expect(answer.status).toBe(404);
      expect(await answer.text()).not.toContain('Indexes');
    } finally {
      await server.close();
    }
  });

  it('never publishes a .env file, even with publicDotFiles: true, and says it holds secrets', async () => {
    const files = {
      'public/.env': 'SECRET=1\n',
      'public/docs/.env.production': 'TOKEN=2\n',
      'public/.envrc': 'use node\n',
      'public/docs/a.txt': 'a',
      'src/server/routes/api/x.ts': route(`() => 'x'`),
    };
    const secret = (label: string) => `Left out .env, docs/.env.production in ${label}, even with publicDotFiles: true: .env files hold secrets, and a host serves what is published to anyone. Move them out of ${label}.`;

    const leftRoot = writeSite(files);
    const left = await buildSite(leftRoot, { config: { name: 'env', prerender: { routes: [] } } });
    expect(readdirSync(join(left.dir, 'public'), { recursive: true }).sort()).toEqual(['docs', 'docs/a.txt']);
    expect(left.report.warnings).toEqual([
      { code: 'DOT_FILE_LEFT_OUT', message: `Left out the dot-files and dot-folders in ${leftRoot}/public: .envrc. No server serves them, so they are not published; .well-known/ is. Set publicDotFiles: true to publish them. ${secret(`${leftRoot}/public`)}` },
    ]);

    const keptRoot = writeSite(files);
    const kept = await buildSite(keptRoot, { config: { name: 'env', publicDotFiles: true, prerender: { routes: [] } } });
    expect(readdirSync(join(kept.dir, 'public'), { recursive: true }).sort()).toEqual(['.envrc', 'docs', 'docs/a.txt']);
    expect(kept.report.warnings).toEqual([{ code: 'DOT_FILE_LEFT_OUT', message: secret(`${keptRoot}/public`) }]);

    const oneRoot = writeSite({ 'public/.env.local': 'A=1\n', 'src/server/routes/api/x.ts': route(`() => 'x'`) });
    const one = await buildSite(oneRoot, { config: { name: 'env', publicDotFiles: true, prerender: { routes: [] } } });
    expect(one.report.warnings[0]?.message).toBe(`Left out .env.local in ${oneRoot}/public, even with publicDotFiles: true: a .env file holds secrets, and a host serves what is published to anyone. Move it out of ${oneRoot}/public.`);
  });

  it('fails a route writing _headers, which the build itself writes', async () => {
    const root = writeSite({
      'src/server/routes/[...].ts': route(`() => 'x'`),
      'prerender.config.mjs': `export default { name: 'hdr', prerender: { routes: ['/_headers'] } };`,
    });
    const error = await catchError(() => buildSite(root));
    expect(error).toMatchObject({ code: 'ROUTES_FAILED' });
    expect(error.message).toContain('  /_headers  200  route "/_headers" and the _headers file the build writes both write _headers.');
  });
});
