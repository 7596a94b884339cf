/**
 * Whatever TypeScript a site installs, `prerender build` transpiles with the one it ships and
 * type-checks by running the site's own `tsc` (5.x and 6.x: a JavaScript program, 7.x: a script
 * starting its native compiler), as the site's editor and `npx tsc` would. A site without TypeScript
 * is checked by api-prerender's TypeScript 7. The TypeScript versions are devDependencies under
 * aliases (typescript-5, -6, -7), linked into each temporary site's node_modules/typescript. The real
 * bin, run in the site's folder, builds the 7.x site and takes --no-typecheck; the other cases call
 * build(), which the bin wraps, and read the same lines. A site TypeScript that cannot check hands the
 * check to ours, with one warning saying why.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { siteCacheDir } from '../../src/paths.ts';
import { createMemoryLogger } from '../../src/log.ts';
import { parseDiagnostics } from '../../src/typecheck/diagnostic-line.ts';
import { reportTypeCheck, runTypeCheck } from '../../src/typecheck/typecheck.ts';
import { buildSite, repoRoot, route, runCli, writeSite } from '../support/helpers.ts';
import { checkLeftovers, checkTypes, countTypeError, ownNative, typescriptSite } from '../support/typescript-site.ts';

const api = 'src/server/routes/api';
const typeError = `${api}/count.json.ts:2:7: TS2322: Type 'string' is not assignable to type 'number'.`;

/** A site whose node_modules holds h3, api-prerender (this repo) and, if given, `typescript` from that folder. */
function tsSite(files: Record<string, string>, typescript?: string): string {
  const root = writeSite({
    'package.json': JSON.stringify({ name: 'ts-site', private: true, type: 'module' }),
    'prerender.config.ts': `import { defineConfig } from 'api-prerender';\nexport default defineConfig({ prerender: { routes: ['/api/count.json'] } });\n`,
    [`${api}/count.json.ts`]: `import { defineEventHandler } from 'h3';\nconst count: number = 'three';\nexport default defineEventHandler(() => ({ count }));\n`,
    ...files,
  });
  mkdirSync(join(root, 'node_modules'));
  symlinkSync(join(repoRoot, 'node_modules', 'h3'), join(root, 'node_modules', 'h3'), 'dir');
  symlinkSync(repoRoot, join(root, 'node_modules', 'api-prerender'), 'dir');
  if (typescript) symlinkSync(join(repoRoot, 'node_modules', typescript), join(root, 'node_modules', 'typescript'), 'dir');
  return root;
}

/** Files the check wrote into the site's folder (none, ever) or left in its cache folder (none). */
// The build's own cache (`<cacheDir>/<name>/`, by default in that folder) is kept there on purpose.
const leftovers = (root: string) => [
  ...readdirSync(root).filter((name) => name.includes('typecheck')),
  ...readdirSync(siteCacheDir(root), { withFileTypes: true }).filter((entry) => !entry.isDirectory()).map((entry) => entry.name),
];

const build = (root: string, ...flags: string[]) => runCli(['build', ...flags], { cwd: root, timeout: 120_000 });
const output = (root: string, file: string) => readFileSync(join(root, 'dist', 'ts-site', 'public', file), 'utf8');

/** build() of the site, type-checked: what the bin would print on stderr, and the built public/ file. */
async function checkedBuild(root: string) {
  const { report, logger, dir } = await buildSite(root, { typecheck: true });
  return { report, stderr: logger.lines.join('\n'), output: (file: string) => readFileSync(join(dir, 'public', file), 'utf8') };
}

describe('the site has TypeScript installed', () => {
  it.each([
    { typescript: 'typescript-5', version: '5.4.5' },
    { typescript: 'typescript-6', version: '6.0.3' },
  ])('$version: builds with ours, type-checks with the site\'s', async ({ typescript, version }) => {
    const { report, stderr, output } = await checkedBuild(tsSite({}, typescript));
    expect(stderr).toContain(`warning ${typeError}`);
    expect(stderr).toContain(`type check: 1 error, printed above as a warning (TypeScript ${version}, the site's)`);
    expect(stderr).not.toContain('TS2307');
    expect(report).toMatchObject({ ok: 1, failed: 0 });
    expect(JSON.parse(output('api/count.json'))).toEqual({ count: 'three' });
  });

  it('7.x (native, no JavaScript API): builds with ours, type-checks by running the site\'s tsc', async () => {
    const root = tsSite({}, 'typescript-7');
    const { code, stderr } = await build(root);
    expect(stderr).toContain(`warning ${typeError}`);
    expect(stderr).toContain("type check: 1 error, printed above as a warning (TypeScript 7.0.2, the site's)");
    expect(stderr).not.toContain('instead');
    expect(code).toBe(0);
    expect(JSON.parse(output(root, 'api/count.json'))).toEqual({ count: 'three' });
    expect(leftovers(root)).toEqual([]);
  });

  it('--no-typecheck skips the check: no type warnings, no check line', async () => {
    const root = tsSite({}, 'typescript-7');
    const { code, stderr } = await build(root, '--no-typecheck');
    expect(code).toBe(0);
    expect(stderr).not.toContain('TS2322');
    expect(stderr).not.toContain('type check');
    expect(stderr).not.toContain('compiler API');
  });
});

describe('a tsconfig.json as `tsc --init` writes it (module nodenext)', () => {
  const files = {
    [`${api}/count.json.ts`]: `import { defineEventHandler } from 'h3';\nimport { greet } from '../../lib/greet.js';\nexport default defineEventHandler(() => ({ count: greet('nodenext') }));\n`,
    'src/server/lib/greet.ts': 'export function greet(name: string): string {\n  return `hello ${name}`;\n}\n',
  };

  it.each([
    { typescript: undefined, tsc: join(repoRoot, 'node_modules', 'typescript-7', 'bin', 'tsc'), from: "api-prerender's" },
    { typescript: 'typescript-6', tsc: join(repoRoot, 'node_modules', 'typescript-6', 'bin', 'tsc'), from: "the site's" },
    { typescript: 'typescript-7', tsc: join(repoRoot, 'node_modules', 'typescript-7', 'bin', 'tsc'), from: "the site's" },
  ])('resolves imports as the site set it (TypeScript $from): no TS2307, `./x.js` bundles x.ts', async ({ typescript, tsc, from }) => {
    const root = tsSite(files, typescript);
    execFileSync(process.execPath, [tsc, '--init'], { cwd: root, stdio: 'ignore' });
    expect(readFileSync(join(root, 'tsconfig.json'), 'utf8')).toMatch(/"module": "nodenext"/);
    const { report, stderr, output } = await checkedBuild(root);
    expect(stderr).not.toContain('TS2307');
    expect(stderr).toMatch(new RegExp(`type check: no errors \\(TypeScript [\\d.]+, ${from}\\)`));
    expect(report).toMatchObject({ ok: 1, failed: 0 });
    expect(JSON.parse(output('api/count.json'))).toEqual({ count: 'hello nodenext' });
  });
});

it('bundles a type imported without `type` under verbatimModuleSyntax (the check still reports it)', async () => {
  const root = writeSite({
    'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'esnext', moduleResolution: 'bundler', verbatimModuleSyntax: true } }),
    'src/server/lib/post.ts': 'export interface Post {\n  title: string;\n}\n',
    [`${api}/post.json.ts`]: `import { Post } from '../../lib/post';\nconst post: Post = { title: 'typed' };\n${route('() => post')}`,
  });
  const { report, dir, logger } = await buildSite(root, { typecheck: true, config: { prerender: { routes: ['/api/post.json'] } } });
  expect(report.ok).toBe(1);
  expect(logger.lines).toContainEqual(expect.stringMatching(/^warning src\/server\/routes\/api\/post\.json\.ts:1:10: TS1484: 'Post' is a type/));
  expect(JSON.parse(readFileSync(join(dir, 'public/api/post.json'), 'utf8'))).toEqual({ title: 'typed' });
});

it('a site TypeScript that fails to start: checked with ours, one warning naming the failure', async () => {
  const root = writeSite({
    [`${api}/count.json.ts`]: `import { defineEventHandler } from 'h3';\nconst count: number = 'three';\nexport default defineEventHandler(() => ({ count }));\n`,
    'node_modules/typescript/package.json': JSON.stringify({ name: 'typescript', version: '5.9.9', bin: { tsc: './bin/tsc' } }),
    'node_modules/typescript/bin/tsc': `throw new Error('broken on purpose');\n`,
  });
  const { report, logger } = await buildSite(root, { typecheck: true });
  expect(report.failed).toBe(0);
  const notes = logger.lines.filter((line) => line.includes('could not check'));
  expect(notes).toHaveLength(1);
  expect(notes[0]).toMatch(/^warning The site's TypeScript 5\.9\.9 could not check: `tsc` \(.*node_modules\/typescript\/bin\/tsc\) ended with exit code 1: .*broken on purpose.*Type-checked with api-prerender's TypeScript 7/s);
  expect(logger.lines).toContain(`warning ${typeError}`);
});

describe('the check reads the site\'s tsconfig.json as its own `tsc` does', () => {
  // `paths` (with `baseUrl` where the version still has it), `typeRoots` and `types`, an `@types`
  // package, `outDir`: the build's warnings are what `tsc -p tsconfig.json` prints in the site's
  // folder, line for line.
  const tsconfig = (paths: object) =>
    JSON.stringify({
      compilerOptions: { strict: true, module: 'esnext', moduleResolution: 'bundler', ...paths, typeRoots: ['./types', './node_modules/@types'], types: ['site-env', 'node'], outDir: './dist', skipLibCheck: true },
      include: ['src'],
    });
  const files = {
    'types/site-env/index.d.ts': 'interface SiteEnv {\n  name: string;\n}\n',
    'src/server/lib/greet.ts': 'export interface Greeting {\n  text: string;\n}\n',
    [`${api}/count.json.ts`]: [
      "import { defineEventHandler } from 'h3';",
      "import type { Greeting } from '@lib/greet';",
      "const env: SiteEnv = { name: process.env.HOME ?? '' };",
      "const greeting: Greeting = { text: 3 };",
      'export default defineEventHandler(() => ({ count: env.name.length, greeting }));',
      '',
    ].join('\n'),
  };

  it.each([
    { typescript: 'typescript-5', paths: { baseUrl: '.', paths: { '@lib/*': ['src/server/lib/*'] } } },
    { typescript: 'typescript-6', paths: { paths: { '@lib/*': ['./src/server/lib/*'] } } },
    { typescript: 'typescript-7', paths: { paths: { '@lib/*': ['./src/server/lib/*'] } } },
  ])('$typescript', async ({ typescript, paths }) => {
    const root = tsSite({ ...files, 'tsconfig.json': tsconfig(paths) }, typescript);
    symlinkSync(join(repoRoot, 'node_modules', '@types'), join(root, 'node_modules', '@types'), 'dir');
    const own = spawnSync(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json', '--noEmit', '--pretty', 'false'], { cwd: root, encoding: 'utf8' });
    const expected = parseDiagnostics(own.stdout, root);
    expect(expected).toContainEqual(`${api}/count.json.ts:4:30: TS2322: Type 'number' is not assignable to type 'string'.`);
    const { stderr } = await checkedBuild(root);
    const warned = stderr.split(/\n(?=\S)/).filter((line) => line.startsWith('warning ')).map((line) => line.slice('warning '.length));
    expect(warned).toEqual(expected);
  });
});

describe('type errors', () => {
  it('are warnings naming file:line:column; the build succeeds', async () => {
    const root = writeSite({
      [`${api}/typed.txt.ts`]: `import { defineEventHandler } from 'h3';\nconst count: number = 'three';\nexport default defineEventHandler(() => String(count));\n`,
      'prerender.config.mjs': `export default { prerender: { routes: ['/api/typed.txt'] } };`,
    });
    const { report, dir, logger } = await buildSite(root, { typecheck: true });
    expect(report.ok).toBe(1);
    expect(readFileSync(join(dir, 'public/api/typed.txt'), 'utf8')).toBe('three');
    expect(logger.lines).toContainEqual(expect.stringMatching(/^warning src\/server\/routes\/api\/typed\.txt\.ts:2:7: TS2322: Type 'string' is not assignable to type 'number'/));
  });
});

describe('a site TypeScript that cannot check', () => {
  it("whose tsc fails: checked with api-prerender's TypeScript 7, one warning saying why", async () => {
    const root = typescriptSite({
      'node_modules/typescript/package.json': JSON.stringify({ name: 'typescript', version: '7.9.9', bin: { tsc: 'bin/tsc' } }),
      'node_modules/typescript/bin/tsc': "console.error('Unable to resolve @typescript/typescript-test-arch.'); process.exit(1);\n",
    });
    const { report, logger } = await checkTypes(root);
    expect(report.ok).toBe(1);
    const why = logger.lines.filter((line) => line.includes('could not check'));
    expect(why).toEqual([
      expect.stringMatching(
        new RegExp(
          `^warning The site's TypeScript 7\\.9\\.9 could not check: \`tsc\` \\(.*node_modules/typescript/bin/tsc\\) ended with exit code 1: Unable to resolve @typescript/typescript-test-arch\\. Type-checked with api-prerender's TypeScript ${ownNative.replaceAll('.', '\\.')} instead; run \`npx tsc --noEmit\` for your TypeScript's own verdict\\.$`,
        ),
      ),
    ]);
    expect(logger.lines).toContain(`warning ${countTypeError}`);
    expect(logger.lines).toContain(`type check: 1 error, printed above as a warning (TypeScript ${ownNative}, api-prerender's)`);
    expect(checkLeftovers(root)).toEqual([]);
  });

  it.each([
    { pkg: { name: 'typescript', version: '8.0.0' }, why: "The site's TypeScript 8.0.0 has no `tsc` to run." },
    { pkg: { name: 'typescript', version: '4.9.5', bin: { tsc: 'bin/tsc' } }, why: "The site's TypeScript 4.9.5 is older than 5.0, the oldest api-prerender checks with." },
  ])('$why', async ({ pkg, why }) => {
    const root = typescriptSite({ 'node_modules/typescript/package.json': JSON.stringify(pkg) });
    const { logger } = await checkTypes(root);
    expect(logger.lines.filter((line) => line.includes('instead'))).toEqual([
      `warning ${why} Type-checked with api-prerender's TypeScript ${ownNative} instead; run \`npx tsc --noEmit\` for your TypeScript's own verdict.`,
    ]);
    expect(logger.lines).toContain(`warning ${countTypeError}`);
    expect(logger.lines).toContain(`type check: 1 error, printed above as a warning (TypeScript ${ownNative}, api-prerender's)`);
  });
});

/* The check's verdict (src/typecheck/typecheck.ts): what `tsc` found, as the build prints it, and when it found nothing it can be trusted with; api-prerender's own TypeScript 7 checks, as for a site without TypeScript. */

const routeFile = 'src/server/routes/api/count.json.ts';

/** The check of a site of `files` plus one route file with a type error, printed as the build prints it. */
async function check(files: Record<string, string>, moreRouteFiles: string[] = []) {
  const root = writeSite({ [routeFile]: `const count: number = 'three';\nexport default () => ({ count });\n`, ...files });
  const result = await runTypeCheck({ root, files: [routeFile, ...moreRouteFiles].map((file) => join(root, file)) }, new AbortController().signal);
  const logger = createMemoryLogger();
  const codes: (string | undefined)[] = [];
  reportTypeCheck(result, { ...logger, warn: (message, code) => (codes.push(code), logger.warn(message)) });
  return { lines: logger.lines, codes };
}

describe('the type check', () => {
  it('prints each type error as a TYPE_ERROR warning', async () => {
    const { lines, codes } = await check({});
    expect(lines[0]).toBe(`warning ${routeFile}:1:7: TS2322: Type 'string' is not assignable to type 'number'.`);
    expect(codes).toEqual(['TYPE_ERROR']);
  });

  it('after a build failed at a line (code the bundler could not compile), leaves out what it found there and the syntax errors it set off, and counts them', () => {
    const found = (failedAt: { file: string; line: number; column: number }, more: string[] = [], codes?: number[]) => {
      const logger = createMemoryLogger();
      const diagnostics = [`${routeFile}:3:13: TS1109: Expression expected.`, `${api}/other.ts:1:5: TS1005: ';' expected.`, ...more];
      reportTypeCheck({ diagnostics, codes, version: '7.0.2', from: 'own' }, logger, failedAt);
      return logger.lines;
    };
    expect(found({ file: routeFile, line: 3, column: 13 })).toEqual([
      `warning ${api}/other.ts:1:5: TS1005: ';' expected.`,
      `type check: 2 errors, printed above as a warning but the one at ${routeFile}:3, the error below (TypeScript 7.0.2, api-prerender's)`,
    ]);
    // A syntax error further down the same file follows from it; a type error there is its own.
    const below = [`${routeFile}:4:2: TS1005: ';' expected.`, `${routeFile}:9:7: TS2322: Type 'string' is not assignable to type 'number'.`];
    expect(found({ file: routeFile, line: 3, column: 13 }, below, [1109, 1005, 1005, 2322])).toEqual([
      `warning ${api}/other.ts:1:5: TS1005: ';' expected.`,
      `warning ${routeFile}:9:7: TS2322: Type 'string' is not assignable to type 'number'.`,
      `type check: 4 errors, printed above as warnings but 2 in ${routeFile} from the error below (TypeScript 7.0.2, api-prerender's)`,
    ]);
    // Another line of the same file is another error.
    expect(found({ file: routeFile, line: 30, column: 1 })).toHaveLength(3);
  });

  it('ES module syntax in files read as CommonJS (no "type": "module"): one TYPE_ERROR warning naming the files and the fix, not one per line', async () => {
    const files = Object.fromEntries([1, 2, 3, 4].map((i) => [`src/server/routes/api/r${i}.ts`, `import { size } from './size.ts';\nexport const twice = size * ${i};\nexport default () => twice;\n`]));
    const { lines, codes } = await check({
      ...files,
      'src/server/routes/api/size.ts': 'export const size = 2;\n',
      'package.json': JSON.stringify({ name: 'cjs-site' }),
      'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext', verbatimModuleSyntax: true, strict: true, types: [] } }),
    }, Object.keys(files));
    // The route file with its own type error keeps that one.
    expect(codes).toEqual(['TYPE_ERROR', 'TYPE_ERROR']);
    expect(lines[0]).toMatch(
      /^warning TS1295: TypeScript reads 6 files src\/server\/routes\/api\/count\.json\.ts, src\/server\/routes\/api\/r1\.ts, src\/server\/routes\/api\/r2\.ts and 3 more as CommonJS, where verbatimModuleSyntax forbids import and export \(\d+ places\): the package\.json nearest to them does not say "type": "module"\. Set "type": "module" in it/,
    );
    expect(lines[1]).toContain("TS2322: Type 'string' is not assignable to type 'number'.");
  });

  it("errors in installed packages' declaration files: one TYPE_ERROR warning naming the packages and skipLibCheck, after the site's own; tsconfig.json's first", async () => {
    const broken = (name: string) => ({
      [`node_modules/${name}/package.json`]: JSON.stringify({ name, types: 'index.d.ts', main: 'index.js' }),
      [`node_modules/${name}/index.d.ts`]: 'export declare const x: NotAType;\nexport declare const b: Buffer;\n',
      [`node_modules/${name}/index.js`]: 'module.exports = { x: 1, b: 2 };\n',
    });
    const imports = `${api}/uses.ts`;
    const { lines, codes } = await check(
      {
        ...broken('broken-types'),
        ...broken('@scope/broken'),
        [imports]: "import { x } from 'broken-types';\nimport { b } from '@scope/broken';\nexport default () => ({ x, b });\n",
        // A hand-written tsconfig.json (no skipLibCheck) extending one not installed: said first.
        'tsconfig.json': '{ "extends": "@tsconfig/missing/tsconfig.json", "compilerOptions": { "strict": true, "module": "nodenext", "types": [] } }\n',
      },
      [imports],
    );
    expect(codes).toEqual(['TYPE_ERROR', 'TYPE_ERROR', 'TYPE_ERROR']);
    expect(lines[0]).toMatch(/^warning tsconfig\.json:1:\d+: TS6053: File '@tsconfig\/missing\/tsconfig\.json' not found\.$/);
    expect(lines[1]).toBe(`warning ${routeFile}:1:7: TS2322: Type 'string' is not assignable to type 'number'.`);
    expect(lines[2]).toBe(
      "warning 4 type errors are in the declaration files of installed packages (@scope/broken, broken-types), not in the site's code: " +
        "the check read no types of Node's, which these packages' own types use (`NodeJS`, `node:stream`): list \"node\" in the `types` of compilerOptions in tsconfig.json (\"types\": [\"node\"]: TypeScript 6 and later, or a tsconfig that sets `types`, read only the @types packages listed there), with @types/node installed (`npm install -D @types/node`). " +
        'TypeScript checks every .d.ts a route file reaches ' +
        'unless tsconfig.json sets "skipLibCheck": true (as `tsc --init` writes it). Add it to compilerOptions to check only the site\'s files; `npx tsc --noEmit` lists these errors.',
    );
    expect(lines[3]).toMatch(/^type check: 6 errors, printed above as warnings \(TypeScript/);
  });

  it('that could not read TypeScript\'s own library files has no verdict: one TYPE_CHECK warning, no type errors', async () => {
    // noLib keeps the library files unread, as running out of file descriptors does where TypeScript
    // takes a file it could not open for a missing one: TS2318 for every global type.
    const { lines, codes } = await check({ 'tsconfig.json': JSON.stringify({ compilerOptions: { noLib: true, strict: true } }) });
    expect(codes).toEqual(['TYPE_CHECK']);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^warning Type checking failed, so type errors were not looked for: TypeScript did not read its own library files \(TS2318: Cannot find global type '\w+'\., and \d+ more global types\)\. It could not open them with too few open files \(this process may keep \d+ files open at once: raise `ulimit -n`\), or tsconfig.json sets `noLib`\.$/);
  });
});
