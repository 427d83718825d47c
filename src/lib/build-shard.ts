/**
 * A large catalogue's product pages are rendered by several `astro build` processes side by side, one
 * per core (scripts/lib/build.ts): each renders the product pages of its shard and the same other
 * pages. A page's shard depends on its permalink alone, so it stays in the same shard (and that
 * shard's incremental cache) from one build to the next.
 */

export interface BuildShard {
  /** This build's shard, from 0. */
  index: number;
  /** How many builds share the catalogue (1: one build renders every page). */
  count: number;
}

/** The shard a build was started for (SHOP_BUILD_SHARD of SHOP_BUILD_SHARDS); the whole catalogue when unset or malformed. */
export function buildShard(env: Record<string, string | undefined>): BuildShard {
  const count = Number(env['SHOP_BUILD_SHARDS'] ?? 1);
  const index = Number(env['SHOP_BUILD_SHARD'] ?? 0);
  if (!Number.isInteger(count) || count < 1 || !Number.isInteger(index) || index < 0 || index >= count) return { index: 0, count: 1 };
  return { index, count };
}

/** FNV-1a, 32 bits: a fast, stable spread of permalinks over the shards. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Whether the product page of `permalink` is rendered by `shard`. */
export function inShard(permalink: string, shard: BuildShard): boolean {
  return shard.count === 1 || fnv1a(permalink) % shard.count === shard.index;
}

/**
 * Product pages one build renders before a second one pays off: every build first spends a few
 * seconds of its own starting and bundling, so a small catalogue is rendered by one.
 */
export const PAGES_PER_SHARD = 2000;

/** How many builds render a catalogue of `products` on `cores` cores: one per core, each with at least PAGES_PER_SHARD pages. */
export function shardCount(products: number, cores: number): number {
  return Math.max(1, Math.min(cores, Math.floor(products / PAGES_PER_SHARD)));
}
