/**
 * Where the dev server's builds go: one ES module per source module (Rollup's `preserveModules`), each
 * at a place that depends on its own id alone, so a build of some route files writes the modules of
 * those files where every earlier build put them, and the modules they import from earlier builds are
 * where those builds put them. Only files whose bytes changed are written, each by a rename, so a
 * thread that imports a module while a build writes reads the whole file, old or new.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import type { OutputOptions, RollupOutput } from 'rollup';

/**
 * The output file (relative to the output folder) of the module `id`: the site's files under `site/`
 * by their path from the root, files above the root under `up<N>/`, Rollup's and the plugins' virtual
 * modules at the top (so that `__dirname` there is the output folder, as it is the bundle's folder in
 * a build). A query (`?commonjs-proxy`) gets a hash of its own. `[`, `]` and `~` are written `~5B`, `~5D`
 * and `~7E`: Rollup reads brackets in a name as its placeholders (`[name]`), and route files have
 * them (`[id].ts`); `%` would be read as an escape in the module's URL.
 * @example devModuleName('/site/src/a.ts', '/site') // 'site/src/a.ts.mjs'
 */
export function devModuleName(id: string, root: string): string {
  if (id.startsWith('\0') || !isAbsolute(id)) return `virtual-${id.replace(/[^\w.-]+/g, '_').slice(-60)}-${hashOf(id)}.mjs`;
  const query = id.indexOf('?');
  const path = query === -1 ? id : id.slice(0, query);
  const suffix = query === -1 ? '' : `-${hashOf(id.slice(query))}`;
  const segments = relative(root, path).split(sep);
  const up = segments.filter((segment) => segment === '..').length;
  // Another drive (Windows): no relative path leads there.
  const place = isAbsolute(segments.join('/')) ? ['abs', ...segments.join('/').replace(/:/g, '').split('/')] : [up === 0 ? 'site' : `up${up}`, ...segments.slice(up)];
  return `${place.join('/')}${suffix}.mjs`.replace(/[~[\]]/g, (char) => `~${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * Rollup output options of the dev builds into `dir`: one module per source module, with its source
 * map beside it (whose paths to the sources are relative to `dir`).
 */
export function devOutputOptions(root: string, dir: string): OutputOptions {
  const name = (chunk: { facadeModuleId: string | null; name: string }) => devModuleName(chunk.facadeModuleId ?? chunk.name, root);
  return { dir, format: 'es', preserveModules: true, entryFileNames: name, chunkFileNames: name, generatedCode: 'es2015', sourcemap: true, sourcemapExcludeSources: true };
}

/** Writes builds' output into one folder, each file only when its bytes differ from what is there. */
export interface OutputWriter {
  /** Writes the files of `output` that changed; returns how many. */
  write(output: RollupOutput['output']): number;
}

/** A writer into `dir`, which starts empty. */
export function createOutputWriter(dir: string): OutputWriter {
  const written = new Map<string, string>();
  const folders = new Set<string>();
  return {
    write(output) {
      let count = 0;
      for (const file of output) {
        const bytes = file.type === 'chunk' ? file.code : file.source;
        const hash = createHash('sha1').update(bytes).digest('base64');
        if (written.get(file.fileName) === hash) continue;
        const path = join(dir, file.fileName);
        if (!folders.has(dirname(path))) mkdirSync(dirname(path), { recursive: true });
        folders.add(dirname(path));
        writeFileSync(`${path}.tmp`, bytes);
        renameSync(`${path}.tmp`, path);
        written.set(file.fileName, hash);
        count++;
      }
      return count;
    },
  };
}

function hashOf(text: string): string {
  return createHash('sha1').update(text).digest('hex').slice(0, 8);
}
