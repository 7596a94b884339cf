/**
 * The one rule for a path inside a folder (isInside: the output folder, route files, links in
 * publicDir, the files a server sends): a name that only starts with ".." is still inside. So it is
 * where messages show a path (test/config/output-paths.test.ts) and route files are named
 * (test/routes/scan.test.ts, routeFileName).
 */
import { join, resolve, sep } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isInside, pathInside } from '../../src/runtime/inside.ts';

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

describe('pathInside', () => {
  it('joins plain names as they are and refuses what leaves the folder or is the folder itself', () => {
    expect(pathInside(root, 'api/items/1.json')).toBe(join(root, 'api', 'items', '1.json'));
    expect(pathInside(root, '..notes/a')).toBe(join(root, '..notes', 'a'));
    expect(pathInside(root, 'a/../../etc')).toBeUndefined();
    expect(pathInside(root, '.')).toBeUndefined();
    expect(pathInside(root, '')).toBeUndefined();
  });

  it('gives what resolving the path and asking isInside gives, for any path', () => {
    const part = fc.constantFrom('a', '..', '.', '..x', '...', '', 'b\\c', '.well-known');
    fc.assert(
      fc.property(fc.array(part, { minLength: 1, maxLength: 6 }), fc.boolean(), (parts, absolute) => {
        const file = (absolute ? '/' : '') + parts.join('/');
        const target = resolve(root, file);
        expect(pathInside(root, file)).toBe(target !== root && isInside(target, root) ? target : undefined);
      }),
    );
  });
});
