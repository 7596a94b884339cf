/** How the README's code blocks are told apart (test/support/readme-blocks.ts), which the README scenario runs. */
import { describe, expect, it } from 'vitest';
import { readmeBlocks } from './readme-blocks.ts';

describe('readmeBlocks', () => {
  it('tells files, config fragments, scripts and shown blocks apart, each with the line its code starts on', () => {
    const markdown = ['# Site', '```ts', '// src/server/routes/api/[id].get.ts', 'export {};', '```', 'text', '```ts', "routes: ['/a']", '```', '```js', 'await build();', '```', '```sh', 'npm test', '```', '```', 'my-site/', '```'];
    expect(readmeBlocks(markdown.join('\n')).map(({ line, kind, path }) => ({ line, kind, path }))).toEqual([
      { line: 3, kind: 'file', path: 'src/server/routes/api/[id].get.ts' },
      { line: 8, kind: 'fragment', path: undefined },
      { line: 11, kind: 'script', path: undefined },
      { line: 14, kind: 'shown', path: undefined },
      { line: 17, kind: 'shown', path: undefined },
    ]);
  });

  it('names the line of a fence that never closes', () => {
    expect(() => readmeBlocks('text\n```ts\nconst a = 1;\n')).toThrow('README.md:2: a code fence that never closes');
  });
});
