import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { createFingerprints } from '../../src/cache/fingerprint.ts';
import { createModuleTable, tableChanges } from '../../src/cache/module-reads.ts';
import { LoadLog } from '../../src/cache/read-log.ts';
import { sitePath } from '../../src/cache/site-path.ts';
import { writeSite } from '../support/helpers.ts';

const variable = 'API_PRERENDER_TEST_MODULE_READS';
afterEach(() => void delete process.env[variable]);

describe('the table of what modules read', () => {
  it('keeps what each module read while the bundle loaded and for every route, and tells what changed since', () => {
    const root = writeSite({ 'data.json': '1', 'posts/a.md': 'a', 'posts/b.md': 'b' });
    const placeOf = (path: string) => ({ site: sitePath(root, path), source: path });
    const load = new LoadLog();
    load.file('src/load.ts', join(root, 'data.json'));
    load.env('src/load.ts', variable);
    load.env('src/list.ts', undefined);
    process.env[variable] = 'one';
    const fingerprints = createFingerprints();
    const collect = createModuleTable(placeOf, fingerprints, (site) => join(root, site));
    collect.addShared(['src/posts.ts'], 'posts/a.md', fingerprints.file(join(root, 'posts/a.md')));
    collect.addShared(['src/posts.ts', 'src/other.ts'], 'posts/b.md', fingerprints.file(join(root, 'posts/b.md')));
    const table = collect.table(load, undefined);
    expect(Object.keys(table.modules).sort()).toEqual(['src/list.ts', 'src/load.ts', 'src/other.ts', 'src/posts.ts']);
    expect(table.modules['src/load.ts']!.load).toEqual([['data.json', fingerprints.file(join(root, 'data.json'))]]);
    expect(table.modules['src/posts.ts']!.shared!.map(([site]) => site)).toEqual(['posts/a.md', 'posts/b.md']);
    expect(table.network).toBe(false);
    // Stored as JSON in the cache index.
    const previous = JSON.parse(JSON.stringify(table));
    const sourceOf = (site: string) => join(root, site);

    const same = tableChanges(previous, createFingerprints(), sourceOf);
    expect(['src/load.ts', 'src/list.ts', 'src/posts.ts'].map(same.loadChange)).toEqual([undefined, undefined, undefined]);
    expect(same.sharedChange('src/posts.ts')).toBeUndefined();

    writeFileSync(join(root, 'posts/b.md'), 'b2');
    process.env[variable] = 'two';
    const changed = tableChanges(previous, createFingerprints(), sourceOf);
    expect(changed.sharedChange('src/posts.ts')).toBe('posts/b.md');
    expect(changed.sharedChange('src/other.ts')).toBe('posts/b.md');
    // A changed variable is a change for the module that read it, and for one that listed them all.
    expect(changed.loadChange('src/load.ts')).toBe('env');
    expect(changed.loadChange('src/list.ts')).toBe('env');
    expect(changed.loadChange('src/unknown.ts')).toBeUndefined();

    writeFileSync(join(root, 'data.json'), '2');
    expect(tableChanges(previous, createFingerprints(), sourceOf).loadChange('src/load.ts')).toBe('file data.json');
  });

  it('carries over what the last table says and this build did not see again, with the fingerprints of now', () => {
    const root = writeSite({ 'data.json': '1', 'posts/a.md': 'a', 'posts/b.md': 'b' });
    const placeOf = (path: string) => ({ site: sitePath(root, path), source: path });
    const sourceOf = (site: string) => join(root, site);
    const load = new LoadLog();
    load.file('src/load.ts', join(root, 'data.json'));
    load.env('src/load.ts', variable);
    const first = createModuleTable(placeOf, createFingerprints(), sourceOf);
    first.addShared(['src/posts.ts'], 'posts/a.md', createFingerprints().file(join(root, 'posts/a.md')));
    const previous = JSON.parse(JSON.stringify(first.table(load, undefined)));

    // The bundle not loaded and no route rendered: the table is the last one, as things are now.
    writeFileSync(join(root, 'posts/a.md'), 'a2');
    process.env[variable] = 'set now';
    const fingerprints = createFingerprints();
    const carried = createModuleTable(placeOf, fingerprints, sourceOf).table(undefined, previous);
    expect(carried.modules['src/load.ts']).toEqual({ load: [['data.json', fingerprints.file(join(root, 'data.json'))]], env: [[variable, expect.not.stringMatching(/^-$/)]] });
    expect(carried.modules['src/posts.ts']!.shared).toEqual([['posts/a.md', fingerprints.file(join(root, 'posts/a.md'))]]);
    expect(tableChanges(carried, createFingerprints(), sourceOf).sharedChange('src/posts.ts')).toBeUndefined();

    // A route rendered read through the module: its read joins what is carried over.
    const next = createModuleTable(placeOf, fingerprints, sourceOf);
    next.addShared(['src/posts.ts'], 'posts/b.md', fingerprints.file(join(root, 'posts/b.md')));
    expect(next.table(new LoadLog(), previous).modules['src/posts.ts']!.shared!.map(([site]) => site)).toEqual(['posts/a.md', 'posts/b.md']);
  });
});
