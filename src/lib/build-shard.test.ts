import { describe, expect, it } from 'vitest';
import { buildShard, inShard, shardCount } from './build-shard.ts';

const permalinks = Array.from({ length: 2000 }, (_, i) => `producto-${i}`);

describe('buildShard', () => {
  it('reads the shard a build was started for', () => {
    expect(buildShard({ SHOP_BUILD_SHARD: '1', SHOP_BUILD_SHARDS: '3' })).toEqual({ index: 1, count: 3 });
  });

  it('builds the whole catalogue when unset or malformed', () => {
    for (const env of [
      {},
      { SHOP_BUILD_SHARDS: '0' },
      { SHOP_BUILD_SHARD: '2', SHOP_BUILD_SHARDS: '2' },
      { SHOP_BUILD_SHARD: 'x', SHOP_BUILD_SHARDS: '2' },
    ]) {
      expect(buildShard(env)).toEqual({ index: 0, count: 1 });
    }
  });
});

describe('inShard', () => {
  it('gives every page to exactly one shard', () => {
    for (const count of [1, 2, 3]) {
      const shards = Array.from({ length: count }, (_, index) => ({ index, count }));
      for (const p of permalinks) expect(shards.filter((s) => inShard(p, s))).toHaveLength(1);
    }
  });

  it('spreads the pages evenly', () => {
    const first = permalinks.filter((p) => inShard(p, { index: 0, count: 2 })).length;
    expect(first).toBeGreaterThan(900);
    expect(first).toBeLessThan(1100);
  });
});

describe('shardCount', () => {
  it('renders a small catalogue in one build', () => {
    expect(shardCount(168, 2)).toBe(1);
    expect(shardCount(3999, 4)).toBe(1);
    expect(shardCount(0, 2)).toBe(1);
  });

  it('uses one build per core once each has enough pages', () => {
    expect(shardCount(4000, 2)).toBe(2);
    expect(shardCount(10_000, 2)).toBe(2);
    expect(shardCount(10_000, 4)).toBe(4);
    expect(shardCount(50_000, 1)).toBe(1);
  });
});
