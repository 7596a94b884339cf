/**
 * The TypeScript step of the bundle (src/bundle/typescript.ts, tsconfig.ts): every file transpiled
 * on its own as TypeScript's transpileModule would, the site's tsconfig.json options that change the
 * emitted code honoured (followed through `extends`), a syntax error named at its place.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catchError } from '../support/catch-error.ts';
import { buildSite, route, writeSite } from '../support/helpers.ts';

const api = 'src/server/routes/api';
const built = (dir: string, file: string) => JSON.parse(readFileSync(join(dir, 'public', file), 'utf8')) as unknown;

describe('transpiling route files', () => {
  it('compiles enums, namespaces, parameter properties and type-only imports; removes the types', async () => {
    const { dir } = await buildSite(
      writeSite({
        [`${api}/shapes.json.ts`]: [
          `import { defineEventHandler } from 'h3';`,
          `import type { H3Event } from 'h3';`,
          `enum Color { Red, Green = 'green' }`,
          `const enum Size { S = 1, M = 2 }`,
          `namespace Units { export const cm = 'cm'; }`,
          `class Box { constructor(public readonly width: number, private label: string = 'box') {} describe(): string { return this.label + this.width + Units.cm; } }`,
          `export default defineEventHandler((_event: H3Event) => ({ red: Color.Red, green: Color.Green, named: Color[0], size: Size.M, box: new Box(3).describe() }));`,
        ].join('\n'),
        'prerender.config.mjs': `export default { prerender: { routes: ['/api/shapes.json'] } };`,
      }),
    );
    expect(built(dir, 'api/shapes.json')).toEqual({ red: 0, green: 'green', named: 'Red', size: 2, box: 'box3cm' });
  });

  it("honours the tsconfig's experimentalDecorators and emitDecoratorMetadata, read through extends", async () => {
    const { dir } = await buildSite(
      writeSite({
        'tsconfig.base.json': JSON.stringify({ compilerOptions: { experimentalDecorators: true, emitDecoratorMetadata: true } }),
        // Comments and a trailing comma, as TypeScript takes them.
        'tsconfig.json': `{\n  // the base has the decorator options\n  "extends": "./tsconfig.base.json",\n  "compilerOptions": { "strict": true, },\n}\n`,
        [`${api}/decorated.json.ts`]: [
          `import { defineEventHandler } from 'h3';`,
          // Reflect.metadata as the reflect-metadata package gives it: the emitted metadata goes through it.
          `const types = new Map<string, string>();`,
          `(Reflect as any).metadata = (kind: string, type: Function) => (_target: object, key: string) => void types.set(key, kind + '=' + type.name);`,
          `const seen: string[] = [];`,
          `function track(_target: object, key: string) { seen.push(key + ' ' + types.get(key)); }`,
          `class Item { @track name: string = 'n'; @track count: number = 1; }`,
          `export default defineEventHandler(() => ({ item: new Item(), seen }));`,
        ].join('\n'),
        'prerender.config.mjs': `export default { prerender: { routes: ['/api/decorated.json'] } };`,
      }),
    );
    expect(built(dir, 'api/decorated.json')).toEqual({ item: { name: 'n', count: 1 }, seen: ['name design:type=String', 'count design:type=Number'] });
  });

  it('leaves out a field without an initialiser where useDefineForClassFields is false, as TypeScript does', async () => {
    const site = (options: object) =>
      writeSite({
        'tsconfig.json': JSON.stringify({ compilerOptions: options }),
        [`${api}/fields.json.ts`]: route(`() => { class A { declared!: number; set = 1; } return { keys: Object.keys(new A()) }; }`),
        'prerender.config.mjs': `export default { prerender: { routes: ['/api/fields.json'] } };`,
      });
    expect(built((await buildSite(site({}))).dir, 'api/fields.json')).toEqual({ keys: ['declared', 'set'] });
    expect(built((await buildSite(site({ useDefineForClassFields: false }))).dir, 'api/fields.json')).toEqual({ keys: ['set'] });
    expect(built((await buildSite(site({ target: 'ES2020' }))).dir, 'api/fields.json')).toEqual({ keys: ['set'] });
  });

  it("resolves a TypeScript file's imports as TypeScript does: `./greet.js` is greet.ts, also with a greet.js beside it; a JavaScript file's as Node does", async () => {
    const root = writeSite({
      'src/lib/greet.ts': `export const greet = (): string => 'from greet.ts';\n`,
      'src/lib/greet.js': `export const greet = () => 'from greet.js';\n`,
      [`${api}/ts.json.ts`]: `import { defineEventHandler } from 'h3';\nimport { greet } from '../../../lib/greet.js';\nexport default defineEventHandler(() => ({ said: greet() }));\n`,
      [`${api}/js.json.js`]: `import { defineEventHandler } from 'h3';\nimport { greet } from '../../../lib/greet.js';\nexport default defineEventHandler(() => ({ said: greet() }));\n`,
      'prerender.config.mjs': `export default { prerender: { routes: ['/api/ts.json', '/api/js.json'] } };`,
    });
    const { dir } = await buildSite(root);
    expect(built(dir, 'api/ts.json')).toEqual({ said: 'from greet.ts' });
    expect(built(dir, 'api/js.json')).toEqual({ said: 'from greet.js' });
  });

  it('names a syntax error with its file, line and column, and shows the line', async () => {
    const root = writeSite({
      [`${api}/broken.json.ts`]: `import { defineEventHandler } from 'h3';\n\nexport default defineEventHandler(() => ({ a: }));\n`,
      'prerender.config.mjs': `export default { prerender: { routes: ['/api/broken.json'] } };`,
    });
    const error = await catchError(() => buildSite(root));
    expect(error.code).toBe('COMPILE');
    expect(error.message).toContain(`${api}/broken.json.ts:3:47`);
    expect(error.frame).toContain('3: export default defineEventHandler(() => ({ a: }));');
  });
});
