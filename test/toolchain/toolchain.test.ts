/**
 * The build's toolchain (toolchain.ts): its process is started at the first task, or when the build
 * says it will need one, never before; a build that needs none (its bundle reused from the cache, a
 * JavaScript config) starts none.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config/resolve.ts';
import { createMemoryLogger } from '../../src/log.ts';
import { idleToolchainPids, keepToolchainsWarm } from '../../src/toolchain/toolchain-pool.ts';
import { startToolchain, type BundleChoices } from '../../src/toolchain/toolchain.ts';
import { suiteWarmMs } from '../support/setup/warm-toolchains.ts';
import { route, tempDir, writeSite } from '../support/helpers.ts';

describe('the toolchain of a build', () => {
  it('starts no process until a task or warm(), then gives it back once closed', async () => {
    keepToolchainsWarm(0);
    keepToolchainsWarm(suiteWarmMs);
    const unused = startToolchain(createMemoryLogger());
    await unused.close();
    expect(idleToolchainPids()).toEqual([]);

    const warmed = startToolchain(createMemoryLogger());
    warmed.warm();
    await warmed.close();
    expect(idleToolchainPids()).toHaveLength(1);

    const root = writeSite({ 'src/server/routes/api/a.ts': route('() => "a"') });
    const used = startToolchain(createMemoryLogger());
    const facts = await used.bundleServer(await resolveConfig({}, root), [{ file: 'api/a.ts', method: '', path: '/api/a' }], join(tempDir('out-'), 'server', 'index.mjs'));
    await used.close();
    // The warm process did the work, and the facts came back with the answer.
    expect(idleToolchainPids()).toHaveLength(1);
    expect(Object.keys(facts.routes)).toEqual(['api/a.ts']);
  });

  it('bundles alike however it keeps its memory apart from the build\'s, and writes Rollup\'s cache first when asked to', async () => {
    // A process of one build, as the CLI's: only that one can collect its garbage when told to.
    keepToolchainsWarm(0);
    try {
      const root = writeSite({ 'src/server/routes/api/a.ts': route('() => "a"') });
      const config = await resolveConfig({}, root);
      const bundle = async (memory: BundleChoices['memory']) => {
        const out = tempDir('out-');
        const rollupCache = { file: join(out, 'rollup.cache'), key: 'k' };
        const toolchain = startToolchain(createMemoryLogger());
        const facts = await toolchain.bundleServer(config, [{ file: 'api/a.ts', method: '', path: '/api/a' }], join(out, 'server', 'index.mjs'), { rollupCache, memory });
        // Lean or apart, nothing of the build runs beside the process once it has answered.
        if (memory) expect(existsSync(rollupCache.file)).toBe(true);
        await toolchain.close();
        expect(existsSync(rollupCache.file)).toBe(true);
        return { facts, code: readFileSync(join(out, 'server', 'index.mjs'), 'utf8') };
      };
      const [lean, apart, beside] = [await bundle('lean'), await bundle('apart'), await bundle(undefined)];
      expect(lean.code).toContain('"a"');
      expect([apart, beside]).toEqual([lean, lean]);
    } finally {
      keepToolchainsWarm(suiteWarmMs);
    }
  });
});
