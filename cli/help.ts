import type { CAC, Command } from 'cac';

type HelpCallback = NonNullable<Command['helpCallback']>;
type HelpSection = Parameters<HelpCallback>[0][number];
type Option = Command['options'][number];

/** What each command argument is, for the help's Arguments section. */
const argumentHelp: Record<string, string> = {
  root: 'The site folder (default: the current folder)',
  shardDirs: 'The folders `prerender build --shard k/n` wrote, such as dist/<name>.shard-1-of-2',
};

/**
 * Lays out `--help` from cac's own data (commands, options, examples): cac's sections, plus what it
 * leaves out of a command's help (what the command does and its arguments), each option's default
 * where it has one (cac prints `(default: true)` beside `--no-typecheck`, which reads as the opposite
 * of what it means), and examples as `$ prerender ...` lines.
 * @example cac('prerender').help(helpLayout(cli))
 */
export function helpLayout(cli: CAC): HelpCallback {
  return (sections) => {
    const command = cli.matchedCommand ?? cli.globalCommand;
    const global = command === cli.globalCommand;
    const options = global ? command.options : [...command.options, ...cli.globalCommand.options.filter((option) => option.name !== 'version')];
    const ours: HelpSection[] = [
      { title: 'Options', body: table(options.map((option) => [option.rawName, describe(option)])) },
      ...(command.examples.length > 0 ? [{ title: 'Examples', body: command.examples.map((example) => `  $ ${String(example)}`).join('\n') }] : []),
    ];
    if (!global) {
      const args = command.args.map((arg) => [arg.value, argumentHelp[arg.value] ?? '']);
      ours.unshift({ body: command.description }, ...(args.length > 0 ? [{ title: 'Arguments', body: table(args) }] : []));
    }
    return [...sections.filter((section) => !['Options', 'Examples'].includes(section.title ?? '')), ...ours];
  };
}

/** An option's description and, unless it is a `--no-x` switch, the default cac was given for it. */
function describe(option: Option): string {
  const value: unknown = option.config.default;
  return value === undefined || option.negated ? option.description : `${option.description} (default: ${String(value)})`;
}

/** Two columns, the first padded to its longest cell, indented as cac indents. */
function table(rows: string[][]): string {
  const width = Math.max(...rows.map(([name]) => name.length));
  return rows.map(([name, text]) => `  ${name.padEnd(width)}  ${text}`.trimEnd()).join('\n');
}
