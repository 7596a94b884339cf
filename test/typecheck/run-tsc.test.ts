/**
 * One type check (src/typecheck/run-tsc.ts): the site's `tsc` (TypeScript 5, 6 or 7), or api-prerender's
 * TypeScript 7 for a site without one, run the same way, and every one reports the same lines.
 */
import type { ChildProcess } from 'node:child_process';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findTsc } from '../../src/typecheck/find-tsc.ts';
import { runTsc } from '../../src/typecheck/run-tsc.ts';
import { checkLines, checkTypes, nativeProgram, ownNative, typescriptSite, versionOf } from '../support/typescript-site.ts';

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

describe('a check by TypeScript 7', () => {
  // On Node 20 its `bin/tsc` script stays alive in front of the compiler: a second process of ~40 MB.
  it('is one process, its native compiler, with no Node script in front of it', async () => {
    const root = typescriptSite({}, { typescript: 'typescript-7' });
    // Every process this one starts meanwhile, as Node announces it (its program is known once it runs).
    const started: ChildProcess[] = [];
    const onSpawn = (message: unknown) => started.push((message as { process: ChildProcess }).process);
    subscribe('child_process', onSpawn);
    try {
      const { diagnostics } = await runTsc(findTsc(root)!, { root, files: [join(root, api, 'count.json.ts')] }, new AbortController().signal);
      expect(diagnostics).toEqual([`${api}/count.json.ts:2:7: TS2322: Type 'string' is not assignable to type 'number'.`]);
    } finally {
      unsubscribe('child_process', onSpawn);
    }
    expect(started.map((child) => child.spawnfile)).toEqual([nativeProgram]);
  });
});
