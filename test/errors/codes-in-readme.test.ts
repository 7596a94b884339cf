/**
 * The README's list of codes ("Every error and warning has a code") names every error code and every
 * warning code the tool can print: a user who meets one in `--json` finds what it means. The codes are
 * read from the two type unions that declare them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/helpers.ts';

/** The string members of `export type <name> = 'A' | 'B' ...;` in `file`. */
function unionMembers(file: string, name: string): string[] {
  const source = readFileSync(join(repoRoot, file), 'utf8');
  const start = source.indexOf(`export type ${name} =`);
  expect(start, `${name} in ${file}`).toBeGreaterThan(-1);
  return [...source.slice(start, source.indexOf(';', start)).matchAll(/'([A-Z_]+)'/g)].map((match) => match[1]!);
}

const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
const listStart = readme.indexOf('Every error and warning has a code');
const list = readme.slice(listStart, readme.indexOf('\n\n', listStart));

describe("the README's list of codes", () => {
  it.each([
    ['error', unionMembers('src/errors/prerender-error.ts', 'ErrorCode')],
    ['warning', unionMembers('src/warnings.ts', 'WarningCode')],
  ])('names every %s code', (_kind, codes) => {
    expect(listStart).toBeGreaterThan(-1);
    expect(codes.length).toBeGreaterThan(10);
    expect(codes.filter((code) => !list.includes(`\`${code}\``))).toEqual([]);
  });
});
