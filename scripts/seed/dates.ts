/** Calendar dates (yyyy-MM-dd) for the demo, relative to the shop's day in America/Mexico_City. */

export const SHOP_TIME_ZONE = 'America/Mexico_City';

/** Today's date (yyyy-MM-dd) in Mexico City. */
export function mexicoCityToday(now: Date = new Date()): string {
  // en-CA formats as yyyy-MM-dd.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: SHOP_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function assertIsoDate(value: string): void {
  const m = DATE_RE.exec(value);
  if (!m) throw new Error(`Fecha inválida (se esperaba yyyy-MM-dd): ${value}`);
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  if (d.toISOString().slice(0, 10) !== value) throw new Error(`Fecha inválida: ${value}`);
}

/** Adds whole days to a yyyy-MM-dd date (pure calendar arithmetic, no time zone involved). */
export function addDays(isoDate: string, days: number): string {
  assertIsoDate(isoDate);
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
