/**
 * The problems of each route, as the report's table shows them beside the route: what the output
 * checks found in its file (prerender.validate), and the broken links on it (prerender.links).
 */
import type { OutputProblem } from '../checks/check-output.ts';
import type { Warning } from '../warnings.ts';
import type { RouteProblem } from './page/rows.ts';

/**
 * `outputProblems` worded as their warnings word them (a feed problem with its element), then each
 * BROKEN_LINK warning of `warnings` as a problem of every page it names (`route`, then `alsoOn`),
 * with the warning's message. Warnings about no route (the count of links past the listed ones) are
 * left to the page's list of warnings.
 */
export function routeProblems(outputProblems: readonly OutputProblem[], warnings: readonly Warning[]): RouteProblem[] {
  const problems: RouteProblem[] = outputProblems.map(({ route, code, element, message }) => ({ route, code, message: element ? `${element} ${message}` : message }));
  for (const warning of warnings) {
    if (warning.code !== 'BROKEN_LINK' || warning.route === undefined) continue;
    for (const route of [warning.route, ...(warning.alsoOn ?? [])]) problems.push({ route, code: warning.code, message: warning.message });
  }
  return problems;
}
