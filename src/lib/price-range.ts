/** Price ranges of the shop filter, by sale price: lower bound inclusive, upper exclusive. */

export const PRICE_RANGE_IDS = ['0-1000', '1000-2000', '2000-5000', '5000-10000', '10000-20000', '20000+'] as const;
export type PriceRangeId = (typeof PRICE_RANGE_IDS)[number];

const BOUNDS: ReadonlyArray<readonly [PriceRangeId, number]> = [
  ['0-1000', 1000],
  ['1000-2000', 2000],
  ['2000-5000', 5000],
  ['5000-10000', 10000],
  ['10000-20000', 20000],
];

/** The range id of a sale price (mirrors SQL price_range_of); null for a negative or invalid price. */
export function priceRangeOf(precio: number | string | null | undefined): PriceRangeId | null {
  const n = typeof precio === 'number' ? precio : precio === null || precio === undefined || precio === '' ? NaN : Number(precio);
  if (!Number.isFinite(n) || n < 0) return null;
  for (const [id, upper] of BOUNDS) if (n < upper) return id;
  return '20000+';
}

export function isPriceRangeId(value: unknown): value is PriceRangeId {
  return typeof value === 'string' && (PRICE_RANGE_IDS as readonly string[]).includes(value);
}

/** Options are labelled by their id; anything unknown shows as '20000+'. */
export function priceRangeLabel(id: string | null | undefined): string {
  return isPriceRangeId(id) ? id : '20000+';
}
