/**
 * The catalogue's errors of the route files and the code they run (src/errors/source.ts), as a build
 * meets them: each with its code, exit code 1 and a message naming the file(s) at fault, before
 * anything is written.
 */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildSite, failBuild, route, writeSite } from '../support/helpers.ts';

const api = 'src/server/routes/api';

describe('route file errors, before anything is written', () => {
  const cases: { name: string; files: Record<string, string>; code: string; message: string[] }[] = [
    {
      name: 'two files for one method and path',
      files: { [`${api}/hello.get.ts`]: route(`() => 'a'`), [`${api}/hello.GET.mjs`]: route(`() => 'b'`) },
      code: 'ROUTE_CONFLICT',
      message: ['GET /api/hello', 'api/hello.get.ts', 'api/hello.GET.mjs'],
    },
    {
      name: 'two parameter names for one path',
      files: { [`${api}/users/[id].ts`]: route(`() => 'a'`), [`${api}/users/[slug].ts`]: route(`() => 'b'`) },
      code: 'ROUTE_CONFLICT',
      message: ['api/users/[id].ts', 'api/users/[slug].ts'],
    },
    {
      name: 'an unclosed bracket',
      files: { [`${api}/[id.ts`]: route(`() => 'a'`) },
      code: 'ROUTE_NAME',
      message: ['api/[id.ts'],
    },
    {
      name: 'an empty parameter name',
      files: { [`${api}/[].ts`]: route(`() => 'a'`) },
      code: 'ROUTE_NAME',
      message: ['api/[].ts', '[] needs a parameter name'],
    },
    {
      name: 'a name the router reads as syntax (not a MODULE_IMPORT from the bundle)',
      files: { [`${api}/q?mark.json.ts`]: route(`() => 'a'`) },
      code: 'ROUTE_NAME',
      message: ['api/q?mark.json.ts', 'which starts the query of a URL'],
    },
    {
      name: 'a name with a tab (bundled, but no URL reaches it)',
      files: { [`${api}/tab\tx.json.ts`]: route(`() => 'a'`) },
      code: 'ROUTE_NAME',
      message: ['api/tab\\tx.json.ts', 'a control character (U+0009)'],
    },
    {
      name: 'a name with a backslash (bundled, but no URL reaches it)',
      files: { [`${api}/back\\slash.json.ts`]: route(`() => 'a'`) },
      code: 'ROUTE_NAME',
      message: ['api/back\\slash.json.ts', 'a backslash, which URLs read as "/"'],
    },
    {
      name: 'no default export',
      files: { [`${api}/named.ts`]: `import { defineEventHandler } from 'h3';\nexport const handler = defineEventHandler(() => 'a');\n` },
      code: 'NO_HANDLER',
      message: [`${api}/named.ts`, 'has no default export'],
    },
    {
      name: 'a name a module does not export',
      files: { [`${api}/named-import.ts`]: `import { nothing } from '../../lib/helper';\n${route('() => nothing')}`, 'src/server/lib/helper.ts': 'export const something = 1;\n' },
      code: 'COMPILE',
      message: [`${api}/named-import.ts:1:10 imports "nothing" from src/server/lib/helper.ts, which does not export it.`],
    },
    {
      name: 'a file read through new URL(..., import.meta.url) that is not there',
      files: { [`${api}/post.ts`]: `import { readFileSync } from 'node:fs';\n${route(`() => readFileSync(new URL('../../../../content/post.md', import.meta.url), 'utf8')`)}` },
      code: 'COMPILE',
      message: [`${api}/post.ts reads content/post.md through new URL(..., import.meta.url), and there is no such file or folder.`],
    },
    {
      name: 'a folder read through new URL(..., import.meta.url) that holds a .gitkeep alone',
      files: { [`${api}/flags.ts`]: `import { readdirSync } from 'node:fs';\n${route(`() => readdirSync(new URL('../../../../data/flags/', import.meta.url)).join()`)}`, 'data/flags/.gitkeep': '' },
      code: 'COMPILE',
      message: [`${api}/flags.ts reads the folder data/flags through new URL(..., import.meta.url), and it holds no files to copy next to the server (hidden files, such as a .gitkeep, are never copied).`],
    },
    {
      name: 'a default export that is not a function',
      files: { [`${api}/number.ts`]: 'export default 42;\n' },
      code: 'NO_HANDLER',
      message: [`Route file ${api}/number.ts default-exports a number (42), not an event handler.`],
    },
    {
      name: "h3's defineEventHandler itself, not called: h3 would answer 200 with the text \"NoHandler()\"",
      files: { [`${api}/wrong.json.ts`]: `import { defineEventHandler } from 'h3';\nexport default defineEventHandler;\n` },
      code: 'NO_HANDLER',
      message: [`Route file ${api}/wrong.json.ts default-exports h3's defineEventHandler itself, not called (write export default defineEventHandler((event) => ...)), not an event handler.`],
    },
    {
      name: 'a module that throws while it loads (not a compile error)',
      files: { [`${api}/settings.ts`]: `throw new Error('settings.json not found');\n${route(`() => 'a'`)}` },
      code: 'MODULE_IMPORT',
      // The place (`, at src/...:1`) comes from the source map, which this test runner's stacks do not use: see test/runtime/source-maps.test.ts.
      message: ['A route module threw while it was loaded', 'settings.json not found'],
    },
    {
      name: 'an npm package that is not installed',
      files: { [`${api}/pkg.ts`]: `import pad from '@nowhere/left-pad/sub';\n${route('() => pad')}` },
      code: 'COMPILE',
      message: [`${api}/pkg.ts`, '"@nowhere/left-pad/sub"', 'cannot be resolved'],
    },
    {
      name: 'a relative module that does not exist',
      files: { [`${api}/rel.ts`]: `import help from '../lib/missing-helper';\n${route('() => help')}` },
      code: 'COMPILE',
      message: [`${api}/rel.ts`, '"../lib/missing-helper"', 'cannot be resolved'],
    },
  ];

  it.each(cases)('$name: $code, exit code 1, naming the file', async ({ files, code, message }) => {
    const { error, outDir } = await failBuild({ ...files, [`${api}/ok.ts`]: route(`() => 'ok'`) });
    expect(error.code).toBe(code);
    expect(error.exitCode).toBe(1);
    for (const part of message) expect(error.message).toContain(part);
    expect(error.hint).toBeTruthy();
    expect(readdirSync(outDir)).toEqual([]);
  });
});

describe('an import of a package not installed, named almost as one that is', () => {
  it('says the installed one it may mean, then how to install what it names', async () => {
    const installed = {
      'node_modules/lodash/package.json': JSON.stringify({ name: 'lodash', main: 'index.js' }),
      'node_modules/@acme/cms/package.json': JSON.stringify({ name: '@acme/cms', main: 'index.js' }),
    };
    const plain = await failBuild({ ...installed, [`${api}/typo.ts`]: `import pick from 'lodahs/pick';\n${route('() => pick')}` });
    expect([plain.error.code, plain.error.message]).toEqual(['COMPILE', `${api}/typo.ts imports "lodahs/pick", which cannot be resolved.`]);
    expect(plain.error.hint).toBe('Did you mean "lodash", which is installed? Fix the import; or install the package in the site (npm install lodahs).');
    const scoped = await failBuild({ ...installed, [`${api}/scoped.ts`]: `import cms from '@acme/cmss';\n${route('() => cms')}` });
    expect(scoped.error.hint).toBe('Did you mean "@acme/cms", which is installed? Fix the import; or install the package in the site (npm install @acme/cmss).');
  });
});

describe('a route file without a default export', () => {
  it('named `handler`: says to make that the default export, or, a helper module, to move it out of the routes folder', async () => {
    const { error, outDir } = await failBuild({ [`${api}/named.ts`]: `import { defineEventHandler } from 'h3';\nexport const handler = defineEventHandler(() => 'a');\nexport const entries = () => [];\n` });
    expect([error.code, error.exitCode, error.message]).toEqual(['NO_HANDLER', 1, `Route file ${api}/named.ts has no default export.`]);
    expect(error.hint).toBe('It exports `handler` by name: if that is the handler, make it the default export (`export default handler`); else add `export default defineEventHandler((event) => ...)`. If it is no route but code the routes import, move it out of the routes folder (to src/server/utils/, say): every file there is a route.');
    expect(readdirSync(outDir)).toEqual([]);
  });

  it('a handler per method (`export const GET`, as SvelteKit and Astro write endpoints): names the file per method', async () => {
    const { error } = await failBuild({ [`${api}/feed.xml.ts`]: `import { defineEventHandler } from 'h3';\nexport const GET = defineEventHandler(() => '<rss/>');\nexport const POST = defineEventHandler(() => 'ok');\n` });
    expect([error.code, error.message]).toEqual(['NO_HANDLER', `Route file ${api}/feed.xml.ts has no default export.`]);
    expect(error.hint).toBe(
      `It exports \`GET\`, \`POST\`: a route file's handler is its default export, which answers every method; a file for one method is named for it (${api}/feed.xml.get.ts, ${api}/feed.xml.post.ts), with \`export default defineEventHandler((event) => ...)\`.`,
    );
  });

  it('nothing exported: says to add the default export', async () => {
    const { error } = await failBuild({ [`${api}/empty.ts`]: `const unused = 1;\n` });
    expect([error.code, error.hint]).toEqual(['NO_HANDLER', 'Add `export default defineEventHandler((event) => ...)` to the file. If it is no route but code the routes import, move it out of the routes folder (to src/server/utils/, say): every file there is a route.']);
  });

  it('several: every one named in one run, each with what to do, where a build stopped at the first', async () => {
    const { error } = await failBuild({
      [`${api}/empty.ts`]: `const unused = 1;\n`,
      [`${api}/named.ts`]: `import { defineEventHandler } from 'h3';\nexport const handler = defineEventHandler(() => 'a');\n`,
      [`${api}/fine.ts`]: route(`() => 'fine'`),
    });
    expect(error.code).toBe('NO_HANDLER');
    expect(error.message.split('\n')).toEqual([
      '2 route files have no event handler as their default export:',
      `  Route file ${api}/empty.ts has no default export. Add \`export default defineEventHandler((event) => ...)\` to the file. If it is no route but code the routes import, move it out of the routes folder (to src/server/utils/, say): every file there is a route.`,
      `  Route file ${api}/named.ts has no default export. It exports \`handler\` by name: if that is the handler, make it the default export (\`export default handler\`); else add \`export default defineEventHandler((event) => ...)\`. If it is no route but code the routes import, move it out of the routes folder (to src/server/utils/, say): every file there is a route.`,
    ]);
  });

  it('several default-exporting what is no handler: every one named in one run', async () => {
    const { error } = await failBuild({
      [`${api}/number.ts`]: `export default 42;\n`,
      [`${api}/object.ts`]: `export default { items: [1, 2, 3] };\n`,
      [`${api}/fine.ts`]: route(`() => 'fine'`),
    });
    expect(error.code).toBe('NO_HANDLER');
    expect(error.message).toContain('2 route files have no event handler as their default export:\n');
    expect(error.message).toContain(`  Route file ${api}/number.ts default-exports a number (42), not an event handler.`);
    expect(error.message).toContain(`  Route file ${api}/object.ts default-exports an object ({ items }), not an event handler.`);
  });
});

describe('a route file whose handler sits in the object it exports', () => {
  it('as CommonJS makes it: names the object and its key, and says to export the handler itself', async () => {
    const { error, outDir } = await failBuild({
      'package.json': JSON.stringify({ name: 'cjs-site' }),
      [`${api}/hello.json.js`]: "const { defineEventHandler } = require('h3');\nexports.handler = defineEventHandler(() => ({ hello: 'world' }));\n",
    });
    expect([error.code, error.exitCode]).toEqual(['NO_HANDLER', 1]);
    expect(error.message).toBe(`Route file ${api}/hello.json.js default-exports an object ({ handler }), not an event handler.`);
    expect(error.hint).toBe("Make the handler itself the file's default export, not the property `handler` of an object (as CommonJS `exports.handler = ...` makes it): `export default defineEventHandler((event) => ...)`.");
    expect(readdirSync(outDir)).toEqual([]);
  });
});

describe('an import of a path an installed package does not export', () => {
  it('names the path and the package (not an install), and says it once: no resolver warnings before it', async () => {
    const { error, outDir, lines } = await failBuild({
      'node_modules/left-pad/package.json': JSON.stringify({ name: 'left-pad', type: 'module', exports: { '.': './index.js' } }),
      'node_modules/left-pad/index.js': 'export default (text) => text;\n',
      [`${api}/pad.ts`]: `import pad from 'left-pad/sub';\n${route(`() => pad('x')`)}`,
    });
    expect([error.code, error.exitCode]).toEqual(['COMPILE', 1]);
    expect(error.message).toBe(`${api}/pad.ts imports "left-pad/sub", which cannot be resolved.`);
    expect(error.hint).toBe('left-pad is installed, but does not export "sub": fix the import to a path it exports (its package.json "exports" lists them).');
    expect(lines.filter((line) => line.startsWith('warning '))).toEqual([]);
    expect(readdirSync(outDir)).toEqual([]);
  });
});

describe('a slip of the keyboard in an import', () => {
  const posts = { 'src/server/lib/posts.ts': `export function listPosts() {\n  return ['a'];\n}\n` };

  it('a file that is not there: names the one of the folder it may have meant, spelt as imported', async () => {
    const { error } = await failBuild({ ...posts, [`${api}/list.ts`]: `import { listPosts } from '../../lib/post';\n${route('() => listPosts()')}` });
    expect(error.message).toBe(`${api}/list.ts imports "../../lib/post", which cannot be resolved.`);
    expect(error.hint).toBe('Did you mean "../../lib/posts"? Fix the import path (relative to the importing file).');
  });

  it('a name its module does not export: names the one it exports that it may have meant', async () => {
    const { error } = await failBuild({ ...posts, [`${api}/list.ts`]: `import { listPost } from '../../lib/posts.ts';\n${route('() => listPost()')}` });
    expect(error.message).toBe(`${api}/list.ts:1:10 imports "listPost" from src/server/lib/posts.ts, which does not export it.`);
    expect(error.hint).toBe('Did you mean "listPosts", which it exports? Fix the name imported; a type is imported with `import type { ... }`.');
  });
});

describe('a JSON file a route imports that does not parse', () => {
  it('names the file and what JSON.parse found, with how to fix it: no plugin prefix', async () => {
    const { error } = await failBuild({
      'data/authors.json': '{\n  "alice": {\n    "name": "Alice",\n  }\n}\n',
      [`${api}/authors.json.ts`]: `import authors from '../../../../data/authors.json';\n${route('() => authors')}`,
    });
    expect([error.code, error.exitCode]).toEqual(['COMPILE', 1]);
    // Node 22 and later add "(line 4 column 3)" to what JSON.parse says.
    expect(error.message).toMatch(/^data\/authors\.json is not valid JSON: Expected double-quoted property name in JSON at position 38( \(line 4 column 3\))?\.$/);
    expect(error.hint).toBe('Fix data/authors.json: JSON has no trailing commas and no comments, and its keys and strings are in double quotes. The routes that import it fail until it parses.');
  });
});

describe('a name a package does not export', () => {
  it('named as the package imported, with its file; an h3 v1 helper points at h3\'s migration guide', async () => {
    const { error } = await failBuild({ [`${api}/v1.ts`]: `import { eventHandler, send } from 'h3';\nexport default eventHandler((event) => send(event, 'hi'));\n` });
    expect(error.code).toBe('COMPILE');
    expect(error.message).toMatch(new RegExp(`^${api}/v1\\.ts:1:24 imports "send" from h3 \\(\\S*node_modules/h3/dist/\\S+\\), which does not export it\\.$`));
    // At the import, with its frame: the type check's TS2305 there is the same error, not printed again.
    expect([error.loc, error.frame]).toEqual([{ file: `${api}/v1.ts`, line: 1, column: 24 }, expect.stringContaining("import { eventHandler, send } from 'h3';")]);
    expect(error.hint).toBe('h3 v2 has no "send": if it is an h3 v1 helper (send, sendError, ...), v2 does it otherwise, most often by returning the value from the handler; see h3\'s migration guide (h3.dev/migration).');
  });

  it('a slip in an h3 name: the name h3 exports, not the v1 migration guide', async () => {
    const { error } = await failBuild({ [`${api}/slip.ts`]: `import { defineEventHandlr } from 'h3';\nexport default defineEventHandlr(() => 'hi');\n` });
    expect([error.code, error.hint]).toEqual(['COMPILE', 'Did you mean "defineEventHandler", which h3 exports?']);
  });

  it('another package: named with its file, and its version\'s documentation to check', async () => {
    const { error } = await failBuild({
      'node_modules/left-pad/package.json': JSON.stringify({ name: 'left-pad', type: 'module', exports: { '.': './index.js' } }),
      'node_modules/left-pad/index.js': 'export default (text) => text;\n',
      [`${api}/pad.ts`]: `import { padStart } from 'left-pad';\n${route(`() => padStart('x')`)}`,
    });
    expect(error.message).toBe(`${api}/pad.ts:1:10 imports "padStart" from left-pad (node_modules/left-pad/index.js), which does not export it.`);
    expect(error.hint).toBe('Fix the name imported: the installed left-pad does not export it (check the documentation of its version); a type is imported with `import type { ... }`.');
  });
});

describe('syntax errors', () => {
  const broken = `import { defineEventHandler } from 'h3';\nexport default defineEventHandler(() => {\n  const x = ;\n});\n`;

  it.each([
    // The words are the parser's: oxc's for TypeScript, Rollup's for JavaScript.
    { file: 'broken.ts', at: `${api}/broken.ts:3:13`, typecheck: false, says: 'Unexpected token' },
    { file: 'broken.ts', at: `${api}/broken.ts:3:13`, typecheck: true, says: 'Unexpected token' },
    { file: 'broken.mjs', at: `${api}/broken.mjs:3:13`, typecheck: false, says: 'Expression expected' },
    // A .js file is parsed by us before the CommonJS plugin, whose own error named it by its absolute path, without a fix.
    { file: 'broken.js', at: `${api}/broken.js:3:13`, typecheck: false, says: 'Expression expected' },
  ])('in $file (typecheck: $typecheck) give file:line:column and a code frame', async ({ file, at, typecheck, says }) => {
    const { error, outDir } = await failBuild({ [`${api}/${file}`]: broken }, { typecheck });
    expect(error.code).toBe('COMPILE');
    expect(error.exitCode).toBe(1);
    expect(error.message).toContain(`Syntax error in ${at}: `);
    expect(error.message).toContain(says);
    expect(error.frame).toContain('const x = ;');
    expect(error.hint).toBe('Fix the code at the line shown; nothing was written.');
    expect(readdirSync(outDir)).toEqual([]);
  });

  it('in a JavaScript module a route imports, CommonJS too: where from the site root, the parser\'s words, the fix', async () => {
    const { error } = await failBuild({
      [`${api}/uses.txt.js`]: `import { defineEventHandler } from 'h3';\nimport { greet } from '../../../lib/greet.cjs';\nexport default defineEventHandler(() => greet());\n`,
      'src/lib/greet.cjs': `module.exports.greet = () => {\n  return 'hi' +;\n};\n`,
    });
    expect(error.code).toBe('COMPILE');
    expect(error.message).toBe('Syntax error in src/lib/greet.cjs:2:16: Expression expected');
    expect(error.frame).toContain("2:   return 'hi' +;");
    expect(error.hint).toBe('Fix the code at the line shown; nothing was written.');
  });

  it('in a TypeScript file no route imports do not stop the build', async () => {
    const root = writeSite({ [`${api}/fine.txt.ts`]: route(`() => 'fine'`), 'scripts/scratch.ts': broken });
    const { report } = await buildSite(root, { config: { prerender: { routes: ['/api/fine.txt'] } } });
    expect(report.ok).toBe(1);
  });
});
