import { hasZstd, zstdNodeVersions } from '../compress/encode.ts';
import { errors } from '../errors.ts';
import { configChecks, type ConfigChecks } from './config-checks.ts';
import { encodingOrder, isEncoding, type Encoding } from '../runtime/encodings.ts';

const shape = "true, false, or a list of 'br', 'gzip' and 'zstd'";

/**
 * `compress` checked: the codings to write copies in, in {@link encodingOrder}; `false` is none, and
 * `true` is brotli and gzip, plus zstd when this Node has it (`zstd`, for tests). A list asking for
 * zstd on a Node without it is a CONFIG error naming the Node versions that have it; another bad
 * value a CONFIG error naming the key (and, through `check`, where it was set).
 * @example resolveCompress(['gzip', 'br']) // ['br', 'gzip']
 */
export function resolveCompress(value: unknown, zstd = hasZstd, check: ConfigChecks = configChecks()): Encoding[] {
  if (value === false) return [];
  if (value === true) return encodingOrder.filter((encoding) => encoding !== 'zstd' || zstd);
  if (!Array.isArray(value)) return check.fail('compress', shape, value);
  value.forEach((name, i) => {
    if (!isEncoding(name)) check.fail(`compress[${i}]`, "'br', 'gzip' or 'zstd'", name);
  });
  if (value.includes('zstd') && !zstd) throw errors.compressZstd(process.versions.node, zstdNodeVersions, check.origin('compress'));
  return encodingOrder.filter((encoding) => value.includes(encoding));
}
