/** Money in Mexican pesos: display with Intl es-MX ($ sign, MXN, IVA included) and lenient reading of stored amounts. */

const mxn = new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' });

/** Coerces a price as it arrives (number, or numeric string from Postgres) to a finite number, else null. */
export function toAmount(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

/** '$1,234.50' for 1234.5; '' when the value is missing or not a number. */
export function formatPrice(value: number | string | null | undefined): string {
  const n = toAmount(value);
  return n === null ? '' : mxn.format(n);
}

/** Rounds to cents, so float noise (1000 * 1.3 = 1300.0000000000002) never leaks into prices. */
export function roundCents(n: number): number {
  return Math.round(n * 100) / 100;
}

/**
 * Rounds to a whole number, halves away from zero (2.5 -> 3, -2.5 -> -3), as Postgres' round() does
 * for numeric; Math.round would give -2. Never -0.
 */
export function roundHalfAwayFromZero(n: number): number {
  const r = Math.sign(n) * Math.round(Math.abs(n));
  return r === 0 ? 0 : r;
}

/**
 * part / whole x scale for amounts in pesos with cents: whole cents are multiplied by the scale first
 * and divided once, so a result that is exactly a half (5 / 1000 x 100 = 0.5) stays exactly a half
 * instead of 0.49999… in floating point, and rounds the way exact arithmetic would.
 */
export function scaledRatio(part: number, whole: number, scale: number): number {
  return (Math.round(part * 100) * scale) / Math.round(whole * 100);
}
