import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFingerprints } from '../../src/cache/fingerprint.ts';
import { storedVerdict, storeVerdict, type CheckInputs } from '../../src/cache/stored-check.ts';
import { tempDir, writeSite } from '../support/helpers.ts';

const verdict = { diagnostics: ["src/a.ts:1:7: TS2322: Type 'string' is not assignable to type 'number'."], version: '7.0.2', from: 'own' as const };

describe('the stored type check', () => {
  it('gives back the verdict while the check would read the same files, unchanged', () => {
    const root = writeSite({ 'src/a.ts': 'const a: number = "x";', 'src/types.d.ts': 'declare const t: 1;', 'tsconfig.json': '{}' });
    // Kept outside the site, as in the cache folder: the site root's names are part of the key.
    const file = join(tempDir('verdict-'), 'typecheck.json');
    const inputs: CheckInputs = { root, tsc: { version: '7.0.2', from: 'own' }, task: ['src/a.ts'] };
    const read = ['src/a.ts', 'src/types.d.ts', 'node_modules/@types/node/index.d.ts'];
    expect(storedVerdict(file, inputs, createFingerprints())).toBeUndefined();
    storeVerdict(file, inputs, read, verdict, createFingerprints());
    expect(storedVerdict(file, inputs, createFingerprints())).toEqual(verdict);

    // Another TypeScript, another list of files to check: checked again.
    expect(storedVerdict(file, { ...inputs, tsc: { version: '5.9.3', from: 'site' } }, createFingerprints())).toBeUndefined();
    expect(storedVerdict(file, { ...inputs, task: ['src/a.ts', 'src/b.ts'] }, createFingerprints())).toBeUndefined();
    // A file only its types come from (no bundle reads it), the tsconfig, a new file beside them, a
    // folder made above them (where an import that found nothing looked): checked again.
    for (const [path, text] of [['src/types.d.ts', 'declare const t: 2;'], ['tsconfig.json', '{"compilerOptions":{}}'], ['src/a.d.ts', ''], ['lib/x.ts', ''], ['src/lib/x.ts', '']]) {
      const site = writeSite({ 'src/a.ts': 'const a: number = "x";', 'src/types.d.ts': 'declare const t: 1;', 'tsconfig.json': '{}' });
      const siteInputs = { ...inputs, root: site };
      const kept = join(tempDir('verdict-'), 'typecheck.json');
      storeVerdict(kept, siteInputs, read, verdict, createFingerprints());
      mkdirSync(join(site, path!, '..'), { recursive: true });
      writeFileSync(join(site, path!), text!);
      expect(storedVerdict(kept, siteInputs, createFingerprints()), path).toBeUndefined();
    }
    writeFileSync(file, '{ not json');
    expect(storedVerdict(file, inputs, createFingerprints())).toBeUndefined();
  });
});
