/** The catalogue's errors of the config and the command line: exit code 2 (see errors.ts). */
import { messageOf, PrerenderError } from './prerender-error.ts';

const show = (value: unknown) => JSON.stringify(value);

/** Errors of the config and the command line: exit code 2. */
export const configErrors = {
  configKey: (key: string, allowed: string, got: unknown) =>
    new PrerenderError('CONFIG', `Config key "${key}" must be ${allowed}, got ${show(got)}.`, {
      hint: `Fix "${key}" in your prerender config or the matching command-line option.`,
    }),
  unknownConfigKey: (key: string, known: readonly string[], meant?: string) =>
    new PrerenderError('CONFIG', `Unknown config key "${key}"${meant ? `; did you mean "${meant}"?` : ';'} The keys allowed here are ${known.join(', ')}.`, {
      hint: meant ? `Rename the key to "${meant}", or remove it.` : 'Check the spelling of the key, or remove it.',
    }),
  configPaths: (message: string) =>
    new PrerenderError('CONFIG', message, {
      hint: 'Keep outDir apart from your sources, e.g. the default "dist", and publicDir a folder of its own.',
    }),
  routesFunction: (cause: unknown) =>
    new PrerenderError('CONFIG', `The function given as prerender.routes failed: ${messageOf(cause)}`, {
      hint: 'Fix the function in your prerender config that lists the routes.',
      cause,
      traceCause: true,
    }),
  noRoutesDir: (folder: string) =>
    new PrerenderError('CONFIG', `No routes folder at ${folder} (config key "routesDir").`, {
      hint: 'Run the command from the site root or pass the root (prerender build <root>), or set "routesDir" in your prerender config to the folder that holds the route files.',
    }),
  routesTimedOut: (timeout: number) =>
    new PrerenderError('CONFIG', `The function given as prerender.routes did not settle within ${timeout} ms (prerender.timeout).`, {
      hint: 'Make the promise it returns settle (a request with no timeout of its own, a callback never called); or raise prerender.timeout if listing the routes takes longer.',
    }),
  configTimedOut: (file: string, timeout: number) =>
    new PrerenderError('CONFIG', `The function ${file} default-exports did not settle within ${timeout} ms (prerender.timeout).`, {
      hint: `Make the promise it returns settle (a request with no timeout of its own, a callback never called). The bound is prerender.timeout as known before the file loads: its default, or build({ config: { prerender: { timeout } } }).`,
    }),
  configNotFound: (file: string) =>
    new PrerenderError('CONFIG', `Config file not found: ${file}`, {
      hint: 'Check the path given to --config, relative to the site root.',
    }),
  /** The config file cannot be loaded; the hint is the cause's own where it has one (a syntax error, a missing package). */
  configLoad: (file: string, cause: unknown) =>
    new PrerenderError('CONFIG', `Could not load config file ${file}: ${messageOf(cause)}`, {
      hint:
        cause instanceof PrerenderError && cause.hint
          ? cause.hint
          : (cause as { code?: unknown } | undefined)?.code === 'ERR_MODULE_NOT_FOUND'
            ? 'Install the package the config imports in the site (npm install <package>), or fix the import path.'
            : 'The file must default-export defineConfig({...}), a plain object, or a function returning one.',
      cause,
    }),
  compressZstd: (node: string, needed: string) =>
    new PrerenderError('CONFIG', `Config key "compress" asks for 'zstd', which needs Node ${needed}; this is Node ${node}.`, {
      hint: "Build on a Node that has zstd, or leave 'zstd' out of compress (true writes brotli and gzip, plus zstd where the Node has it).",
    }),
  usage: (message: string, hint?: string) => new PrerenderError('USAGE', message, { hint }),
  unknownCommand: (name: string, meant?: string) =>
    new PrerenderError('USAGE', `Unknown command "${name}"${meant ? `; did you mean "${meant}"?` : '.'}`, {
      hint: meant ? `Run \`prerender ${meant}\`, or \`prerender --help\` for the commands.` : 'Run `prerender --help` for the commands.',
    }),
  optionValue: (flag: string, usage: string, command: string) =>
    new PrerenderError('USAGE', `Option \`${flag}\` of \`${command}\` needs a value: \`${usage}\`.`, {
      hint: `Run \`${command} --help\` for its options.`,
    }),
  unknownOption: (flag: string, command: string, meant?: string) =>
    new PrerenderError('USAGE', `Unknown option \`${flag}\` for \`${command}\`${meant ? `; did you mean \`${meant}\`?` : '.'}`, {
      hint: `Run \`${command} --help\` for its options.`,
    }),
  vitePrefix: () =>
    new PrerenderError('CONFIG', 'Config key "apiPrefix" is empty, which in Vite would take every URL from the site, index.html too.', {
      hint: 'Give apiRoutes({ apiPrefix }) or your prerender config a prefix such as "api".',
    }),
  viteOutDir: (viteOutDir: string, output: string) =>
    new PrerenderError('CONFIG', `Vite's build.outDir (${viteOutDir}) and the prerender output (${output}) overlap: each build replaces the output whole.`, {
      hint: 'Point Vite\'s build.outDir at a folder of its own (the default, <outDir>/client), or change "name" or "outDir" in your prerender config.',
    }),
  crawlShard: () =>
    new PrerenderError('USAGE', '--shard cannot be used with prerender.crawl: each shard would crawl from its own routes and could not tell which found route is its to render.', {
      hint: 'Build without --shard, or list the routes (prerender.routes) and set prerender.crawl to false to shard the build.',
    }),
};
