/** Type errors in installed packages' declaration files, grouped as one warning (src/typecheck/package-diagnostics.ts). */
import { describe, expect, it } from 'vitest';
import { groupPackageDiagnostics } from '../../src/typecheck/package-diagnostics.ts';

const inH3 = "node_modules/h3/dist/index.d.mts:12:3: TS2503: Cannot find namespace 'NodeJS'.";
const ours = "src/server/routes/api/a.ts:1:7: TS2322: Type 'string' is not assignable to type 'number'.";

describe('groupPackageDiagnostics', () => {
  it('keeps the site\'s own errors and makes those in packages one warning naming skipLibCheck', () => {
    const { grouped, rest } = groupPackageDiagnostics([inH3, ours], ['/site/node_modules/@types/node/index.d.ts', '/site/src/server/routes/api/a.ts']);
    expect(rest).toEqual([ours]);
    expect(grouped?.message).toContain('One type error is in the declaration files of installed packages (h3)');
    expect(grouped?.message).toContain('"skipLibCheck": true');
    // Node's types were read: the errors are something else than their absence.
    expect(grouped?.message).not.toContain('@types/node');
  });

  it('names @types/node first when the check read none of Node\'s types', () => {
    const { grouped } = groupPackageDiagnostics([inH3], ['/site/src/server/routes/api/a.ts']);
    expect(grouped?.message).toContain(
      "the check read no types of Node's, which these packages' own types use (`NodeJS`, `node:stream`): list \"node\" in the `types` of compilerOptions in tsconfig.json (\"types\": [\"node\"]: TypeScript 6 and later, or a tsconfig that sets `types`, read only the @types packages listed there), with @types/node installed (`npm install -D @types/node`).",
    );
  });

  it('says nothing of Node\'s types when the files read are not known (a verdict kept from the last build)', () => {
    expect(groupPackageDiagnostics([inH3]).grouped?.message).not.toContain('@types/node');
  });
});
