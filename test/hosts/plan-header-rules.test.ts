/**
 * The folded planner against the planning it replaced (test/support/previous-header-rules.ts): for
 * varied sites, the same rules in the same order, or the same error, with and without the host's
 * limits; and past the rules a run holds, once they spill to disk.
 */
import { readdirSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { HeaderRule, RuleLimits, TypedFile } from '../../src/hosts/header-rules.ts';
import { createHeaderRulePlanner, planHeaderRules } from '../../src/hosts/plan-header-rules.ts';
import { runSize } from '../../src/sorted-runs.ts';
import { previousPlanHeaderRules } from '../support/previous-header-rules.ts';
import { tempDir } from '../support/helpers.ts';

/** What a planning gave: its rules, or its error's code and message. */
async function outcome(plan: () => Promise<Iterable<HeaderRule>>): Promise<HeaderRule[] | { code: string; message: string }> {
  try {
    return [...(await plan())];
  } catch (error) {
    const { code, message } = error as { code: string; message: string };
    return { code, message };
  }
}

// Folders and names that make groups, near-misses of groups (another case, a sibling whose name
// starts like the folder's), wildcards for the hosts, encoded characters and index.html files.
const folder = fc.constantFrom('', 'api', 'api/u', 'api/U', 'api/u/deep', 'api/v', 'docs', 'docs/guide', 'a b', 'café', 'x:y', 'st*r');
const name = fc.constantFrom('1', '2', '3', 'item', 'Item', 'u', 'u-readme', 'data.json', 'feed.xml', 'rss.xml', 'index.html', 'page.html', 'notes.txt', 'a:b', 'st*r', 'é', '100%', 'c++', 'v');
const type = fc.constantFrom('application/json', 'application/json;charset=UTF-8', 'application/json; charset=utf-8', 'text/plain; charset=utf-8', 'text/xml', 'application/atom+xml', 'text/html; charset=utf-8', 'text/csv');
const carried = fc.constantFrom(undefined, undefined, undefined, [['cache-control', 'max-age=60']] as [string, string][]);
const routeFile = fc.record({ folder, name, type, carried });
const otherFile = fc.tuple(folder, fc.constantFrom('readme.txt', 'logo.png', 'u-readme.txt', 'u.json', 'sitemap.xml', 'item')).map(([dir, base]) => (dir ? `${dir}/${base}` : base));
const site = fc.record({
  routes: fc.array(routeFile, { minLength: 1, maxLength: 300 }),
  // Numbered files make a folder large enough to group.
  numbered: fc.record({ folder, count: fc.integer({ min: 0, max: 150 }), type, extension: fc.constantFrom('', '', '.json', '.txt') }),
  others: fc.array(otherFile, { maxLength: 6 }),
});

type Site = typeof site extends fc.Arbitrary<infer T> ? T : never;

/** The typed files of a generated site: each path once, as the build's claims make them. */
function filesOf({ routes, numbered, others }: Site): { files: TypedFile[]; others: string[] } {
  const files = new Map<string, TypedFile>();
  const add = (path: string, contentType: string, headers?: [string, string][]) => {
    if (files.has(path)) return;
    const file: TypedFile = { route: '/' + path, file: path, contentType };
    if (headers) file.headers = headers;
    files.set(path, file);
  };
  for (let i = 0; i < numbered.count; i++) add(`${numbered.folder ? numbered.folder + '/' : ''}n${i}${numbered.extension}`, numbered.type);
  for (const { folder: dir, name: base, type: contentType, carried: headers } of routes) add(dir ? `${dir}/${base}` : base, contentType, headers);
  return { files: [...files.values()], others: [...new Set(others)].filter((file) => !files.has(file)) };
}

const limitsOf: (RuleLimits | undefined)[] = [undefined, { rules: 100, lineLength: 2000 }, { rules: 5, lineLength: 2000 }, { rules: 8, lineLength: 40 }];

describe('the folded _headers planning', () => {
  it.each(limitsOf.map((limits) => [JSON.stringify(limits) ?? 'no limits', limits]))('gives what the previous planning gave, %s', async (_, limits) => {
    await fc.assert(
      fc.asyncProperty(site, async (generated) => {
        const { files, others } = filesOf(generated);
        const listed = async () => others;
        const before = await outcome(() => previousPlanHeaderRules(files, listed, limits));
        expect(await outcome(() => planHeaderRules(files, listed, limits))).toEqual(before);
      }),
      { numRuns: 150, seed: 25 },
    );
  });

  it('gives the same rules once they spill to disk, and leaves no run behind', async () => {
    const dir = tempDir('rules-');
    // Past one run: a folder of one type, which groups, and one of two types, whose rules stay.
    const typed = (folder: string, i: number, contentType: string): TypedFile => ({ route: `/api/${folder}/${i}`, file: `api/${folder}/${i}`, contentType });
    const files = [
      ...Array.from({ length: 60 }, (_, i) => typed('mixed', i, i % 2 ? 'application/json' : 'text/plain; charset=utf-8')),
      ...Array.from({ length: runSize + 5000 }, (_, i) => typed('items', i, 'application/json')),
    ];
    for (const limits of [undefined, { rules: 100, lineLength: 2000 }]) {
      const planner = createHeaderRulePlanner(dir);
      for (const file of files) planner.add(file);
      const routes = async function* () {
        yield* files;
      };
      const spilled = await outcome(() => planner.plan({ routes, others: async () => ['api/readme.txt'] }, limits));
      expect(spilled).toEqual(await outcome(() => previousPlanHeaderRules(files, async () => ['api/readme.txt'], limits)));
      expect(readdirSync(dir)).toEqual([]);
    }
  });
});
