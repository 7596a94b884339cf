/**
 * The squarified treemap layout (Bruls, Huizing and van Wijk, 2000): areas proportional to values,
 * laid in rows along the shorter side of what is left, each row grown while that makes its worst
 * aspect ratio better. A few dozen lines, so written here rather than taken from a library.
 */

/** A rectangle. */
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * One box per value, in `box`, with areas proportional to the values; values must be sorted from
 * largest to smallest (the layout's squareness depends on it). A zero value gets an empty box.
 */
export function squarify(values: readonly number[], box: Box): Box[] {
  const total = values.reduce((sum, value) => sum + value, 0);
  if (total <= 0 || box.w <= 0 || box.h <= 0) return values.map(() => ({ x: box.x, y: box.y, w: 0, h: 0 }));
  const scale = (box.w * box.h) / total;
  const areas = values.map((value) => value * scale);
  const boxes: Box[] = [];
  let { x, y, w, h } = box;
  for (let start = 0; start < areas.length; ) {
    const side = Math.min(w, h);
    let end = start + 1;
    let sum = areas[start];
    while (end < areas.length && worst(areas, start, end + 1, sum + areas[end], side) <= worst(areas, start, end, sum, side)) {
      sum += areas[end];
      end++;
    }
    // The row lies along the shorter side; `thick` is how far it reaches across the longer one.
    const thick = side > 0 ? Math.min(sum / side, w >= h ? w : h) : 0;
    let along = 0;
    for (let i = start; i < end; i++) {
      const length = thick > 0 ? areas[i] / thick : 0;
      boxes.push(w >= h ? { x, y: y + along, w: thick, h: length } : { x: x + along, y, w: length, h: thick });
      along += length;
    }
    if (w >= h) {
      x += thick;
      w -= thick;
    } else {
      y += thick;
      h -= thick;
    }
    start = end;
  }
  return boxes;
}

/** The worst aspect ratio of the row `areas[start..end)`, of total `sum`, laid along `side`. */
function worst(areas: readonly number[], start: number, end: number, sum: number, side: number): number {
  let largest = 0;
  let smallest = Infinity;
  for (let i = start; i < end; i++) {
    largest = Math.max(largest, areas[i]);
    smallest = Math.min(smallest, areas[i]);
  }
  const sides = side * side;
  const sums = sum * sum;
  return Math.max((sides * largest) / sums, sums / (sides * Math.max(smallest, Number.MIN_VALUE)));
}
