import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { merge } from '../../src/index.ts';
import { createMemoryLogger } from '../../src/log.ts';
import { catchError } from '../support/catch-error.ts';
import { buildSite, route, tempDir, writeSite } from '../support/helpers.ts';

/** A site with one JSON route, `files` added (a publicDir robots.txt, another route), built with `host`. */
function site(host: string | undefined, files: Record<string, string | Buffer> = {}, routes = ['/api/a.json']): string {
  const sitemap = host === undefined ? '' : `, sitemap: { host: ${JSON.stringify(host)} }`;
  const root = writeSite({
    'src/server/routes/api/a.json.ts': route('() => ({ a: 1 })'),
    'prerender.config.mjs': `export default { name: 'site', prerender: { routes: ${JSON.stringify(routes)}${sitemap} } };`,
  });
  return writeSite(files as Record<string, string>, root);
}

const robotsOf = (dir: string) => readFileSync(join(dir, 'public', 'robots.txt'));

describe('robots.txt', () => {
  it.each(['https://example.com', 'https://example.com/', 'https://example.com/blog/'])('is written allowing all and naming the sitemap of %s with one slash', async (host) => {
    const { dir, report } = await buildSite(site(host));
    const expected = host.replace(/\/$/, '') + '/sitemap.xml';
    expect(robotsOf(dir).toString()).toBe(`User-agent: *\nAllow: /\n\nSitemap: ${expected}\n`);
    // sitemap.xml and robots.txt, besides the route.
    expect(report.files).toBe(3);
  });

  it('is not written without prerender.sitemap.host', async () => {
    const { dir } = await buildSite(site(undefined));
    expect(existsSync(join(dir, 'public', 'robots.txt'))).toBe(false);
  });

  it("the site's own gets the Sitemap line appended, its bytes otherwise kept", async () => {
    const own = 'User-agent: *\nDisallow: /private/\n';
    const { dir } = await buildSite(site('https://x.com', { 'public/robots.txt': own }));
    expect(robotsOf(dir).toString()).toBe(`${own}Sitemap: https://x.com/sitemap.xml\n`);
  });

  it('a file without a final newline, with CRLF lines and bytes that are not UTF-8, keeps every byte', async () => {
    const own = Buffer.concat([Buffer.from('User-agent: *\r\n# caf'), Buffer.from([0xe9]), Buffer.from('\r\nDisallow: /tmp')]);
    const { dir } = await buildSite(site('https://x.com', { 'public/robots.txt': own }));
    const written = robotsOf(dir);
    expect(written.subarray(0, own.length).equals(own)).toBe(true);
    expect(written.subarray(own.length).toString()).toBe('\r\nSitemap: https://x.com/sitemap.xml\r\n');
  });

  it('one that names a sitemap already (any letter case) is left exactly as it was', async () => {
    const own = 'User-agent: *\nAllow: /\n  SITEMAP : https://cdn.x.com/maps/sitemap.xml\n';
    const { dir, report } = await buildSite(site('https://x.com', { 'public/robots.txt': own }));
    expect(robotsOf(dir).toString()).toBe(own);
    expect(report.files).toBe(2);
  });

  it('a route writing robots.txt fails, clashing with the one the build writes, and nothing is written', async () => {
    const root = site('https://x.com', { 'src/server/routes/robots.txt.ts': route("() => 'User-agent: *\\n'") }, ['/api/a.json', '/robots.txt']);
    const outDir = tempDir('out-');
    const error = await catchError(() => buildSite(root, { config: { outDir } }));
    expect(error.code).toBe('ROUTES_FAILED');
    expect(error.message).toContain('  /robots.txt  200  route "/robots.txt" and the robots.txt the build writes (prerender.sitemap.host) both write robots.txt.');
    expect(error.exitCode).toBe(1);
    expect(readdirSync(outDir)).toEqual([]);
  });

  it('a route writing robots.txt without a sitemap host is written as it answered', async () => {
    const root = site(undefined, { 'src/server/routes/robots.txt.ts': route("() => 'User-agent: *\\nDisallow: /\\n'") }, ['/robots.txt']);
    const { dir } = await buildSite(root);
    expect(robotsOf(dir).toString()).toBe('User-agent: *\nDisallow: /\n');
  });

  it('a merge of shards publishes the same robots.txt as one build', async () => {
    const root = site('https://x.com/', {}, ['/api/a.json', '/api/b.json', '/api/c.json']);
    writeSite({ 'src/server/routes/api/[id].json.ts': route("(event) => ({ id: event.context.params.id })") }, root);
    const shardOut = tempDir('shards-');
    for (const index of [1, 2]) await buildSite(root, { shard: { index, count: 2 }, config: { outDir: shardOut } });
    const shardDirs = readdirSync(shardOut).map((name) => join(shardOut, name));
    const merged = await merge({ shardDirs, outDir: tempDir('merged-'), logger: createMemoryLogger() });
    expect(robotsOf(merged.dir).toString()).toBe('User-agent: *\nAllow: /\n\nSitemap: https://x.com/sitemap.xml\n');
  });
});
