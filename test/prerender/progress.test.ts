import { describe, expect, it, vi } from 'vitest';
import { createProgress, formatProgress, formatWaiting } from '../../src/prerender/progress.ts';
import { createLogger, type Logger } from '../../src/log.ts';
import { buildSite, route, writeSite } from '../support/helpers.ts';

/** A stream that records every byte written, as a terminal (isTTY) or as a pipe would receive them. */
function fakeStream(isTTY: boolean) {
  let raw = '';
  return {
    isTTY,
    write(chunk: string) {
      raw += chunk;
      return true;
    },
    get raw() {
      return raw;
    },
  };
}

/** What a terminal shows after `raw`: `\r` returns to the line start, `\x1b[K` clears to its end. */
function screen(raw: string): string[] {
  const lines = [''];
  let column = 0;
  for (const token of raw.split(/(\r|\n|\x1b\[K)/)) {
    const line = lines.length - 1;
    if (token === '\n') {
      lines.push('');
      column = 0;
    } else if (token === '\r') column = 0;
    else if (token === '\x1b[K') lines[line] = lines[line].slice(0, column);
    else if (token) {
      lines[line] = lines[line].slice(0, column) + token + lines[line].slice(column + token.length);
      column += token.length;
    }
  }
  return lines;
}

/**
 * Ticks `count` routes through a progress display, the fake clock moving at `perSecond` routes/s,
 * each route's result coming on a turn of its own, as renders do.
 */
async function run(logger: Logger, count: number, perSecond: number, failedEvery = 0) {
  let ticks = 0;
  // Integer arithmetic, so every whole interval is an exact number and the test needs no tolerance.
  const progress = createProgress(logger, count, () => (ticks * 1000) / perSecond);
  for (let i = 1; i <= count; i++) {
    ticks++;
    progress.tick(failedEvery > 0 && i % failedEvery === 0);
    await Promise.resolve();
  }
  progress.finish();
}

const draws = (raw: string) => raw.split('prerender ').length - 1;

describe('progress on a terminal', () => {
  it('redraws one line for 100,000 routes, at most every 100 ms, and the next log line replaces it', async () => {
    const stream = fakeStream(true);
    const logger = createLogger({ stream });
    // 100,000 routes at 10,000 routes/s: 10 s, so 100 redraws, not 100,000 lines.
    await run(logger, 100_000, 10_000);

    expect(stream.raw).not.toContain('\n');
    expect(draws(stream.raw)).toBe(100);
    expect(screen(stream.raw)).toEqual(['prerender 100000/100000 (100%) 10000 routes/s, 10.0s elapsed, ETA 0s']);
    expect(stream.raw).toContain('\r\x1b[Kprerender 29000/100000 (29%) 10000 routes/s, 2.9s elapsed, ETA 8s\r');

    logger.info('100000 routes ok');
    expect(screen(stream.raw)).toEqual(['100000 routes ok', '']);
  });

  it('shows nothing for a run shorter than one redraw interval', async () => {
    const stream = fakeStream(true);
    await run(createLogger({ stream }), 500, 10_000);
    expect(stream.raw).toBe('');
  });
});

describe('progress in a log (not a terminal)', () => {
  it('prints one line every 5 s, each a whole line, and no line per route', async () => {
    const stream = fakeStream(false);
    await run(createLogger({ stream }), 100_000, 10_000);

    expect(stream.raw).not.toContain('\r');
    expect(stream.raw.split('\n')).toEqual([
      'prerender 50000/100000 (50%) 10000 routes/s, 5.0s elapsed, ETA 5s',
      'prerender 100000/100000 (100%) 10000 routes/s, 10.0s elapsed, ETA 0s',
      '',
    ]);
  });

  it('ends with the final count when the last line is older than the end, and counts failures', async () => {
    const stream = fakeStream(false);
    // 7,000 routes at 1 ms each: a line at 5 s, then the final count at 7 s.
    await run(createLogger({ stream }), 7_000, 1000, 1000);
    expect(stream.raw.split('\n')).toEqual([
      'prerender 5000/7000 (71%) 1000 routes/s, 5.0s elapsed, ETA 2s, 5 failed',
      'prerender 7000/7000 (100%) 1000 routes/s, 7.0s elapsed, ETA 0s, 7 failed',
      '',
    ]);
  });
});

describe('progress of results that come at once', () => {
  it('shows the count after the last of them, never a line for the first', async () => {
    const stream = fakeStream(false);
    let ms = 0;
    const progress = createProgress(createLogger({ stream }), 7, () => ms);
    ms = 6000;
    // Six results held behind a slow first route, handed on in one turn once it is done.
    for (let i = 0; i < 6; i++) progress.tick(false);
    await Promise.resolve();
    ms = 6500;
    progress.tick(false);
    progress.finish();
    expect(stream.raw.split('\n')).toEqual(['prerender 6/7 (85%) 1 route/s, 6.0s elapsed, ETA 1s', 'prerender 7/7 (100%) 1 route/s, 6.5s elapsed, ETA 0s', '']);
  });
});

describe('a route that keeps the others waiting', () => {
  it('is named once it has rendered 5 s, every 5 s in a log, with prerender.timeout, until it ends', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const stream = fakeStream(false);
    let ms = 0;
    const progress = createProgress(createLogger({ stream }), 3, () => ms, { timeout: 30_000 });
    progress.rendering('/api/feed.xml');
    progress.rendering('/api/a.json');
    ms = 100;
    progress.rendered('/api/a.json');
    // The clock and the watch's timer move together.
    const wait = (until: number) => {
      for (; ms < until; ms += 250) vi.advanceTimersByTime(250);
    };
    try {
      wait(4900);
      expect(stream.raw).toBe('');
      wait(11_500);
      progress.rendered('/api/feed.xml');
      wait(16_000);
      progress.finish();
    } finally {
      vi.useRealTimers();
    }
    expect(stream.raw.split('\n')).toEqual(['prerender waiting on /api/feed.xml for 5s (prerender.timeout 30s)', 'prerender waiting on /api/feed.xml for 10s (prerender.timeout 30s)', '']);
  });
});

describe('a retried route that keeps the others waiting', () => {
  it('says the timeout is each attempt\'s: the wait spans the attempts and the pauses between them', () => {
    expect(formatWaiting('/api/cms.json', 5400, 1, { timeout: 3000, attempts: 3 })).toBe('prerender waiting on /api/cms.json and 1 other route for 5s (prerender.timeout 3s for each of up to 3 attempts, prerender.retry)');
    expect(formatWaiting('/api/cms.json', 5400, 0, { timeout: 3000, attempts: 1 })).toBe('prerender waiting on /api/cms.json for 5s (prerender.timeout 3s)');
  });
});

describe('progress of a crawl', () => {
  it('counts the routes crawling adds to the total, so done never passes it', () => {
    const stream = fakeStream(false);
    let ms = 0;
    const progress = createProgress(createLogger({ stream }), 2, () => ms);
    progress.tick(false);
    progress.tick(false);
    progress.grow(3);
    for (let i = 0; i < 3; i++) progress.tick(false);
    progress.grow(1);
    ms = 6000;
    progress.tick(false);
    progress.finish();
    expect(stream.raw.split('\n')).toEqual(['prerender 6/6 (100%) 1 route/s, 6.0s elapsed, ETA 0s', '']);
  });
});

describe('formatProgress', () => {
  it.each([
    [[1000, 100_000, 3, 10_000], 'prerender 1000/100000 (1%) 100 routes/s, 10.0s elapsed, ETA 16m30s, 3 failed'],
    [[59, 60, 0, 59_000], 'prerender 59/60 (98%) 1 route/s, 59.0s elapsed, ETA 1s'],
    [[0, 10, 0, 0], 'prerender 0/10 (0%) 0 routes/s, 0.0s elapsed, ETA unknown'],
    [[0, 0, 0, 120], 'prerender 0/0 (100%) 0 routes/s, 0.1s elapsed, ETA unknown'],
    [[4, 4, 1, 12_000], 'prerender 4/4 (100%) 0.3 routes/s, 12.0s elapsed, ETA 0s, 1 failed'],
  ] as const)('%j -> %s', ([done, total, failed, ms], expected) => {
    expect(formatProgress(done, total, failed, ms)).toBe(expected);
  });
});

describe('progress of a real build on a terminal', () => {
  it('leaves the log lines and no line per route', async () => {
    const count = 3000;
    const root = writeSite({
      'src/server/routes/api/items/[id].json.ts': route(`(event) => ({ id: getRouterParam(event, 'id') })`, 'defineEventHandler, getRouterParam'),
      'prerender.config.mjs': `export default { name: 'site', prerender: { routes: Array.from({ length: ${count} }, (_, i) => '/api/items/' + i + '.json') } };`,
    });
    const stream = fakeStream(true);
    const { report } = await buildSite(root, { logger: createLogger({ stream }) });

    expect(report.ok).toBe(count);
    // However many redraws the machine's speed allowed, the terminal ends with the log lines only:
    // no progress left over, no line per route, the summary last.
    const shown = screen(stream.raw);
    expect(shown.filter((line) => line.startsWith('prerender '))).toEqual([]);
    expect(shown.length).toBeLessThan(10);
    expect(shown.at(-2)).toMatch(/^3000 routes ok, 0 failed, 3000 files, /);
    expect(shown.at(-1)).toBe('');
  });
});
