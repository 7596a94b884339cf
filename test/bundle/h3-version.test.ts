/**
 * A site without h3, or with h3 v1: api-prerender needs h3 v2, and says so (the version found, the
 * install command; exit code 2) before bundling, instead of Node's ERR_MODULE_NOT_FOUND or "does not
 * provide an export named 'H3'". The package is installed in the site as npm lays it out
 * (installed-site.ts). h3 v1 is installed from npm once into a cache folder outside the repository.
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../support/helpers.ts';
import { installedBin, installedSite, prerender } from '../support/installed-site.ts';
import { startBinServer } from '../support/bin-server.ts';
import { ask, pollUntil } from '../support/poll.ts';

const run = promisify(execFile);
const h3v1Cache = join(homedir(), '.cache', 'api-prerender-h3-1');
const h3v1 = join(h3v1Cache, 'node_modules', 'h3');

describe('h3 missing or not v2', () => {
  beforeAll(async () => {
    if (!existsSync(join(h3v1, 'package.json'))) {
      await run('npm', ['install', '--prefix', h3v1Cache, '--no-audit', '--no-fund', '--no-save', '--prefer-offline', 'h3@1']);
    }
  }, 120_000);

  it('without h3: exit code 2, saying that h3 v2 is needed and how to install it, and nothing before it; nothing is written', async () => {
    const root = installedSite();
    const { code, stdout, stderr } = await prerender(root, ['build', '--json']);
    expect(code, stderr).toBe(2);
    // The type check's errors of every import of h3 (TS2307) are the same mistake: not printed first.
    expect(stderr).not.toMatch(/TS2307|type check/);
    expect(JSON.parse(stdout).warnings).toEqual([]);
    expect(stderr).toContain('error api-prerender needs h3 v2, and h3 is not installed where it looks for it (the site\'s node_modules).');
    expect(stderr).toContain('  hint: Install it in the site: npm install h3@^2');
    expect(stderr).not.toMatch(/ERR_MODULE_NOT_FOUND|^\s+at /m);
    expect(JSON.parse(stdout).error.code).toBe('DEPENDENCY');
    expect(existsSync(join(root, 'dist', 'h3-site'))).toBe(false);
  });

  it('without h3, prerender dev prints the same as its build error, keeps serving, and serves the routes once h3 is installed, without a save', async () => {
    const root = installedSite();
    const server = await startBinServer('dev', root, [], installedBin(root));
    try {
      await server.waitForStderr("error api-prerender needs h3 v2, and h3 is not installed where it looks for it (the site's node_modules).\n  hint: Install it in the site: npm install h3@^2");
      expect(server.stderr()).not.toMatch(/ERR_MODULE_NOT_FOUND|^\s+at /m);
      expect(JSON.parse((await ask(`${server.url}/api/hi.txt`)).body).code).toBe('DEPENDENCY');
      // As `npm install` lays it out: the package, then npm's record of the install, last (package.json unchanged).
      symlinkSync(join(repoRoot, 'node_modules', 'h3'), join(root, 'node_modules', 'h3'), 'dir');
      writeFileSync(join(root, 'node_modules', '.package-lock.json'), '{}\n');
      const answer = await pollUntil(`${server.url}/api/hi.txt`, (a) => a.status === 200);
      expect(answer.body).toBe('hi');
      // A browser's request too, which dev routes itself (a page of the routes for a path none serves).
      expect(await ask(`${server.url}/api/hi.txt`, { headers: { accept: 'text/html' } })).toMatchObject({ status: 200, body: 'hi' });
    } finally {
      await server.stop();
    }
  });

  it('with h3 v1: exit code 2, naming the version found and the install command', async () => {
    const version = (JSON.parse(readFileSync(join(h3v1, 'package.json'), 'utf8')) as { version: string }).version;
    expect(version).toMatch(/^1\./);
    const root = installedSite({ copy: join(h3v1Cache, 'node_modules') });
    const { code, stderr } = await prerender(root, ['build']);
    expect(code, stderr).toBe(2);
    expect(stderr).toContain(`error api-prerender needs h3 v2; the h3 installed in the site (node_modules/h3) is version ${version}.`);
    expect(stderr).toContain('  hint: Install h3 v2: npm install h3@^2 (route files written for h3 v1 need the changes in h3\'s v2 migration guide).');
    expect(stderr).not.toMatch(/does not provide an export named|^\s+at /m);
    // No bundler warning before it about api-prerender's own imports (h3 v1 has no `h3/node`).
    expect(stderr).not.toMatch(/warning|h3\/node/);
  });

  it('prerender dev says so as soon as h3 v1 is installed over v2, without a save, and serves again once v2 is back', async () => {
    const root = installedSite(join(repoRoot, 'node_modules', 'h3'));
    const server = await startBinServer('dev', root, [], installedBin(root));
    // As `npm install` lays out another version: the package replaced, then npm's record of the install.
    const install = (h3: string, record: string) => {
      rmSync(join(root, 'node_modules', 'h3'));
      symlinkSync(h3, join(root, 'node_modules', 'h3'), 'dir');
      writeFileSync(join(root, 'node_modules', '.package-lock.json'), record);
    };
    try {
      expect((await ask(`${server.url}/api/hi.txt`)).body).toBe('hi');
      install(h3v1, '{}\n');
      const refused = await pollUntil(`${server.url}/api/hi.txt`, (a) => a.status === 500);
      expect(JSON.parse(refused.body)).toMatchObject({ code: 'DEPENDENCY', message: expect.stringMatching(/^api-prerender needs h3 v2; the h3 installed in the site \(.*\) is version 1\./) });
      install(join(repoRoot, 'node_modules', 'h3'), '{ }\n');
      expect((await pollUntil(`${server.url}/api/hi.txt`, (a) => a.status === 200)).body).toBe('hi');
      // The threads started while v1 was installed fail to load the runtime: ended unheard, not printed.
      expect(server.stderr()).not.toMatch(/promise rejected|does not provide an export named/);
    } finally {
      await server.stop();
    }
  });

  it('with h3 v2 the same layout builds; preview serves the build after h3 is gone (the bundle carries its own)', async () => {
    const root = installedSite(join(repoRoot, 'node_modules', 'h3'));
    const built = await prerender(root, ['build']);
    expect(built.code, built.stderr).toBe(0);
    expect(readFileSync(join(root, 'dist', 'h3-site', 'public', 'api', 'hi.txt'), 'utf8')).toBe('hi');
    rmSync(join(root, 'node_modules', 'h3'));
    const server = await startBinServer('preview', root, [], installedBin(root));
    try {
      const response = await fetch(`${server.url}/api/hi.txt`);
      expect([response.status, await response.text()]).toEqual([200, 'hi']);
    } finally {
      await server.stop();
    }
  });
});
