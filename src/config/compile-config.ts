import { rm } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join } from 'node:path';
import json from '@rollup/plugin-json';
import { rollup } from 'rollup';
import { toBuildError } from '../bundle/rollup-options.ts';
import { typescriptPlugin } from '../bundle/typescript.ts';
import { publicEntry } from '../paths.ts';

/**
 * Bundles a TypeScript config with the same Rollup + TypeScript toolchain as the routes (as Rollup's
 * own --configPlugin does) into an ES module beside the config, so its bare imports resolve from the
 * site, and returns that file's path. The caller imports it and removes it. `prerender build` runs
 * this in its toolchain worker; the dev and preview servers import it when they load a TS config.
 */
export async function compileConfig(file: string): Promise<string> {
  const bundle = await rollup({
    input: file,
    plugins: [
      {
        name: 'api-prerender:self',
        resolveId: (id) => (id === 'api-prerender' ? { id: publicEntry, external: true } : null),
      },
      typescriptPlugin(dirname(file)),
      json(),
    ],
    // Bare imports stay imports, resolved from the site; 'api-prerender' is this package (above).
    external: (id) => id !== 'api-prerender' && !id.startsWith('.') && !isAbsolute(id) && !id.startsWith('\0'),
    onwarn: () => {},
  }).catch((error: unknown) => {
    throw toBuildError(error, dirname(file));
  });
  const out = join(dirname(file), `${basename(file)}.timestamp-${Date.now()}-${process.pid}.mjs`);
  try {
    await bundle.write({ file: out, format: 'es' });
    return out;
  } catch (error) {
    await rm(out, { force: true });
    throw error;
  } finally {
    await bundle.close();
  }
}
