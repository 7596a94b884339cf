/** `vite preview` of a site never built (src/vite/preview-routes.ts): NO_BUILD says the command a Vite site builds with. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load.ts';
import { startPreviewRoutes } from '../../src/vite/preview-routes.ts';
import { catchError } from '../support/catch-error.ts';
import { route, writeSite } from '../support/helpers.ts';

describe('vite preview before a build', () => {
  it('is NO_BUILD, whose hint says vite build (prerender build would publish the routes without the client)', async () => {
    const root = writeSite({ 'src/server/routes/api/a.txt.ts': route(`() => 'a'`) });
    const config = await loadConfig({ root });
    const error = await catchError(() => startPreviewRoutes(config, () => true));
    expect([error.code, error.hint]).toEqual(['NO_BUILD', 'Run `vite build` first.']);
  });
});
