import type { CAC } from 'cac';
import { keepToolchainsWarm } from '../../src/build/toolchain-pool.ts';
import type { UserConfig } from '../../src/config/types.ts';
import { collectWarnings, createLogger } from '../../src/log.ts';
import { parseShard } from '../../src/shard/shard.ts';
import { handleError } from '../handle-error.ts';
import { jsonOfError, jsonText, reserveStdout } from '../json-output.ts';
import { limitHeapGrowth } from '../heap.ts';
import { positiveInteger } from '../flags.ts';

interface BuildFlags {
  config?: string;
  apiPrefix?: string;
  preset?: string;
  concurrency?: unknown;
  failOnError?: boolean;
  typecheck?: boolean;
  json?: boolean;
  shard?: unknown;
}

/** `prerender build [root]`. */
export function registerBuild(cli: CAC): void {
  cli
    .command('build [root]', 'Bundle the routes, prerender the configured ones and write dist/<name>/')
    .option('--config <file>', 'Config file, relative to the root (default: prerender.config.{ts,mts,js,mjs})')
    .option('--api-prefix <prefix>', 'URL prefix of the api/ folder (default: api)')
    .option('--preset <host>', 'Host the output is written for: static, netlify, cloudflare, vercel, github-pages (default: static)')
    .option('--concurrency <n>', 'Routes rendered at once (default: 16)')
    .option('--no-fail-on-error', 'Report failed routes but publish the rest and exit 0')
    .option('--no-typecheck', 'Skip type checking (faster; syntax errors still fail)')
    .option('--json', 'Print one JSON report on stdout; logs go to stderr')
    .option('--shard <k/n>', 'Prerender shard k of n into dist/<name>.shard-k-of-n; `prerender merge` combines them')
    .example('prerender build sample-site')
    .example('prerender build --json > report.json')
    .action(async (root: string | undefined, flags: BuildFlags) => {
      limitHeapGrowth();
      // One build per process: the toolchain's memory goes back as soon as the bundle is written.
      keepToolchainsWarm(0);
      // Kept for a failed build's --json: the report that lists them is not made.
      const { logger, warnings } = collectWarnings(createLogger());
      const printJson = flags.json ? reserveStdout() : undefined;
      try {
        const shard = flags.shard === undefined ? undefined : parseShard(String(flags.shard));
        const { build } = await import('../../src/build/build.ts');
        const report = await build({ root, configFile: flags.config, config: overrides(flags), typecheck: flags.typecheck, shard, logger });
        await printJson?.(jsonText(report));
      } catch (error) {
        await printJson?.(jsonText(jsonOfError(error, warnings)));
        process.exitCode = handleError(error, logger);
      }
      await exitWhenWritten();
    });
}

/**
 * Ends the process once stdout and stderr are written. The prerender imports the site's route files
 * into this process: a timer or connection one of them opens must not keep a finished build, and the
 * CI job running it, waiting forever.
 */
async function exitWhenWritten(): Promise<never> {
  await Promise.all([process.stdout, process.stderr].map((stream) => new Promise((done) => stream.write('', done))));
  process.exit();
}

/** Flags that override config keys; only those given. */
function overrides(flags: BuildFlags): UserConfig {
  const config: UserConfig = {};
  if (flags.apiPrefix !== undefined) config.apiPrefix = String(flags.apiPrefix);
  if (flags.preset !== undefined) config.preset = String(flags.preset) as UserConfig['preset'];
  const prerender: NonNullable<UserConfig['prerender']> = {};
  if (flags.concurrency !== undefined) prerender.concurrency = positiveInteger('--concurrency', flags.concurrency);
  if (flags.failOnError === false) prerender.failOnError = false;
  if (Object.keys(prerender).length > 0) config.prerender = prerender;
  return config;
}
