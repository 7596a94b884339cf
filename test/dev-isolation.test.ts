/**
 * Each dev rebuild runs apart from the one before: timers and module state of a replaced build are
 * gone, and a route file removed and written again at the same path (`git stash`, `git checkout`)
 * is served again.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDevServer, type RunningServer } from '../src/index.ts';
import { createMemoryLogger } from '../src/log.ts';
import { route, writeSite } from './helpers.ts';
import { ask, pollUntil } from './poll.ts';

const api = 'src/server/routes/api';

describe('dev rebuilds are isolated', () => {
  let server: RunningServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('serves a route file removed and then written again at the same path', async () => {
    const root = writeSite({ [`${api}/stash.ts`]: route(`() => 'before'`), [`${api}/other.ts`]: route(`() => 'other'`) });
    const logger = createMemoryLogger();
    server = await createDevServer({ root, port: 0, logger });
    const url = new URL('/api/stash', server.url).href;
    expect((await ask(url)).body).toBe('before');

    const file = join(root, api, 'stash.ts');
    rmSync(file);
    await pollUntil(url, (answer) => answer.status === 404);
    writeFileSync(file, route(`() => 'after'`));
    const answer = await pollUntil(url, (a) => a.body === 'after');
    expect(answer.status).toBe(200);

    // The same within one burst of events, as `git stash` makes them.
    rmSync(file);
    writeFileSync(file, route(`() => 'again'`));
    expect((await pollUntil(url, (a) => a.body === 'again')).status).toBe(200);
  });
});
