import { PrerenderError } from './prerender-error.ts';

/** How many of a pass's mistakes one error lists; the rest are counted (a generated list can get every route wrong). */
const listed = 10;

/** Past this many different fixes, the error says one that covers them all. */
const hintsSaid = 3;

/** What {@link mistakes} gives: mistakes kept as they come, then thrown together. */
export interface Mistakes {
  /** Keeps `error`, a PrerenderError; anything else is thrown at once. */
  add(error: unknown): void;
  /** What `run` returns, or `undefined` when it threw a mistake (kept). */
  check<T>(run: () => T): T | undefined;
  /** Throws the mistakes found, the one alone or all in one error. */
  throwIfAny(): void;
}

/**
 * The mistakes one pass over many items finds (the route files' names, the routes a config lists),
 * gathered so that one run names them all, where the first thrown would have named one a build. Not
 * a PrerenderError is no mistake of the list: it is thrown at once.
 * @example
 * const found = mistakes('prerender.routes', 'Fix each route named above.');
 * for (const route of routes) found.check(() => checkRoute(route));
 * found.throwIfAny();
 */
export function mistakes(where: string, hintForAll: string): Mistakes {
  const kept: PrerenderError[] = [];
  let more = 0;
  const add = (error: unknown) => {
    if (!(error instanceof PrerenderError)) throw error;
    if (kept.length < listed) kept.push(error);
    else more++;
  };
  return {
    add,
    check<T>(run: () => T): T | undefined {
      try {
        return run();
      } catch (error) {
        add(error);
        return undefined;
      }
    },
    throwIfAny(): void {
      if (kept.length === 1 && more === 0) throw kept[0];
      if (kept.length > 0) throw severalMistakes(kept, more, where, hintForAll);
    },
  };
}

/**
 * Several mistakes as one error: each on a line of its own (a list of its own indented under it),
 * every fix said once (or `hintForAll`, past a few); each with its own fix in `details` (`--json`'s
 * `error.mistakes`).
 */
function severalMistakes(found: PrerenderError[], more: number, where: string, hintForAll: string): PrerenderError {
  const lines = found.map((error) => `  ${error.message.split('\n').join('\n  ')}`);
  if (more > 0) lines.push(`  ... and ${more} more`);
  const hints = [...new Set(found.map((error) => error.hint).filter((hint) => hint !== undefined))];
  // A mistake that is itself several (those of prerender.routes, listed under it) counts as as many.
  const count = found.reduce((sum, error) => sum + (mistakesIn.get(error) ?? 1), more);
  const several = new PrerenderError(found[0].code, `${count} mistakes in ${where}:\n${lines.join('\n')}`, {
    hint: hints.length > hintsSaid ? hintForAll : hints.join(' '),
    details: found.map(({ message, hint }): MistakeFacts => ({ message, hint })),
  });
  mistakesIn.set(several, count);
  return several;
}

/** How many mistakes an error made by {@link severalMistakes} says it holds. */
const mistakesIn = new WeakMap<PrerenderError, number>();

/** One mistake of several, as `details` lists it. */
export interface MistakeFacts {
  message: string;
  hint?: string;
}
