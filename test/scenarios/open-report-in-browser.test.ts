/**
 * The report page in a real headless Chromium (test/support/chromium.ts), opened from `file://` as a user
 * opens it: a real build of 30 routes, and 100,000 routes made up (syntheticReport) to keep the test
 * fast. The page must show its first rows, sort on a header click, filter as one types, draw only the
 * rows in view, request nothing and log no error. A screenshot of each goes to REPORT_SCREENSHOTS (a
 * folder outside the repository) when set, else to a temporary folder.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderReportPage } from '../../src/report/page/page.ts';
import { launchChromium } from '../support/chromium.ts';
import { buildSite, route, tempDir, writeSite } from '../support/helpers.ts';
import { syntheticFails, syntheticReport, syntheticRoute } from '../support/synthetic-report.ts';

const screenshots = process.env.REPORT_SCREENSHOTS ?? tempDir('report-shots-');

/** A site of 30 routes `/api/items/<n>.json`, item n's body n * 40 bytes long or so. */
async function build30(): Promise<string> {
  const root = writeSite({
    'src/server/routes/api/items/[id].json.ts': route('(event) => ({ id: Number(event.context.params.id), text: "x".repeat(Number(event.context.params.id) * 40) })'),
    'prerender.config.mjs': `export default { name: 'thirty', prerender: { routes: ${JSON.stringify(Array.from({ length: 30 }, (_, i) => `/api/items/${i + 1}.json`))} } };\n`,
  });
  const { dir } = await buildSite(root);
  return join(dir, 'report.html');
}

/** Opens `file` in a new page, collecting what it requests and the errors it logs. */
async function openReport(browser: Browser, file: string) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const requests: string[] = [];
  const errors: string[] = [];
  page.on('request', (request) => void requests.push(request.url()));
  page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
  page.on('pageerror', (error) => void errors.push(error.message));
  const url = pathToFileURL(file).href;
  await page.goto(url);
  await page.waitForSelector('body[data-state="ready"]');
  return { page, requests, errors, url };
}

/** The routes of the rows drawn, top to bottom. */
const drawnRoutes = (page: Page) => page.locator('table.routes tr.row td.route').allTextContents();
const header = (page: Page, label: string) => page.locator('table.routes th button', { hasText: new RegExp(`^${label}$`) });

describe('the report page in Chromium', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('names on its row each file hosts that read no _headers would send untyped or as another type', async () => {
    const root = writeSite({
      'src/server/routes/api/hello.ts': route(`() => 'hi'`),
      'src/server/routes/api/page.json.ts': route(`(event) => { event.res.headers.set('content-type', 'text/html; charset=utf-8'); return '<p>hi</p>'; }`),
      'src/server/routes/api/fine.json.ts': route(`() => ({ ok: true })`),
      'prerender.config.mjs': `export default { name: 'typed', prerender: { routes: ['/api/hello', '/api/page.json', '/api/fine.json'] } };\n`,
    });
    const { dir } = await buildSite(root);
    const { page, errors } = await openReport(browser, join(dir, 'report.html'));
    try {
      const problemOf = (route: string) => page.locator('table.routes tr.row', { has: page.locator('td.route', { hasText: new RegExp(`^${route}$`) }) }).locator('td:last-child').textContent();
      await expect.poll(() => drawnRoutes(page)).toEqual(['/api/fine.json', '/api/hello', '/api/page.json']);
      expect(await problemOf('/api/hello')).toBe('UNTYPED_FILE: no extension: only hosts that read public/_headers serve it as text/plain');
      expect(await problemOf('/api/page.json')).toBe('MISTYPED_FILE: its extension makes hosts that read no public/_headers serve it as application/json');
      expect(await problemOf('/api/fine.json')).toBe('');
      await page.locator('#filter').fill('UNTYPED_FILE');
      await expect.poll(() => drawnRoutes(page)).toEqual(['/api/hello']);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('30 routes of a real build: shows them, sorts on a header click, filters as one types', async () => {
    const { page, requests, errors, url } = await openReport(browser, await build30());
    try {
      const byRoute = Array.from({ length: 30 }, (_, i) => `/api/items/${i + 1}.json`).sort();
      await expect.poll(() => drawnRoutes(page)).toEqual(byRoute);
      expect(await page.locator('table.routes tr.row').first().isVisible()).toBe(true);
      expect(await page.locator('#shown').textContent()).toBe('30 routes');
      // The type without its parameters, which the cell's tooltip keeps.
      const type = page.locator('table.routes tr.row td:nth-child(3)').first();
      expect([await type.textContent(), await type.getAttribute('title')]).toEqual(['application/json', 'application/json;charset=UTF-8']);

      await header(page, 'Bytes').click();
      expect(await drawnRoutes(page)).toEqual(Array.from({ length: 30 }, (_, i) => `/api/items/${30 - i}.json`));
      expect(await page.locator('th[aria-sort="descending"]').textContent()).toBe('Bytes');
      await header(page, 'Bytes').click();
      expect((await drawnRoutes(page)).slice(0, 3)).toEqual(['/api/items/1.json', '/api/items/2.json', '/api/items/3.json']);
      // Every header shows its whole label, the sorted one's arrow beside it.
      for (const label of ['Status', 'Bytes', 'Gzip', 'ms']) {
        await header(page, label).click();
        const cut = await page.locator('table.routes th button').evaluateAll((buttons) => buttons.filter((button) => button.scrollWidth > button.clientWidth).map((button) => button.textContent));
        expect(cut).toEqual([]);
      }
      await header(page, 'Route').click();

      await page.locator('#filter').fill('items/2');
      await expect.poll(() => page.locator('#shown').textContent()).toBe('11 of 30 routes');
      expect(await drawnRoutes(page)).toEqual(['/api/items/2.json', ...Array.from({ length: 10 }, (_, i) => `/api/items/${20 + i}.json`)]);
      await page.locator('#filter').fill('no such route');
      await expect.poll(() => page.locator('#shown').textContent()).toBe('0 of 30 routes');
      await page.locator('#filter').fill('');

      await page.screenshot({ path: join(screenshots, 'report-30.png'), fullPage: true });
      expect(requests).toEqual([url]);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('100,000 routes: draws only the rows in view, scrolls, sorts and filters them all', async () => {
    const { page: data, rows } = syntheticReport(100_000);
    const file = join(tempDir('report-100k-'), 'report.html');
    writeFileSync(file, renderReportPage(data, rows));
    const { page, requests, errors, url } = await openReport(browser, file);
    try {
      const first = await drawnRoutes(page);
      expect(first.slice(0, 3)).toEqual(rows.slice(0, 3).map((row) => row.route));
      expect(first.length).toBeLessThan(100);
      expect(await page.locator('#shown').textContent()).toBe('100,000 routes');

      // Half-way down, the rows drawn are those of the middle.
      await page.locator('.viewport').evaluate((viewport) => viewport.scrollTo(0, viewport.scrollHeight / 2));
      await expect.poll(async () => (await drawnRoutes(page)).some((shown) => shown === rows[50_000].route)).toBe(true);

      await header(page, 'Gzip').click();
      const largest = Math.max(...Array.from(data.gzip.sizes));
      await expect.poll(async () => Number((await page.locator('table.routes tr.row td:nth-child(5)').first().textContent())!.replace(/,/g, ''))).toBe(largest);

      await page.locator('#filter').fill('failed');
      const failed = Array.from({ length: 100_000 }, (_, i) => i).filter(syntheticFails);
      await expect.poll(() => page.locator('#shown').textContent()).toBe(`${failed.length} of 100,000 routes`);
      const shown = await drawnRoutes(page);
      expect(shown.length).toBeGreaterThan(0);
      expect(shown.every((route) => failed.map(syntheticRoute).includes(route))).toBe(true);
      expect(await page.locator('table.routes tr.failed').count()).toBe(shown.length);

      await page.screenshot({ path: join(screenshots, 'report-100000.png') });
      expect(requests).toEqual([url]);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
