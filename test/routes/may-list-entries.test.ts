/**
 * Whether a site's route files may export `entries` (routes/may-list-entries.ts), read from their
 * sources before bundling: what makes a first build's route count unknown until its bundle is loaded.
 */
import { describe, expect, it } from 'vitest';
import { mayListEntries } from '../../src/routes/may-list-entries.ts';
import { writeSite } from '../support/helpers.ts';

const handler = "import { defineEventHandler } from 'h3';\nexport default defineEventHandler(() => 'x');\n";
const file = (name: string) => ({ file: name, method: '', path: `/api/${name}` });

describe('route files that may list entries', () => {
  it('are those naming `entries` or re-exporting with `export *`, and those that cannot be read', () => {
    const routesDir = writeSite({
      'plain.ts': handler,
      'listed.ts': `export const entries = () => [{ id: '1' }];\n${handler}`,
      'shared.ts': `export * from './plain.ts';\n`,
    });
    expect(mayListEntries(routesDir, [file('plain.ts')])).toBe(false);
    expect(mayListEntries(routesDir, [file('plain.ts'), file('listed.ts')])).toBe(true);
    expect(mayListEntries(routesDir, [file('shared.ts')])).toBe(true);
    expect(mayListEntries(routesDir, [file('gone.ts')])).toBe(true);
    expect(mayListEntries(routesDir, [])).toBe(false);
  });
});
