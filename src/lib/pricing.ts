/** Price suggestions, margin and profit for the admin (product form, margin analysis, CSV import). */
import { scaledRatio, roundCents, roundHalfAwayFromZero, toAmount } from './money.ts';

type Price = number | string | null | undefined;

export const MARGIN_TARGET = 30;
export const MARGIN_WARNING_BELOW = 20;
/** A suggested price further than this from the current one is flagged as a significant difference. */
export const SIGNIFICANT_PRICE_DIFFERENCE = 100;

export type MarginQuality = 'Excelente' | 'Bueno' | 'Regular' | 'Bajo';

const valid = (p: Price): number | null => {
  const n = toAmount(p);
  return n === null || n < 0 ? null : n;
};

/** Nearest multiple of 100: up when the remainder is >= 50, else down. */
export function roundToNearestHundred(amount: number): number {
  const cents = roundCents(amount);
  const floor = Math.floor(cents / 100) * 100;
  return cents - floor >= 50 ? floor + 100 : floor;
}

/** Next multiple of 100 at or above the amount. */
export function roundUpToHundred(amount: number): number {
  return Math.ceil(roundCents(amount) / 100) * 100;
}

/** Product form suggestion: cost x 1.3 to the nearest hundred. 0 for a missing or negative cost. */
export function suggestedSalePrice(cost: Price): number {
  const c = valid(cost);
  return c === null ? 0 : roundToNearestHundred(c * 1.3);
}

export interface SmartPrice {
  price: number;
  /** 'discount40': 60% of the original (40% off); 'margin30': cost + 30%. */
  strategy: 'discount40' | 'margin30';
}

/**
 * The 'smart price' (also the CSV import rule, with precio_anterior as the original): if
 * (original - cost) / original >= 0.5, 60% of the original rounded up to the hundred; otherwise
 * cost x 1.3 rounded up to the hundred.
 */
export function smartPrice(original: Price, cost: Price): SmartPrice {
  const o = valid(original);
  const c = valid(cost) ?? 0;
  if (o !== null && o > 0 && (o - c) / o >= 0.5) return { price: roundUpToHundred(o * 0.6), strategy: 'discount40' };
  return { price: roundUpToHundred(c * 1.3), strategy: 'margin30' };
}

/** Suggested sale price of an imported CSV row (precio = cost, precio_anterior = original). */
export function importSalePrice(previousPrice: Price, cost: Price): number {
  return smartPrice(previousPrice, cost).price;
}

/** Profit per unit: sale - cost, in cents precision. Null when a price is missing. */
export function profitAmount(sale: Price, cost: Price): number | null {
  const s = toAmount(sale);
  const c = toAmount(cost);
  return s === null || c === null ? null : roundCents(s - c);
}

/**
 * Margin percent on cost with two decimals: (sale - cost) / cost x 100, rounded half away from zero.
 * Null when a price is missing or the cost is not above 0. The same rule as SQL
 * `public.profit_margin`, pinned by tests/fixtures/rounding-cases.ts.
 */
export function profitMargin(sale: Price, cost: Price): number | null {
  const s = toAmount(sale);
  const c = toAmount(cost);
  if (s === null || c === null || c <= 0) return null;
  return roundHalfAwayFromZero(scaledRatio(s - c, c, 10_000)) / 100;
}

/** Quality band of a margin percent: >= 30 'Excelente', >= 20 'Bueno', >= 10 'Regular', else 'Bajo'. */
export function marginQuality(marginPct: number | null | undefined): MarginQuality {
  if (marginPct === null || marginPct === undefined || Number.isNaN(marginPct)) return 'Bajo';
  if (marginPct >= 30) return 'Excelente';
  if (marginPct >= 20) return 'Bueno';
  if (marginPct >= 10) return 'Regular';
  return 'Bajo';
}

/** True when the suggested price differs from the current one by more than 100. */
export function isSignificantDifference(suggested: Price, current: Price): boolean {
  const s = toAmount(suggested);
  const c = toAmount(current);
  return s !== null && c !== null && Math.abs(s - c) > SIGNIFICANT_PRICE_DIFFERENCE;
}
