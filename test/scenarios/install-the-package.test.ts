/**
 * The package as users get it: `npm pack` in a clean clone (its prepack and postpack hooks run),
 * installed into a new site next to h3 and TypeScript 7 (npm's latest), then `npx prerender build`.
 * Installs come from npm's cache where it has the packages (`--prefer-offline`; the dev dependencies
 * put them there), else from the registry.
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, tempDir, writeSite } from '../support/helpers.ts';

const run = promisify(execFile);
const manifestOf = (folder: string) => JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as { version: string; scripts: Record<string, string> };
const version = (pkg: string) => (JSON.parse(readFileSync(join(repoRoot, 'node_modules', pkg, 'package.json'), 'utf8')) as { version: string }).version;

/**
 * A clean clone of the repository as it is now: its tracked files as in the working tree, committed
 * in a new git repository, with the repository's node_modules linked in (the link hidden from git,
 * as a folder `node_modules/` is by .gitignore). The repository's own files are never touched.
 */
async function cleanClone(): Promise<string> {
  const clone = tempDir('pack-clone-');
  const { stdout } = await run('git', ['ls-files', '-z'], { cwd: repoRoot });
  for (const file of stdout.split('\0').filter((name) => name && existsSync(join(repoRoot, name)))) cpSync(join(repoRoot, file), join(clone, file));
  const git = (...args: string[]) => run('git', ['-c', 'user.name=test', '-c', 'user.email=test@example.com', ...args], { cwd: clone });
  await git('init', '-q');
  await git('add', '-A');
  await git('commit', '-q', '-m', 'clone');
  symlinkSync(join(repoRoot, 'node_modules'), join(clone, 'node_modules'), 'dir');
  writeFileSync(join(clone, '.git', 'info', 'exclude'), '/node_modules\n');
  return clone;
}

describe('the packed tarball installed into a new site', () => {
  let clone: string;
  let site: string;
  let install: { stdout: string; stderr: string };

  beforeAll(async () => {
    const packs = tempDir('pack-');
    clone = await cleanClone();
    // With its scripts, as `npm pack` and `npm publish` run: prepack builds lib/ and strips the
    // manifest, postpack restores it.
    const packed = await run('npm', ['pack', '--json', '--pack-destination', packs], { cwd: clone });
    const tarball = join(packs, (JSON.parse(packed.stdout) as { filename: string }[])[0].filename);
    site = writeSite({
      'package.json': JSON.stringify({ name: 'packed-site', private: true, type: 'module' }),
      'prerender.config.ts': `import { defineConfig } from 'api-prerender';\nexport default defineConfig({ prerender: { routes: ['/api/hello.json'] } });\n`,
      'src/server/routes/api/hello.json.ts': `import { defineEventHandler } from 'h3';\nconst greeting: string = 'packed';\nexport default defineEventHandler(() => ({ greeting }));\n`,
    });
    const flags = ['--prefer-offline', '--no-audit', '--no-fund', '--save-dev'];
    install = await run('npm', ['install', ...flags, tarball, `h3@${version('h3')}`, `typescript@${version('typescript-7')}`], { cwd: site });
  }, 180_000);

  it('leaves the clone as it was: package.json byte-identical, git status clean', async () => {
    expect(readFileSync(join(clone, 'package.json'), 'utf8')).toBe(readFileSync(join(repoRoot, 'package.json'), 'utf8'));
    expect((await run('git', ['status', '--porcelain'], { cwd: clone })).stdout).toBe('');
  });

  it('installs without an install-script warning, with LICENSE and exactly one h3', () => {
    expect(install.stdout + install.stderr).not.toMatch(/install.scripts?/i);
    const installed = join(site, 'node_modules', 'api-prerender');
    expect(readFileSync(join(installed, 'LICENSE'), 'utf8')).toMatch(/^MIT License/);
    // A clone keeps `prepare` (npm ci builds lib/ there); the package leaves it out.
    expect(manifestOf(repoRoot).scripts.prepare).toBe('npm run build');
    expect(manifestOf(installed).scripts.prepare).toBeUndefined();
    expect(existsSync(join(installed, 'lib', 'cli', 'prerender.js'))).toBe(true);
    expect(existsSync(join(installed, 'node_modules', 'h3'))).toBe(false);
    expect(readdirSync(join(site, 'node_modules')).filter((name) => name === 'h3')).toEqual(['h3']);
  });

  it('ships two bins, prerender and api-prerender (npx api-prerender never resolves an unrelated package)', async () => {
    const installed = JSON.parse(readFileSync(join(site, 'node_modules', 'api-prerender', 'package.json'), 'utf8')) as { bin: Record<string, string> };
    expect(installed.bin).toEqual({ prerender: './lib/cli/prerender.js', 'api-prerender': './lib/cli/prerender.js' });
    for (const bin of ['prerender', 'api-prerender']) {
      const { stdout } = await run('npx', [bin, '--version'], { cwd: site });
      expect(stdout).toContain(`prerender/${manifestOf(repoRoot).version}`);
    }
  });

  it('builds the site with npx prerender build, type-checking a TypeScript 7 site with its own TypeScript', async () => {
    const { stderr } = await run('npx', ['prerender', 'build'], { cwd: site, env: { ...process.env, NO_COLOR: '1' } });
    expect(JSON.parse(readFileSync(join(site, 'dist', 'packed-site', 'public', 'api', 'hello.json'), 'utf8'))).toEqual({ greeting: 'packed' });
    expect(stderr).toContain(`type check: no errors (TypeScript ${version('typescript-7')}, the site's)`);
    expect(stderr).toContain('1 route ok, 0 failed');
  }, 120_000);
});
