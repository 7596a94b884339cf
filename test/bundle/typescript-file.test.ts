/** Which files are TypeScript sources (src/bundle/typescript-file.ts): what the bundle transpiles and the check starts from. */
import { describe, expect, it } from 'vitest';
import { isTypeScriptFile } from '../../src/bundle/typescript-file.ts';

describe('isTypeScriptFile', () => {
  it.each(['api/hello.ts', 'a.mts', 'a.cts', 'page.tsx', 'feed.xml.ts', '/abs/x.d.ts.ts'])('%s is a TypeScript source', (file) => {
    expect(isTypeScriptFile(file)).toBe(true);
  });

  it.each(['types.d.ts', 'env.d.mts', 'env.d.cts', 'a.js', 'a.mjs', 'a.ts.bak', 'a.tsv', 'a.ts/', 'ts'])('%s is not', (file) => {
    expect(isTypeScriptFile(file)).toBe(false);
  });
});
