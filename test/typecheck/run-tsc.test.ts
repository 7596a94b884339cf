/**
 * One type check (src/typecheck/run-tsc.ts): the site's `tsc` (TypeScript 5, 6 or 7), or api-prerender's
 * TypeScript 7 for a site without one, run the same way, and every one reports the same lines.
 */
import { describe, expect, it } from 'vitest';
import { checkLines, checkTypes, ownNative, typescriptSite, versionOf } from '../support/typescript-site.ts';

const api = 'src/server/routes/api';

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
    const { logger } = await checkTypes(typescriptSite(files, typescript ? { typescript } : {}));
    expect(checkLines(logger.lines)).toEqual([...warnings, `type check: 2 errors, printed above as warnings (TypeScript ${version}, ${from})`]);
  });
});
