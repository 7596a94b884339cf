import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSite, route, writeSite } from './support/helpers.ts';

describe('build, end to end', () => {
  it('prerenders a JSON route and an XML route with their content types', async () => {
    const root = writeSite({
      'src/server/routes/api/data.json.ts': route('() => ({ a: 1 })'),
      'src/server/routes/api/feed.xml.ts': route(
        `(event) => { setHeader(event, 'content-type', 'text/xml'); return '<feed/>'; }`,
        'defineEventHandler, setHeader',
      ),
      'prerender.config.mjs': `export default { name: 'smoke', prerender: { routes: ['/api/data.json', '/api/feed.xml'] } };`,
    });
    const { dir, report } = await buildSite(root);

    expect(report.ok).toBe(2);
    expect(readFileSync(join(dir, 'public/api/data.json'), 'utf8')).toBe('{"a":1}');
    expect(readFileSync(join(dir, 'public/api/feed.xml'), 'utf8')).toBe('<feed/>');
    expect(existsSync(join(dir, 'server/index.mjs'))).toBe(true);
    const manifest = JSON.parse(readFileSync(join(dir, 'prerender-manifest.json'), 'utf8'));
    expect(manifest.routes.map((r: { route: string; contentType: string }) => [r.route, r.contentType])).toEqual([
      ['/api/data.json', 'application/json;charset=UTF-8'],
      ['/api/feed.xml', 'text/xml'],
    ]);
  });
});
