/**
 * The picture of `public/` by folder: a treemap drawn as inline SVG when the report is written, so the
 * page needs no script or library for it. Each folder is a box whose area is its bytes, its
 * subfolders inside it; a box's tooltip names the folder, its size and its file count.
 */
import { formatBytes } from '../build-report.ts';
import { escapeHtml } from '../../escape-html.ts';
import { countedWide, formatCount } from '../../plural.ts';
import type { FolderNode } from '../folder-sizes.ts';
import { squarify, type Box } from './squarify.ts';

const size = { w: 960, h: 400 };
/** Folders nested deeper than this are not drawn (their bytes are in their ancestors' boxes). */
const drawnDepth = 3;
/** Room at the top of a box for its label, and around its subfolders. */
const labelHeight = 17;
const padding = 2;

/** The SVG of `root`'s folders; a line saying so when `public/` is empty. */
export function treemapSvg(root: FolderNode): string {
  if (root.bytes === 0) return '<p class="note">public/ holds no bytes.</p>';
  const parts: string[] = [];
  const description = `public/ by folder: ${formatBytes(root.bytes)} in ${countedWide(root.files, 'file')}`;
  parts.push(`<svg class="treemap" viewBox="0 0 ${size.w} ${size.h}" role="img" aria-label="${escapeHtml(description)}">`);
  drawChildren(parts, root, 'public', { x: 0, y: 0, ...size }, 1, (index) => index);
  parts.push('</svg>');
  return parts.join('');
}

/**
 * Lays out `parent`'s subfolders and its own files (one box for them all) in `box`, and draws them,
 * the largest first.
 */
function drawChildren(parts: string[], parent: FolderNode, path: string, box: Box, depth: number, hueOf: (index: number) => number): void {
  const children = [...parent.children.values()].sort((a, b) => b.bytes - a.bytes || (a.name < b.name ? -1 : 1));
  const own = {
    bytes: parent.bytes - children.reduce((sum, child) => sum + child.bytes, 0),
    files: parent.files - children.reduce((sum, child) => sum + child.files, 0),
  };
  const items = [...children.map((child, index) => ({ child, index, bytes: child.bytes })), { child: undefined, index: -1, bytes: own.bytes }];
  items.sort((a, b) => b.bytes - a.bytes);
  const boxes = squarify(
    items.map((item) => item.bytes),
    box,
  );
  items.forEach(({ child, index }, at) => {
    if (child) return drawFolder(parts, child, `${path}/${child.name}`, boxes[at], depth, hueOf(index));
    if (own.files === 0) return;
    // Beside the folders' boxes, named by whose files they are: public/'s own are its top level.
    const label = `${path === 'public' ? 'top-level files' : 'files here'} ${formatBytes(own.bytes)}`;
    drawBox(parts, boxes[at], 'own', `${path}/ (its own files): ${formatBytes(own.bytes)} in ${countedWide(own.files, 'file')}`, label);
  });
}

function drawFolder(parts: string[], node: FolderNode, path: string, box: Box, depth: number, hue: number): void {
  const { name } = node;
  const shown = node.other ? `${path.slice(0, -name.length)}(${name})` : `${path}/`;
  // Hues a golden angle apart: neighbours never look alike, however many there are.
  const fill = `hsl(${Math.round((hue * 137.5) % 360)} 55% ${Math.max(48, 82 - depth * 10)}%)`;
  if (!drawBox(parts, box, fill, `${shown}: ${describe(node)}`, `${name} ${formatBytes(node.bytes)}`)) return;
  const inner = { x: box.x + padding, y: box.y + labelHeight, w: box.w - 2 * padding, h: box.h - labelHeight - padding };
  // Subfolders in the parent's family of colours, each its own shade.
  if (depth < drawnDepth && inner.w > 20 && inner.h > 20 && node.children.size > 0) drawChildren(parts, node, path, inner, depth + 1, (index) => hue + (index + 1) * 0.2);
}

/** One box with its tooltip, and its label when it fits; `fill` a colour or, for a folder's own files, `own`. */
function drawBox(parts: string[], box: Box, fill: string, tooltip: string, label: string): boolean {
  if (box.w * box.h < 4) return false;
  const paint = fill === 'own' ? 'class="own"' : `fill="${fill}"`;
  parts.push(`<g><rect x="${fixed(box.x)}" y="${fixed(box.y)}" width="${fixed(box.w)}" height="${fixed(box.h)}" ${paint}>`);
  parts.push(`<title>${escapeHtml(tooltip)}</title></rect>`);
  if (box.w > 46 && box.h > labelHeight + 1) parts.push(`<text x="${fixed(box.x + 4)}" y="${fixed(box.y + 12.5)}">${escapeHtml(fit(label, box.w - 8))}</text>`);
  parts.push('</g>');
  return true;
}

const describe = (node: FolderNode) => `${formatBytes(node.bytes)} in ${countedWide(node.files, 'file')}`;

/** A label cut to about what fits `width` pixels of 11 px text. */
function fit(label: string, width: number): string {
  const chars = Math.floor(width / 6.6);
  return label.length <= chars ? label : `${label.slice(0, Math.max(1, chars - 1))}…`;
}

const fixed = (value: number) => String(Math.round(value * 10) / 10);
