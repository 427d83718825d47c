/**
 * Related products: newest first, 4 at most, the product itself excluded, from the first of these
 * groups that has any: same campaign + category + subcategory; same campaign + category; same campaign;
 * same brand. Used in memory at build time and as query filters live.
 */
import type { Tables } from './database.types.ts';

export const RELATED_LIMIT = 4;

/** The product columns the groups compare (types from the generated schema). */
export type RelatedKeys = Pick<Tables<'products'>, 'id' | 'campaign_id' | 'category_id' | 'subcategory_id' | 'brand_id' | 'marca'>;

/** Column equalities of one group; a group needing a missing value is skipped. */
export type RelatedTier = Partial<Record<'campaign_id' | 'category_id' | 'subcategory_id' | 'brand_id' | 'marca', string>>;

export function relatedTiers(p: RelatedKeys): RelatedTier[] {
  const tiers: RelatedTier[] = [];
  if (p.category_id && p.subcategory_id) {
    tiers.push({ campaign_id: p.campaign_id, category_id: p.category_id, subcategory_id: p.subcategory_id });
  }
  if (p.category_id) tiers.push({ campaign_id: p.campaign_id, category_id: p.category_id });
  tiers.push({ campaign_id: p.campaign_id });
  if (p.brand_id) tiers.push({ brand_id: p.brand_id });
  else if (p.marca.trim()) tiers.push({ marca: p.marca });
  return tiers;
}

const tierKey = (t: RelatedTier) => JSON.stringify(Object.entries(t).sort(([a], [b]) => a.localeCompare(b)));

/** Newest first (created_at descending, then id), the order of the live query. */
export function newestFirst<T extends { id: string; created_at: string }>(a: T, b: T): number {
  const byDate = Date.parse(b.created_at) - Date.parse(a.created_at);
  return byDate !== 0 ? byDate : a.id.localeCompare(b.id);
}

/**
 * A finder over every active product: groups them once by each tier they belong to, so finding the related
 * products of one product is a few map lookups, even for thousands of products.
 */
export function relatedFinder<T extends RelatedKeys & { created_at: string }>(candidates: readonly T[], limit = RELATED_LIMIT) {
  const groups = new Map<string, T[]>();
  for (const c of [...candidates].sort(newestFirst)) {
    for (const tier of relatedTiers(c)) {
      const key = tierKey(tier);
      const list = groups.get(key);
      if (!list) groups.set(key, [c]);
      else if (list.length <= limit) list.push(c); // one spare, in case the product itself is in the list
    }
  }
  return (product: RelatedKeys): T[] => {
    for (const tier of relatedTiers(product)) {
      const found = (groups.get(tierKey(tier)) ?? []).filter((c) => c.id !== product.id).slice(0, limit);
      if (found.length > 0) return found;
    }
    return [];
  };
}
