/** `--shard k/n` (src/shard/shard.ts): which routes a shard renders, and what `--shard` accepts. */
import { describe, expect, it } from 'vitest';
import { parseShard, selectShard } from '../../src/shard/shard.ts';
import type { Shard } from '../../src/index.ts';
import { catchErrorSync } from '../support/catch-error.ts';
import { runCli, tempDir } from '../support/helpers.ts';

const shards = (count: number): Shard[] => Array.from({ length: count }, (_, i) => ({ index: i + 1, count }));

describe('choosing a shard', () => {
  const routes = Array.from({ length: 1000 }, (_, i) => ({ route: `/api/items/${i}.json` }));

  it('splits a list into disjoint shards that cover it, of roughly equal size', () => {
    const parts = shards(4).map((shard) => selectShard(routes, shard));
    expect(parts.flat().map((entry) => entry.route).sort()).toEqual(routes.map((entry) => entry.route).sort());
    for (const part of parts) expect(part.length).toBeGreaterThan(200);
  });

  it('gives every route the same shard however the list is ordered or grows', () => {
    const shuffled = [...routes].reverse().concat({ route: '/api/new.json' });
    for (const shard of shards(4)) {
      const before = new Set(selectShard(routes, shard).map((entry) => entry.route));
      const after = selectShard(shuffled, shard).map((entry) => entry.route).filter((path) => path !== '/api/new.json');
      expect(new Set(after)).toEqual(before);
    }
  });

  it.each(['2/4', ' 1/1 ', '4/4'])('accepts --shard %j', (text) => {
    const [index, count] = text.trim().split('/').map(Number);
    expect(parseShard(text)).toEqual({ index, count });
  });

  it.each(['0/4', '5/4', '1/0', '2', 'a/b', '1/2/3', '-1/2', ''])('refuses --shard %j as a usage error (exit 2)', (text) => {
    const error = catchErrorSync(() => parseShard(text));
    expect([error.code, error.exitCode]).toEqual(['USAGE', 2]);
    expect(error.message).toBe(`--shard must be k/n with 1 <= k <= n, such as 2/4, got "${text}".`);
  });

  it('the CLI refuses a bad --shard with exit code 2 before building', async () => {
    const cli = await runCli(['build', tempDir('no-site-'), '--shard', '3/2']);
    expect(cli.code).toBe(2);
    expect(cli.stderr).toContain('--shard must be k/n with 1 <= k <= n, such as 2/4, got "3/2".');
  });
});
