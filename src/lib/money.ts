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
