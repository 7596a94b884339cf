/** The preset a wrong --preset or config `preset` was likely meant to be (src/config/preset-meant.ts). */
import { describe, expect, it } from 'vitest';
import { presetMeant } from '../../src/config/preset-meant.ts';
import { resolveConfig } from '../../src/config/resolve.ts';
import { catchError } from '../support/catch-error.ts';
import { tempDir } from '../support/helpers.ts';

describe('presetMeant', () => {
  it.each([
    ['vercell', 'vercel'],
    ['Netlify', 'netlify'],
    ['gh-pages', 'github-pages'],
    ['github', 'github-pages'],
    ['cloudflare-pages', 'cloudflare'],
    ['cf-pages', 'cloudflare'],
    ['netlify-edge', 'netlify'],
    ['vercel_edge', 'vercel'],
    ['firebase', undefined],
    ['node', undefined],
    ['constructor', undefined],
  ])('%j: %j', (value, meant) => {
    expect(presetMeant(value)).toBe(meant);
  });

  it("names it in the config's error too", async () => {
    const error = await catchError(() => resolveConfig({ preset: 'gh-pages' as never }, tempDir()));
    expect(error.message).toBe('Config key "preset" must be static | netlify | cloudflare | vercel | github-pages, got "gh-pages"; did you mean "github-pages"?');
  });
});
