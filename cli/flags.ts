import { configFileNames, defaults } from '../src/config/defaults.ts';
import { apiPrefixRule, concurrencyRule, isApiPrefix, isConcurrency } from '../src/config/resolve.ts';
import { presetMeant } from '../src/config/preset-meant.ts';
import { presets, type Preset } from '../src/config/types.ts';
import { errors } from '../src/errors.ts';
import { shutdownTimeoutFromEnv } from '../src/runtime/env-options.ts';

/** The default of `--config` as `--help` shows it: the file names looked for, in order. */
export const configFileDefault = `the first found of ${configFileNames.join(', ')}`;

/** The default of `--body-limit` as `--help` shows it (the servers' defaultBodyLimit, in bytes and in words). */
export const bodyLimitDefault = '1048576 = 1 MiB';

/**
 * `--concurrency`'s value, as typed (digits only: not `1e3`), checked as the config's
 * `prerender.concurrency` is, or a usage error naming the flag: checked later, as the config key the
 * flag sets, its error would blame the library's `config` option.
 */
export function concurrencyFlag(value: unknown): number {
  const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
  if (!isConcurrency(number)) throw errors.flagValue('--concurrency', concurrencyRule, value, undefined, `Pass the routes to render at once, such as --concurrency ${defaults.prerender.concurrency} (the default).`);
  return number;
}

/** `--preset`'s value, one of the presets, or a usage error naming the one likely meant. */
export function presetFlag(value: unknown): Preset {
  const preset = String(value);
  if (presets.includes(preset as Preset)) return preset as Preset;
  throw errors.flagValue('--preset', presets.join(' | '), preset, presetMeant(preset), `Pass the one of your host, or --preset ${presets[0]} for any static host.`);
}

/** `--api-prefix`'s value, checked as the config's `apiPrefix` is, or a usage error naming the flag. */
export function apiPrefixFlag(value: unknown): string {
  const prefix = String(value);
  if (isApiPrefix(prefix)) return prefix;
  throw errors.flagValue('--api-prefix', apiPrefixRule, prefix, undefined, 'Pass URL segments such as --api-prefix api or --api-prefix services/v1.');
}

/** SHUTDOWN_TIMEOUT for `prerender dev` and `preview`, as the built server reads it; a bad value is a usage error. */
export function shutdownTimeout(): number {
  try {
    return shutdownTimeoutFromEnv(process.env);
  } catch (error) {
    throw errors.usage((error as Error).message, 'Set SHUTDOWN_TIMEOUT to the milliseconds requests in flight may take after Ctrl-C or SIGTERM, such as 10000.');
  }
}
