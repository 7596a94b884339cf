/**
 * No test runs a stale lib/: worker threads and the runtime that goes into bundles are loaded from
 * lib/, and the global setup compiles it from the current src/ before every run. Shown in a copy of
 * this repository: a runtime source is changed, one test file is run with vitest, and what it
 * prerenders carries the change. An output whose source is gone is deleted.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot, tempDir } from '../helpers.ts';

/** The probe test run in the copy: builds a one-route site and prints the type the manifest recorded. */
const probeTest = `
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { build } from '../src/index.ts';
import { tempDir } from './support/helpers.ts';

it('prerenders with the runtime in lib/', async () => {
  const root = tempDir('probe-site-');
  mkdirSync(join(root, 'src/server/routes/api'), { recursive: true });
  writeFileSync(join(root, 'src/server/routes/api/hello.ts'), "import { defineEventHandler } from 'h3';\\nexport default defineEventHandler(() => 'hi');\\n");
  const silent = { isTTY: false, info() {}, warn() {}, error() {}, progress() {} };
  const report = await build({ root, typecheck: false, logger: silent, config: { outDir: join(root, 'dist'), prerender: { routes: ['/api/hello'] } } });
  const manifest = JSON.parse(readFileSync(join(report.dir, 'prerender-manifest.json'), 'utf8'));
  console.log('PROBE-TYPE ' + manifest.routes[0].contentType);
  expect(report.ok).toBe(1);
});
`;

function run(args: string[], cwd: string) {
  return new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd, env: { ...process.env, NO_COLOR: '1', CI: 'true', SHARED_SAMPLE: 'off' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe('the global setup', () => {
  // A whole vitest run of its own, with its global setup: minutes on a loaded machine, never a hang.
  it('compiles a changed runtime source into lib/ before the tests of that run, prunes stale outputs and restores deleted ones', async () => {
    const copy = tempDir('repo-copy-');
    for (const entry of ['.ci', 'cli', 'src', 'lib', 'test/support/setup', 'test/support/helpers.ts', 'test/support/catch-error.ts', 'test/support/pids.ts', 'package.json', 'tsconfig.json', 'vitest.config.ts']) {
      cpSync(join(repoRoot, entry), join(copy, entry), { recursive: true });
    }
    symlinkSync(join(repoRoot, 'node_modules'), join(copy, 'node_modules'), 'dir');
    writeFileSync(join(copy, 'test/probe.test.ts'), probeTest);

    // The type a string result gets is set by the runtime (src/runtime/app.ts), inside the bundle.
    const app = join(copy, 'src/runtime/app.ts');
    const marked = `text/plain; charset=utf-8; probe=${process.pid}`;
    const source = readFileSync(app, 'utf8');
    const changed = source.replace(/export const textType = '[^']*';/, `export const textType = '${marked}';`);
    expect(changed, 'src/runtime/app.ts no longer declares textType: update this test').not.toBe(source);
    writeFileSync(app, changed);
    // The output of a source since deleted: a test that imports it must fail as on a fresh clone.
    const stale = join(copy, 'lib/src/runtime/deleted-source.js');
    writeFileSync(stale, 'export {};\n');
    // An output deleted by hand, its source unchanged: the incremental build alone would skip it.
    const deleted = join(copy, 'lib/src/runtime/url-path.js');
    rmSync(deleted);

    const { code, output } = await run([join(repoRoot, 'node_modules/vitest/vitest.mjs'), 'run', 'test/probe.test.ts'], copy);
    expect(output).toContain(`PROBE-TYPE ${marked}`);
    expect(code, output).toBe(0);
    expect(existsSync(stale), 'a stale lib/ output survived the global setup').toBe(false);
    expect(existsSync(deleted), 'a deleted lib/ output was not written again').toBe(true);
  }, 240_000);
});
