/**
 * The request loop (src/prerender/prerender.ts): every route's result collected, failures listed once
 * at the end with status and message (ROUTES_FAILED, exit code 1, nothing written), or with
 * failOnError: false reported and left out while the rest is published.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BuildReport } from '../../src/index.ts';
import { buildSite, failBuild, route, writeSite } from '../support/helpers.ts';

const api = 'src/server/routes/api';

describe('failed routes', () => {
  const files = {
    [`${api}/ok.txt.ts`]: route(`() => 'fine'`),
    [`${api}/missing.json.ts`]: route(`() => { throw createError({ statusCode: 404, statusMessage: 'No such post' }); }`, 'defineEventHandler, createError'),
    [`${api}/throws.json.ts`]: route(`() => { throw new Error('kaboom'); }`),
    [`${api}/slow.json.ts`]: route(`() => new Promise(() => {})`),
  };
  // The timeout applies to every route, the ones meant to succeed too: long enough that an instant
  // handler meets it on a loaded 2-core machine, short enough that the never-settling one is not waited on.
  const config = (failOnError: boolean) => ({
    prerender: { routes: ['/api/ok.txt', '/api/missing.json', '/api/throws.json', '/api/slow.json'], timeout: 1500, failOnError },
  });

  it('throw ROUTES_FAILED (exit code 1) listing each route with status and message; nothing is written', async () => {
    const { error, outDir } = await failBuild(files, { config: config(true) });
    expect(error.code).toBe('ROUTES_FAILED');
    expect(error.exitCode).toBe(1);
    expect(error.message).toContain('3 routes failed');
    expect(error.message).toContain('/api/missing.json  404  No such post');
    expect(error.message).toContain('/api/throws.json  500  the handler threw Error: kaboom');
    expect(error.message).toMatch(/\/api\/slow\.json {2}error {2}.*within 1500 ms \(prerender\.timeout\)/);
    expect(error.message).not.toContain('/api/ok.txt');
    const report = error.details as BuildReport;
    // Sorted by route, the order routes are rendered and streamed out in.
    expect(report.failures.map((f) => [f.route, f.status])).toEqual([
      ['/api/missing.json', 404],
      ['/api/slow.json', 0],
      ['/api/throws.json', 500],
    ]);
    expect(readdirSync(outDir)).toEqual([]);
  });

  it('with failOnError: false are reported and skipped, and the rest is published', async () => {
    const { report, dir, logger } = await buildSite(writeSite(files), { config: config(false) });
    expect(report).toMatchObject({ ok: 1, failed: 3 });
    expect(readFileSync(join(dir, 'public/api/ok.txt'), 'utf8')).toBe('fine');
    for (const file of ['missing.json', 'throws.json', 'slow.json']) expect(existsSync(join(dir, 'public/api', file))).toBe(false);
    const manifest = JSON.parse(readFileSync(join(dir, 'prerender-manifest.json'), 'utf8'));
    expect(manifest.routes.map((entry: { route: string }) => entry.route)).toEqual(['/api/ok.txt']);
    expect(logger.lines.find((line) => line.includes('were left out'))).toContain('\n  /api/missing.json  404  No such post (src/server/routes/api/missing.json.ts)');
  });
});
