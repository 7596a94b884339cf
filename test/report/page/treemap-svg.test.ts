/** The picture of public/ by folder (src/report/page/treemap-svg.ts): inline SVG, every name escaped. */
import { describe, expect, it } from 'vitest';
import { createFolderSizes } from '../../../src/report/folder-sizes.ts';
import { treemapSvg } from '../../../src/report/page/treemap-svg.ts';

describe('treemapSvg', () => {
  it('draws each folder as a box with its size in a tooltip, and escapes folder names', () => {
    const sizes = createFolderSizes();
    sizes.add('api/<b>/x.json', 3000);
    sizes.add('feeds/rss.xml', 1000);
    sizes.add('index.html', 500);
    const svg = treemapSvg(sizes.root);
    expect(svg).toMatch(/^<svg class="treemap" viewBox="0 0 960 400" role="img" aria-label="public\/ by folder: 4.4 KiB in 3 files">/);
    expect(svg).toContain('<title>public/api/&#60;b&#62;/: 2.9 KiB in 1 file</title>');
    expect(svg).toContain('<title>public/feeds/: 1000 B in 1 file</title>');
    expect(svg).toContain('<title>public/ (its own files): 500 B in 1 file</title>');
    // The box of public/'s own files says whose they are.
    expect(svg).toMatch(/<title>public\/ \(its own files\)[^<]*<\/title><\/rect><text [^>]*>top-level files 500 B<\/text>/);
    expect(svg).not.toContain('<b>');
    expect(treemapSvg(createFolderSizes().root)).toBe('<p class="note">public/ holds no bytes.</p>');
  });
});
