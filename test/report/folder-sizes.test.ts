/** The bytes of public/ by folder (src/report/folder-sizes.ts), bounded whatever the site. */
import { describe, expect, it } from 'vitest';
import { createFolderSizes } from '../../src/report/folder-sizes.ts';
import { treemapSvg } from '../../src/report/page/treemap-svg.ts';

describe('createFolderSizes', () => {
  it('adds each file to its folders, the top of public/ included', () => {
    const sizes = createFolderSizes();
    sizes.add('index.html', 100);
    sizes.add('api/items/1.json', 10);
    sizes.add('api/items/2.json', 20);
    sizes.add('api/feed.xml', 5);
    const api = sizes.root.children.get('api')!;
    expect(sizes.root).toMatchObject({ bytes: 135, files: 4 });
    expect(api).toMatchObject({ bytes: 35, files: 3 });
    expect(api.children.get('items')).toMatchObject({ bytes: 30, files: 2 });
  });

  it('stays small for a route per folder: the folders past the first 40 of a parent count together', () => {
    const sizes = createFolderSizes();
    for (let i = 0; i < 100_000; i++) sizes.add(`docs/page-${i}/index.html`, 1000);
    const docs = sizes.root.children.get('docs')!;
    expect(docs.children.size).toBe(41);
    const other = [...docs.children.values()].find((child) => child.other);
    expect(other).toMatchObject({ name: 'other folders', files: 100_000 - 40, bytes: (100_000 - 40) * 1000 });
    expect(treemapSvg(sizes.root)).toContain('<title>public/docs/(other folders): 95.3 MiB in 99,960 files</title>');
    expect(docs).toMatchObject({ files: 100_000, bytes: 100_000_000 });
  });
});
