/** The treemap layout (src/report/page/squarify.ts): areas in proportion, inside the box, none overlapping. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { squarify, type Box } from '../../../src/report/page/squarify.ts';

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
