/**
 * Where a site's route files are when its routesDir is not there: the command was run from a folder
 * inside the site (`src/`) or above it, or routesDir is misspelt (`src/server/rotues`). The error
 * that says the folder is missing names the nearest folder that has route files, and the fix.
 */
import { readdirSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, sep } from 'node:path';
import { closestName } from '../closest-name.ts';
import { isInside } from '../runtime/inside.ts';
import { isHiddenName } from '../runtime/url-path.ts';
import { isRouteFileName } from './file-to-route.ts';
import { packageRoot } from '../paths.ts';

/** A folder holding route files near a routesDir that is missing. */
export interface NearbyRoutes {
  /** The folder found. */
  routesDir: string;
  /** How many route files it holds (counted up to {@link countLimit}). */
  files: number;
  /** The site root it implies, when that is another folder than the one the command ran in. */
  root?: string;
  /** Other site roots below the folder the command ran in, when there are several (`blog/`, `shop/`). */
  others?: string[];
}

/** Folders above the root looked in: `src/server/routes/api` is four levels deep. */
const levelsUp = 4;
/** Route files counted at most: enough to say "12 route files", cheap on a large site. */
const countLimit = 1000;

/** How deep under the root a folder of the routesDir's name is looked for (`src/routes` is 2). */
const sameNameDepth = 3;

/**
 * The nearest folder with route files for a `routesDir` (under `root`) that is not there: the same
 * path from a folder above the root, or below it, one level down; else, for a misspelt name, the
 * folder beside the first missing one whose name is closest to it; else a folder of the same name
 * elsewhere in the site (`src/routes` for `src/server/routes`, as other tools lay sites out).
 */
export function findNearbyRoutes(root: string, routesDir: string): NearbyRoutes | undefined {
  if (!isInside(routesDir, root) || routesDir === root) return undefined;
  const path = relative(root, routesDir);
  for (let level = 1, above = dirname(root); level <= levelsUp && above !== dirname(above); level++, above = dirname(above)) {
    const found = withRoutes(join(above, path));
    if (found) return { ...found, root: above };
  }
  const below = subfolders(root).flatMap((name) => {
    const found = withRoutes(join(root, name, path));
    return found ? [{ ...found, root: join(root, name) }] : [];
  });
  if (below.length > 0) {
    // Of several sites, the one whose node_modules holds the api-prerender running, if one does.
    const running = below.find((site) => isInside(packageRoot, site.root)) ?? below[0]!;
    const others = below.filter((site) => site !== running).map((site) => site.root);
    return others.length > 0 ? { ...running, others } : running;
  }
  return misspelt(root, path) ?? sameName(root, basename(path));
}

/** The shallowest folder named `name` under `root` (at most {@link sameNameDepth} deep) with route files. */
function sameName(root: string, name: string): NearbyRoutes | undefined {
  let level = [root];
  for (let depth = 1; depth <= sameNameDepth && level.length > 0; depth++) {
    const next: string[] = [];
    for (const folder of level) {
      for (const child of subfolders(folder)) {
        const found = child === name ? withRoutes(join(folder, child)) : undefined;
        if (found) return found;
        next.push(join(folder, child));
      }
    }
    level = next;
  }
  return undefined;
}

/** The folder beside the first missing name of `path` whose name is closest to it, with route files. */
function misspelt(root: string, path: string): NearbyRoutes | undefined {
  const names = path.split(sep);
  let existing = root;
  let index = 0;
  while (index < names.length && isFolder(join(existing, names[index]))) existing = join(existing, names[index++]);
  const meant = closestName(names[index], subfolders(existing));
  if (meant === undefined) return undefined;
  // The rest of the path under the name meant, else the folder meant itself.
  return withRoutes(join(existing, meant, ...names.slice(index + 1))) ?? withRoutes(join(existing, meant));
}

function withRoutes(folder: string): NearbyRoutes | undefined {
  if (!isFolder(folder)) return undefined;
  const files = countRouteFiles(folder);
  return files > 0 ? { routesDir: folder, files } : undefined;
}

function countRouteFiles(folder: string): number {
  let count = 0;
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (count >= countLimit || isHiddenName(entry.name) || entry.name === 'node_modules') continue;
      if (entry.isDirectory()) walk(join(dir, entry.name));
      else if (isRouteFileName(entry.name)) count++;
    }
  };
  try {
    walk(folder);
  } catch {
    // A folder that cannot be read counts what was read of it.
  }
  return count;
}

/** The folders in `folder` a site or its routes could be in: no dot-folders, no node_modules. */
function subfolders(folder: string): string[] {
  try {
    return readdirSync(folder, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !isHiddenName(entry.name) && entry.name !== 'node_modules')
      .map((entry) => entry.name)
      .sort();
  } catch {
    return [];
  }
}

const isFolder = (path: string) => statSync(path, { throwIfNoEntry: false })?.isDirectory() === true;
