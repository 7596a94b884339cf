/**
 * The check runs a `tsc`: the site's own (TypeScript 5, 6 or 7), or api-prerender's TypeScript 7 for
 * a site without one. Every TypeScript reports the same lines; one that cannot check hands the check
 * to ours with one warning saying why; the tsconfig written for the check is never in the site's
 * folder and never outlives the check (failed builds, a check stopped, a build killed: the next
 * build removes it).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { BuildOptions } from '../../src/pipeline/build.ts';
import { scheduleTypeCheck } from '../../src/typecheck/schedule-typecheck.ts';
import { createMemoryLogger } from '../../src/log.ts';
import { siteCacheDir } from '../../src/paths.ts';
import { findTsc } from '../../src/typecheck/find-tsc.ts';
import { siteTypeScriptPackage } from '../../src/typecheck/site-package.ts';
import { catchError } from '../support/catch-error.ts';
import { buildSite, repoRoot, route, tempDir, writeSite } from '../support/helpers.ts';
import { deadPid, isRunning } from '../support/pids.ts';

const api = 'src/server/routes/api';
const typeError = `${api}/count.json.ts:2:7: TS2322: Type 'string' is not assignable to type 'number'.`;
const countRoute = `import { defineEventHandler } from 'h3';\nconst count: number = 'three';\nexport default defineEventHandler(() => ({ count }));\n`;
const versionOf = (name: string) => (JSON.parse(readFileSync(join(repoRoot, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
const ownNative = versionOf('typescript-7');

/** A site with h3, and the node_modules packages named in `link` (name: folder under this repo's node_modules). */
function site(files: Record<string, string>, link: Record<string, string> = {}): string {
  const root = writeSite({ [`${api}/count.json.ts`]: countRoute, ...files });
  mkdirSync(join(root, 'node_modules', '@types'), { recursive: true });
  for (const [name, from] of Object.entries({ h3: 'h3', ...link })) symlinkSync(join(repoRoot, 'node_modules', from), join(root, 'node_modules', name), 'dir');
  return root;
}

const check = (root: string, options: BuildOptions = {}) => buildSite(root, { typecheck: true, config: { prerender: { routes: ['/api/count.json'] } }, ...options });
const checkLines = (lines: string[]) => lines.filter((line) => line.startsWith('warning ') || line.startsWith('type check:'));
/** Check tsconfig files: in the cache folder, and in the site's folder where earlier versions wrote them. */
const leftovers = (root: string) => [
  ...readdirSync(root).filter((name) => name.includes('typecheck')),
  ...(existsSync(siteCacheDir(root)) ? readdirSync(siteCacheDir(root)) : []),
];

describe('every TypeScript reports the same lines', () => {
  const files = {
    'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, module: 'esnext', moduleResolution: 'bundler', skipLibCheck: true, types: [] } }),
    'src/server/lib/(shared) x/handler.ts': 'export const handle: (a: string) => void = (a: number) => {};\n',
    [`${api}/count.json.ts`]: `import { defineEventHandler } from 'h3';\nimport { handle } from '../../lib/(shared) x/handler.ts';\nconst count: number = 'three';\nexport default defineEventHandler(() => ({ count, handle: typeof handle }));\n`,
  };
  const chained = [
    `warning src/server/lib/(shared) x/handler.ts:1:14: TS2322: Type '(a: number) => void' is not assignable to type '(a: string) => void'.`,
    `  Types of parameters 'a' and 'a' are incompatible.`,
    `    Type 'string' is not assignable to type 'number'.`,
  ].join('\n');
  const warnings = [chained, `warning ${api}/count.json.ts:3:7: TS2322: Type 'string' is not assignable to type 'number'.`];

  it.each([
    { typescript: undefined, from: "api-prerender's", version: ownNative },
    { typescript: 'typescript-5', from: "the site's", version: versionOf('typescript-5') },
    { typescript: 'typescript-6', from: "the site's", version: versionOf('typescript-6') },
    { typescript: 'typescript-7', from: "the site's", version: ownNative },
  ])('TypeScript $version ($from): chained messages and odd paths included', async ({ typescript, from, version }) => {
    const { logger } = await check(site(files, typescript ? { typescript } : {}));
    expect(checkLines(logger.lines)).toEqual([...warnings, `type check: 2 errors, printed above as warnings (TypeScript ${version}, ${from})`]);
  });
});

describe('a site without tsconfig.json', () => {
  it.each([undefined, 'typescript-5', 'typescript-6'])('sees every @types package, as TypeScript 5 did by default (%s)', async (typescript) => {
    const root = site({ [`${api}/count.json.ts`]: route('() => ({ homeLength: (process.env.HOME ?? "").length })') }, typescript ? { typescript } : {});
    symlinkSync(join(repoRoot, 'node_modules/@types/node'), join(root, 'node_modules/@types/node'), 'dir');
    const { logger } = await check(root);
    expect(checkLines(logger.lines)).toEqual([expect.stringMatching(/^type check: no errors \(TypeScript /)]);
  });
});

describe('the tsconfig written for the check', () => {
  it('is never in the site\'s folder, and is gone after the build', async () => {
    const root = site({});
    const before = readdirSync(root).sort();
    await check(root);
    expect(readdirSync(root).sort()).toEqual(before);
    expect(leftovers(root)).toEqual([]);
  });

  it('is gone when the build fails', async () => {
    const root = site({ [`${api}/broken.ts`]: route('() => { const x = ; }') });
    const error = await catchError(() => check(root, { logger: createMemoryLogger(), config: { outDir: tempDir('out-') } }));
    expect(error.code).toBe('COMPILE');
    expect(leftovers(root)).toEqual([]);
  });

  it("of a build that was killed is removed by the next build; a running build's is kept", async () => {
    const root = site({});
    const [dead, live] = [deadPid(), process.ppid];
    const cache = siteCacheDir(root);
    mkdirSync(cache, { recursive: true });
    const files = [join(cache, `typecheck-${dead}-0.tsconfig.json`), join(root, `.prerender-typecheck-${dead}-3.tsconfig.json`), join(cache, `typecheck-${live}-1.tsconfig.json`)];
    for (const file of files) writeFileSync(file, '{}');
    // A file of the site's own with a name like it stays.
    writeFileSync(join(root, `typecheck-${dead}-0.tsconfig.json`), '{}');
    await check(root);
    expect(files.map((file) => existsSync(file))).toEqual([false, false, true]);
    expect(existsSync(join(root, `typecheck-${dead}-0.tsconfig.json`))).toBe(true);
  });
});

describe('a check still under way', () => {
  /**
   * A site whose TypeScript 7.9.9 never ends, as TypeScript 7's `tsc` script on Node 20 does: the
   * script starts the compiler as its own child. Both write their pids into `pids`.
   */
  function hangingSite() {
    const root = site({
      'node_modules/typescript/package.json': JSON.stringify({ name: 'typescript', version: '7.9.9', bin: { tsc: 'bin/tsc' } }),
      'node_modules/typescript/bin/tsc': [
        "const { spawn } = require('node:child_process');",
        "const compiler = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });",
        "require('node:fs').writeFileSync(require('node:path').join(__dirname, 'pids'), JSON.stringify([process.pid, compiler.pid]));",
        'setInterval(() => {}, 1000);',
      ].join('\n'),
    });
    return { root, task: { root, files: [join(root, api, 'count.json.ts')] }, pids: join(root, 'node_modules/typescript/bin/pids') };
  }
  const started = async (pids: string) => {
    while (!existsSync(pids)) await sleep(20);
    return JSON.parse(readFileSync(pids, 'utf8')) as number[];
  };
  const ended = async (pids: number[]) => {
    for (let tries = 0; tries < 250 && pids.some(isRunning); tries++) await sleep(20);
    return pids.filter(isRunning);
  };

  it('is stopped by close(), with its compiler, and its tsconfig removed', async () => {
    const { root, task, pids } = hangingSite();
    const scheduled = scheduleTypeCheck(task, 1, createMemoryLogger());
    const running = await started(pids);
    expect(leftovers(root)).toHaveLength(1);
    await scheduled.close();
    expect(await ended(running)).toEqual([]);
    expect(leftovers(root)).toEqual([]);
  });

  it('after a failed build: waited for, then stopped, and a warning says so', async () => {
    const { root, task, pids } = hangingSite();
    const scheduled = scheduleTypeCheck(task, 1, createMemoryLogger());
    const running = await started(pids);
    const logger = createMemoryLogger();
    await scheduled.reportAfterFailure(logger, 100);
    expect(logger.lines).toEqual([
      'warning The type check was still running 0.1 s after the build failed and was stopped; run `npx tsc --noEmit` for its verdict.',
    ]);
    await scheduled.close();
    expect(await ended(running)).toEqual([]);
    expect(leftovers(root)).toEqual([]);
  });
});

describe('a site TypeScript that cannot check', () => {
  it("whose tsc fails: checked with api-prerender's TypeScript 7, one warning saying why", async () => {
    const root = site({
      'node_modules/typescript/package.json': JSON.stringify({ name: 'typescript', version: '7.9.9', bin: { tsc: 'bin/tsc' } }),
      'node_modules/typescript/bin/tsc': "console.error('Unable to resolve @typescript/typescript-test-arch.'); process.exit(1);\n",
    });
    const { report, logger } = await check(root);
    expect(report.ok).toBe(1);
    const why = logger.lines.filter((line) => line.includes('could not check'));
    expect(why).toEqual([
      expect.stringMatching(
        new RegExp(
          `^warning The site's TypeScript 7\\.9\\.9 could not check: \`tsc\` \\(.*node_modules/typescript/bin/tsc\\) ended with exit code 1: Unable to resolve @typescript/typescript-test-arch\\. Type-checked with api-prerender's TypeScript ${ownNative.replaceAll('.', '\\.')} instead; run \`npx tsc --noEmit\` for your TypeScript's own verdict\\.$`,
        ),
      ),
    ]);
    expect(logger.lines).toContain(`warning ${typeError}`);
    expect(logger.lines).toContain(`type check: 1 error, printed above as warnings (TypeScript ${ownNative}, api-prerender's)`);
    expect(leftovers(root)).toEqual([]);
  });

  it.each([
    { pkg: { name: 'typescript', version: '8.0.0' }, why: "The site's TypeScript 8.0.0 has no `tsc` to run." },
    { pkg: { name: 'typescript', version: '4.9.5', bin: { tsc: 'bin/tsc' } }, why: "The site's TypeScript 4.9.5 is older than 5.0, the oldest api-prerender checks with." },
  ])('$why', async ({ pkg, why }) => {
    const root = site({ 'node_modules/typescript/package.json': JSON.stringify(pkg) });
    const { logger } = await check(root);
    expect(logger.lines.filter((line) => line.includes('instead'))).toEqual([
      `warning ${why} Type-checked with api-prerender's TypeScript ${ownNative} instead; run \`npx tsc --noEmit\` for your TypeScript's own verdict.`,
    ]);
    expect(logger.lines).toContain(`warning ${typeError}`);
    expect(logger.lines).toContain(`type check: 1 error, printed above as warnings (TypeScript ${ownNative}, api-prerender's)`);
  });
});

describe('which TypeScript a site has', () => {
  it("api-prerender's TypeScript 5.9, hoisted beside the site, is ours: checked with our TypeScript 7", () => {
    const root = site({}, { typescript: 'typescript' });
    expect(siteTypeScriptPackage(root)).toEqual({ dir: join(repoRoot, 'node_modules', 'typescript'), ours: true });
    const tsc = findTsc(root);
    expect(tsc).toMatchObject({ version: ownNative, from: 'own' });
    expect(tsc?.note).toBeUndefined();
  });

  it.each(['typescript-5', 'typescript-6', 'typescript-7'])("a site's own TypeScript is the site's, and its tsc checks (%s)", (typescript) => {
    const root = site({}, { typescript });
    expect(siteTypeScriptPackage(root)).toEqual({ dir: join(repoRoot, 'node_modules', typescript), ours: false });
    expect(findTsc(root)).toEqual({ bin: join(repoRoot, 'node_modules', typescript, 'bin', 'tsc'), version: versionOf(typescript), from: 'site' });
  });

  it('no TypeScript is none', () => {
    expect(siteTypeScriptPackage(site({}))).toBeUndefined();
  });
});
