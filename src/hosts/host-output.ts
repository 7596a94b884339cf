/**
 * What each preset adds to `public/` for its host (SPEC section 5, "Hosts"): `_headers` for Netlify and
 * Cloudflare Pages (within Cloudflare's limits for `static` and `cloudflare`), Cloudflare's file
 * limits, GitHub Pages' `.nojekyll` and its refusal of mistyped files, Vercel's Build Output API.
 * Everything a preset needs is in this folder, but for the host configuration files our servers do
 * not serve either (runtime/host-files.ts: the server bundle carries that list).
 */
import { existsSync } from 'node:fs';
import { stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Preset } from '../config/types.ts';
import { errors } from '../errors.ts';
import { warnings } from '../warnings.ts';
import { warn, type Logger } from '../log.ts';
import { cloudflareLimits, type TypedFile } from './header-rules.ts';
import { writeHeadersFile } from './headers-file.ts';
import { createHeaderRulePlanner, type HeaderRulePlanner, type PublicFiles } from './plan-header-rules.ts';
import { listFiles } from '../output/list-files.ts';
import { writingTo } from '../output/output-file.ts';
import { sameType } from '../content-type.ts';
import { hostType, type Host } from './host-types.ts';
import { isHostConfigFile } from '../runtime/host-files.ts';
import { cloudflarePages } from '../runtime/files-alone.ts';
import { writeVercelOutput } from './vercel-output.ts';

/**
 * The hosts whose deploy serves `public/` and nothing else, by preset: routes not prerendered there
 * are gone (the build warns, UNSERVED_ROUTE). `static` is not one: its output is `public/` for any
 * host beside `server/index.mjs` for the rest, as a site with a Node server deploys it.
 */
export const staticHosts: Partial<Record<Preset, string>> = {
  netlify: 'Netlify',
  cloudflare: cloudflarePages,
  vercel: 'Vercel',
  'github-pages': 'GitHub Pages',
};

/**
 * The hosts that send each file with the type their own table gives its extension, reading none of
 * the build's types or headers (no `_headers`, no config): `prerender preview` serves their builds so.
 */
export const ownTypesHosts: Partial<Record<Preset, Host>> = {
  'github-pages': 'github-pages',
};

/**
 * Where each static host's deploy takes its files from, as the UNSERVED_ROUTE warning names it, with
 * what it leaves out; `public/` for the others.
 */
export const servedFiles: Partial<Record<Preset, string>> = {
  vercel: '.vercel/output/static/ (preset "vercel", which writes no Vercel functions)',
};

/**
 * How the output of a build is deployed, as the README's table of presets says (`dir` as shown,
 * `dist/<name>`): never `dir` whole, which holds the server, the report and the manifest too.
 * @example deployCommand('netlify', 'dist/blog') // 'netlify deploy --prod --dir dist/blog/public'
 */
export function deployCommand(preset: Preset, dir: string): string {
  const folder = deployedFolder(preset, dir, '/');
  switch (preset) {
    case 'netlify':
      return `netlify deploy --prod --dir ${folder}`;
    case 'cloudflare':
      return `npx wrangler pages deploy ${folder} --project-name <your Pages project> (with CLOUDFLARE_API_TOKEN and CLOUDFLARE_ACCOUNT_ID set in CI)`;
    case 'vercel':
      return `cd ${folder} && vercel deploy --prebuilt`;
    case 'github-pages':
      return `publish ${folder} (actions/upload-pages-artifact with path: ${folder})`;
    case 'static':
      return `upload ${folder} (or run node ${dir}/server/index.mjs, which serves it and the routes not prerendered)`;
  }
}

/**
 * The folder of a build's output (`dir`) that is deployed to the preset's host: `public/`, or for
 * `vercel` the output itself, whose `.vercel/output` its CLI reads; joined with `separator`.
 * @example deployedFolder('netlify', '/site/dist/blog', '/') // '/site/dist/blog/public'
 */
export function deployedFolder(preset: Preset, dir: string, separator: string): string {
  return preset === 'vercel' ? dir : `${dir}${separator}public`;
}

/** Whether the preset's output has a `_headers` file (Netlify and Cloudflare Pages read it; `static` writes it for either). */
export const writesHeaders = (preset: Preset) => preset === 'static' || preset === 'netlify' || preset === 'cloudflare';

/** Cloudflare Pages' largest file, and the file count past which a deploy needs a paid plan. */
const cloudflareFiles = { bytes: 25 * 1024 * 1024, shown: '25 MiB', count: 20_000 };

/** What the preset needs beyond the files; narrow on purpose. */
export interface HostOutputInput {
  preset: Preset;
  mistypedFiles: 'error' | 'warn';
  /** The build's folder (`dist/<name>` being staged) and its `public/`. */
  distDir: string;
  publicDir: string;
  /** Every file of `public/`: the routes' (read again, as from the manifest) and the others. */
  files: PublicFiles;
  /** The `_headers` rules planned as the routes' files were written (a build's); absent, they are planned here from `files`. */
  rules?: HeaderRulePlanner;
  logger: Logger;
}

/** Writes the preset's host files; returns the files it added to the output (`_headers`, `.nojekyll`, `.vercel/output/config.json`). */
export async function writeHostOutput(input: HostOutputInput): Promise<string[]> {
  const { preset, publicDir, files } = input;
  const rules = async () => input.rules ?? (await planFrom(files, input.distDir));
  switch (preset) {
    case 'static':
      return headersFile(await writeHeadersFile(publicDir, await rules(), files, cloudflareLimits));
    case 'netlify':
      return headersFile(await writeHeadersFile(publicDir, await rules(), files));
    case 'cloudflare':
      await checkCloudflareFiles(publicDir, input.logger);
      if (existsSync(join(publicDir, 'index.html')) && !existsSync(join(publicDir, '404.html'))) warn(input.logger, warnings.singlePageFallback(cloudflarePages));
      return headersFile(await writeHeadersFile(publicDir, await rules(), files, cloudflareLimits));
    case 'github-pages': {
      const written = await routeFiles(files);
      checkGithubTypes(written, input.mistypedFiles, input.logger);
      warnDroppedHeaders('GitHub Pages', written, input.logger);
      // Without it, GitHub Pages runs Jekyll over the output, which drops files starting with "_".
      await writingTo(join(publicDir, '.nojekyll'), () => writeFile(join(publicDir, '.nojekyll'), ''));
      return ['.nojekyll'];
    }
    case 'vercel':
      await writeVercelOutput(input.distDir, publicDir, await routeFiles(files));
      return ['.vercel/output/config.json'];
  }
}

/** `_headers` when it was written (it has rules), else nothing. */
const headersFile = (rules: number): string[] => (rules > 0 ? ['_headers'] : []);

/**
 * The files of `publicDir` when the route files are all in memory (`routes`, a merge's): the others
 * are listed from disk, the host's configuration files left out.
 */
export function listedFiles(routes: TypedFile[], publicDir: string): PublicFiles {
  return {
    async *routes() {
      yield* routes;
    },
    others() {
      const routeFiles = new Set(routes.map((entry) => entry.file));
      return listFiles(publicDir, (file) => !routeFiles.has(file) && !isHostConfigFile(file.split('/')));
    },
  };
}

/** A planner told every route file of `files`, its rules spilling into `distDir` when many. */
async function planFrom(files: PublicFiles, distDir: string): Promise<HeaderRulePlanner> {
  const planner = createHeaderRulePlanner(distDir);
  for await (const file of files.routes()) planner.add(file);
  return planner;
}

/** The route files of `files`, all at once: GitHub Pages' check and Vercel's config list every one. */
async function routeFiles(files: PublicFiles): Promise<TypedFile[]> {
  const all: TypedFile[] = [];
  for await (const file of files.routes()) all.push(file);
  return all;
}

/** GitHub Pages types files by extension and reads no header rules. */
function checkGithubTypes(files: TypedFile[], policy: 'error' | 'warn', logger: Logger): void {
  const wrong = files.filter((file) => !sameType(hostType('github-pages', file.file), file.contentType));
  if (wrong.length === 0) return;
  const lines = wrong.map((file) => `  ${file.route} (${file.file}): answered ${file.contentType}, served as ${hostType('github-pages', file.file)}`);
  if (policy === 'error') throw errors.mistypedFiles('GitHub Pages', lines);
  warn(logger, warnings.mistypedFiles('GitHub Pages', lines));
}

/** Route files shown by name in HEADERS_DROPPED; past them, a count. */
const droppedShown = 5;

/** Warns of the headers a handler set (carried-headers.ts) that `host`, reading no header rules, will not send. */
function warnDroppedHeaders(host: string, files: TypedFile[], logger: Logger): void {
  const carrying = files.filter((file) => file.headers !== undefined && file.headers.length > 0);
  if (carrying.length === 0) return;
  const lines = carrying.slice(0, droppedShown).map((file) => `  ${file.route ?? file.file}: ${file.headers!.map(([name]) => name).join(', ')}`);
  warn(logger, warnings.headersDropped(host, lines, carrying.length));
}

async function checkCloudflareFiles(publicDir: string, logger: Logger): Promise<void> {
  const files = await listFiles(publicDir);
  const large: string[] = [];
  for (const file of files) {
    const { size } = await stat(join(publicDir, file));
    if (size > cloudflareFiles.bytes && !isHostConfigFile(file.split('/'))) large.push(`  ${file} (${size} bytes)`);
  }
  large.sort();
  if (large.length > 0) throw errors.fileTooLarge('Cloudflare Pages', cloudflareFiles.shown, large);
  if (files.length > cloudflareFiles.count) {
    warn(logger, warnings.manyFiles('Cloudflare Pages', files.length, cloudflareFiles.count));
  }
}
