/**
 * The built sample-site in a real headless Chromium, served by `createPreviewServer`: the page
 * renders the prerendered post list and links the RSS feed. The browser comes from `npm ci` (see
 * test/support/chromium.ts), so the test runs, never skips, on a machine with no browser installed.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPreviewServer, type RunningServer } from '../src/index.ts';
import { launchChromium } from './support/chromium.ts';
import { sampleBuild } from './support/sample-build.ts';
import { samplePosts } from './support/sample-endpoints.ts';

describe('sample-site in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    const { root, outDir } = await sampleBuild();
    server = await createPreviewServer({ root, config: { outDir }, port: 0 });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('renders the posts from /api/posts.json, newest first, each linking its JSON', async () => {
    const page = await browser.newPage();
    try {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(server.url);
      await page.waitForSelector('body[data-state="ready"]');

      const items = page.locator('#posts li');
      expect(await items.locator('.post-title').allTextContents()).toEqual(samplePosts.map((post) => post.title));
      expect(await items.locator('time').evaluateAll((times) => times.map((time) => time.getAttribute('datetime')))).toEqual(
        samplePosts.map((post) => post.date),
      );
      const links = await items.locator('a').evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).href));
      expect(links).toEqual(samplePosts.map((post) => new URL(`/api/posts/${post.slug}.json`, server.url).href));
      expect(await page.locator('#status').textContent()).toBe(`${samplePosts.length} posts`);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('links the RSS feed visibly and as an alternate, and the feed answers as text/xml', async () => {
    const page = await browser.newPage();
    try {
      await page.goto(server.url);
      const alternate = await page.locator('link[rel="alternate"][type="application/rss+xml"]').evaluate((link) => (link as HTMLLinkElement).href);
      const visible = page.locator('a#feed');
      expect(await visible.isVisible()).toBe(true);
      expect(await visible.evaluate((a) => (a as HTMLAnchorElement).href)).toBe(alternate);
      expect(new URL(alternate).pathname).toBe('/api/rss.xml');

      // Asked by the page itself, as a feed reader on the site would.
      const feed = await page.evaluate(async (href) => {
        const response = await fetch(href);
        return { status: response.status, type: response.headers.get('content-type'), body: await response.text() };
      }, alternate);
      expect(feed.status).toBe(200);
      expect(feed.type).toBe('text/xml');
      expect(feed.body).toContain(`<title>${samplePosts[0]!.title}</title>`);
    } finally {
      await page.close();
    }
  });
});
