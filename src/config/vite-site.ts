/**
 * Whether the site is built with Vite: a `vite.config.*` in its root that adds `apiRoutes()`. Such a
 * site's output is `vite build`'s, which puts Vite's client build (index.html, assets/) in `public/`
 * beside the routes; `prerender build` (or `build()`) alone publishes the routes and `publicDir`, and
 * replaced the app's output with none of it, without a word.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Vite's config file names, in the order Vite looks for them. */
const viteConfigNames = ['vite.config.js', 'vite.config.mjs', 'vite.config.ts', 'vite.config.cjs', 'vite.config.mts', 'vite.config.cts'];

/** The name of the site's Vite config file that adds `apiRoutes()`, if any. */
export function viteConfigWithRoutes(root: string): string | undefined {
  for (const name of viteConfigNames) {
    let text: string;
    try {
      text = readFileSync(join(root, name), 'utf8');
    } catch {
      continue;
    }
    return /\bapiRoutes\s*\(/.test(text) ? name : undefined;
  }
  return undefined;
}
