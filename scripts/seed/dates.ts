/** Calendar arithmetic on yyyy-MM-dd dates for the demo campaigns (today itself comes from src/lib/dates.ts). */

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
