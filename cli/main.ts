/**
 * The `prerender` command: argv -> library call -> exit code. Each command lives in cli/commands/ and
 * imports the library code it runs when it runs: `--help`, `--version` and a usage error load none.
 * That code is the public API's (`build`, `merge`, `createDevServer`, `createPreviewServer`: what
 * src/index.ts exports, each loaded when called), imported from its own module: src/index.ts also
 * loads what the other exports need (the Rollup and Vite plugin's modules), which no command uses.
 * Loaded by prerender.ts, which reports a failure to load it, and runs {@link runCli}.
 */
import { readFileSync } from 'node:fs';
import { cac } from 'cac';
import { errors } from '../src/errors.ts';
import { createLogger } from '../src/log.ts';
import { registerBuild } from './commands/build.ts';
import { registerDev } from './commands/dev.ts';
import { registerMerge } from './commands/merge.ts';
import { registerPreview } from './commands/preview.ts';
import { handleError } from './handle-error.ts';
import { optimizeAfterBundling, resumeOptimizing } from './heap.ts';
import { helpLayout } from './help.ts';
import { asksForJson, jsonOfError, jsonText } from './json-output.ts';
import { asUsageError, parseArgs } from './parse-args.ts';

/** Runs the command `argv` names (`process.argv`), setting `process.exitCode` when it fails. */
export async function runCli(argv: string[]): Promise<void> {
  // Stack traces of route code (a handler that throws during the prerender, in dev, in preview) name
  // the route file and line: every bundle is loaded after this, with its source map.
  process.setSourceMapsEnabled(true);

  const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  const cli = cac('prerender');

  registerBuild(cli);
  registerDev(cli);
  registerPreview(cli);
  registerMerge(cli);
  cli.help(helpLayout(cli));
  cli.version(version);
  // The defaults given to options are shown by --help only: the library applies its own, under the
  // config file's values, which a flag's default must not override.
  cli.globalCommand.ignoreOptionDefaultValue();

  try {
    if (parseArgs(cli, argv)) {
      // The bin starts with V8's optimizing compiler off; a build turns it on once it has bundled.
      if (cli.matchedCommandName === 'build') optimizeAfterBundling();
      else resumeOptimizing();
      await cli.runMatchedCommand();
    } else if (!cli.options.help && !cli.options.version) {
      cli.outputHelp();
      // `prerender` alone fails, as git and npm do: a build step missing its command must not pass.
      // `prerender help` asked for the help.
      if (cli.args.length === 0) throw errors.noCommand();
    }
  } catch (caught) {
    // What fails before a command runs (parsing, cac's own checks): build and merge print their own.
    const error = asUsageError(caught);
    if (asksForJson(argv)) process.stdout.write(jsonText(jsonOfError(error)));
    process.exitCode = handleError(error, createLogger());
  }
}
