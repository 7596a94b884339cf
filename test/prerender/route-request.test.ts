/**
 * requestTarget (src/prerender/route-request.ts): a route as a client sends it. That it is a string of
 * its own (the plan's route not internalized by the router's lookup) shows in the heap of a whole
 * build, not of a test: bench/RESULTS.md, memory by route shape.
 */
import { describe, expect, it } from 'vitest';
import { requestTarget } from '../../src/prerender/route-request.ts';

describe('requestTarget', () => {
  it.each([
    ['/api/items/1.json', '/api/items/1.json'],
    ['/', '/'],
    ['/api/café', '/api/caf%C3%A9'],
    ['/a b', '/a%20b'],
  ])('%j is sent as %j', (route, target) => {
    expect(requestTarget(route)).toBe(target);
  });
});
