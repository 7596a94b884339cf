/**
 * defineConfig's types, checked by the TypeScript compiler itself: test/support/fixtures/define-config holds
 * configs that must compile and misspelled ones marked `@ts-expect-error`. A signature that lets a
 * misspelled key through leaves such a directive unused, which tsc reports (TS2578), failing this test.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { fixturesDir, repoRoot } from '../support/helpers.ts';

it('refuses misspelled keys in the object and function forms, and accepts every documented form', async () => {
  const tsc = join(repoRoot, 'node_modules', 'typescript-7', 'bin', 'tsc');
  // Checked against lib/src/index.d.ts, the declarations users get (npm test builds lib/ first).
  const result = await promisify(execFile)(process.execPath, [tsc, '-p', join(fixturesDir, 'define-config'), '--pretty', 'false']).catch(
    (error: { code: number; stdout: string }) => error,
  );
  expect(result.stdout).toBe('');
  expect('code' in result ? result.code : 0).toBe(0);
});
