/**
 * One route's render (render-route.ts): an answer given at once is read at once and comes back as
 * it is, not in a promise; an answer still to come is bounded by prerender.timeout, counted from the
 * route's start, and ended at once by an abort.
 */
import { NodeResponse } from 'srvx/node';
import { describe, expect, it } from 'vitest';
import { renderRoute, type RouteHandler } from '../../src/prerender/render-route.ts';

const bounds = { timeout: 10_000, maxBodySize: 1024 };
/** A handler answering as h3 does in-process: srvx's Node response, its body a string. */
const answer = (text: string) => new NodeResponse(text, { headers: { 'content-type': 'text/plain; charset=utf-8' } }) as unknown as Response;

describe('renderRoute', () => {
  it('reads a route answered at once at once: its result, not a promise of it', () => {
    const handle: RouteHandler = () => answer('at once');
    const rendered = renderRoute(handle, '/now.txt', bounds);
    expect(rendered).not.toBeInstanceOf(Promise);
    expect(rendered).toMatchObject({ ok: true, status: 200, contentType: 'text/plain; charset=utf-8' });
    expect(Buffer.from((rendered as { body: Uint8Array }).body).toString()).toBe('at once');
  });

  it('fails a route that throws while answering at once, at once', () => {
    const handle: RouteHandler = () => {
      throw new Error('no answer');
    };
    expect(renderRoute(handle, '/throws.txt', bounds)).toMatchObject({ ok: false, status: 0, error: 'no answer' });
  });

  it('reads a route answered later in a promise', async () => {
    const handle: RouteHandler = async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return answer('later');
    };
    const rendered = renderRoute(handle, '/later.txt', bounds);
    expect(rendered).toBeInstanceOf(Promise);
    expect(Buffer.from(((await rendered) as { body: Uint8Array }).body).toString()).toBe('later');
  });

  it('fails a route whose answer never comes at prerender.timeout, counted from its start', async () => {
    const handle: RouteHandler = () => {
      // The handler's own time counts: the timer is set after it, for what is left of the timeout.
      const until = performance.now() + 200;
      while (performance.now() < until);
      return new Promise<Response>(() => {});
    };
    const start = performance.now();
    const rendered = await renderRoute(handle, '/never.txt', { ...bounds, timeout: 300 });
    const took = performance.now() - start;
    expect(rendered).toMatchObject({ ok: false, timedOut: true, error: expect.stringContaining('did not respond within 300 ms (prerender.timeout)') });
    expect(took).toBeGreaterThanOrEqual(299);
    // Not 500: the full timeout after the handler's 200 ms.
    expect(took).toBeLessThan(480);
  });

  it('ends a route still under way when the signal aborts, with its reason', async () => {
    const controller = new AbortController();
    const handle: RouteHandler = () => new Promise<Response>(() => {});
    const rendered = renderRoute(handle, '/stopped.txt', bounds, controller.signal);
    setTimeout(() => controller.abort(new Error('the build stopped')), 10);
    expect(await rendered).toMatchObject({ ok: false, status: 0, error: 'the build stopped' });
    expect((await rendered).ms).toBeLessThan(bounds.timeout);
  });
});
