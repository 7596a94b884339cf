/** The problems of each route the report's table shows (src/report/route-problems.ts): output checks, broken links and handler results. */
import { describe, expect, it } from 'vitest';
import { routeProblems } from '../../src/report/route-problems.ts';
import { warnings, type Warning } from '../../src/warnings.ts';

const broken = (foundOn: string, alsoOn?: string[]): Warning =>
  warnings.brokenLink({ link: '/gone', target: '/gone', foundOn, status: 404, error: 'no route', ...(alsoOn && { alsoOn, pages: alsoOn.length + 1 }) });

describe('routeProblems', () => {
  it("gives a feed problem the element it is about, as its warning words it", () => {
    const problems = routeProblems([{ code: 'INVALID_FEED', route: '/rss.xml', file: 'rss.xml', element: 'rss > channel', message: 'has no <title>' }], []);
    expect(problems).toEqual([{ route: '/rss.xml', code: 'INVALID_FEED', message: 'rss > channel has no <title>' }]);
  });

  it('makes a broken link a problem of each page it is on, and leaves the other warnings alone', () => {
    const found = [broken('/a', ['/b', '/c']), broken('/d'), warnings.moreBrokenLinks(100, 3), { code: 'ROUTE_LINK', message: 'a warning about no route' } as Warning];
    const problems = routeProblems([{ code: 'INVALID_JSON', route: '/x.json', file: 'x.json', message: 'is not valid JSON' }], found);
    expect(problems.map(({ route, code }) => [route, code])).toEqual([
      ['/x.json', 'INVALID_JSON'],
      ['/a', 'BROKEN_LINK'],
      ['/b', 'BROKEN_LINK'],
      ['/c', 'BROKEN_LINK'],
      ['/d', 'BROKEN_LINK'],
    ]);
    expect(problems[1].message).toBe(found[0].message);
  });

  it("makes a handler's result h3 sends as other than meant a problem of each route its warning names", () => {
    const returned = warnings.handlerResult('src/server/routes/api/items/[id].json.ts', ['/api/items/1.json', '/api/items/2.json'], 5, 'returned null, so the file is empty');
    const problems = routeProblems([], [returned, warnings.handlerResult('src/server/routes/api/map.json.ts', ['/api/map.json'], 1, 'returned a Map')]);
    expect(problems.map(({ route, code }) => [route, code])).toEqual([
      ['/api/items/1.json', 'HANDLER_RESULT'],
      ['/api/items/2.json', 'HANDLER_RESULT'],
      ['/api/map.json', 'HANDLER_RESULT'],
    ]);
    expect(problems[0].message).toBe(returned.message);
  });
});
