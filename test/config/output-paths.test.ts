/** How messages show a path (shortPath): relative to the site under it, as it is elsewhere. */
import { join, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { shortPath } from '../../src/config/output-paths.ts';

const root = join(sep, 'site');

describe('shortPath', () => {
  it('shows a path under the folder relative to it, any other as it is', () => {
    expect(shortPath(root, join(root, 'dist', 'site', 'server', 'index.mjs'))).toBe(join('dist', 'site', 'server', 'index.mjs'));
    expect(shortPath(root, join(root, '..notes', 'x.ts'))).toBe(join('..notes', 'x.ts'));
    expect(shortPath(root, join(sep, 'elsewhere', 'x.ts'))).toBe(join(sep, 'elsewhere', 'x.ts'));
    expect(shortPath(root, join(sep, 'site-b', 'x.ts'))).toBe(join(sep, 'site-b', 'x.ts'));
    expect(shortPath(root, root)).toBe(root);
  });
});
