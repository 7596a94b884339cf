import type { CAC, Command } from 'cac';
import { closestName } from '../src/closest-name.ts';
import { everyKey } from '../src/config/config-keys.ts';
import { errors } from '../src/errors.ts';

/** The commands' required arguments, as a message says they are missing. */
const argumentsSaid: Record<string, string> = { shardDirs: 'the shard folders to merge, such as dist/my-site.shard-1-of-2 dist/my-site.shard-2-of-2' };

/** What other tools (npm scripts, `serve`, Vite) call one of our commands, for "did you mean ...?". */
const otherToolsCommands: Record<string, string> = { serve: 'preview', start: 'preview' };

/**
 * Parses `argv` with cac and checks it: a command that does not exist, or an option the command does
 * not take, is a usage error naming the one meant. The values of options that take one (`--port
 * <port>`) are strings as typed, a dash first included (`--port -1`): a port or a count is checked
 * on what the user wrote.
 * Returns the command to run, if any (none for `--help`, `--version` or no arguments).
 */
export function parseArgs(cli: CAC, argv: string[]): Command | undefined {
  cli.parse(argv, { run: false });
  const command = cli.matchedCommand;
  // `prerender help build`, as git and npm take it: build's help.
  const asked = cli.args[0] === 'help' ? cli.commands.find((known) => known.name === cli.args[1]) : undefined;
  if (!command && asked) return parseArgs(cli, [...argv.slice(0, 2), asked.name, '--help']);
  if (!command) {
    // `prerender help`, as git and npm take it: the help, as with no arguments.
    if (cli.args.length > 0 && !cli.options.help && cli.args[0] !== 'help') {
      const name = String(cli.args[0]);
      throw errors.unknownCommand(name, closestName(name, cli.commands, (known) => known.name)?.name ?? otherToolsCommands[name]);
    }
    if (cli.options.json && !cli.options.help && !cli.options.version) throw errors.jsonWithoutCommand();
    // `prerender --verbose` printed the help and exited 0, as if the option were known.
    if (!cli.options.help && !cli.options.version) checkOptions(cli, cli.globalCommand);
    return undefined;
  }
  const { rest, values } = takeValues(argv.slice(2), command);
  // cac's parser (mri) would make `''` the number 0 and `1e3` 1000, and read `--port -1` as a missing
  // value and an option `-1`: the values are taken out, the rest is parsed again.
  cli.parse([...argv.slice(0, 2), ...rest], { run: false });
  Object.assign(cli.options, values);
  checkOptions(cli, command);
  checkArgs(cli, command);
  return command;
}

/**
 * Throws a usage error for arguments `command` needs and did not get (`prerender merge`), or past
 * those it takes (`prerender build my-site extra`): cac's own say `missing required args for command
 * \`merge <...shardDirs>\`` and `Unused args`, when the command runs.
 */
function checkArgs(cli: CAC, command: Command): void {
  const required = command.args.filter((arg) => arg.required);
  if (cli.args.length < required.length) throw errors.missingArgs(`prerender ${command.name}`, required.map((arg) => argumentsSaid[arg.value] ?? arg.value).join(' and '));
  if (command.args.some((arg) => arg.variadic) || cli.args.length <= command.args.length) return;
  throw errors.extraArgs(`prerender ${command.name}`, command.args.map((arg) => arg.value), cli.args.slice(command.args.length).map(String));
}

/** `args` without the values of `command`'s value options, and those values as written. */
function takeValues(args: string[], command: Command): { rest: string[]; values: Record<string, string> } {
  const rest: string[] = [];
  const values: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--') {
      rest.push(...args.slice(i));
      break;
    }
    const [, name, inline] = /^--([^=]+)(?:=([^]*))?$/.exec(arg) ?? [];
    const option = name === undefined ? undefined : command.options.find((known) => known.required && known.names.includes(camelCase(name)));
    if (option && inline !== undefined) values[option.name] = inline;
    // Greedy, as an option that needs a value is: the next argument is it, whatever it starts with.
    else if (option && i + 1 < args.length) values[option.name] = args[++i];
    else if (option) throw errors.optionValue(arg, option.rawName, `prerender ${command.name}`);
    else rest.push(arg);
  }
  return { rest, values };
}

/** Throws a usage error for the first option `command` (or, global, `prerender` alone) does not take, with the one likely meant. */
function checkOptions(cli: CAC, command: Command): void {
  const named = command === cli.globalCommand ? 'prerender' : `prerender ${command.name}`;
  for (const [key, value] of Object.entries(cli.options)) {
    if (key === '--' || command.hasOption(key) || cli.globalCommand.hasOption(key)) continue;
    // Long names as typed, without their dashes: mri gives `--no-x` the value false.
    const known = [...command.options, ...cli.globalCommand.options].flatMap((option) =>
      option.names.filter((name) => name.length > 1).map((name) => `${option.negated ? 'no-' : ''}${kebabCase(name)}`),
    );
    const typed = key.length === 1 ? key : `${value === false ? 'no-' : ''}${kebabCase(key)}`;
    if (typed === 'watch' || typed === 'w') throw errors.watchOption(`${key.length === 1 ? '-' : '--'}${typed}`, named);
    const meant = closestName(typed, known);
    // No slip of the keyboard: an option of another command (`build --port`), typed to the wrong one.
    const others = meant ? [] : cli.commands.filter((other) => other !== command && other.hasOption(key)).map((other) => `prerender ${other.name}`);
    // A config key given as a flag (`--out-dir dist`, `--cache-dir`): the config file is its place.
    const configKey = meant ? undefined : configKeyNamed(key);
    if (configKey !== undefined) throw errors.configKeyOption(`--${typed}`, named, configKey, others);
    throw errors.unknownOption(`${key.length === 1 ? '-' : '--'}${typed}`, named, meant && `--${meant}`, others);
  }
}

/** The config key (`outDir`, `prerender.timeout`) a flag's camel-cased name is, if any, in any letter case (`--outdir`). */
function configKeyNamed(key: string): string | undefined {
  const typed = key.toLowerCase();
  return everyKey.find((name) => name.toLowerCase() === typed || name.toLowerCase() === `prerender.${typed}`);
}

const camelCase = (name: string) => name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
const kebabCase = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/**
 * `error` as a USAGE error when it is cac's own (a missing argument, found when the command runs), so
 * that it is printed, and printed as JSON, as ours are; any other error as it is.
 */
export function asUsageError(error: unknown): unknown {
  const thrown = error as { name?: string; message?: string } | undefined;
  if (thrown?.name !== 'CACError') return error;
  return errors.usage((thrown.message ?? '').replace(/\.?$/, '.'), 'Run `prerender --help` for usage.');
}
