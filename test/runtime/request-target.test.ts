/** The request target as the client wrote it (src/runtime/request-target.ts), checked before any URL parser sees it. */
import { describe, expect, it } from 'vitest';
import { isSafeTarget } from '../../src/runtime/index.ts';
import { targetProblem } from '../../src/runtime/request-target.ts';

describe('isSafeTarget: the raw target check before URL parsing', () => {
  it.each([
    ['/api/feed.xml?page=../2', true],
    ['/a/b%2Fc', true],
    ['/%252e%252e/x', true],
    ['/...', true],
    ['*', true],
    ['http://x/a', true],
    ['/../x', false],
    ['/a/..', false],
    ['/a/.', false],
    ['/%2e%2E/x', false],
    ['/..%2fx', false],
    ['/x%5c..', false],
    ['/%', false],
    ['/%C0%AF', false],
    ['/%0a', false],
    ['http://x/../y', false],
    ['garbage', false],
  ])('%s -> %s', (target, safe) => {
    expect(isSafeTarget(target)).toBe(safe);
  });
});

describe('targetProblem: why a target is refused', () => {
  it.each([
    ['/a/b', undefined],
    ['garbage', 'not a path'],
    ['/%', 'malformed percent-encoding'],
    ['/%C0%AF', 'malformed percent-encoding'],
    ['/%2e%2e/x', '`..` segment'],
    ['/%0a', 'control character'],
  ])('%s: %s', (target, says) => {
    const problem = targetProblem(target);
    if (says === undefined) expect(problem).toBeUndefined();
    else expect(problem).toContain(says);
  });
});
