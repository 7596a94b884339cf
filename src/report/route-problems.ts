/**
 * The problems of each route, as the report's table shows them beside the route: what the output
 * checks found in its file (prerender.validate), the broken links on it (prerender.links), and what
 * its handler returned that h3 sends as other than meant (HANDLER_RESULT).
 */
import type { OutputProblem } from '../checks/check-output.ts';
import type { Warning } from '../warnings.ts';
import type { RouteProblem } from './page/rows.ts';

/**
 * `outputProblems` worded as their warnings word them (a feed problem with its element), then each
 * BROKEN_LINK and HANDLER_RESULT warning of `warnings` as a problem of every route it names (`route`,
 * then `alsoOn`), with the warning's message. Warnings about no route (the count of links past the
 * listed ones) are left to the page's list of warnings.
 */
export function routeProblems(outputProblems: readonly OutputProblem[], warnings: readonly Warning[]): RouteProblem[] {
  const problems: RouteProblem[] = outputProblems.map(({ route, code, element, message }) => ({ route, code, message: element ? `${element} ${message}` : message }));
  for (const warning of warnings) {
    if ((warning.code !== 'BROKEN_LINK' && warning.code !== 'HANDLER_RESULT') || warning.route === undefined) continue;
    for (const route of [warning.route, ...(warning.alsoOn ?? [])]) problems.push({ route, code: warning.code, message: warning.message });
  }
  return problems;
}
