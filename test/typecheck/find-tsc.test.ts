/**
 * Which `tsc` checks a site (src/typecheck/find-tsc.ts, with site-package.ts): its own TypeScript's, or
 * api-prerender's TypeScript 7.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findTsc } from '../../src/typecheck/find-tsc.ts';
import { siteTypeScriptPackage } from '../../src/typecheck/site-package.ts';
import { repoRoot } from '../support/helpers.ts';
import { ownNative, typescriptSite, versionOf } from '../support/typescript-site.ts';

describe('which TypeScript a site has', () => {
  it("a site without TypeScript is checked with api-prerender's TypeScript 7", () => {
    const tsc = findTsc(typescriptSite({}));
    expect(tsc).toMatchObject({ version: ownNative, from: 'own' });
    expect(tsc?.note).toBeUndefined();
  });

  it.each(['typescript-5', 'typescript-6', 'typescript-7'])("a site's own TypeScript is the site's, and its tsc checks (%s)", (typescript) => {
    const root = typescriptSite({}, { typescript });
    expect(siteTypeScriptPackage(root)).toBe(join(repoRoot, 'node_modules', typescript));
    expect(findTsc(root)).toEqual({ bin: join(repoRoot, 'node_modules', typescript, 'bin', 'tsc'), version: versionOf(typescript), from: 'site' });
  });

  it('no TypeScript is none', () => {
    expect(siteTypeScriptPackage(typescriptSite({}))).toBeUndefined();
  });
});
