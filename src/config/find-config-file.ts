import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, extname, isAbsolute, join, resolve } from 'node:path';
import { closestName } from '../closest-name.ts';
import { errors } from '../errors.ts';
import { warnings, type Warning } from '../warnings.ts';
import { configExtensions, configFileNames } from './defaults.ts';
import { configName } from './key-origin.ts';
import { misnamedConfigs } from './misnamed-configs.ts';

/** How a caller spells the option that names the config file, as its errors say it. */
export interface ConfigOption {
  name: string;
  set(file: string): string;
}

/** The CLI's: `--config`, `--config configs/ci.config.ts`. */
export const configFlag: ConfigOption = { name: '--config', set: (file) => `--config ${file}` };

/** The library's (build(), loadConfig(), the servers', apiRoutes()): `configFile: 'configs/ci.config.ts'`. */
export const configFileOption: ConfigOption = { name: 'the configFile option', set: (file) => `configFile: '${file}'` };

/** Names a config is given by mistake (CommonJS, JSON): found by the lookup to be named, never read. */
const unreadNames = ['prerender.config.cjs', 'prerender.config.cts', 'prerender.config.json'];

/**
 * The config file to load: `configFile` (relative to `root`) when given, else the first found of
 * {@link configFileNames}. A file that is no ES module is refused, naming the rename that makes it
 * one, whether given or found alone; the others beside the one found are named to `warn`, as they are
 * not read, and so are files named almost as a config when none is found. `false`: none.
 */
export function findConfigFile(root: string, configFile: string | false | undefined, warn: (warning: Warning) => void): string | undefined {
  if (configFile === false) return undefined;
  if (configFile !== undefined) return checkConfigFile(root, configFile, configFileOption);
  const [found, ...others] = configFileNames.filter((name) => existsSync(join(root, name)));
  const unread = unreadNames.filter((name) => existsSync(join(root, name)));
  if (found === undefined) {
    if (unread.length > 0) throw errors.configExtension(unread[0], extname(unread[0]));
    const misnamed = misnamedConfigs(root);
    // Code named as a config (`prerender-config.ts`, `prerender.config.tsx`) is one: built without
    // it, the site would be published without its config, exit 0 (what its route files' entries
    // list, no sitemap), in place of the output its config made.
    const config = misnamed.find((file) => file.code);
    if (config) throw errors.configNotRead(config.warning.message, config.path);
    for (const { warning } of misnamed) warn(warning);
    return undefined;
  }
  if (others.length + unread.length > 0) warn(warnings.configFilesUnread(found, [...others, ...unread]));
  return join(root, found);
}

/**
 * The config file `configFile` names (relative to `root`), checked: one that is missing, a folder, or
 * no ES module is a CONFIG error naming the option as `option` spells it. The CLI checks its flag so
 * before it calls the library, whose errors name its option.
 */
export function checkConfigFile(root: string, configFile: string, option: ConfigOption): string {
  const file = isAbsolute(configFile) ? configFile : resolve(root, configFile);
  if (!existsSync(file)) {
    const meant = closestName(basename(file), filesIn(dirname(file)));
    throw errors.configNotFound(file, option, meant && configName(root, join(dirname(file), meant)));
  }
  if (statSync(file).isDirectory()) {
    const inside = configFileNames.find((name) => existsSync(join(file, name)));
    throw errors.configIsFolder(configName(root, file), option, inside && configName(root, join(file, inside)));
  }
  if (!configExtensions.includes(extname(file))) throw errors.configExtension(configName(root, file), extname(file));
  return file;
}

/** The names of the files in `folder`, none when it cannot be read. */
function filesIn(folder: string): string[] {
  try {
    return readdirSync(folder, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}
