/**
 * Price ranges of the shop filter, by sale price: lower bound inclusive, upper exclusive. Which range a
 * price falls in is decided in SQL (`price_range_of`, `shop_page`); the shop only reads and labels the ids.
 */

export const PRICE_RANGE_IDS = ['0-1000', '1000-2000', '2000-5000', '5000-10000', '10000-20000', '20000+'] as const;
export type PriceRangeId = (typeof PRICE_RANGE_IDS)[number];

export function isPriceRangeId(value: unknown): value is PriceRangeId {
  return typeof value === 'string' && (PRICE_RANGE_IDS as readonly string[]).includes(value);
}

/** Options are labelled by their id; anything unknown shows as '20000+'. */
export function priceRangeLabel(id: string | null | undefined): string {
  return isPriceRangeId(id) ? id : '20000+';
}
