/** siteTrace (src/prerender/site-trace.ts): the site's frames of a thrown error and its causes, each once. */
import { describe, expect, it } from 'vitest';
import { siteTrace } from '../../src/prerender/site-trace.ts';

const site = { root: '/site', routesDir: '/site/src/server/routes', outDir: '/site/dist' };

/** An error whose stack is `frames` (V8's `    at ...` lines) under its `name: message` line. */
function thrown(message: string, frames: string[], cause?: Error): Error {
  const error = new Error(message, { cause });
  error.stack = [`Error: ${message}`, ...frames.map((frame) => `    at ${frame}`)].join('\n');
  return error;
}

describe('siteTrace', () => {
  it('keeps the frames in the site\'s files, named from its root; not Node\'s, a package\'s, the output\'s or another folder\'s', () => {
    const error = thrown('database offline', [
      'loadPosts (/site/src/lib/db.ts:2:9)',
      '<anonymous> (file:///site/src/server/routes/api/boom.json.ts:5:17)',
      'async H3.handler (/site/node_modules/h3/dist/h3.mjs:386:55)',
      'request (file:///usr/lib/node_modules/api-prerender/lib/src/pipeline/prerender.js:35:55)',
      '/site/dist/.my-site.staging-1-ab/server/index.mjs:40:3',
      'process.processTicksAndRejections (node:internal/process/task_queues:95:5)',
      '/elsewhere/x.js:1:1',
    ]);
    expect(siteTrace(error, site)).toEqual({
      at: 'src/server/routes/api/boom.json.ts:5',
      first: 'src/lib/db.ts:2',
      trace: ['    at loadPosts (src/lib/db.ts:2:9)', '    at src/server/routes/api/boom.json.ts:5:17'].join('\n'),
    });
  });

  it('follows the cause chain, each cause without the frames it shares with the error above it', () => {
    const root = thrown('ECONNREFUSED', ['connect (/site/src/lib/db.ts:9:3)', 'loadPosts (/site/src/lib/db.ts:2:9)', '/site/src/server/routes/api/a.ts:5:17']);
    const error = thrown('database offline', ['loadPosts (/site/src/lib/db.ts:2:20)', '/site/src/server/routes/api/a.ts:5:17'], root);
    expect(siteTrace(error, site).trace).toBe(
      [
        '    at loadPosts (src/lib/db.ts:2:20)',
        '    at src/server/routes/api/a.ts:5:17',
        '  Caused by: Error: ECONNREFUSED',
        '    at connect (src/lib/db.ts:9:3)',
        '    at loadPosts (src/lib/db.ts:2:9)',
      ].join('\n'),
    );
  });

  it('ends at a cause that is no Error, and at a loop of causes', () => {
    const error = thrown('a', ['/site/src/server/routes/x.ts:1:1']);
    const loop = thrown('b', ['/site/src/server/routes/y.ts:2:2'], error);
    error.cause = loop;
    expect(siteTrace(error, site).trace.split('\n')).toEqual(['    at src/server/routes/x.ts:1:1', '  Caused by: Error: b', '    at src/server/routes/y.ts:2:2']);
    expect(siteTrace(thrown('c', [], 'a string' as unknown as Error), site)).toEqual({ at: undefined, trace: '' });
  });

  it('says nothing of a value that is not an Error, or of a stack with none of the site\'s frames', () => {
    expect(siteTrace('no data', site)).toEqual({ at: undefined, trace: '' });
    expect(siteTrace(thrown('x', ['node:internal/x:1:1', '/site/node_modules/p/i.js:1:1']), site)).toEqual({ at: undefined, trace: '' });
  });
});
