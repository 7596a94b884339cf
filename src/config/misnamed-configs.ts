import { readdirSync } from 'node:fs';
import { extname, join } from 'node:path';
import { editDistance } from '../closest-name.ts';
import { warnings, type Warning } from '../warnings.ts';
import { configExtensions } from './defaults.ts';

/** Where else a config is put by mistake: beside the site's other configuration files. */
const configFolder = 'config';

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

/** The names in `folder` (from the site root: `''` or `config/`) that read as a config's, with their extension. */
function namesIn(root: string, folder: string): string[] {
  try {
    return readdirSync(join(root, folder), { withFileTypes: true })
      .filter((entry) => !entry.isDirectory() && configExtensions.includes(extname(entry.name)))
      .map((entry) => entry.name)
      .filter((name) => readsAsConfig(name.slice(0, -extname(name).length)))
      .sort();
  } catch {
    // No such folder, or none to read: nothing found there.
    return [];
  }
}

/**
 * The CONFIG_FILE warnings for a site where no config file was found (so no file of the root has a
 * config's exact name): a file of the root, or of its `config/` folder, named almost as one
 * (`api-prerender.config.ts`, `prerender.configs.ts`, `config/prerender.config.ts`), each with the
 * rename (or `--config`) that has it read. The lookup reads the exact names alone, and such a file
 * was otherwise not read without a word: the build only said it had nothing to prerender.
 */
export function misnamedConfigs(root: string): Warning[] {
  return [
    ...namesIn(root, '').map((name) => warnings.configFileMisnamed(name, `prerender.config${extname(name)}`)),
    ...namesIn(root, configFolder).map((name) => warnings.configFileMisplaced(`${configFolder}/${name}`, `prerender.config${extname(name)}`)),
  ];
}
