/** Percent off the original price, and the 'N% OFF' badge shown only for a real discount. */
import { scaledRatio, roundHalfAwayFromZero, toAmount } from './money.ts';

type Price = number | string | null | undefined;

/**
 * Whole percent off: (original - sale) / original x 100, rounded half away from zero (0.5 -> 1,
 * -0.5 -> -1); 0 when either price is missing or the original is not above 0. The same rule as SQL
 * `public.discount_percentage`, pinned by tests/fixtures/rounding-cases.ts.
 */
export function discountPercentage(original: Price, sale: Price): number {
  const o = toAmount(original);
  const s = toAmount(sale);
  if (o === null || s === null || o <= 0) return 0;
  return roundHalfAwayFromZero(scaledRatio(o - s, o, 100));
}

/** True when the original exceeds the sale price and the rounded percent is above 0. */
export function hasDiscount(original: Price, sale: Price): boolean {
  const o = toAmount(original);
  const s = toAmount(sale);
  return o !== null && s !== null && o > s && discountPercentage(o, s) > 0;
}

/** 'N% OFF', or null when there is nothing to show. */
export function discountBadge(original: Price, sale: Price): string | null {
  return hasDiscount(original, sale) ? `${discountPercentage(original, sale)}% OFF` : null;
}
