import { rm } from 'node:fs/promises';
import { isBuiltin } from 'node:module';
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import json from '@rollup/plugin-json';
import { resolvePackages } from './resolve-packages.ts';
import { rollup, type Plugin } from 'rollup';
import { errors } from '../errors.ts';
import { unresolvedPackage } from '../installed-package.ts';
import { toBuildError } from './rollup-options.ts';
import { typescriptPlugin } from './typescript.ts';
import { publicEntry } from '../paths.ts';
import { compiledConfigFile, unwritable } from './config-cache.ts';

/**
 * Keeps each bare import (`pkg`, `node:fs`) an import in the compiled config, for Node to load from
 * the site, once node-resolve has found the package it names; one it cannot find is left to Rollup,
 * which reports it as UNRESOLVED_IMPORT with the importer and the specifier.
 */
function installedPackages(): Plugin {
  return {
    name: 'api-prerender:config-packages',
    async resolveId(source, importer, options) {
      // A subpath import (`#config/routes`) is the site's own file: bundled, as Node would not resolve
      // it from the compiled config's folder, which is in no package of the site.
      if (source === 'api-prerender' || source.startsWith('.') || source.startsWith('#') || isAbsolute(source) || source.startsWith('\0')) return null;
      if (isBuiltin(source)) return { id: source, external: true };
      const found = await this.resolve(source, importer, { ...options, skipSelf: true });
      return found ? { id: source, external: true } : null;
    },
  };
}

/**
 * `import.meta.url`, `.filename` and `.dirname` in the config and the modules it imports are theirs,
 * as if Node ran the sources, not the compiled file's, which lies elsewhere.
 */
function sourceImportMeta(): Plugin {
  return {
    name: 'api-prerender:config-import-meta',
    resolveImportMeta(property, { moduleId }) {
      if (property === 'url') return JSON.stringify(pathToFileURL(moduleId).href);
      if (property === 'filename') return JSON.stringify(moduleId);
      if (property === 'dirname') return JSON.stringify(dirname(moduleId));
      return null;
    },
  };
}

/**
 * Bundles a TypeScript config (or a JavaScript one Node would not load as an ES module as it is:
 * config/config-format.ts) with the same Rollup + TypeScript toolchain as the routes (as Rollup's
 * own --configPlugin does) into an ES module in the site's node_modules/.cache (config-cache.ts), so
 * its bare imports resolve from the site, and returns that file's path. Its inline source map leads
 * stack traces back to the config's lines. The caller imports it and removes it. `prerender build`
 * runs this in its toolchain worker; the dev and preview servers import it when they load a TS config.
 */
export async function compileConfig(file: string): Promise<string> {
  const bundle = await rollup({
    input: file,
    plugins: [
      {
        name: 'api-prerender:self',
        resolveId: (id) => (id === 'api-prerender' ? { id: publicEntry, external: true } : null),
      },
      installedPackages(),
      sourceImportMeta(),
      typescriptPlugin(dirname(file)),
      resolvePackages({ exportConditions: ['node', 'import'], preferBuiltins: true, rootDir: dirname(file) }),
      json(),
    ],
    // A bare import that no package answers: name it, and the file importing it, before Node would
    // report it against the compiled file with no name of the package.
    onwarn: (warning) => {
      if (warning.code === 'UNRESOLVED_IMPORT') {
        const source = warning.exporter ?? '?';
        const importer = warning.id ?? file;
        const { installed, meant } = unresolvedPackage(source, importer);
        throw errors.unresolvedImport(relative(dirname(file), importer), source, installed, meant);
      }
    },
  }).catch((error: unknown) => {
    throw toBuildError(error, dirname(file));
  });
  try {
    const out = await compiledConfigFile(file);
    // The map names each source by its URL: relative to the compiled file, it led somewhere else where
    // node_modules is a link (Node reads it from where the link leads: another site's config).
    const sourcemapPathTransform = (source: string) => pathToFileURL(resolve(dirname(out), source)).href;
    await bundle.write({ file: out, format: 'es', sourcemap: 'inline', sourcemapPathTransform }).catch(async (error: unknown) => {
      await rm(out, { force: true }).catch(() => {});
      unwritable(dirname(out))(error);
    });
    return out;
  } finally {
    await bundle.close();
  }
}
