// A content source for the bench's cacheKey row: GET /items/<n> answers item n after `delayMs` (a CMS
// or a database), GET /versions every item's version at once. `bump(n)` changes one item.
import { createServer } from 'node:http';

/** Starts the source for items 1..count; resolves to `{ url, bump(n), close() }`. */
export async function startSource(count, delayMs) {
  const versions = Object.fromEntries(Array.from({ length: count }, (_, i) => [String(i + 1), 1]));
  const server = createServer((request, response) => {
    const send = (value) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    if (request.url === '/versions') return send(versions);
    const id = /^\/items\/(\d+)$/.exec(request.url ?? '')?.[1];
    if (!id || !(id in versions)) return response.writeHead(404).end();
    setTimeout(() => send({ id: Number(id), name: `Item ${id}`, version: versions[id], body: 'x'.repeat(200) }), delayMs);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    bump: (n) => void versions[String(n)]++,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
