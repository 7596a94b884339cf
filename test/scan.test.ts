import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkConflicts, scanRoutes } from '../src/routes/scan.ts';
import { fileToRoute } from '../src/routes/file-to-route.ts';
import { catchError, catchErrorSync } from './catch-error.ts';
import { route, tempDir, writeSite } from './helpers.ts';

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

  it('follows a symbolic link to a route file and skips a broken one', async () => {
    const dir = routesDir(['api/real.ts']);
    const shared = writeSite({ 'shared.ts': handler });
    symlinkSync(join(shared, 'shared.ts'), join(dir, 'api/linked.get.ts'));
    symlinkSync(join(shared, 'gone.ts'), join(dir, 'api/broken.ts'));
    expect((await scanRoutes(dir, 'api')).map((r) => [r.method, r.path])).toEqual([
      ['GET', '/api/linked'],
      ['', '/api/real'],
    ]);
  });

  it.each([
    ['a missing folder', (dir: string) => join(dir, 'nope')],
    ['a file', (dir: string) => routesDir(['api/ok.ts']) + '/api/ok.ts'],
  ])('refuses %s as routesDir: a CONFIG error (exit 2) naming the path', async (_, path) => {
    const folder = path(tempDir());
    const error = await catchError(() => scanRoutes(folder, 'api'));
    expect([error.code, error.exitCode]).toEqual(['CONFIG', 2]);
    expect(error.message).toBe(`No routes folder at ${folder} (config key "routesDir").`);
    expect(error.hint).toContain('routesDir');
  });
  it('returns [] for an empty folder', async () => {
    expect(await scanRoutes(tempDir(), 'api')).toEqual([]);
  });

  it('passes on a malformed name, naming the file', async () => {
    const error = await catchError(() => scanRoutes(routesDir(['api/ok.ts', 'api/[id.ts']), 'api'));
    expect(error.code).toBe('ROUTE_NAME');
    expect(error.message).toContain('api/[id.ts');
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

  it('checkConflicts takes routes from anywhere, not just a folder', () => {
    const routes = ['api/[a].ts', 'api/[b].ts'].map((file) => fileToRoute(file, 'api')!);
    expect(catchErrorSync(() => checkConflicts(routes)).message).toBe(
      'Two route files serve every method /api/:b: api/[a].ts and api/[b].ts.',
    );
  });
});
