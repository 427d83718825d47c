/** Money in Mexican pesos: display with Intl es-MX ($ sign, MXN, IVA included) and lenient parsing. */

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

/** Parses a typed or imported price: strips '$', thousands commas and spaces. Null when not a number. */
export function parseMoney(text: string | null | undefined): number | null {
  if (text === null || text === undefined) return null;
  const cleaned = text.replace(/[$,\s]/g, '');
  if (!/^-?\d+(\.\d+)?$/.test(cleaned) && !/^-?\.\d+$/.test(cleaned)) return null;
  return Number(cleaned);
}

/** Rounds to cents, so float noise (1000 * 1.3 = 1300.0000000000002) never leaks into prices. */
export function roundCents(n: number): number {
  return Math.round(n * 100) / 100;
}
