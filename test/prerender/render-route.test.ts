/**
 * One route's render (render-route.ts): an answer given at once is read at once and comes back as
 * it is, not in a promise; an answer still to come is bounded by prerender.timeout, counted from the
 * route's start, and ended at once by an abort.
 */
import { NodeResponse } from 'srvx/node';
import { describe, expect, it } from 'vitest';
import { renderRoute, type RouteHandler } from '../../src/prerender/render-route.ts';
import { createApp } from '../../src/runtime/index.ts';

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

  // A stringified body needs no JSON check (checks/check-output.ts): only h3's own JSON.stringify of
  // plain data is one, never text a handler made itself.
  it('names why h3 answered 500 to data JSON cannot hold, where the handler threw nothing', async () => {
    const failure = async (value: () => unknown) => {
      const app = createApp([{ method: '', path: '/r', file: 'r.ts', handler: value }], { silent: true });
      const result = await renderRoute((request, context) => app.request(request, undefined, context), '/r', bounds);
      return result.ok ? 'ok' : [result.status, result.error];
    };
    expect(await failure(() => ({ items: [{ price: 1 }, { price: 10n }] }))).toEqual([
      500,
      'the handler returned what JSON cannot hold, so h3 answered 500: TypeError: Do not know how to serialize a BigInt (the BigInt at .items[1].price: return it as a string, value.toString(), or as a number, Number(value))',
    ]);
    const circle: Record<string, unknown> = { name: 'a' };
    circle.self = circle;
    expect(await failure(() => circle)).toEqual([500, 'the handler returned what JSON cannot hold, so h3 answered 500: TypeError: Converting circular structure to JSON']);
  });

  it('marks a body that is h3\'s JSON.stringify of the plain data the handler returned, and only that', async () => {
    const returning = (value: () => unknown) => createApp([{ method: '', path: '/r', file: 'r.ts', handler: value }], { silent: true });
    const rendered = async (value: () => unknown) => {
      const app = returning(value);
      const result = await renderRoute((request, context) => app.request(request, undefined, context), '/r', bounds);
      return { stringified: result.ok ? result.stringified : 'failed', body: result.ok ? Buffer.from(result.body).toString() : '' };
    };
    expect(await rendered(() => ({ id: 1, tags: ['a'] }))).toEqual({ stringified: true, body: '{"id":1,"tags":["a"]}' });
    expect(await rendered(() => [1, 2])).toEqual({ stringified: true, body: '[1,2]' });
    expect(await rendered(async () => ({ later: true }))).toEqual({ stringified: true, body: '{"later":true}' });
    // Text the handler made, JSON or not, is checked as any other.
    expect(await rendered(() => '{"id":1')).toEqual({ stringified: undefined, body: '{"id":1' });
    expect(await rendered(() => new Response('{"id":', { headers: { 'content-type': 'application/json' } }))).toEqual({ stringified: undefined, body: '{"id":' });
    // A toJSON that gives nothing: no text at all, which is no JSON.
    expect(await rendered(() => ({ toJSON: () => undefined }))).toEqual({ stringified: undefined, body: '' });
  });
});
