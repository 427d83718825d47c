/** Percent off the original price, and the 'N% OFF' badge shown only for a real discount. */
import { toAmount } from './money.ts';

type Price = number | string | null | undefined;

/** round((original - sale) / original * 100); 0 when the original price is missing, zero or negative. */
export function discountPercentage(original: Price, sale: Price): number {
  const o = toAmount(original);
  const s = toAmount(sale);
  if (o === null || s === null || o <= 0) return 0;
  const pct = Math.round(((o - s) / o) * 100);
  return pct === 0 ? 0 : pct; // never -0
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
