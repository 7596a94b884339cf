import type { CAC } from 'cac';
import { build, createLogger, PrerenderError, type UserConfig } from '../../src/index.ts';
import { handleError } from '../handle-error.ts';
import { positiveInteger } from '../flags.ts';

interface BuildFlags {
  config?: string;
  apiPrefix?: string;
  concurrency?: unknown;
  failOnError?: boolean;
  typecheck?: boolean;
  json?: boolean;
}

/** `prerender build [root]`. */
export function registerBuild(cli: CAC): void {
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
      const logger = createLogger();
      try {
        const report = await build({ root, configFile: flags.config, config: overrides(flags), typecheck: flags.typecheck, logger });
        if (flags.json) process.stdout.write(JSON.stringify(report, null, 2) + '\n');
      } catch (error) {
        if (flags.json && error instanceof PrerenderError && error.details) {
          process.stdout.write(JSON.stringify(error.details, null, 2) + '\n');
        }
        process.exitCode = handleError(error, logger);
      }
    });
}

/** Flags that override config keys; only those given. */
function overrides(flags: BuildFlags): UserConfig {
  const config: UserConfig = {};
  if (flags.apiPrefix !== undefined) config.apiPrefix = String(flags.apiPrefix);
  const prerender: NonNullable<UserConfig['prerender']> = {};
  if (flags.concurrency !== undefined) prerender.concurrency = positiveInteger('--concurrency', flags.concurrency);
  if (flags.failOnError === false) prerender.failOnError = false;
  if (Object.keys(prerender).length > 0) config.prerender = prerender;
  return config;
}
