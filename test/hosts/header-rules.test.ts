import { describe, expect, it } from 'vitest';
import { compileRule, servedPaths, type TypedFile } from '../../src/hosts/header-rules.ts';
import { planHeaderRules } from '../../src/hosts/plan-header-rules.ts';
import { catchError } from '../support/catch-error.ts';

const json = (file: string): TypedFile => ({ route: '/' + file, file, contentType: 'application/json' });
const none = async () => [];
const limits = { rules: 100, lineLength: 2000 };

describe('servedPaths', () => {
  it.each([
    ['api/tag/c++', ['/api/tag/c++']],
    ['api/a:b', ['/api/a:b']],
    ['x y/café', ['/x%20y/caf%C3%A9']],
    ['100%', ['/100%25']],
    ['q?#', ['/q%3F%23']],
    ['docs/index.html', ['/docs/', '/docs/index.html']],
    ['index.html', ['/', '/index.html']],
    ['page.html', ['/page', '/page.html']],
  ])('%s -> %j', (file, paths) => {
    expect(servedPaths(file)).toEqual(paths);
  });
});

describe('compileRule', () => {
  // Cloudflare reads ":name" anywhere, Netlify only as a whole segment; Netlify's "/x/*" also matches "/x-y"; it ignores case.
  it.each([
    ['/api/a:b', '/api/a:b', true],
    ['/api/a:b', '/api/axyz', true],
    ['/api/a:b', '/api/a/b', false],
    ['/api/u/*', '/api/u/1/2', true],
    ['/api/u/*', '/api/v/1', false],
    ['/api/c++', '/api/c++', true],
    ['/api/c++', '/api/cc+', false],
    ['/api/:id', '/api/7', true],
    ['/api/u/*', '/api/u-readme.txt', true],
    ['/api/A', '/api/a', true],
    // A "-" is no pattern character: a folder such as my-items groups like any other.
    ['/api/my-items/*', '/api/my-items/1', true],
    ['/api/my-items/*', '/api/myitems/1', false],
    ['/api/a-b:c', '/api/a-b:c', true],
  ])('%s matches %s: %s', (rule, path, expected) => {
    expect(compileRule(rule)!.test(path)).toBe(expected);
  });

  it.each(['/a/*/*', '/a:x/b:x', '/:splat/*'])('%s is no valid rule for the host', (rule) => {
    expect(compileRule(rule)).toBeUndefined();
  });
});

describe('planHeaderRules', () => {
  it('writes one rule per file while the site fits', async () => {
    const files = Array.from({ length: 100 }, (_, i) => json(`api/u/${i}`));
    const rules = await planHeaderRules(files, none, limits);
    expect(rules).toHaveLength(100);
  });

  it('gives a path one rule: a file at it over an .html file hosts also serve there', async () => {
    const page = { route: '/api/page.html', file: 'api/page.html', contentType: 'text/plain; charset=utf-8' };
    for (const files of [[json('api/page'), page], [page, json('api/page')]]) {
      expect(await planHeaderRules(files, none, limits)).toEqual([
        { path: '/api/page', headers: [['Content-Type', 'application/json']] },
        { path: '/api/page.html', headers: [['Content-Type', 'text/plain; charset=utf-8']] },
      ]);
    }
  });

  it('groups a folder whose files are all served alike into one splat rule past the limit', async () => {
    const files = [...Array.from({ length: 150 }, (_, i) => json(`api/u/${i}`)), json('api/one'), { route: '/api/x.json', file: 'api/x.json', contentType: 'application/json' }];
    const rules = await planHeaderRules(files, none, limits);
    expect(rules).toEqual([
      { path: '/api/*', headers: [['Content-Type', 'application/json']] },
    ]);
  });

  it('groups only folders holding no file served otherwise (a publicDir file, or another type)', async () => {
    const files = [...Array.from({ length: 150 }, (_, i) => json(`api/u/${i}`)), { route: '/api/t', file: 'api/t', contentType: 'text/plain; charset=utf-8' }];
    expect(await planHeaderRules(files, async () => ['api/v/readme.txt'], limits)).toEqual([
      { path: '/api/t', headers: [['Content-Type', 'text/plain; charset=utf-8']] },
      { path: '/api/u/*', headers: [['Content-Type', 'application/json']] },
    ]);
    const error = await catchError(() => planHeaderRules(files, async () => ['api/u/readme.txt'], limits));
    expect(error.message).toContain('/api/u/ (150 rules)');
  });

  it("does not group a folder when Netlify's splat would also match a file beside it", async () => {
    const files = Array.from({ length: 150 }, (_, i) => json(`api/u/${i}`));
    const error = await catchError(() => planHeaderRules(files, async () => ['api/u-readme.txt'], limits));
    expect(error.message).toContain('/api/u/ (150 rules)');
  });

  it('fails naming the folders needing the most rules when grouping cannot fit the site', async () => {
    const files = Array.from({ length: 150 }, (_, i) => ({ ...json(`api/u/${i}`), contentType: i % 2 ? 'application/json' : 'text/plain; charset=utf-8' }));
    const error = await catchError(() => planHeaderRules(files, none, limits));
    expect(error).toMatchObject({ code: 'HOST_RULES', exitCode: 1 });
    expect(error.message).toContain('/api/u/ (150 rules)');
    expect(error.hint).toContain('extension');
  });

  it('fails naming a rule whose line is too long for the host', async () => {
    const deep = Array.from({ length: 10 }, (_, i) => `${i}`.repeat(250)).join('/');
    const error = await catchError(() => planHeaderRules([json(deep)], none, limits));
    expect(error).toMatchObject({ code: 'HOST_RULES' });
    expect(error.message).toContain(`/${'0'.repeat(79)}... (a line over 2000 characters)`);
  });

  it('has no limit without limits', async () => {
    const files = Array.from({ length: 150 }, (_, i) => json(`api/u/${i}`));
    expect(await planHeaderRules(files, none)).toHaveLength(150);
  });

  it('refuses a rule whose wildcard would also match a file served otherwise', async () => {
    const files = [json('api/a:b'), { route: '/api/ax.txt', file: 'api/ax.txt', contentType: 'text/plain; charset=utf-8' }];
    const error = await catchError(() => planHeaderRules(files, none, limits));
    expect(error).toMatchObject({ code: 'HOST_RULES' });
    expect(error.message).toContain('"/api/a:b"');
    expect(error.message).toContain('/api/ax.txt');
  });

  it('keeps a wildcard rule that matches no other file', async () => {
    expect(await planHeaderRules([json('api/a:b'), json('api/st*r')], async () => ['robots.txt'], limits)).toEqual([
      { path: '/api/a:b', headers: [['Content-Type', 'application/json']] },
      { path: '/api/st*r', headers: [['Content-Type', 'application/json']] },
    ]);
  });
});
