import { readdirSync } from 'node:fs';
import { extname, join } from 'node:path';
import { editDistance } from '../closest-name.ts';
import { warnings, type Warning } from '../warnings.ts';
import { configExtensions } from './defaults.ts';

/** Where else a config is put by mistake: beside the site's other configuration files, or its sources. */
const otherFolders = ['config', 'src'];

/** The names another message covers: a config in a form Node or the lookup cannot read (find-config-file.ts). */
const refusedExtensions = ['.cjs', '.cts', '.json'];

/**
 * A name that reads as the config's (`stem` without its extension): one naming both the tool and a
 * config (`api-prerender.config`, `prerender-config`, `Prerender.conf`), or a slip of two letters
 * (`prerender.configs`, `prerender.cofig`). Not `closestName`'s rule: at its distance for this
 * length, `prettier.config` is a slip too.
 */
function readsAsConfig(stem: string): boolean {
  const lower = stem.toLowerCase();
  return (lower.includes('prerender') && lower.includes('conf')) || editDistance(lower, 'prerender.config', 2) <= 2;
}

/**
 * The names in `folder` (from the site root: `''` or `config/`) that read as a config's, whatever
 * their extension (`prerender.config.tsx`, `prerender.config.ts.txt`), but those another message covers.
 */
function namesIn(root: string, folder: string): string[] {
  try {
    return readdirSync(join(root, folder), { withFileTypes: true })
      .filter((entry) => entry.isFile() && !refusedExtensions.includes(extname(entry.name)))
      .map((entry) => entry.name)
      .filter((name) => readsAsConfig(name.slice(0, name.length - extname(name).length)))
      .sort();
  } catch {
    // No such folder, or none to read: nothing found there.
    return [];
  }
}

/** A file named almost as a config, and what is said of it. */
export interface MisnamedConfig {
  /** From the site root. */
  path: string;
  /** Its extension is a config's (`prerender-config.ts`): `--config` reads it as it is. */
  readable: boolean;
  /**
   * It is code (a config's extension, or `.tsx`, `.jsx`), so surely the config: built without it, the
   * site would be published without its config. A name no code has (`.bak`, `.txt`) was set aside.
   */
  code: boolean;
  warning: Warning;
}

/**
 * The files of a site where no config file was found (so no file of the root has a config's exact
 * name) that read as its config: a file of the root, or of its `config/` or `src/` folder, named
 * almost as one (`api-prerender.config.ts`, `prerender.configs.ts`, `config/prerender.config.ts`),
 * each with the CONFIG_FILE warning that names the rename (or `--config`) that has it read. The
 * lookup reads the exact names alone, and such a file was otherwise not read without a word.
 */
export function misnamedConfigs(root: string): MisnamedConfig[] {
  return [
    ...namesIn(root, '').map((name) => ({ path: name, readable: readable(name), code: isCode(name), warning: warnings.configFileMisnamed(name, readName(name), readable(name)) })),
    ...otherFolders.flatMap((folder) =>
      namesIn(root, folder).map((name) => ({ path: `${folder}/${name}`, readable: readable(name), code: isCode(name), warning: warnings.configFileMisplaced(`${folder}/${name}`, readName(name), readable(name)) })),
    ),
  ];
}

/** Whether `--config` reads a file named `name` as it is: its extension is a config's. */
const readable = (name: string) => configExtensions.includes(extname(name));

/** Code the lookup does not read as a config, though a config written as it is would be such code: JSX's extensions. */
const jsxExtensions = ['.tsx', '.jsx'];

/** Whether a file named `name` holds code: {@link readable}, or written in JSX's extensions. */
const isCode = (name: string) => readable(name) || jsxExtensions.includes(extname(name));

/** The name the lookup reads for a config named `name`: with its extension where it is a config's, else `.ts`. */
const readName = (name: string) => `prerender.config${readable(name) ? extname(name) : '.ts'}`;
