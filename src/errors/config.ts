/** The catalogue's errors of the config (and of the command line beside it: usage.ts): exit code 2 (see errors.ts). */
import { basename, join, relative, sep } from 'node:path';
import type { ConfigOption } from '../config/find-config-file.ts';
import { messageOf, PrerenderError } from './prerender-error.ts';
import { stackWithCauses } from '../error-stack.ts';
import { ownCodeDir } from '../paths.ts';
import { defaults } from '../config/defaults.ts';
import { isPlainObject, kindOf } from '../value-kind.ts';

/**
 * A config value as a message shows it: as JSON where JSON spells it as it is, else what it is
 * (`a Date`, `a Map`, `a function`), which JSON would show as another value (a string, `{}`, nothing).
 */
const show = (value: unknown): string => {
  const type = typeof value;
  const asJson = value === null || type === 'string' || (type === 'number' && Number.isFinite(value)) || type === 'boolean' || Array.isArray(value) || isPlainObject(value);
  if (asJson) return JSON.stringify(value);
  // A sitemap's lastmod takes a Date: one that reaches a message is invalid (new Date('soon')).
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'an invalid Date (new Date() of a text it could not read)' : 'a Date';
  return kindOf(value);
};

/**
 * The name a ReferenceError says is not defined, which no property of the error holds: V8 words it
 * `<name> is not defined` on every Node (Node adds to it for CommonJS names in an ES module).
 */
const undefinedName = (cause: unknown) => (cause instanceof ReferenceError ? /^([\w$]+) is not defined/.exec(cause.message)?.[1] : undefined);

/** What CommonJS gives a module and an ES module has not: a config written as CommonJS uses them. */
const commonJsNames = ['module', 'exports', 'require', '__dirname', '__filename'];

/** Node's error of a module that does not parse: it says where in no property and no frame (its stack is its message again). */
const unlocated = (name: string, cause: unknown) => cause instanceof SyntaxError && !cause.stack?.includes(name);

/** The hint for a config's own code that threw `cause`: the import or the ES module form where a name is missing. */
function ownCodeHint(name: string, cause: unknown): string {
  const missing = undefinedName(cause);
  if (missing === 'defineConfig') return `Import it at the top of ${name}: import { defineConfig } from 'api-prerender';`;
  if (missing !== undefined && commonJsNames.includes(missing)) {
    return `${name} is an ES module: write export default in place of module.exports =, import in place of require(), import.meta.dirname in place of __dirname (renamed .cjs, as Node suggests, it would not be read).`;
  }
  if (unlocated(name, cause)) return `${name} does not parse: \`node --check ${name}\` shows the line, then fix it there.`;
  return `The error comes from the code of ${name}: fix it at the first line of ${name} in the stack above.`;
}

/** The key holding `key` (`prerender` for `prerender.concurrency`), `''` at the top. */
const parentKey = (key: string) => key.slice(0, Math.max(0, key.lastIndexOf('.')));

/**
 * How to turn `key` into `meant`: a rename at the same level; else a move, which a rename to a dotted
 * name would not say (`concurrency: 4` renamed "prerender.concurrency" is still a key at the top).
 * @example keyFix('concurency', 'prerender.concurrency') // 'Move the key into "prerender" as "concurrency" (prerender: { concurrency: ... })'
 */
function keyFix(key: string, meant: string): string {
  const [from, to] = [parentKey(key), parentKey(meant)];
  if (from === to) return `Rename the key to "${meant}"`;
  const name = meant.slice(to.length === 0 ? 0 : to.length + 1);
  if (to === '') return `Move the key out of "${from}" to the top level as "${name}"`;
  const nested = to.split('.').reduceRight((inner, level) => `${level}: { ${inner} }`, `${name}: ...`);
  return `Move the key into "${to}" as "${name}" (${nested})`;
}

/** Errors of the config and the command line: exit code 2. */
export const configErrors = {
  /**
   * A config key's value it cannot take. `origin` is where it was set (the config file, or the
   * options overriding it; none: a default, and no config file), `meant` a value it was likely meant to be
   * (shown as JSON: `["/api/posts.json"]` for a route given alone).
   */
  configKey: (key: string, allowed: string, got: unknown, origin?: string, meant?: unknown) =>
    new PrerenderError('CONFIG', `Config key "${key}"${origin ? ` in ${origin}` : ''} must be ${allowed}, got ${show(got)}${meant !== undefined ? `; did you mean ${show(meant)}?` : '.'}`, {
      hint: !origin ? `Create prerender.config.ts in the site root and set "${key}" there.` : meant !== undefined ? `Set "${key}" to ${show(meant)} in ${origin}.` : `Fix "${key}" in ${origin}.`,
    }),
  /**
   * A route pattern listed to prerender (`/api/items/:id`): `pattern` is its piece of pattern syntax,
   * `param` the parameter it names; `origin` where it was listed (the config file).
   */
  routePattern: (key: string, route: string, pattern: string, param?: string, origin?: string) => {
    const example = param ? `{ ${param}: '1' }, { ${param}: '2' }` : `'${route.slice(0, route.indexOf(pattern))}a', '${route.slice(0, route.indexOf(pattern))}b'`;
    return new PrerenderError(
      'CONFIG',
      `Config key "${key}"${origin ? ` in ${origin}` : ''} is "${route}", a route pattern ("${pattern}" is ${param ? `the parameter ${param}` : 'a wildcard'}), not a URL: the prerender requests each listed route as it is written.`,
      {
        hint: `List the URLs themselves, or have the route file serving the pattern list them: export const entries = () => [${example}]; from it (see "Routes that list their own URLs" in the README).`,
      },
    );
  },
  /** A key no level of the config has; `meant` is the one likely meant, at this level or another (`concurrency` written at the top). */
  unknownConfigKey: (key: string, known: readonly string[], origin?: string, meant?: string) =>
    new PrerenderError('CONFIG', `Unknown config key "${key}"${origin ? ` in ${origin}` : ''}${meant ? `; did you mean "${meant}"? The` : '; the'} keys allowed here are ${known.join(', ')}.`, {
      hint: `${meant ? keyFix(key, meant) : 'Check the spelling of the key'}${origin ? ` in ${origin}` : ''}, or remove it.`,
    }),
  /** Output and source folders that overlap; `origin` is where outDir, name and the folders are set. */
  configPaths: (message: string, origin?: string) =>
    new PrerenderError('CONFIG', message, {
      hint: `Keep outDir apart from your sources, e.g. the default "dist", and publicDir a folder of its own${origin ? `: fix them in ${origin}` : ''}.`,
    }),
  /** A cacheDir that overlaps the output or the sources; `origin` is where it is set. */
  cacheDirPlace: (message: string, origin?: string) =>
    new PrerenderError('CONFIG', message, {
      hint: `Keep cacheDir apart from the output and your sources, e.g. the default "node_modules/.cache/api-prerender"${origin ? `: fix it in ${origin}` : ''}.`,
    }),
  /** Listing the routes failed as it ran (a CMS down), as a route file's entries may: no config mistake, exit 1. */
  routesFunction: (configFile: string, cause: unknown) =>
    new PrerenderError('ROUTE_ENTRIES', `The function given as prerender.routes in ${configFile} failed: ${messageOf(cause)}`, {
      hint: namesSiteCode(stackWithCauses(cause, ownCodeDir))
        ? `Fix prerender.routes in ${configFile} at the line the stack above names.`
        : // A request that failed (fetch failed, getaddrinfo ENOTFOUND) throws from Node's code and undici's alone.
          `Fix prerender.routes in ${configFile}: the stack names no line of it, so what failed is code it called, such as a request it made (check that the address answers from where the build runs).`,
      cause,
      traceCause: true,
    }),
  /**
   * routesDir (under `root`) is no folder. `configFile`: where routesDir is set, as messages name it
   * (key-origin.ts); `nearby`: the nearest folder with route files (routes/nearby-routes.ts), and the
   * site root it implies when that is elsewhere; `command`: the one run (`build`, `dev`), for the fix
   * to name; none for the library's callers.
   */
  noRoutesDir: (folder: string, root: string, configFile: string, nearby?: { routesDir: string; files: number; root?: string; others?: string[] }, command?: string) => {
    const run = command ? `prerender ${command}` : 'the command';
    const found = nearby && `${nearby.routesDir} (${nearby.files >= 1000 ? '1000 or more route files' : `${nearby.files} route file${nearby.files === 1 ? '' : 's'}`})`;
    // A routesDir set (in the config, the plugin's options) is what to fix; only the default's miss says the root is elsewhere.
    if (nearby?.root !== undefined && folder === join(root, defaults.routesDir)) {
      // The folder as typed from where the command runs, unless that climbs far: then as it is.
      const near = relative(process.cwd(), nearby.root) || '.';
      const there = near.startsWith(`..${sep}..`) ? nearby.root : near;
      const others = nearby.others ?? [];
      const also = others.length > 0 ? ` (${others.length === 1 ? 'another site is' : 'other sites are'} beside it: ${others.join(', ')})` : '';
      const another = command && others.length > 0 ? `; for another, its folder (\`prerender ${command} ${relative(process.cwd(), others[0]!) || '.'}\`)` : '';
      return new PrerenderError('CONFIG', `No routes folder at ${folder} (config key "routesDir"). Route files are at ${found}: the site's root seems to be ${nearby.root}${also}.`, {
        hint: `Run ${run} in ${nearby.root}, or pass it the root${command ? ` (\`prerender ${command} ${there}\`)` : ''}${another}.`,
      });
    }
    if (nearby) {
      return new PrerenderError('CONFIG', `No routes folder at ${folder} (config key "routesDir"); did you mean ${found}?`, {
        hint: `Set "routesDir" in ${configFile} to "${relative(root, nearby.routesDir).split(sep).join('/')}", or rename that folder to "${relative(root, folder).split(sep).join('/')}".`,
      });
    }
    return new PrerenderError('CONFIG', `No routes folder at ${folder} (config key "routesDir"), nor one with route files near it.`, {
      hint:
        `Run ${run} from the site root or pass the root${command ? ` (\`prerender ${command} <root>\`)` : ''}, or set "routesDir" in ${configFile} to the folder that holds the route files. ` +
        `A new site starts with one: ${relative(root, join(folder, 'api', 'hello.ts')).split(sep).join('/')} holding \`export default defineEventHandler(() => 'hello');\` (import it from 'h3').`,
    });
  },
  routesTimedOut: (timeout: number, configFile: string) =>
    new PrerenderError('ROUTE_ENTRIES', `The function given as prerender.routes did not settle within ${timeout} ms (prerender.timeout).`, {
      hint: `Make the promise it returns settle (a request with no timeout of its own, a callback never called); or raise prerender.timeout in ${configFile} if listing the routes takes longer.`,
    }),
  configTimedOut: (file: string, timeout: number) =>
    new PrerenderError('CONFIG', `The function ${file} default-exports did not settle within ${timeout} ms (prerender.timeout).`, {
      hint: `Make the promise it returns settle (a request with no timeout of its own, a callback never called). The bound is prerender.timeout as known before the file loads: its default, or build({ config: { prerender: { timeout } } }).`,
    }),
  /** `meant`: a file of that folder named almost as the one given (from the site root, as the option takes it); `option` spells the option as the caller does. */
  configNotFound: (file: string, option: ConfigOption, meant?: string) =>
    new PrerenderError('CONFIG', `Config file not found: ${file}${meant ? `; did you mean ${meant}?` : ''}`, {
      hint: meant ? `Pass ${option.set(meant)} (relative to the site root).` : `Check the path given to ${option.name}, relative to the site root.`,
    }),
  /** The config file option given a folder (`name` as messages name it), and the config file in it, if one is. */
  configIsFolder: (name: string, option: ConfigOption, inside?: string) =>
    new PrerenderError('CONFIG', `${option.set(name)} is a folder; ${option.name} takes the config file itself.`, {
      hint: inside ? `Pass ${option.set(inside)}.` : `Pass the path of the config file, such as ${option.set('prerender.config.ts')} (relative to the site root).`,
    }),
  /** No config file was read, where code named almost as a config is (`said`: the CONFIG_FILE warning's words, with the fix; `path` from the root). */
  configNotRead: (said: string, path: string) =>
    new PrerenderError('CONFIG', `${said} Without it the site would be published without its config: nothing is built.`, {
      hint: `If ${path} is not this site's config, write a prerender.config.ts (export default {}) in the site root, which is read instead.`,
    }),
  /** No config file was read, where the build in `output` read `previous` (from the site root). */
  configGone: (previous: string, output: string) =>
    new PrerenderError('CONFIG', `No config file was read, but the build in ${output} was made with ${previous}: without it this build would publish another site (no routes it listed, no sitemap, none of its settings), so nothing is built.`, {
      hint: `Put ${previous} back in the site root (or name where it is now: --config, or the configFile option). To build this site without a config from now on, remove ${output} first.`,
    }),
  /** A config file that is no ES module (`name` as messages name it), with the rename that makes it one. */
  configExtension: (name: string, extension: string) => {
    const stem = name.slice(0, name.length - extension.length);
    const fix: Record<string, string> = {
      '.cjs': `Rename it to ${stem}.mjs and write export default in place of module.exports =.`,
      '.cts': `Rename it to ${stem}.ts and write export default in place of module.exports = or export =.`,
      '.json': `Rename it to ${stem}.mjs and put export default in front of its object.`,
    };
    return new PrerenderError('CONFIG', `Found ${name}, but a config file is an ES module: prerender.config.ts, .mts, .js or .mjs.`, {
      hint: fix[extension] ?? `Write the config as ${stem}.mjs or ${stem}.ts, default-exporting it.`,
    });
  },
  /**
   * The config file cannot be loaded, or its code threw (loading, or in its default-exported
   * function): the hint is the cause's own where it has one (a syntax error, a missing package), else
   * the import of `defineConfig` when that is what is missing, else to fix the config's code, whose
   * stack (through the config's own lines) is printed (see ownCodeHint).
   */
  configLoad: (file: string, cause: unknown) => {
    const name = basename(file);
    const code = (cause as { code?: unknown } | undefined)?.code;
    // Node's own words on an import of a plain JavaScript config: a package not installed, or a path it does not export.
    const ownCode = !(cause instanceof PrerenderError) && code !== 'ERR_MODULE_NOT_FOUND' && code !== 'ERR_PACKAGE_PATH_NOT_EXPORTED';
    // A syntax error of a TypeScript config, found as it is compiled, keeps its place and code frame.
    const located = cause instanceof PrerenderError ? { loc: cause.loc, frame: cause.frame } : {};
    return new PrerenderError('CONFIG', `Could not load config file ${file}: ${messageOf(cause)}`, {
      ...located,
      hint:
        cause instanceof PrerenderError && cause.hint
          ? cause.hint
          : code === 'ERR_PACKAGE_PATH_NOT_EXPORTED'
            ? `Import a path the package exports (its package.json "exports" lists them); everything api-prerender exports comes from 'api-prerender' (import { defineConfig } from 'api-prerender').`
            : !ownCode
              ? 'Install the package the config imports in the site (npm install <package>), or fix the import path.'
              : ownCodeHint(name, cause),
      cause,
      traceCause: ownCode && !unlocated(name, cause),
    });
  },
  /**
   * A `.js` config written as an ES module in a package whose package.json (`packageJson`) says
   * `"type": "commonjs"` (as `npm init` writes it from npm 11 on): Node loads it as CommonJS.
   */
  configInCommonJsPackage: (file: string, packageJson: string) => {
    const name = basename(file);
    return new PrerenderError('CONFIG', `Could not load config file ${file}: ${name} is written as an ES module (import, export), and ${packageJson} says "type": "commonjs", so Node loads it as CommonJS.`, {
      hint: `Add "type": "module" to ${packageJson} (its other .js files are then read as ES modules too), or rename the file ${name.replace(/\.js$/, '.mjs')}.`,
    });
  },
  /** The config file loaded, but what it default-exports is no config. */
  /** `exported`: the names the file exports instead (`config`: `export const config = ...`). */
  configNoDefault: (file: string, exported: string[]) =>
    new PrerenderError('CONFIG', `Could not load config file ${file}: the file has no default export${exported.length > 0 ? `, only ${exported.length === 1 ? 'the named export' : 'the named exports'} ${exported.slice(0, 5).map((name) => `"${name}"`).join(', ')}` : ''}.`, {
      hint:
        exported.length === 1
          ? `Export it as the default: \`export default ${exported[0]};\` (or write \`export default defineConfig({...})\` in place of \`export const ${exported[0]} = ...\`).`
          : 'The file must default-export defineConfig({...}), a plain object, or a function returning one: `export default defineConfig({...})`.',
    }),
  configExport: (file: string, problem: string) =>
    new PrerenderError('CONFIG', `Could not load config file ${file}: ${problem}`, {
      hint: 'The file must default-export defineConfig({...}), a plain object, or a function returning one.',
    }),
  compressZstd: (node: string, needed: string, origin?: string) =>
    new PrerenderError('CONFIG', `Config key "compress"${origin ? ` in ${origin}` : ''} asks for 'zstd', which needs Node ${needed}; this is Node ${node}.`, {
      hint: "Build on a Node that has zstd, or leave 'zstd' out of compress (true writes brotli and gzip, plus zstd where the Node has it).",
    }),
  /** `setIn`: the config file, or the `config` option, that sets prerender.crawl. */
  crawlShard: (setIn: string) =>
    new PrerenderError('USAGE', `--shard cannot be used with prerender.crawl (set in ${setIn}): each shard would crawl from its own routes and could not tell which found route is its to render.`, {
      hint: `Build without --shard, or list the routes (prerender.routes) and set prerender.crawl to false in ${setIn} to shard the build.`,
    }),
};

/** Whether a stack has a frame of the site's own code: one in no package and not Node's own (`node:dns`). */
function namesSiteCode(stack: string): boolean {
  return stack.split('\n').some((line) => /^\s+at /.test(line) && !/[(\s]node:/.test(line) && !/[\\/]node_modules[\\/]/.test(line));
}
