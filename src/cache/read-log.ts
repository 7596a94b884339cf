/**
 * The logs the prerender keeps of what routes reach (runtime/reads.ts): one per route's render, and
 * one for the bundle's load, where module-level code runs (a data file read at the top of a module,
 * a variable read from the environment there).
 */
import type { ReadLog } from '../runtime/reads.ts';

/**
 * What one route's render (or one route file's `entries`) reached; most routes read nothing, and
 * their log holds no map.
 */
export class RouteLog implements ReadLog {
  /** Absolute path read -> the modules that read it; absent until a file is read. */
  files?: Map<string, string[]>;
  /** Absolute folder whose whole tree of names was read (a `glob`) -> the modules that read it; absent until one is. */
  trees?: Map<string, string[]>;
  reachedNetwork = false;
  reachedEnv = false;
  /**
   * The site's modules through which it read the environment: one that keeps the value hands it to
   * every route that reaches it (a shared `greeting ??= process.env.GREETING`). Packages are left out:
   * h3 and the like are reached by every route.
   */
  envThrough?: Set<string>;

  file(module: string, path: string): void {
    add((this.files ??= new Map()), path, module);
  }
  tree(module: string, path: string): void {
    add((this.trees ??= new Map()), path, module);
  }
  env(module: string): void {
    this.reachedEnv = true;
    if (!module.split('/').includes('node_modules')) (this.envThrough ??= new Set()).add(module);
  }
  /** The working folder is the environment's, as a route's record has it: rendered again every build. */
  cwd(module: string): void {
    this.env(module);
  }
  network(): void {
    this.reachedNetwork = true;
  }
}

/** The name the working folder is kept by among a module's variables: no variable's name holds "=". */
export const workingFolder = '=cwd';

/** What one module reached while the bundle loaded. */
export interface ModuleLoadReads {
  files: Set<string>;
  trees: Set<string>;
  /** Variables read (`*`: the environment was listed; {@link workingFolder}: the working folder was asked for). */
  env: Set<string>;
}

/** What the bundle's load reached, by module. */
export class LoadLog implements ReadLog {
  readonly modules = new Map<string, ModuleLoadReads>();
  reachedNetwork = false;

  file(module: string, path: string): void {
    this.of(module).files.add(path);
  }
  tree(module: string, path: string): void {
    this.of(module).trees.add(path);
  }
  env(module: string, name: string | undefined): void {
    this.of(module).env.add(name ?? '*');
  }
  /** Kept as the variable {@link workingFolder}, with its value: the module is loaded again only when the build runs from elsewhere. */
  cwd(module: string): void {
    this.of(module).env.add(workingFolder);
  }
  network(): void {
    this.reachedNetwork = true;
  }
  private of(module: string): ModuleLoadReads {
    let reads = this.modules.get(module);
    if (!reads) this.modules.set(module, (reads = { files: new Set(), trees: new Set(), env: new Set() }));
    return reads;
  }
}

function add(map: Map<string, string[]>, key: string, module: string): void {
  const modules = map.get(key);
  if (!modules) map.set(key, [module]);
  else if (!modules.includes(module)) modules.push(module);
}
