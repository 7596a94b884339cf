/** The catalogue's errors of the command line itself (its commands, options and arguments): USAGE, exit code 2 (see errors.ts). */
import { PrerenderError } from './prerender-error.ts';

const show = (value: unknown) => JSON.stringify(value);

/** Errors of how the command was typed, not of the site. */
export const usageErrors = {
  usage: (message: string, hint?: string) => new PrerenderError('USAGE', message, { hint }),
  /** A command-line option's value it cannot take; `meant` is the one likely meant, else `hint` says what to pass. */
  flagValue: (flag: string, allowed: string, got: unknown, meant?: string, hint?: string) =>
    new PrerenderError('USAGE', `${flag} must be ${allowed}, got ${show(got)}${meant ? `; did you mean ${show(meant)}?` : '.'}`, {
      hint: meant ? `Pass ${flag} ${meant}.` : hint,
    }),
  unknownCommand: (name: string, meant?: string) =>
    new PrerenderError('USAGE', `Unknown command "${name}"${meant ? `; did you mean "${meant}"?` : '.'}`, {
      hint: meant ? `Run \`prerender ${meant}\`, or \`prerender --help\` for the commands.` : 'Run `prerender --help` for the commands.',
    }),
  /** A folder given to `prerender merge` that does not exist, `path` as given. */
  noShardFolder: (path: string) =>
    new PrerenderError('USAGE', `No such shard folder: ${path}.`, {
      hint: 'Pass the folders `prerender build --shard k/n` wrote (dist/<name>.shard-k-of-n); a shell pattern that matches nothing is passed on as written.',
    }),
  /** `prerender` alone: a CI step that forgot the command must not pass. */
  noCommand: () =>
    new PrerenderError('USAGE', 'No command given: `prerender build` builds the site in this folder.', {
      hint: 'Run `prerender build`, `prerender dev`, `prerender preview` or `prerender merge`; the commands above say what each does.',
    }),
  jsonWithoutCommand: () =>
    new PrerenderError('USAGE', '--json needs a command that takes it: prerender build --json or prerender merge --json.', {
      hint: 'Run `prerender --help` for the commands.',
    }),
  optionValue: (flag: string, usage: string, command: string) =>
    new PrerenderError('USAGE', `Option \`${flag}\` of \`${command}\` needs a value: \`${usage}\`.`, {
      hint: `Run \`${command} --help\` for its options.`,
    }),
  /** Arguments `command` needs and was not given, as `needs` says them. */
  missingArgs: (command: string, needs: string) =>
    new PrerenderError('USAGE', `\`${command}\` needs ${needs}.`, { hint: `Run \`${command} --help\` for its arguments.` }),
  /** Arguments past those `command` takes (`takes`: their names, `root`), as `extra` lists them. */
  extraArgs: (command: string, takes: string[], extra: string[]) =>
    new PrerenderError(
      'USAGE',
      `\`${command}\` takes ${takes.length === 0 ? 'no argument' : `one argument, the ${takes.join(', ')} folder`}; ${extra.map((arg) => `"${arg}"`).join(', ')} ${extra.length === 1 ? 'is one' : `are ${extra.length}`} too many.`,
      { hint: `Quote a path with spaces, and give options with their dashes (--port 3000); run \`${command} --help\` for its options.` },
    ),
  /** `--watch` (or `-w`, as Rollup, Vite and tsc spell it) on a command that has none: dev is the watching one. */
  watchOption: (flag: string, command: string) =>
    command === 'prerender dev'
      ? new PrerenderError('USAGE', `Unknown option \`${flag}\` for \`prerender dev\`, which watches already: it rebuilds the routes on every save.`, { hint: 'Run `prerender dev` without it.' })
      : new PrerenderError('USAGE', `Unknown option \`${flag}\` for \`${command}\`: \`prerender dev\` is the command that watches, serving the routes and rebuilding them on every save.`, {
          hint: 'Run `prerender dev` while you edit, and `prerender build` to write the site.',
        }),
  /** A config key (`outDir`, `prerender.timeout`) given as the flag `flag`, which `command` does not take (`others` do). */
  configKeyOption: (flag: string, command: string, key: string, others: string[] = []) =>
    new PrerenderError('USAGE', `Unknown option \`${flag}\` for \`${command}\`: ${key} is a config key, set in the config file${others.length > 0 ? ` (${others.map((other) => `\`${other}\``).join(' and ')} takes ${flag})` : ', not on the command line'}.`, {
      hint:
        (others.length > 0 ? `Pass ${flag} to \`${others.join('` or `')}\`, if that is what you meant to run; or set ${key}` : 'Set it') +
        ` in prerender.config.ts (or .mjs): export default defineConfig({ ${key.includes('.') ? `prerender: { ${key.split('.')[1]}: ... }` : `${key}: ...`} }); run \`${command} --help\` for its options.`,
    }),
  /** `meant`: the option likely meant; `others`: the commands that take `flag` (`prerender dev`). */
  unknownOption: (flag: string, command: string, meant?: string, others: string[] = []) =>
    new PrerenderError(
      'USAGE',
      `Unknown option \`${flag}\` for \`${command}\`${meant ? `; did you mean \`${meant}\`?` : others.length > 0 ? `: it is an option of ${others.map((other) => `\`${other}\``).join(' and ')}.` : '.'}`,
      { hint: `Run \`${command} --help\` for its options.` },
    ),
};
