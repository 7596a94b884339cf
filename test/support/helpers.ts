/** Shared by the test files: temporary sites, builds into temporary folders, the real bin. */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type BuildOptions } from '../../src/index.ts';
import { createMemoryLogger } from '../../src/log.ts';
import { catchError } from './catch-error.ts';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const fixturesDir = join(repoRoot, 'test', 'support', 'fixtures');
export const binPath = join(repoRoot, 'lib', 'cli', 'prerender.js');

const made: string[] = [];

/** Removes every folder {@link tempDir} made; run after each test file (test/support/setup/temp-dirs.ts). */
export function removeTempDirs(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** A fresh folder under the OS temp folder, removed after the test file. */
export function tempDir(prefix = 'api-prerender-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/** Writes `files` (path -> content) into a new temporary site and returns its root. */
export function writeSite(files: Record<string, string>, root = tempDir('site-')): string {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}

/** A route file body: `export default defineEventHandler(<body>)`. */
export function route(body: string, imports = 'defineEventHandler'): string {
  return `import { ${imports} } from 'h3';\nexport default defineEventHandler(${body});\n`;
}

/** The cache folder of each site of the repository, for the builds of one test file. */
const repoCacheDirs = new Map<string, string>();

/**
 * Builds a site with a memory logger. `outDir` defaults to a temporary folder so that fixture
 * sites in the repository are never written to and test files can run in parallel; for the same
 * reasons a site of the repository keeps its cache (`cacheDir`) in a temporary folder, shared by the
 * builds of that site in one test file. Other sites keep the default, inside the site.
 */
export async function buildSite(root: string, options: BuildOptions = {}) {
  const logger = createMemoryLogger();
  const outDir = options.config?.outDir ?? tempDir('out-');
  const config = { outDir, ...options.config };
  if (config.cacheDir === undefined && !relative(repoRoot, root).startsWith('..')) {
    let cacheDir = repoCacheDirs.get(root);
    if (cacheDir === undefined || !existsSync(cacheDir)) repoCacheDirs.set(root, (cacheDir = tempDir('cache-')));
    config.cacheDir = cacheDir;
  }
  const report = await build({ root, typecheck: false, logger, ...options, config });
  return { report, logger, outDir, dir: report.dir };
}

/** Builds `files` into a fresh outDir expecting an error; returns it, the outDir and the log. */
export async function failBuild(files: Record<string, string>, options: BuildOptions = {}) {
  const outDir = tempDir('out-');
  const logger = createMemoryLogger();
  const error = await catchError(() => buildSite(writeSite(files), { logger, ...options, config: { outDir, ...options.config } }));
  return { error, outDir, lines: logger.lines };
}

/**
 * Runs the real `prerender` bin and collects its output and exit code. `openFiles` runs it with that
 * limit of open files (`ulimit -n`, through bash).
 */
export function runCli(args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv; timeout?: number; openFiles?: number } = {}) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const [command, ...commandArgs] =
      options.openFiles === undefined ? [process.execPath, binPath, ...args] : ['bash', '-c', `ulimit -n ${options.openFiles} && exec "$0" "$@"`, process.execPath, binPath, ...args];
    const child = spawn(command, commandArgs, {
      cwd: options.cwd ?? repoRoot,
      env: { ...process.env, NO_COLOR: '1', ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeout ?? 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
