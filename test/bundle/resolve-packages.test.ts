/**
 * resolvePackages (src/bundle/resolve-packages.ts): a package installed after a build that failed for
 * want of it is found by the next build in the same process, as `prerender dev` and a kept toolchain
 * process build again.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { rollup, type PluginContext } from 'rollup';
import { describe, expect, it } from 'vitest';
import { resolvePackages } from '../../src/bundle/resolve-packages.ts';
import { writeSite } from '../support/helpers.ts';

const bundle = async (root: string) => {
  const build = await rollup({ input: join(root, 'entry.js'), plugins: [resolvePackages({ rootDir: root })], onwarn: (warning) => { throw new Error(warning.message); } });
  const { output } = await build.generate({ format: 'es' });
  await build.close();
  return output[0].code;
};

describe('resolvePackages', () => {
  it('finds a package installed after a build failed for want of it', async () => {
    const root = writeSite({ 'entry.js': "import word from 'late-package';\nconsole.log(word);\n" });
    await expect(bundle(root)).rejects.toThrow(/late-package/);
    mkdirSync(join(root, 'node_modules', 'late-package'), { recursive: true });
    writeFileSync(join(root, 'node_modules', 'late-package', 'package.json'), JSON.stringify({ name: 'late-package', main: 'main.js' }));
    writeFileSync(join(root, 'node_modules', 'late-package', 'main.js'), "export default 'installed late';\n");
    expect(await bundle(root)).toContain("'installed late'");
  });

  it('finds it too when a lookup of it was still under way as the failed build ended (a route file importing it, beside the check that failed)', async () => {
    const root = writeSite({ 'entry.js': "import word from 'late-package';\nconsole.log(word);\n" });
    const plugins = [
      {
        name: 'fails-at-start',
        buildStart(this: PluginContext) {
          // A lookup of the package, left running: it ends after the build has.
          void this.resolve('late-package', join(root, 'entry.js')).catch(() => undefined);
          throw new Error('stopped at the start');
        },
      },
      resolvePackages({ rootDir: root }),
    ];
    await expect(rollup({ input: join(root, 'entry.js'), plugins })).rejects.toThrow('stopped at the start');
    await new Promise((resolve) => setTimeout(resolve, 50));
    mkdirSync(join(root, 'node_modules', 'late-package'), { recursive: true });
    writeFileSync(join(root, 'node_modules', 'late-package', 'package.json'), JSON.stringify({ name: 'late-package', main: 'main.js' }));
    writeFileSync(join(root, 'node_modules', 'late-package', 'main.js'), "export default 'installed late';\n");
    expect(await bundle(root)).toContain("'installed late'");
  });
});
