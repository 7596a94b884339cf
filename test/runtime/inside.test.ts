/**
 * The one rule for a path inside a folder (isInside: the output folder, route files, links in
 * publicDir, the files a server sends), as messages show a path (shortPath) and as a route file is
 * named (routeFileName): a name that only starts with ".." is still inside.
 */
import { join, sep } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shortPath } from '../../src/config/output-paths.ts';
import { routeFileName } from '../../src/routes/scan.ts';
import { isInside } from '../../src/runtime/inside.ts';

const root = join(sep, 'site');

describe('isInside', () => {
  it('holds for the folder itself and what lies under it, a name starting with ".." included', () => {
    expect(isInside(root, root)).toBe(true);
    expect(isInside(join(root, 'public', 'a.txt'), root)).toBe(true);
    expect(isInside(join(root, '..notes'), root)).toBe(true);
    expect(isInside(join(root, 'public', '..', '..', 'etc'), root)).toBe(false);
    expect(isInside(join(sep, 'site-b', 'a.txt'), root)).toBe(false);
    expect(isInside(sep, root)).toBe(false);
    // Paths relative to one folder, as the published files are named (header-rules.ts).
    expect(isInside('api/users/1', 'api')).toBe(true);
    expect(isInside('api/users/1', '')).toBe(true);
    expect(isInside('apix/1', 'api')).toBe(false);
  });

  it('agrees with walking the path segment by segment from the folder', () => {
    const part = fc.constantFrom('a', 'site', '..', '.', '..notes', 'site-b', '');
    fc.assert(
      fc.property(fc.array(part, { maxLength: 8 }), (parts) => {
        // The walk: start at /site, step into a name, out of the folder on "..", stay on "." and "".
        const at = ['site'];
        for (const name of parts) {
          if (name === '..') at.pop();
          else if (name !== '.' && name !== '') at.push(name);
        }
        expect(isInside(join(root, ...parts), root)).toBe(at[0] === 'site');
      }),
    );
  });
});

describe('shortPath', () => {
  it('shows a path under the folder relative to it, any other as it is', () => {
    expect(shortPath(root, join(root, 'dist', 'site', 'server', 'index.mjs'))).toBe(join('dist', 'site', 'server', 'index.mjs'));
    expect(shortPath(root, join(root, '..notes', 'x.ts'))).toBe(join('..notes', 'x.ts'));
    expect(shortPath(root, join(sep, 'elsewhere', 'x.ts'))).toBe(join(sep, 'elsewhere', 'x.ts'));
    expect(shortPath(root, join(sep, 'site-b', 'x.ts'))).toBe(join(sep, 'site-b', 'x.ts'));
    expect(shortPath(root, root)).toBe(root);
  });
});

describe('routeFileName', () => {
  const routesDir = join(root, 'src', 'server', 'routes');
  it('names a file under routesDir with "/" between folders, and nothing outside it', () => {
    expect(routeFileName(routesDir, join(routesDir, 'api', 'posts', '[slug].json.ts'))).toBe('api/posts/[slug].json.ts');
    expect(routeFileName(routesDir, join(routesDir, '..draft.ts'))).toBe('..draft.ts');
    expect(routeFileName(routesDir, join(root, 'src', 'shared', 'price.ts'))).toBeUndefined();
  });
});
