/**
 * `prerender.validate` and `prerender.links`: what each check does with what it finds (warn, fail the
 * build, or skip), and the mode a wrong value was likely meant to be.
 */
import { closestName } from '../closest-name.ts';

/** Warn, fail the build, or skip. */
export type CheckMode = 'warn' | 'error' | false;
const checkModes: readonly CheckMode[] = ['warn', 'error', false];
/** What a check mode may be, as a CONFIG error says it. */
export const checkModeRule = "'warn' | 'error' | false";
/** Whether `v` is a {@link CheckMode}. */
export const isCheckMode = (v: unknown) => checkModes.includes(v as CheckMode);
/** What other tools and habits call a check mode, where spelling finds nothing alike: on is the default, 'warn'. */
const checkModeNames = new Map<unknown, CheckMode>([
  [true, 'warn'],
  ['true', 'warn'],
  ['on', 'warn'],
  ['warning', 'warn'],
  ['warnings', 'warn'],
  ['fail', 'error'],
  ['throw', 'error'],
  ['strict', 'error'],
  ['false', false],
  [0, false],
  [null, false],
  ['off', false],
  ['none', false],
  ['skip', false],
]);
/** The check mode a wrong `prerender.validate` or `prerender.links` was likely meant to be: `'errors'` is `'error'`, `true` the default `'warn'`. */
export function checkModeMeant(v: unknown): CheckMode | undefined {
  const lower = typeof v === 'string' ? v.trim().toLowerCase() : v;
  return checkModeNames.get(lower) ?? (typeof lower === 'string' ? closestName(lower, ['warn', 'error'] as const) : undefined);
}
