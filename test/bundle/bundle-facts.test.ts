/** What the cache learns of a bundle (bundle/bundle-facts.ts), from real bundles of a small site. */
import { cpSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundleServer } from '../../src/bundle/bundle-server.ts';
import type { BundleFacts } from '../../src/bundle/bundle-facts.ts';
import { resolveConfig } from '../../src/config/resolve.ts';
import { createMemoryLogger } from '../../src/log.ts';
import { tempDir, writeSite } from '../support/helpers.ts';

const files = {
  'package.json': '{ "name": "facts", "type": "module" }',
  'content/posts/a.md': 'a',
  'content/posts/b.md': 'b',
  'src/lib/shared.ts': 'export const shared = (n: number) => n * 2;\n',
  'src/lib/other.ts': "export const other = 'other';\n",
  'src/lib/lazy.ts': "export const lazy = 'lazy';\n",
  'src/lib/data.json': '{ "n": 1 }\n',
  'src/server/routes/api/one.ts': "import { defineEventHandler } from 'h3';\nimport { shared } from '../../../lib/shared';\nexport default defineEventHandler(() => shared(1));\n",
  'src/server/routes/api/two.ts': "import { defineEventHandler } from 'h3';\nimport { shared } from '../../../lib/shared';\nimport data from '../../../lib/data.json';\nexport default defineEventHandler(() => shared(data.n));\n",
  'src/server/routes/api/three.ts': "import { defineEventHandler } from 'h3';\nimport { other } from '../../../lib/other';\nexport default defineEventHandler(async () => other + (await import('../../../lib/lazy')).lazy);\n",
  'src/server/routes/api/posts/[slug].ts':
    "import { defineEventHandler, getRouterParam } from 'h3';\nimport { readFile } from 'node:fs/promises';\nconst posts = new URL('../../../../../content/posts/', import.meta.url);\n" +
    "export default defineEventHandler((event) => readFile(new URL(getRouterParam(event, 'slug') + '.md', posts), 'utf8'));\n",
};

async function factsOf(root: string): Promise<BundleFacts> {
  let facts: BundleFacts | undefined;
  const config = await resolveConfig({}, root);
  await bundleServer({ config, logger: createMemoryLogger(), onFacts: (found) => (facts = found) }, join(tempDir('out-'), 'server', 'index.mjs'));
  return facts!;
}

const codeOf = (facts: BundleFacts) => Object.fromEntries(Object.entries(facts.routes).map(([file, { code }]) => [file, code]));

describe('bundle facts', () => {
  it('list each route file with the modules it reaches, dynamic imports too, and what the bundle read', async () => {
    const facts = await factsOf(writeSite(files));
    expect(Object.keys(facts.routes).sort()).toEqual(['api/one.ts', 'api/posts/[slug].ts', 'api/three.ts', 'api/two.ts']);
    expect(facts.routes['api/two.ts']!.modules).toEqual(['src/lib/data.json', 'src/lib/shared.ts', 'src/server/routes/api/two.ts']);
    expect(facts.routes['api/three.ts']!.modules).toEqual(['src/lib/lazy.ts', 'src/lib/other.ts', 'src/server/routes/api/three.ts']);
    expect(facts.inputs).toEqual([
      'content/posts',
      'content/posts/a.md',
      'content/posts/b.md',
      'src/lib/data.json',
      'src/lib/lazy.ts',
      'src/lib/other.ts',
      'src/lib/shared.ts',
      'src/server/routes',
      'src/server/routes/api/one.ts',
      'src/server/routes/api/posts/[slug].ts',
      'src/server/routes/api/three.ts',
      'src/server/routes/api/two.ts',
    ]);
    expect(Object.values(facts.assets).sort()).toEqual(['content/posts/a.md', 'content/posts/b.md']);
    expect(facts.h3).toMatch(/^2\./);
  });

  it('change the code of only the routes that reach a changed module', async () => {
    const root = writeSite(files);
    const before = codeOf(await factsOf(root));
    writeFileSync(join(root, 'src/lib/shared.ts'), 'export const shared = (n: number) => n * 3;\n');
    const afterShared = codeOf(await factsOf(root));
    expect(afterShared['api/one.ts']).not.toBe(before['api/one.ts']);
    expect(afterShared['api/two.ts']).not.toBe(before['api/two.ts']);
    expect(afterShared['api/three.ts']).toBe(before['api/three.ts']);
    writeFileSync(join(root, 'src/lib/lazy.ts'), "export const lazy = 'changed';\n");
    const afterLazy = codeOf(await factsOf(root));
    expect(afterLazy['api/three.ts']).not.toBe(before['api/three.ts']);
    expect(afterLazy['api/one.ts']).toBe(afterShared['api/one.ts']);
  });

  it("leave a route's code as it was when a file it reads through new URL changes: that is a read, not code", async () => {
    const root = writeSite(files);
    const before = await factsOf(root);
    writeFileSync(join(root, 'content/posts/a.md'), 'a, edited');
    const after = await factsOf(root);
    // The copied folder's name holds its content's hash, and the code names the copy: not in the key.
    expect(Object.keys(after.assets)).not.toEqual(Object.keys(before.assets));
    expect(codeOf(after)).toEqual(codeOf(before));
  });

  it('are the same for a copy of the site in another folder', async () => {
    const root = writeSite(files);
    const copy = join(tempDir('elsewhere-'), 'deeper', 'site');
    cpSync(root, copy, { recursive: true });
    expect(await factsOf(copy)).toEqual(await factsOf(root));
  });
});
