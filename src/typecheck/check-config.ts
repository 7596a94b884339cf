/**
 * The tsconfig a check gives `tsc -p`, written under the site's `node_modules/.cache/api-prerender/`
 * rather than into the site's folder. It extends the site's tsconfig.json by its absolute path, so
 * every option keeps the meaning it has there (`paths`, `baseUrl`, `typeRoots` are relative to the
 * file that sets them), and lists the files to check by absolute path. The folders TypeScript walks
 * up from it for `node_modules/@types` and `types` packages pass through the site's `node_modules`
 * and every folder above: the same packages as from the site's own tsconfig.json.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { siteCacheDir } from '../paths.ts';
import { isProcessAlive } from '../process-alive.ts';

/** What to type-check: the site's TypeScript route files and config, and what they import. */
export interface TypeCheckTask {
  root: string;
  /** Absolute paths of the files to check (TypeScript only). */
  files: string[];
}

/** Compiler options for a site without tsconfig.json. */
const siteDefaults = {
  target: 'es2022',
  module: 'esnext',
  moduleResolution: 'bundler',
  resolveJsonModule: true,
  esModuleInterop: true,
  allowSyntheticDefaultImports: true,
  strict: true,
  skipLibCheck: true,
};

/**
 * What a check sets over the site's options: nothing is written, and `./x.ts` imports (which the
 * bundle takes) are fine without extra options. Where output would go is unset (`null`): TypeScript
 * 6 and 7 take a tsconfig's own folder as `rootDir` when `outDir` is set, and this tsconfig's folder
 * holds none of the files (TS6059 for every one); an explicit `rootDir` would refuse the config file,
 * which the check adds. Nothing is emitted, so neither says anything about types.
 */
const checkOverrides = {
  noEmit: true,
  allowImportingTsExtensions: true,
  composite: false,
  incremental: false,
  tsBuildInfoFile: null,
  outDir: null,
  rootDir: null,
  declarationDir: null,
};

/** `typecheck-<pid>-<n>.tsconfig.json` in the cache folder. */
const cachedName = /^typecheck-(\d+)-\d+\.tsconfig\.json$/;
/** The name earlier versions wrote into the site's folder. */
const rootName = /^\.prerender-typecheck-(\d+)-\d+\.tsconfig\.json$/;

/** The files this process wrote and has not removed yet: its own pid's others are a predecessor's. */
const inUse = new Set<string>();
let written = 0;

/**
 * Writes the tsconfig for checking `task` with a TypeScript of major version `major`, and returns its
 * path; {@link removeCheckConfig} removes it. At once (a file of a few hundred bytes): a check started
 * after bundling (a routes function's, `entries`') begins in the same turn of the event loop, not
 * behind the listing that goes on meanwhile (measured on a 0-route build whose check started after
 * bundling: 30-40 ms later through the thread pool).
 */
export function writeCheckConfig(task: TypeCheckTask, major: number): string {
  const dir = siteCacheDir(task.root);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `typecheck-${process.pid}-${written++}.tsconfig.json`);
  inUse.add(file);
  writeFileSync(file, JSON.stringify(checkConfig(task, major)));
  return file;
}

/** Removes a tsconfig {@link writeCheckConfig} wrote. */
export async function removeCheckConfig(file: string): Promise<void> {
  await rm(file, { force: true });
  inUse.delete(file);
}

/**
 * Removes the check tsconfig files of builds that are gone (killed before they could), in the cache
 * folder and, as earlier versions wrote them, in the site's folder. Never throws: they are litter,
 * not a reason to fail.
 */
export async function removeLeftoverConfigs(root: string): Promise<void> {
  for (const [dir, named] of [[siteCacheDir(root), cachedName], [root, rootName]] as const) {
    const names = await readdir(dir).catch(() => [] as string[]);
    for (const name of names) {
      const pid = Number(named.exec(name)?.[1]);
      const file = join(dir, name);
      if (!pid || inUse.has(file) || (pid !== process.pid && isProcessAlive(pid))) continue;
      await rm(file, { force: true }).catch(() => {});
    }
  }
}

/** The site's tsconfig.json, the one its editor and `tsc` use, if it has one. */
function siteTsconfig(root: string): string | undefined {
  const file = join(root, 'tsconfig.json');
  return existsSync(file) ? file : undefined;
}

function checkConfig(task: TypeCheckTask, major: number) {
  const files = task.files;
  const tsconfig = siteTsconfig(task.root);
  if (tsconfig) return { extends: tsconfig, compilerOptions: checkOverrides, files, include: [] };
  // TypeScript 6 and later see no @types package unless `types` names it; `*` (which 5 does not
  // know) is 5's default: all of them.
  const types = major >= 6 ? { types: ['*'] } : {};
  return { compilerOptions: { ...siteDefaults, ...types, ...checkOverrides }, files };
}
