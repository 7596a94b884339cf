import { describe, expect, it } from 'vitest';
import { apiRoutes } from '../src/index.ts';
import { catchErrorSync } from './catch-error.ts';

describe('apiRoutes plugin options', () => {
  it.each(['a b', 'x?y', '../x', 'a//b'])('refuses apiPrefix %j as the config does, naming the key', (apiPrefix) => {
    const error = catchErrorSync(() => apiRoutes({ apiPrefix }));
    expect(error.code).toBe('CONFIG');
    expect(error.message).toContain('"apiPrefix"');
  });

  it('accepts a prefix with leading and trailing slashes', () => {
    expect(apiRoutes({ apiPrefix: '/services/v2/' }).name).toBe('api-prerender:routes');
  });
});
