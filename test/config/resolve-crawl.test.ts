/** `prerender.crawl` resolved (src/config/resolve-crawl.ts): off, on with the default limit, or a limit; anything else a CONFIG error naming the key. */
import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config/resolve.ts';
import { catchError } from '../support/catch-error.ts';
import { tempDir } from '../support/helpers.ts';

describe('prerender.crawl config', () => {
  const resolveCrawl = async (crawl: unknown) => (await resolveConfig({ prerender: { crawl } }, tempDir())).prerender.crawl;

  it('is off by default and with false; true follows up to 10,000 links; { limit } sets the bound', async () => {
    expect(await resolveCrawl(undefined)).toBeUndefined();
    expect(await resolveCrawl(false)).toBeUndefined();
    expect(await resolveCrawl(true)).toEqual({ limit: 10_000 });
    expect(await resolveCrawl({})).toEqual({ limit: 10_000 });
    expect(await resolveCrawl({ limit: 3 })).toEqual({ limit: 3 });
  });

  it.each([
    ['yes', 'prerender.crawl'],
    [{ limit: 0 }, 'prerender.crawl.limit'],
    [{ limit: 1.5 }, 'prerender.crawl.limit'],
    [{ limit: '10' }, 'prerender.crawl.limit'],
    [{ limt: 10 }, 'prerender.crawl.limt'],
  ])('refuses %j naming %s', async (value, key) => {
    const error = await catchError(() => resolveCrawl(value));
    expect(error.code).toBe('CONFIG');
    expect(error.exitCode).toBe(2);
    expect(error.message).toContain(`"${key}"`);
  });
});
