/** The picture of public/: sizes by folder (folder-sizes.ts), the layout (squarify.ts) and its SVG. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createFolderSizes } from '../../src/report/folder-sizes.ts';
import { squarify, type Box } from '../../src/report/squarify.ts';
import { treemapSvg } from '../../src/report/treemap-svg.ts';

const area = (box: Box) => box.w * box.h;
const overlap = (a: Box, b: Box) => Math.max(0, Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x)) * Math.max(0, Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y));

describe('squarify', () => {
  it('lays out the example of its paper: 6, 6, 4, 3, 2, 2, 1 in a 6 x 4 box', () => {
    const boxes = squarify([6, 6, 4, 3, 2, 2, 1], { x: 0, y: 0, w: 6, h: 4 });
    expect(boxes.slice(0, 2)).toEqual([
      { x: 0, y: 0, w: 3, h: 2 },
      { x: 0, y: 2, w: 3, h: 2 },
    ]);
    expect(boxes.map(area).map((value) => Math.round(value * 1e6) / 1e6)).toEqual([6, 6, 4, 3, 2, 2, 1]);
  });

  it('gives every value an area in proportion, inside the box, no two overlapping', () => {
    const sorted = fc.array(fc.integer({ min: 0, max: 1e6 }), { minLength: 1, maxLength: 40 }).map((values) => values.sort((a, b) => b - a));
    fc.assert(
      fc.property(sorted, fc.integer({ min: 1, max: 2000 }), fc.integer({ min: 1, max: 2000 }), (values, w, h) => {
        const box = { x: 5, y: 7, w, h };
        const boxes = squarify(values, box);
        const total = values.reduce((sum, value) => sum + value, 0);
        boxes.forEach((laid, index) => {
          if (total > 0) expect(area(laid)).toBeCloseTo((values[index] / total) * w * h, 3);
          expect(laid.x).toBeGreaterThanOrEqual(box.x - 1e-6);
          expect(laid.y).toBeGreaterThanOrEqual(box.y - 1e-6);
          expect(laid.x + laid.w).toBeLessThanOrEqual(box.x + w + 1e-6);
          expect(laid.y + laid.h).toBeLessThanOrEqual(box.y + h + 1e-6);
          for (const other of boxes.slice(index + 1)) expect(overlap(laid, other)).toBeLessThan(1e-6 * w * h);
        });
      }),
    );
  });
});

describe('folder sizes and their picture', () => {
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
    expect(treemapSvg(sizes.root)).toContain('<title>public/docs/(other folders): 95.3 MB in 99,960 files</title>');
    expect(docs).toMatchObject({ files: 100_000, bytes: 100_000_000 });
  });

  it('draws each folder as a box with its size in a tooltip, and escapes folder names', () => {
    const sizes = createFolderSizes();
    sizes.add('api/<b>/x.json', 3000);
    sizes.add('feeds/rss.xml', 1000);
    sizes.add('index.html', 500);
    const svg = treemapSvg(sizes.root);
    expect(svg).toMatch(/^<svg class="treemap" viewBox="0 0 960 400" role="img" aria-label="public\/ by folder: 4.4 kB in 3 files">/);
    expect(svg).toContain('<title>public/api/&#60;b&#62;/: 2.9 kB in 1 file</title>');
    expect(svg).toContain('<title>public/feeds/: 1000 B in 1 file</title>');
    expect(svg).toContain('<title>public/ (its own files): 500 B in 1 file</title>');
    expect(svg).not.toContain('<b>');
    expect(treemapSvg(createFolderSizes().root)).toBe('<p class="note">public/ holds no bytes.</p>');
  });
});
