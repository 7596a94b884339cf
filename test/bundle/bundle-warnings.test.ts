/**
 * Rollup's warnings as a build says them (bundle/rollup-options.ts): a package's `eval` is not said
 * (nothing the site can change, at every build), the site's own is, in Rollup's words.
 */
import { describe, expect, it } from 'vitest';
import { buildSite, writeSite } from '../support/helpers.ts';

describe("Rollup's EVAL warning", () => {
  it("is said of the site's own module, not of a package's", async () => {
    const root = writeSite({
      'src/server/routes/api/sum.txt.ts': [
        `import { defineEventHandler } from 'h3';`,
        `import { engine } from 'eval-pkg';`,
        `import { sum } from '../../lib/sum.ts';`,
        `export default defineEventHandler(() => String(sum() + engine()));`,
      ].join('\n'),
      'src/server/lib/sum.ts': `export const sum = (): number => eval('1 + 1');\n`,
      'node_modules/eval-pkg/package.json': JSON.stringify({ name: 'eval-pkg', type: 'module', exports: './index.js' }),
      'node_modules/eval-pkg/index.js': `export const engine = () => eval('40');\n`,
    });
    const { report } = await buildSite(root, { config: { prerender: { routes: ['/api/sum.txt'] } } });
    expect(report.warnings.map((warning) => [warning.code, warning.message])).toEqual([['BUNDLE', expect.stringContaining('src/server/lib/sum.ts')]]);
    expect(report.warnings[0]!.message).toContain('Use of eval');
  });
});
