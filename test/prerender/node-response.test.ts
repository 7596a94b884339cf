/**
 * A handler written the h3 v1 way, with Node's response (`event.node.res.setHeader(...)`, as h3 v1's
 * guides and Nitro 2's examples show): `prerender dev` and the built server run on Node and have it;
 * the prerender calls routes without one. Its route fails naming h3 v2's way; a TypeError of a route
 * that never asked for Node's response gets no such words.
 */
import { describe, expect, it } from 'vitest';
import { buildSite, writeSite } from '../support/helpers.ts';
import { catchError } from '../support/catch-error.ts';

const noNodeResponse =
  "(event.node.res, Node's response, is undefined while prerendering, as on any host that is not Node: if the handler uses it, set headers with setHeader(event, name, value) or event.res.headers.set(name, value), the status with event.res.status = 201, and return the body)";

describe('a handler that sets headers on event.node.res', () => {
  it("fails its route naming h3 v2's event.res, where another route's TypeError does not", async () => {
    const api = 'src/server/routes/api';
    const handler = (body: string) => `import { defineEventHandler } from 'h3';\nexport default defineEventHandler((event) => {\n${body}\n});\n`;
    const root = writeSite({
      [`${api}/v1.json.ts`]: handler(`  event.node.res.setHeader('cache-control', 'max-age=60');\n  return { ok: true };`),
      [`${api}/other.json.ts`]: handler(`  return (event.context as any).missing.length;`),
      'prerender.config.mjs': `export default { prerender: { routes: ['/api/v1.json', '/api/other.json'] } };`,
    });
    const error = await catchError(() => buildSite(root, { typecheck: false }));
    expect(error.code).toBe('ROUTES_FAILED');
    expect(error.message).toContain(`/api/v1.json  500  the handler threw TypeError: Cannot read properties of undefined (reading 'setHeader') ${noNodeResponse}`);
    expect(error.message).toMatch(/\/api\/other\.json {2}500 {2}the handler threw TypeError: Cannot read properties of undefined \(reading 'length'\) \(src\//);
  });
});
