import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { CAC } from 'cac';
import { endIdleToolchains, keepToolchainsWarm, startToolchainAhead } from '../../src/toolchain/toolchain-pool.ts';
import { defaults } from '../../src/config/defaults.ts';
import { presets, type UserConfig } from '../../src/config/types.ts';
import { asFileLimit } from '../../src/file-limit.ts';
import { collectWarnings, createLogger } from '../../src/log.ts';
import { parseShard } from '../../src/shard/shard.ts';
import { handleError } from '../handle-error.ts';
import { flagGiven, jsonOfError, jsonOfReport, jsonText, reserveStdout } from '../json-output.ts';
import { limitHeapGrowth } from '../heap.ts';
import { checkConfigFlag } from '../config-flag.ts';
import { apiPrefixFlag, concurrencyFlag, configFileDefault, presetFlag } from '../flags.ts';
import { interruptOnSignals } from '../interrupt.ts';
import { guardSiteFaults } from '../site-faults.ts';
import { loadLibrary } from '../load-library.ts';
import { defaultNodeEnv } from '../node-env.ts';
import { publishedOutcome } from '../../src/stop-signals.ts';

interface BuildFlags {
  config?: string;
  apiPrefix?: string;
  preset?: string;
  concurrency?: unknown;
  failOnError?: boolean;
  typecheck?: boolean;
  cache?: boolean;
  json?: boolean;
  shard?: unknown;
}

/** `prerender build [root]`. */
export function registerBuild(cli: CAC): void {
  cli
    .command('build [root]', 'Bundle the routes, prerender the configured ones and write dist/<name>/')
    .option('--config <file>', 'Config file, relative to the root', { default: configFileDefault })
    .option('--api-prefix <prefix>', 'URL prefix of the routes under api/; overrides the config\'s apiPrefix', { default: defaults.apiPrefix })
    .option('--preset <host>', `Host to write the output for: ${presets.join(', ')}; overrides the config's preset`, { default: defaults.preset })
    .option('--concurrency <n>', 'Routes rendered at once; overrides prerender.concurrency', { default: defaults.prerender.concurrency })
    .option('--fail-on-error', 'A failed route fails the build, also where the config sets prerender.failOnError: false (the default otherwise)')
    .option('--no-fail-on-error', 'Publish the routes that rendered and exit 0 though some failed (still listed); without it a failed route fails the build')
    .option('--no-typecheck', 'Skip the type check of the routes (faster; syntax errors still fail); the type check is on unless given')
    .option('--no-cache', 'Render every route and bundle again, leaving the cache as it is; without it, a build reuses what did not change')
    .option('--json', 'Print one JSON report on stdout; logs go to stderr')
    .option('--shard <k/n>', 'Prerender only shard k of n, into dist/<name>.shard-k-of-n; `prerender merge` combines the shards')
    .example('prerender build')
    .example('prerender build path/to/site --preset netlify')
    .example('prerender build --json > report.json')
    .example('prerender build --shard 1/2 && prerender build --shard 2/2 && prerender merge dist/*.shard-*-of-2')
    .action(async (root: string | undefined, flags: BuildFlags) => {
      limitHeapGrowth();
      // Before the toolchain process starts: it inherits the environment.
      defaultNodeEnv('production');
      // One build per process: the toolchain's memory goes back as soon as the bundle is written.
      keepToolchainsWarm(0);
      // Kept for a failed build's --json: the report that lists them is not made.
      const { logger, warnings } = collectWarnings(createLogger());
      const printJson = flags.json ? reserveStdout(logger) : undefined;
      const interrupt = interruptOnSignals(logger);
      const faults = guardSiteFaults(logger, () => interrupt.received !== undefined, resolve(root ?? process.cwd()), flags.json ? (error) => jsonText(jsonOfError(error, warnings)) : undefined);
      // A site with no cache yet (or told not to use it) is bundled: its toolchain starts while the
      // build's own code loads (0.2-0.25 s) and its config and routes are read. With a cache, the
      // build decides, as it may reuse the last bundle. Under a low `ulimit -n` the process's pipes
      // may leave the code too few descriptors to load: that is named as the limit (file-limit.ts).
      if (flags.cache === false || !existsSync(join(resolve(root ?? process.cwd()), defaults.cacheDir))) startToolchainAhead();
      try {
        const shard = flags.shard === undefined ? undefined : parseShard(String(flags.shard));
        checkConfigFlag(root, flags.config);
        const { build } = loadLibrary<typeof import('../../src/pipeline/build.ts')>('pipeline/build');
        const signal = AbortSignal.any([interrupt.signal, faults.signal]);
        const building = build({ root, configFile: flags.config, config: overrides(flags, cli.rawArgs), typecheck: flags.typecheck, shard, logger, signal });
        building.then(() => faults.settled('published'), () => faults.settled('failed'));
        const report = await building;
        // From here to the process's exit, a signal is too late to stop anything, and says so.
        interrupt.settled(publishedOutcome);
        await printJson?.(jsonText(jsonOfReport(report)));
      } catch (caught) {
        // Once a signal came, whatever else failed on the way out, the build was interrupted; running
        // out of files before build() could say what it was doing: loading its own modules.
        const error = interrupt.error ?? asFileLimit('loading api-prerender', caught);
        if (!interrupt.error) interrupt.settled('it had failed, and published nothing');
        await printJson?.(jsonText(jsonOfError(error, warnings)));
        const code = handleError(error, logger);
        process.exitCode = interrupt.exitCode ?? code;
      }
      // The signals stay ours until the process exits (a late one sets the exit code), and so do the
      // site's faults: its timers run until then.
      await endIdleToolchains();
      await exitWhenWritten(() => faults.dispose());
    });
}

/**
 * Ends the process once stdout and stderr are written. The prerender imports the site's route files
 * into this process: a timer or connection one of them opens must not keep a finished build, and the
 * CI job running it, waiting forever. Node handles a signal when its event loop polls: written to a
 * pipe or file, the report blocks the process, and the writes' callbacks come without a poll, so the
 * loop goes through one poll before the exit (between two turns' immediates), and a signal that came
 * meanwhile sets the exit code. `beforeExit` runs just before it, with nothing between.
 */
async function exitWhenWritten(beforeExit: () => void): Promise<never> {
  await Promise.all([process.stdout, process.stderr].map((stream) => new Promise((done) => stream.write('', done))));
  for (let turn = 0; turn < 2; turn++) await new Promise((resolve) => setImmediate(resolve));
  beforeExit();
  process.exit();
}

/** Flags that override config keys; only those given (`args`: the command line, which tells `--fail-on-error` from its absence). */
function overrides(flags: BuildFlags, args: readonly string[]): UserConfig {
  const config: UserConfig = {};
  if (flags.apiPrefix !== undefined) config.apiPrefix = apiPrefixFlag(flags.apiPrefix);
  if (flags.preset !== undefined) config.preset = presetFlag(flags.preset);
  if (flags.cache === false) config.cache = false;
  const prerender: NonNullable<UserConfig['prerender']> = {};
  if (flags.concurrency !== undefined) prerender.concurrency = concurrencyFlag(flags.concurrency);
  // cac gives a `--no-` flag's other form the value of its absence (true): the command line tells them apart.
  if (flags.failOnError === false) prerender.failOnError = false;
  else if (flagGiven(args, '--fail-on-error')) prerender.failOnError = true;
  if (Object.keys(prerender).length > 0) config.prerender = prerender;
  return config;
}
