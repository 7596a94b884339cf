/** The config step (src/pipeline/config.ts): a config error stops the build before anything is written, with exit code 2 naming the key. */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { failBuild, route } from '../support/helpers.ts';

const api = 'src/server/routes/api';

describe('config errors', () => {
  it('exit with code 2 and name the key', async () => {
    const { error, outDir } = await failBuild({
      [`${api}/ok.ts`]: route(`() => 'ok'`),
      'prerender.config.mjs': `export default { prerender: { routes: ['/api/ok'], concurency: 4 } };`,
    });
    expect(error.code).toBe('CONFIG');
    expect(error.exitCode).toBe(2);
    expect(error.message).toContain('"prerender.concurency"');
    expect(readdirSync(outDir)).toEqual([]);
  });
});
