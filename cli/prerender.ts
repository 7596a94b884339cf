#!/usr/bin/env node
/** The `prerender` command: argv -> library call -> exit code. All the work is in src/. */
import { readFileSync } from 'node:fs';
import { cac } from 'cac';
import { build, createLogger, PrerenderError, type UserConfig } from '../src/index.ts';
import { handleError } from './handle-error.ts';

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
const cli = cac('prerender');

interface CommonFlags {
  config?: string;
  apiPrefix?: string;
  port?: number;
  host?: string;
}

interface BuildFlags extends CommonFlags {
  concurrency?: number;
  failOnError?: boolean;
  json?: boolean;
  typecheck?: boolean;
}

cli
  .command('build [root]', 'Bundle the routes, prerender the configured ones and write dist/<name>/')
  .option('--config <file>', 'Config file, relative to the root (default: prerender.config.{ts,mts,js,mjs})')
  .option('--api-prefix <prefix>', 'URL prefix of the api/ folder (default: api)')
  .option('--concurrency <n>', 'Routes rendered at once (default: 16)')
  .option('--no-fail-on-error', 'Report failed routes but publish the rest and exit 0')
  .option('--no-typecheck', 'Skip type checking (faster; syntax errors still fail)')
  .option('--json', 'Print one JSON report on stdout; logs go to stderr')
  .example('prerender build sample-site')
  .example('prerender build --json > report.json')
  .action(async (root: string | undefined, flags: BuildFlags) => {
    const json = Boolean(flags.json);
    try {
      const report = await build({
        root,
        configFile: flags.config,
        config: overrides(flags),
        typecheck: flags.typecheck,
        logger: createLogger(),
      });
      if (json) process.stdout.write(JSON.stringify(report, null, 2) + '\n');
    } catch (error) {
      if (json && error instanceof PrerenderError && error.details) {
        process.stdout.write(JSON.stringify(error.details, null, 2) + '\n');
      }
      process.exitCode = handleError(error, createLogger());
    }
  });

cli.help();
cli.version(version);

/** Flags that override config keys; only those given. */
function overrides(flags: BuildFlags): UserConfig {
  const config: UserConfig = {};
  if (flags.apiPrefix !== undefined) config.apiPrefix = String(flags.apiPrefix);
  const prerender: NonNullable<UserConfig['prerender']> = {};
  if (flags.concurrency !== undefined) prerender.concurrency = numberFlag('--concurrency', flags.concurrency);
  if (flags.failOnError === false) prerender.failOnError = false;
  if (Object.keys(prerender).length > 0) config.prerender = prerender;
  return config;
}

function numberFlag(name: string, value: unknown): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number <= 0) {
    throw new PrerenderError('USAGE', `${name} must be a whole number above 0, got ${JSON.stringify(value)}.`);
  }
  return number;
}

try {
  cli.parse(process.argv, { run: false });
  if (!cli.matchedCommand && !cli.options.help && !cli.options.version) {
    if (cli.args.length > 0) throw new PrerenderError('USAGE', `Unknown command "${cli.args[0]}".`, { hint: 'Run `prerender --help` for the commands.' });
    cli.outputHelp();
  } else {
    await cli.runMatchedCommand();
  }
} catch (error) {
  process.exitCode = handleError(error, createLogger());
}
