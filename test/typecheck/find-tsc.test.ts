/**
 * Which `tsc` checks a site (src/typecheck/find-tsc.ts, with site-package.ts): its own TypeScript's, or
 * api-prerender's TypeScript 7.
 */
import { accessSync, constants, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findTsc } from '../../src/typecheck/find-tsc.ts';
import { siteTypeScriptPackage } from '../../src/typecheck/site-package.ts';
import { repoRoot } from '../support/helpers.ts';
import { nativeProgram, ownNative, typescriptSite, versionOf } from '../support/typescript-site.ts';

describe('which TypeScript a site has', () => {
  it("a site without TypeScript is checked with api-prerender's TypeScript 7", () => {
    const tsc = findTsc(typescriptSite({}));
    expect(tsc).toMatchObject({ version: ownNative, from: 'own' });
    expect(tsc?.note).toBeUndefined();
  });

  it.each(['typescript-5', 'typescript-6'])("a site's own TypeScript is the site's, and its tsc checks (%s)", (typescript) => {
    const root = typescriptSite({}, { typescript });
    expect(siteTypeScriptPackage(root)).toBe(join(repoRoot, 'node_modules', typescript));
    expect(findTsc(root)).toEqual({ bin: join(repoRoot, 'node_modules', typescript, 'bin', 'tsc'), version: versionOf(typescript), from: 'site' });
  });

  it("a site's own TypeScript 7 is checked by its native compiler", () => {
    const root = typescriptSite({}, { typescript: 'typescript-7' });
    expect(findTsc(root)).toEqual({ bin: join(repoRoot, 'node_modules', 'typescript-7', 'bin', 'tsc'), native: nativeProgram, version: versionOf('typescript-7'), from: 'site' });
    accessSync(nativeProgram, constants.X_OK);
  });

  it("api-prerender's TypeScript 7 is run as its native compiler too", () => {
    expect(findTsc(typescriptSite({}))?.native).toBe(nativeProgram);
  });

  it('a TypeScript 7 without its native package for this machine is run through its script', () => {
    const root = typescriptSite({});
    const dir = join(root, 'node_modules', 'typescript');
    mkdirSync(join(dir, 'bin'), { recursive: true });
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'typescript', version: '7.0.2', bin: { tsc: './bin/tsc' } }));
    writeFileSync(join(dir, 'bin', 'tsc'), 'console.log("tsc");\n');
    expect(findTsc(root)).toEqual({ bin: join(dir, 'bin', 'tsc'), version: '7.0.2', from: 'site' });
  });

  it('no TypeScript is none', () => {
    expect(siteTypeScriptPackage(typescriptSite({}))).toBeUndefined();
  });
});
