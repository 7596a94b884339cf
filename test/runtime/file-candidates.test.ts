/** The files a path is answered from (src/runtime/file-candidates.ts), first found wins, as h3's serveStatic looks. */
import { describe, expect, it } from 'vitest';
import { fileCandidates } from '../../src/runtime/file-candidates.ts';

describe('fileCandidates', () => {
  it.each([
    [['docs'], [['docs'], ['docs', 'index.html']]],
    [['api', 'feed.xml'], [['api', 'feed.xml'], ['api', 'feed.xml', 'index.html']]],
    [[], [['index.html']]],
    [[''], [['index.html']]],
    [['docs', ''], [['docs'], ['docs', 'index.html']]],
  ])('%j: %j', (segments, candidates) => {
    expect(fileCandidates(segments)).toEqual(candidates);
  });

  it('leaves the segments it was given as they were', () => {
    const segments = Object.freeze(['docs', '']);
    fileCandidates(segments);
    expect(segments).toEqual(['docs', '']);
  });
});
