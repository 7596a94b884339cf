/**
 * The check by a native TypeScript (7+): the site's own `tsc`, or api-prerender's TypeScript 7 for a
 * site without one. It reports what the JavaScript API reports, line for line; one that cannot run
 * hands the check over with a warning saying why; and the tsconfig it writes for the check beside
 * the site's is gone after every build, failed ones included.
 */
import { mkdirSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BuildOptions } from '../src/build/build.ts';
import { createMemoryLogger } from '../src/log.ts';
import { findNativeCompiler } from '../src/typecheck/native-compiler.ts';
import { siteTypeScriptPackage } from '../src/typecheck/site-package.ts';
import { loadTypeChecker } from '../src/typecheck/site-typescript.ts';
import { catchError } from './catch-error.ts';
import { buildSite, repoRoot, route, tempDir, writeSite } from './helpers.ts';

const api = 'src/server/routes/api';
const typeError = `${api}/count.json.ts:2:7: TS2322: Type 'string' is not assignable to type 'number'.`;
const countRoute = `import { defineEventHandler } from 'h3';\nconst count: number = 'three';\nexport default defineEventHandler(() => ({ count }));\n`;
const ownApi = (JSON.parse(readFileSync(join(repoRoot, 'node_modules/typescript/package.json'), 'utf8')) as { version: string }).version;
const ownNative = (JSON.parse(readFileSync(join(repoRoot, 'node_modules/typescript-7/package.json'), 'utf8')) as { version: string }).version;

/** A site with h3, and the node_modules packages named in `link` (name: folder under this repo's node_modules). */
function site(files: Record<string, string>, link: Record<string, string> = {}): string {
  const root = writeSite({ [`${api}/count.json.ts`]: countRoute, ...files });
  mkdirSync(join(root, 'node_modules', '@types'), { recursive: true });
  for (const [name, from] of Object.entries({ h3: 'h3', ...link })) symlinkSync(join(repoRoot, 'node_modules', from), join(root, 'node_modules', name), 'dir');
  return root;
}

const check = (root: string, options: BuildOptions = {}) => buildSite(root, { typecheck: true, config: { prerender: { routes: ['/api/count.json'] } }, ...options });
const checkLines = (lines: string[]) => lines.filter((line) => line.startsWith('warning ') || line.startsWith('type check:'));
const leftovers = (root: string) => readdirSync(root).filter((name) => name.startsWith('.prerender-typecheck-'));

describe('api-prerender\'s TypeScript 7, for a site without TypeScript', () => {
  it('reports what TypeScript 6 reports through its API, chained messages and odd paths included', async () => {
    const files = {
      'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, module: 'esnext', moduleResolution: 'bundler', skipLibCheck: true, types: [] } }),
      'src/server/lib/(shared) x/handler.ts': 'export const handle: (a: string) => void = (a: number) => {};\n',
      [`${api}/count.json.ts`]: `import { defineEventHandler } from 'h3';\nimport { handle } from '../../lib/(shared) x/handler.ts';\nconst count: number = 'three';\nexport default defineEventHandler(() => ({ count, handle: typeof handle }));\n`,
    };
    const native = await check(site(files));
    const throughApi = await check(site(files, { typescript: 'typescript-6' }));
    const chained = [
      `warning src/server/lib/(shared) x/handler.ts:1:14: TS2322: Type '(a: number) => void' is not assignable to type '(a: string) => void'.`,
      `  Types of parameters 'a' and 'a' are incompatible.`,
      `    Type 'string' is not assignable to type 'number'.`,
    ].join('\n');
    const warnings = [chained, `warning ${api}/count.json.ts:3:7: TS2322: Type 'string' is not assignable to type 'number'.`];
    expect(checkLines(native.logger.lines)).toEqual([...warnings, `type check: 2 errors, printed above as warnings (TypeScript ${ownNative}, api-prerender's)`]);
    expect(checkLines(throughApi.logger.lines)).toEqual([...warnings, "type check: 2 errors, printed above as warnings (TypeScript 6.0.3, the site's)"]);
  });

  it('without a tsconfig.json, sees every @types package, as TypeScript 5 did by default', async () => {
    const root = site({ [`${api}/count.json.ts`]: route('() => ({ home: process.env.HOME ?? "" })') });
    symlinkSync(join(repoRoot, 'node_modules/@types/node'), join(root, 'node_modules/@types/node'), 'dir');
    const { logger } = await check(root);
    expect(checkLines(logger.lines)).toEqual([`type check: no errors (TypeScript ${ownNative}, api-prerender's)`]);
  });

  it('leaves no tsconfig of its own behind when the build fails', async () => {
    const root = site({ [`${api}/broken.ts`]: route('() => { const x = ; }') });
    const error = await catchError(() => check(root, { logger: createMemoryLogger(), config: { outDir: tempDir('out-') } }));
    expect(error.code).toBe('COMPILE');
    expect(leftovers(root)).toEqual([]);
  });
});

describe('a site TypeScript 7 or later that cannot check', () => {
  it('whose tsc fails: checked through our TypeScript\'s API, one warning saying why', async () => {
    const root = site({
      'node_modules/typescript/package.json': JSON.stringify({ name: 'typescript', version: '7.9.9', bin: { tsc: 'bin/tsc' } }),
      'node_modules/typescript/bin/tsc': "console.error('Unable to resolve @typescript/typescript-test-arch.'); process.exit(1);\n",
    });
    const { report, logger } = await check(root);
    expect(report.ok).toBe(1);
    const why = logger.lines.filter((line) => line.includes('could not check'));
    expect(why).toEqual([
      expect.stringMatching(
        new RegExp(`^warning The site's TypeScript 7\\.9\\.9 could not check: \`tsc\` \\(.*node_modules/typescript/bin/tsc\\) ended with exit code 1: Unable to resolve @typescript/typescript-test-arch\\. Type-checked with api-prerender's TypeScript ${ownApi.replaceAll('.', '\\.')} instead\\.$`),
      ),
    ]);
    expect(logger.lines).toContain(`warning ${typeError}`);
    expect(logger.lines).toContain(`type check: 1 error, printed above as warnings (TypeScript ${ownApi}, api-prerender's)`);
    expect(leftovers(root)).toEqual([]);
  });

  it('without a tsc: checked with api-prerender\'s TypeScript 7, one warning saying so', async () => {
    const root = site({ 'node_modules/typescript/package.json': JSON.stringify({ name: 'typescript', version: '8.0.0' }) });
    const { logger } = await check(root);
    expect(logger.lines.filter((line) => line.includes('instead'))).toEqual([
      `warning The site's TypeScript 8.0.0 has no \`tsc\` to run. Type-checked with api-prerender's TypeScript ${ownNative} instead; run \`npx tsc --noEmit\` for your TypeScript's own verdict.`,
    ]);
    expect(logger.lines).toContain(`warning ${typeError}`);
    expect(logger.lines).toContain(`type check: 1 error, printed above as warnings (TypeScript ${ownNative}, api-prerender's)`);
  });
});

describe('which TypeScript a site has: one answer for both checkers', () => {
  it("api-prerender's TypeScript 5.9, hoisted beside the site, is ours: checked natively with our TypeScript 7", () => {
    const root = site({}, { typescript: 'typescript' });
    expect(siteTypeScriptPackage(root)).toEqual({ dir: join(repoRoot, 'node_modules', 'typescript'), ours: true });
    const native = findNativeCompiler(root);
    expect(native).toMatchObject({ version: ownNative, from: 'own' });
    expect(native?.note).toBeUndefined();
    // Were the native compiler missing, the check through the API would say the same: ours, no note.
    const checker = loadTypeChecker(root);
    expect([checker.ts.version, checker.from, checker.note]).toEqual([ownApi, 'own', undefined]);
  });

  it("a site's own TypeScript is the site's; no TypeScript is none", () => {
    const root = site({}, { typescript: 'typescript-7' });
    expect(siteTypeScriptPackage(root)).toEqual({ dir: join(repoRoot, 'node_modules', 'typescript-7'), ours: false });
    expect(findNativeCompiler(root)).toMatchObject({ version: ownNative, from: 'site' });
    expect(siteTypeScriptPackage(site({}))).toBeUndefined();
  });
});
