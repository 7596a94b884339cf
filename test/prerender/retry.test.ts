import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BuildReport } from '../../src/report/build-report.ts';
import { isRetryable, parseRetryAfter, retryWait } from '../../src/prerender/retry.ts';
import { catchError } from '../support/catch-error.ts';
import { buildSite, route, runCli, writeSite } from '../support/helpers.ts';

/** Each route counts its calls in a module every route shares; /api/tally.json, rendered last, shows them. */
const counter = `export const calls: Record<string, number> = {};\nexport const count = (name: string) => (calls[name] = (calls[name] ?? 0) + 1);\n`;
const counted = (name: string, body: string) =>
  `import { defineEventHandler, createError } from 'h3';\nimport { count } from '../../shared/calls';\nlet first = 0;\n` +
  `export default defineEventHandler(() => { const n = count(${JSON.stringify(name)}); first ||= Date.now(); ${body} });\n`;

/** A flaky source: 503 twice, then 200; one asking to come back in a second; one always down; a 404. */
function flakySite(config: string): string {
  return writeSite({
    'src/server/shared/calls.ts': counter,
    'src/server/routes/api/flaky.json.ts': counted('flaky', `if (n <= 2) return new Response('busy', { status: 503 }); return { ok: true, calls: n };`),
    'src/server/routes/api/later.json.ts': counted(
      'later',
      `if (n === 1) return new Response('slow down', { status: 429, headers: { 'retry-after': '1' } }); return { waited: Date.now() - first };`,
    ),
    'src/server/routes/api/down.json.ts': counted('down', `return new Response('down', { status: 503, statusText: 'Service Unavailable' });`),
    'src/server/routes/api/missing.json.ts': counted('missing', `throw createError({ statusCode: 404, statusMessage: 'No such thing' });`),
    'src/server/routes/api/tally.json.ts': `import { defineEventHandler } from 'h3';\nimport { calls } from '../../shared/calls';\nexport default defineEventHandler(() => calls);\n`,
    'prerender.config.mjs': `export default { name: 'flaky', prerender: ${config} };`,
  });
}

const routes = ['/api/flaky.json', '/api/later.json', '/api/down.json', '/api/missing.json', '/api/tally.json'];
/** The retries the report gives `route`: undefined when it needed none. */
const retriesOf = (report: BuildReport, route: string) => report.retried.find((r) => r.route === route)?.retries;
const failureOf = (report: BuildReport, route: string) => report.failures.find((r) => r.route === route);

describe('prerender.retry against a flaky source', () => {
  let report: BuildReport;
  let dir: string;

  beforeAll(async () => {
    // concurrency 1: routes run one at a time in route order, so /api/tally.json, last, sees every other route's calls.
    const root = flakySite(`{ routes: ${JSON.stringify(routes)}, concurrency: 1, failOnError: false, retry: { attempts: 3, delay: 1 } }`);
    ({ report, dir } = await buildSite(root));
  });

  it('a route answering 503 twice, then 200, is written after two retries', () => {
    expect(retriesOf(report, '/api/flaky.json')).toBe(2);
    expect(failureOf(report, '/api/flaky.json')).toBeUndefined();
    expect(readFileSync(join(dir, 'public/api/flaky.json'), 'utf8')).toBe('{"ok":true,"calls":3}');
  });

  it('Retry-After: 1 is waited for, though the backoff alone would wait 1 ms', () => {
    expect(retriesOf(report, '/api/later.json')).toBe(1);
    const { waited } = JSON.parse(readFileSync(join(dir, 'public/api/later.json'), 'utf8'));
    expect(waited).toBeGreaterThanOrEqual(900);
  });

  it('a route that always fails fails after the attempts, with the last status', () => {
    expect(retriesOf(report, '/api/down.json')).toBe(2);
    expect(existsSync(join(dir, 'public/api/down.json'))).toBe(false);
    expect(report.failures).toEqual([
      { route: '/api/down.json', status: 503, error: 'Service Unavailable (after 3 attempts, prerender.retry) (src/server/routes/api/down.json.ts)' },
      expect.objectContaining({ route: '/api/missing.json', status: 404 }),
    ]);
  });

  it('a 404 is never retried', () => {
    expect(retriesOf(report, '/api/missing.json')).toBeUndefined();
    expect(failureOf(report, '/api/missing.json')?.error).toBe('No such thing (src/server/routes/api/missing.json.ts)');
  });

  it('each route was asked exactly as often as the report says, and the report counts all retries', () => {
    expect(JSON.parse(readFileSync(join(dir, 'public/api/tally.json'), 'utf8'))).toEqual({ flaky: 3, later: 2, down: 3, missing: 1 });
    expect(report.retries).toBe(5);
    expect(report.retried.map((r) => r.route)).toEqual(['/api/down.json', '/api/flaky.json', '/api/later.json']);
  });
});

describe('prerender.retry in other cases', () => {
  it('off by default: the first 503 fails the build', async () => {
    const root = flakySite(`{ routes: ['/api/flaky.json'] }`);
    const error = await catchError(() => buildSite(root));
    expect(error.code).toBe('ROUTES_FAILED');
    expect(error.message).toContain('/api/flaky.json  503');
    expect((error.details as BuildReport).retries).toBe(0);
  });

  it('retries a route that ran past prerender.timeout', async () => {
    const root = writeSite({
      'src/server/routes/api/hang.json.ts': route(`() => (++calls === 1 ? new Promise(() => {}) : { calls })`).replace('export default', 'let calls = 0;\nexport default'),
      'prerender.config.mjs': `export default { name: 'hang', prerender: { routes: ['/api/hang.json'], timeout: 1000, retry: { attempts: 2, delay: 0 } } };`,
    });
    const { report, dir } = await buildSite(root);
    expect(report.retried).toEqual([{ route: '/api/hang.json', retries: 1 }]);
    expect(readFileSync(join(dir, 'public/api/hang.json'), 'utf8')).toBe('{"calls":2}');
  });

  it('--json reports the retries of each route', async () => {
    const root = flakySite(`{ routes: ['/api/flaky.json', '/api/tally.json'], concurrency: 1, retry: { attempts: 4, delay: 1 } }`);
    const cli = await runCli(['build', root, '--json', '--no-typecheck']);
    expect(cli.stderr).toContain('2 routes ok, 0 failed, 2 retries');
    expect(cli.code).toBe(0);
    const json = JSON.parse(cli.stdout) as BuildReport;
    expect(json.retries).toBe(2);
    expect(json.retried).toEqual([{ route: '/api/flaky.json', retries: 2 }]);
  });
});

describe('retry rules', () => {
  const failed = (status: number, extra = {}) => ({ ok: false as const, status, error: 'x', ms: 0, ...extra });

  it.each([408, 425, 429, 500, 502, 503, 504, 599])('status %i is retried', (status) => {
    expect(isRetryable(failed(status))).toBe(true);
  });

  it.each([0, 301, 400, 401, 403, 404, 405, 410, 422, 600])('status %i is not', (status) => {
    expect(isRetryable(failed(status))).toBe(false);
  });

  it('a timeout is retried', () => {
    expect(isRetryable(failed(0, { timedOut: true }))).toBe(true);
  });

  const now = Date.parse('2026-11-23T12:00:00Z');
  it.each([
    ['0', 0],
    ['2', 2000],
    [' 120 ', 120_000],
    ['Mon, 23 Nov 2026 12:00:05 GMT', 5000],
    ['Mon, 23 Nov 2026 11:00:00 GMT', 0],
    ['soon', undefined],
    ['-1', undefined],
    ['1.5', undefined],
    ['', undefined],
  ])('Retry-After %j is %j ms', (value, ms) => {
    expect(parseRetryAfter(value, now)).toBe(ms);
  });

  it('waits delay * 2^n, Retry-After instead when given, and never more than a minute', () => {
    const policy = { attempts: 10, delay: 100 };
    expect([0, 1, 2, 3].map((n) => retryWait(policy, n, undefined, now))).toEqual([100, 200, 400, 800]);
    expect(retryWait(policy, 3, '1', now)).toBe(1000);
    expect(retryWait(policy, 0, '3600', now)).toBe(60_000);
    expect(retryWait({ attempts: 10, delay: 60_000 }, 5, undefined, now)).toBe(60_000);
  });
});
