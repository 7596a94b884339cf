/** Which router patterns serve the same URLs (src/runtime/route-shape.ts): the conflict check and the runtime's HEAD rule share it. */
import { describe, expect, it } from 'vitest';
import { routeShape } from '../../src/runtime/route-shape.ts';

describe('routeShape', () => {
  it.each([
    ['/api/users/:id', '/api/users/:'],
    ['/api/posts/:slug.json', '/api/posts/:.json'],
    ['/docs/:lang/**:path', '/docs/:/**'],
    ['/api/**', '/api/**'],
    ['/api/hello', '/api/hello'],
    ['/', '/'],
  ])('%s has the shape %s', (pattern, shape) => {
    expect(routeShape(pattern)).toBe(shape);
  });

  it('is one shape for patterns that differ only in their parameter names', () => {
    expect(routeShape('/a/:id/b/:x')).toBe(routeShape('/a/:slug/b/:y'));
    expect(routeShape('/docs/**:path')).toBe(routeShape('/docs/**:rest'));
    expect(routeShape('/docs/**:path')).toBe(routeShape('/docs/**'));
  });

  it('keeps apart patterns that serve other URLs', () => {
    expect(routeShape('/a/:id')).not.toBe(routeShape('/a/:id/b'));
    expect(routeShape('/a/:id')).not.toBe(routeShape('/a/**:id'));
    expect(routeShape('/a/:id.json')).not.toBe(routeShape('/a/:id'));
    expect(routeShape('/a/b')).not.toBe(routeShape('/a/:b'));
  });
});
