/**
 * The bytes of `public/` by folder, for the report's picture. Bounded whatever the site: a route per
 * folder (`/docs/<slug>` written as `docs/<slug>/index.html`) would otherwise make a node per route.
 */

/** A folder of `public/`, or (`other`) the folders of one parent past the kept ones. */
export interface FolderNode {
  name: string;
  other?: true;
  /** Bytes of every file under it, and how many files. */
  bytes: number;
  files: number;
  children: Map<string, FolderNode>;
}

/** The key, among a folder's children, of the node that holds its folders past the first kept. */
const otherFolders = '\0other';

/**
 * Folders deeper than `depth` count in their ancestor at that depth; a folder keeps its first
 * `children` subfolders and counts the rest together; past `nodes` folders in all, new ones count
 * in their parent. A picture shows no more anyway.
 */
const limits = { depth: 4, children: 40, nodes: 2000 };

/** Adds up file sizes by folder. */
export interface FolderSizes {
  /** A file of `public/`: its path (`/`-separated) and size. */
  add(file: string, bytes: number): void;
  /** The root (`public/` itself). */
  readonly root: FolderNode;
}

/** An empty {@link FolderSizes}. */
export function createFolderSizes(): FolderSizes {
  const root: FolderNode = { name: 'public', bytes: 0, files: 0, children: new Map() };
  let nodes = 1;
  const childOf = (parent: FolderNode, name: string): FolderNode | undefined => {
    const found = parent.children.get(name);
    if (found) return found;
    if (nodes >= limits.nodes) return undefined;
    const full = parent.children.size >= limits.children;
    const key = full ? otherFolders : name;
    let child = parent.children.get(key);
    if (!child) {
      child = full ? { name: 'other folders', other: true, bytes: 0, files: 0, children: new Map() } : { name, bytes: 0, files: 0, children: new Map() };
      parent.children.set(key, child);
      nodes++;
    }
    return child;
  };
  return {
    root,
    add(file, bytes) {
      root.bytes += bytes;
      root.files++;
      // Folder by folder along the path, without splitting it: this runs for every file written.
      let node: FolderNode | undefined = root;
      for (let start = 0, depth = 0; depth < limits.depth && !node.other; depth++) {
        const slash = file.indexOf('/', start);
        if (slash < 0) break;
        node = childOf(node, file.slice(start, slash));
        if (!node) break;
        node.bytes += bytes;
        node.files++;
        start = slash + 1;
      }
    },
  };
}
