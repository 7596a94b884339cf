/**
 * The tsconfig a check gives `tsc -p` (src/typecheck/check-config.ts): never in the site's folder, gone
 * after the build (failed builds and killed ones too: the next build removes it), and, for a site
 * without tsconfig.json, seeing every @types package as TypeScript 5 did by default.
 */
import { existsSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../../src/log.ts';
import { siteCacheDir } from '../../src/paths.ts';
import { catchError } from '../support/catch-error.ts';
import { repoRoot, route, tempDir } from '../support/helpers.ts';
import { deadPid } from '../support/pids.ts';
import { checkLeftovers, checkLines, checkTypes, typescriptSite } from '../support/typescript-site.ts';

const api = 'src/server/routes/api';

describe('a site without tsconfig.json', () => {
  it.each([undefined, 'typescript-5', 'typescript-6'])('sees every @types package, as TypeScript 5 did by default (%s)', async (typescript) => {
    const root = typescriptSite({ [`${api}/count.json.ts`]: route('() => ({ homeLength: (process.env.HOME ?? "").length })') }, typescript ? { typescript } : {});
    symlinkSync(join(repoRoot, 'node_modules/@types/node'), join(root, 'node_modules/@types/node'), 'dir');
    const { logger } = await checkTypes(root);
    expect(checkLines(logger.lines)).toEqual([expect.stringMatching(/^type check: no errors \(TypeScript /)]);
  });
});

describe('the tsconfig written for the check', () => {
  it('is never in the site\'s folder, and is gone after the build', async () => {
    const root = typescriptSite({});
    const before = readdirSync(root).sort();
    await checkTypes(root);
    expect(readdirSync(root).sort()).toEqual(before);
    expect(checkLeftovers(root)).toEqual([]);
  });

  it('is gone when the build fails', async () => {
    const root = typescriptSite({ [`${api}/broken.ts`]: route('() => { const x = ; }') });
    const error = await catchError(() => checkTypes(root, { logger: createMemoryLogger(), config: { outDir: tempDir('out-') } }));
    expect(error.code).toBe('COMPILE');
    expect(checkLeftovers(root)).toEqual([]);
  });

  it("of a build that was killed is removed by the next build; a running build's is kept", async () => {
    const root = typescriptSite({});
    const [dead, live] = [deadPid(), process.ppid];
    const cache = siteCacheDir(root);
    mkdirSync(cache, { recursive: true });
    const files = [join(cache, `typecheck-${dead}-0.tsconfig.json`), join(root, `.prerender-typecheck-${dead}-3.tsconfig.json`), join(cache, `typecheck-${live}-1.tsconfig.json`)];
    for (const file of files) writeFileSync(file, '{}');
    // A file of the site's own with a name like it stays.
    writeFileSync(join(root, `typecheck-${dead}-0.tsconfig.json`), '{}');
    await checkTypes(root);
    expect(files.map((file) => existsSync(file))).toEqual([false, false, true]);
    expect(existsSync(join(root, `typecheck-${dead}-0.tsconfig.json`))).toBe(true);
  });
});
