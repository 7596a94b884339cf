import { hasZstd, zstdNodeVersions } from '../compress/encode.ts';
import { closestName } from '../closest-name.ts';
import { errors } from '../errors.ts';
import { mistakes } from '../errors/mistakes.ts';
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
  if (!Array.isArray(value)) return check.fail('compress', shape, value, compressMeant(value));
  // Every wrong item said in one run: `['br', 'gz', 'zst']` has two.
  const found = mistakes('compress', 'Fix each item named above.');
  value.forEach((name, i) => {
    if (!isEncoding(name)) found.check(() => check.fail(`compress[${i}]`, "'br', 'gzip' or 'zstd'", name, encodingMeant(name)));
  });
  found.throwIfAny();
  if (value.includes('zstd') && !zstd) throw errors.compressZstd(process.versions.node, zstdNodeVersions, check.origin('compress'));
  return encodingOrder.filter((encoding) => value.includes(encoding));
}

/** What other tools call a coding (`Content-Encoding` spells them `br`, `gzip`, `zstd`). */
const otherNames = new Map<string, Encoding>([
  ['brotli', 'br'],
  ['gz', 'gzip'],
  ['zst', 'zstd'],
  ['zstandard', 'zstd'],
]);

/** The coding a wrong list item was likely meant to be: `'brotli'` is `'br'`, `'GZIP'` is `'gzip'`. */
function encodingMeant(name: unknown): Encoding | undefined {
  if (typeof name !== 'string') return undefined;
  const lower = name.trim().toLowerCase();
  return isEncoding(lower) ? lower : (otherNames.get(lower) ?? closestName(lower, encodingOrder));
}

/** What a `compress` that is no list was likely meant to be: `'br'` is `['br']`, `'true'` is `true`. */
function compressMeant(value: unknown): unknown {
  if (value === 'true' || value === 'false') return value === 'true';
  const coding = encodingMeant(value);
  return coding && [coding];
}
