import { realpathSync, symlinkSync } from 'node:fs';
import { join, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkConflicts, scanRoutes, routeFileName } from '../../src/routes/scan.ts';
import { fileToRoute } from '../../src/routes/file-to-route.ts';
import { catchError, catchErrorSync } from '../support/catch-error.ts';
import type { Warning } from '../../src/warnings.ts';
import { route, tempDir, writeSite } from '../support/helpers.ts';

const handler = route('() => "ok"');

/** Writes the files under `routes/` of a temporary site and returns that folder. */
function routesDir(files: string[]): string {
  const root = writeSite(Object.fromEntries(files.map((file) => [`routes/${file}`, handler])));
  return join(root, 'routes');
}

describe('scanRoutes', () => {
  it('returns every route sorted by file, skipping non-routes and node_modules', async () => {
    const dir = routesDir([
      'api/v1/users/[id].get.ts',
      'api/v1/hello.ts',
      'api/index.ts',
      'rss.xml.ts',
      '[...].ts',
      'api/types.d.ts',
      'api/x.test.ts',
      'api/.secret.ts',
      '.git/hooks/x.ts',
      'api/data.json',
      'node_modules/pkg/index.js',
      'api/node_modules/pkg/x.ts',
    ]);
    const routes = await scanRoutes(dir, 'api');
    expect(routes.map((r) => [r.file, r.method, r.path])).toEqual([
      ['[...].ts', '', '/**'],
      ['api/index.ts', '', '/api'],
      ['api/v1/hello.ts', '', '/api/v1/hello'],
      ['api/v1/users/[id].get.ts', 'GET', '/api/v1/users/:id'],
      ['rss.xml.ts', '', '/rss.xml'],
    ]);
  });

  it('applies the prefix to api/ only', async () => {
    const dir = routesDir(['api/a.ts', 'b.ts']);
    expect((await scanRoutes(dir, 'v2/services')).map((r) => r.path)).toEqual(['/v2/services/a', '/b']);
  });

  it('gives the same order whatever order the files were written in', async () => {
    const files = ['b/z.ts', 'a.ts', 'b/a.ts', 'B.ts', 'a/b.ts'];
    const first = await scanRoutes(routesDir(files), 'api');
    const second = await scanRoutes(routesDir([...files].reverse()), 'api');
    expect(first.map((r) => r.file)).toEqual(['B.ts', 'a.ts', 'a/b.ts', 'b/a.ts', 'b/z.ts']);
    expect(second).toEqual(first);
  });

  describe('symbolic links', () => {
    /** A site with `routes/api/real.ts`, and a folder beside the site for links to lead out to. */
    function linkedSite() {
      const root = writeSite({ 'routes/api/real.ts': handler, 'shared/inside.ts': handler, 'shared/more/deep.get.ts': handler });
      const outside = writeSite({ 'shared.ts': handler, 'folder/out.ts': handler });
      return { root, dir: join(root, 'routes'), outside };
    }

    /** The routes scanned (as `[method, path, file]`) and the warnings given. */
    async function scan(dir: string, root: string) {
      const warned: Warning[] = [];
      const routes = await scanRoutes(dir, 'api', { root, onWarning: (warning) => warned.push(warning) });
      return { routes: routes.map((r) => [r.method, r.path, r.file]), warned };
    }

    it('follows a link to a route file inside the site, saying nothing', async () => {
      const { root, dir } = linkedSite();
      symlinkSync(join(root, 'shared/inside.ts'), join(dir, 'api/linked.get.ts'));
      expect(await scan(dir, root)).toEqual({ routes: [['GET', '/api/linked', 'api/linked.get.ts'], ['', '/api/real', 'api/real.ts']], warned: [] });
    });

    it('follows a link to a route file outside the site, with a warning naming the link and its target', async () => {
      const { root, dir, outside } = linkedSite();
      symlinkSync(join(outside, 'shared.ts'), join(dir, 'api/linked.get.ts'));
      const { routes, warned } = await scan(dir, root);
      expect(routes).toEqual([['GET', '/api/linked', 'api/linked.get.ts'], ['', '/api/real', 'api/real.ts']]);
      expect(warned).toEqual([
        { code: 'ROUTE_LINK', message: `Route file api/linked.get.ts is a link to ${realpathSync(join(outside, 'shared.ts'))}, outside the site: it is bundled and served as a route. Copy the file into the site if that is not meant to change with its source.` },
      ]);
    });

    it('follows a link to a folder inside the site, saying nothing', async () => {
      const { root, dir } = linkedSite();
      symlinkSync(join(root, 'shared'), join(dir, 'api/shared'));
      expect((await scan(dir, root)).routes).toEqual([
        ['', '/api/real', 'api/real.ts'],
        ['', '/api/shared/inside', 'api/shared/inside.ts'],
        ['GET', '/api/shared/more/deep', 'api/shared/more/deep.get.ts'],
      ]);
      expect((await scan(dir, root)).warned).toEqual([]);
    });

    it.each([
      ['outside the site', (root: string, outside: string) => join(outside, 'folder'), 'leads outside the site'],
      ['to a folder it is in', (root: string) => join(root, 'routes'), 'leads back into a folder it is in'],
      ['to the site root', (root: string) => root, 'leads back into a folder it is in'],
    ])('skips a link to a folder %s, with a warning naming the link and its target', async (_, target, why) => {
      const { root, dir, outside } = linkedSite();
      symlinkSync(target(root, outside), join(dir, 'api/linked'));
      const { routes, warned } = await scan(dir, root);
      expect(routes).toEqual([['', '/api/real', 'api/real.ts']]);
      expect(warned).toEqual([{ code: 'ROUTE_LINK', message: `Skipped the link api/linked in routesDir: it ${why} (${realpathSync(target(root, outside))}). No route under it is served.` }]);
    });

    it('follows two folders linked to each other, and skips the link that would close the loop', async () => {
      const { root, dir } = linkedSite();
      symlinkSync(join(root, 'shared'), join(dir, 'api/a'));
      symlinkSync(join(dir, 'api'), join(root, 'shared/back'));
      const { routes, warned } = await scan(dir, root);
      expect(routes.map((route) => route[2])).toEqual(['api/a/back/real.ts', 'api/a/inside.ts', 'api/a/more/deep.get.ts', 'api/real.ts']);
      expect(warned.map((warning) => warning.message)).toEqual([`Skipped the link api/a/back/a in routesDir: it leads back into a folder it is in (${realpathSync(join(root, 'shared'))}). No route under it is served.`]);
    });

    it('skips a broken link, with a warning naming it', async () => {
      const { root, dir, outside } = linkedSite();
      symlinkSync(join(outside, 'gone.ts'), join(dir, 'api/broken.ts'));
      const { routes, warned } = await scan(dir, root);
      expect(routes).toEqual([['', '/api/real', 'api/real.ts']]);
      expect(warned).toEqual([{ code: 'ROUTE_LINK', message: `Skipped the link api/broken.ts in routesDir: it leads to ${join(outside, 'gone.ts')}, which does not exist. No route under it is served.` }]);
    });

    it('says nothing of links in node_modules or dot-folders, which hold no routes', async () => {
      const { root, dir, outside } = linkedSite();
      symlinkSync(join(outside, 'folder'), join(dir, 'node_modules'));
      symlinkSync(join(outside, 'gone'), join(dir, '.cache'));
      expect(await scan(dir, root)).toEqual({ routes: [['', '/api/real', 'api/real.ts']], warned: [] });
    });
  });

  it.each([
    ['a missing folder', (dir: string) => join(dir, 'nope')],
    ['a file', (dir: string) => routesDir(['api/ok.ts']) + '/api/ok.ts'],
  ])('refuses %s as routesDir: a CONFIG error (exit 2) naming the path', async (_, path) => {
    const folder = path(tempDir());
    const error = await catchError(() => scanRoutes(folder, 'api'));
    expect([error.code, error.exitCode]).toEqual(['CONFIG', 2]);
    expect(error.message).toBe(`No routes folder at ${folder} (config key "routesDir"), nor one with route files near it.`);
    expect(error.hint).toContain('routesDir');
  });
  it('names each file that looks like a route and is none (JSX, CommonJS) in a NOT_A_ROUTE warning, from the site root', async () => {
    const dir = routesDir(['api/card.tsx', 'api/list.jsx', 'api/old.cjs', 'api/ok.ts', 'api/card.test.tsx', 'api/types.d.cts']);
    const warned: Warning[] = [];
    const routes = await scanRoutes(dir, 'api', { root: join(dir, '..'), onWarning: (warning) => warned.push(warning) });
    expect(routes.map((r) => r.file)).toEqual(['api/ok.ts']);
    expect(warned).toEqual([
      { code: 'NOT_A_ROUTE', message: 'routes/api/card.tsx is not a route file (JSX: the bundle compiles no JSX); routes are .ts, .mts, .js and .mjs files. Rename it card.ts, its JSX written as a string or a Response (a route answers data, not a component), if it is meant as a route, or move it out of routesDir.' },
      { code: 'NOT_A_ROUTE', message: 'routes/api/list.jsx is not a route file (JSX: the bundle compiles no JSX); routes are .ts, .mts, .js and .mjs files. Rename it list.js, its JSX written as a string or a Response (a route answers data, not a component), if it is meant as a route, or move it out of routesDir.' },
      { code: 'NOT_A_ROUTE', message: 'routes/api/old.cjs is not a route file (CommonJS: a route file is an ES module); routes are .ts, .mts, .js and .mjs files. Rename it old.js if it is meant as a route, or move it out of routesDir.' },
    ]);
  });

  it('returns [] for an empty folder', async () => {
    expect(await scanRoutes(tempDir(), 'api')).toEqual([]);
  });

  it('passes on a malformed name, naming the file', async () => {
    const error = await catchError(() => scanRoutes(routesDir(['api/ok.ts', 'api/[id.ts']), 'api'));
    expect(error.code).toBe('ROUTE_NAME');
    expect(error.message).toContain('api/[id.ts');
  });

  it('names every malformed name at once, one a line, each fix said once', async () => {
    const error = await catchError(() => scanRoutes(routesDir(['api/ok.ts', 'api/[id.ts', 'api/q?x.json.ts', 'api/[].ts']), 'api'));
    expect([error.code, error.exitCode]).toEqual(['ROUTE_NAME', 1]);
    expect(error.message.split('\n')).toEqual([
      '3 mistakes in the names of the route files:',
      '  Malformed route file name api/[].ts: [] needs a parameter name, as in [id].',
      '  Malformed route file name api/[id.ts: "[id": brackets must close and wrap the whole segment, as in [id] or [id].json.',
      '  Malformed route file name api/q?x.json.ts: "q?x.json" holds "?", which starts the query of a URL.',
    ]);
    expect(error.hint).toBe(
      'Use [name] for a parameter, [...name] or [...] for a catch-all, (group) for a folder that adds no segment. Rename the file or folder without it: a name is the URL path its route serves, and no request could reach this one.',
    );
  });
});

describe('scanRoutes: conflicts', () => {
  it.each([
    [['api/users.get.ts', 'api/users/index.get.ts'], 'api', 'GET /api/users'],
    [['api/users/[id].ts', 'api/users/[slug].ts'], 'api', 'every method /api/users/:'],
    [['api/a.ts', 'api/(g)/a.ts'], 'api', 'every method /api/a'],
    [['api/x.get.ts', 'api/x.GET.mjs'], 'api', 'GET /api/x'],
    [['api/x.ts', 'api/x.js'], 'api', 'every method /api/x'],
    [['api/docs/[...].ts', 'api/docs/[...path].ts'], 'api', 'every method /api/docs/**'],
    [['api/p/[id].json.ts', 'api/p/[slug].json.ts'], 'api', 'every method /api/p/:'],
    [['index.ts', 'api/index.ts'], '', 'every method /'],
  ])('%j (prefix %j) serve one method and path: both files are named', async (files, prefix, served) => {
    const error = await catchError(() => scanRoutes(routesDir(files), prefix));
    expect(error.code).toBe('ROUTE_CONFLICT');
    expect(error.exitCode).toBe(1);
    expect(error.message).toContain(served);
    for (const file of files) expect(error.message).toContain(file);
    expect(error.hint).toBe('Remove or rename one of them.');
  });

  it.each([
    [['api/users.get.ts', 'api/users.post.ts']],
    [['api/x.ts', 'api/x.get.ts']],
    [['api/x.ts', 'api/x/index.get.ts']],
    [['api/p/[id].ts', 'api/p/[id].json.ts']],
    [['api/p/[id].ts', 'api/p/[...].ts']],
    [['api/p/new.ts', 'api/p/[id].ts']],
    [['api/a.ts', 'a.ts']],
  ])('%j do not conflict', async (files) => {
    const routes = await scanRoutes(routesDir(files), 'api');
    expect(routes.map((r) => r.file).sort()).toEqual([...files].sort());
  });

  it('names every conflict at once', async () => {
    const error = await catchError(() => scanRoutes(routesDir(['api/a.ts', 'api/a.js', 'api/b.get.ts', 'api/b.GET.mjs']), 'api'));
    expect(error.code).toBe('ROUTE_CONFLICT');
    expect(error.message.split('\n')).toEqual([
      '2 mistakes in the names of the route files:',
      '  Two route files serve every method /api/a: api/a.js and api/a.ts.',
      '  Two route files serve GET /api/b: api/b.GET.mjs and api/b.get.ts.',
    ]);
    expect(error.hint).toBe('Remove or rename one of them.');
  });

  it('refuses route files whose names differ only in letter case: one file on macOS and Windows', async () => {
    const error = await catchError(() => scanRoutes(routesDir(['api/hello.json.ts', 'api/Hello.json.ts', 'Docs/a.ts', 'docs/a.ts']), 'api'));
    expect([error.code, error.exitCode]).toEqual(['ROUTE_CONFLICT', 1]);
    expect(error.message.split('\n').sort()).toEqual(
      [
        '2 mistakes in the names of the route files:',
        '  Route files Docs/a.ts and docs/a.ts differ only in letter case: on macOS and Windows they are one file, and a checkout there keeps only one of them.',
        '  Route files api/Hello.json.ts and api/hello.json.ts differ only in letter case: on macOS and Windows they are one file, and a checkout there keeps only one of them.',
      ].sort(),
    );
    expect(error.hint).toBe('Rename one of them, or merge them into one.');
  });

  it('checkConflicts takes routes from anywhere, not just a folder', () => {
    const routes = ['api/[a].ts', 'api/[b].ts'].map((file) => fileToRoute(file, 'api')!);
    expect(catchErrorSync(() => checkConflicts(routes)).message).toBe(
      'Two route files serve every method /api/:b: api/[a].ts and api/[b].ts.',
    );
  });
});

describe('routeFileName', () => {
  const root = join(sep, 'site');
  const routes = join(root, 'src', 'server', 'routes');
  it('names a file under routesDir with "/" between folders, and nothing outside it', () => {
    expect(routeFileName(routes, join(routes, 'api', 'posts', '[slug].json.ts'))).toBe('api/posts/[slug].json.ts');
    expect(routeFileName(routes, join(routes, '..draft.ts'))).toBe('..draft.ts');
    expect(routeFileName(routes, join(root, 'src', 'shared', 'price.ts'))).toBeUndefined();
  });
});
