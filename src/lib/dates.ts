/** Dates as the shop shows them: '5/ENE/2025', ISO 'yyyy-MM-dd', and "today" in Mexico City. */

/** A Date that holds an instant (not 'Invalid Date'). */
const isValid = (d: Date) => !Number.isNaN(d.getTime());
const pad = (n: number) => String(n).padStart(2, '0');

export const SHOP_TIME_ZONE = 'America/Mexico_City';
export const MONTHS_ES = ['ENE', 'FEB', 'MAR', 'ABR', 'MAY', 'JUN', 'JUL', 'AGO', 'SEP', 'OCT', 'NOV', 'DIC'] as const;
export const INVALID_DATE_TEXT = 'Fecha inválida';

export type DateInput = string | number | Date | null | undefined;

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Reads a date; a date-only string is midnight local time. Null when it cannot be read. */
export function toDate(input: DateInput): Date | null {
  if (input === null || input === undefined || input === '') return null;
  if (input instanceof Date) return isValid(input) ? new Date(input.getTime()) : null;
  if (typeof input === 'number') {
    const d = new Date(input);
    return isValid(d) ? d : null;
  }
  const m = DATE_ONLY.exec(input.trim());
  if (m) {
    const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
    const date = new Date(y, mo - 1, d);
    // Reject overflow such as 2025-02-30 rather than rolling into March.
    return date.getFullYear() === y && date.getMonth() === mo - 1 && date.getDate() === d ? date : null;
  }
  const d = new Date(input);
  return isValid(d) ? d : null;
}

/** Display date: unpadded day / month abbreviation / year, e.g. '5/ENE/2025'; 'Fecha inválida' if unreadable. */
export function formatDisplayDate(input: DateInput): string {
  const d = toDate(input);
  if (!d) return INVALID_DATE_TEXT;
  return `${d.getDate()}/${MONTHS_ES[d.getMonth()]}/${d.getFullYear()}`;
}

/** ISO date 'yyyy-MM-dd' (local), or '' if unreadable. */
export function formatIsoDate(input: DateInput): string {
  const d = toDate(input);
  return d ? `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}` : '';
}

/** Report date 'dd/MM/yyyy' (with ' HH:mm' or ' HH:mm:ss'); 'N/A' if unreadable. */
export function formatReportDate(input: DateInput, time: 'none' | 'minutes' | 'seconds' = 'none'): string {
  const d = toDate(input);
  if (!d) return 'N/A';
  const date = `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`;
  if (time === 'none') return date;
  const hm = `${pad(d.getHours())}:${pad(d.getMinutes())}`;
  return `${date} ${time === 'minutes' ? hm : `${hm}:${pad(d.getSeconds())}`}`;
}

// One formatter for every call: creating an Intl.DateTimeFormat costs about a millisecond, and a
// build asks for today's date on every product card.
const MEXICO_CITY_DAY = new Intl.DateTimeFormat('en-US', { timeZone: SHOP_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The last date asked for, by the UTC minute of its instant (a build asks for today on every card). */
let lastDay = { minute: Number.NaN, date: '' };

/**
 * The calendar date of an instant in Mexico City, 'yyyy-MM-dd'. Every time zone's offset is a whole
 * number of minutes, so a day starts on a whole UTC minute: instants of the same UTC minute share
 * their date, and the last one is reused.
 */
export function mexicoCityDate(instant: Date): string {
  const minute = Math.floor(instant.getTime() / 60_000);
  if (minute === lastDay.minute) return lastDay.date;
  const parts = MEXICO_CITY_DAY.formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  lastDay = { minute, date: `${get('year')}-${get('month')}-${get('day')}` };
  return lastDay.date;
}

/**
 * The instant a Mexico City calendar day ('yyyy-MM-dd') begins. Mexico City keeps UTC−6 all year (its
 * daylight saving time ended in October 2022), so that is 06:00 UTC of the same date.
 */
export function mexicoCityMidnight(day: string): Date {
  return new Date(`${day}T00:00:00-06:00`);
}

/** Today in Mexico City, 'yyyy-MM-dd': the day that decides which campaigns are public. */
export function todayInMexicoCity(now: Date = new Date()): string {
  return mexicoCityDate(now);
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier); null if either is unreadable. */
export function daysBetween(from: DateInput, to: DateInput): number | null {
  const a = toDate(from);
  const b = toDate(to);
  if (!a || !b) return null;
  // Local calendar days, counted on the UTC clock so a daylight-saving change in between does not shift them.
  const day = (d: Date) => Date.UTC(d.getFullYear(), d.getMonth(), d.getDate());
  return Math.round((day(b) - day(a)) / 86_400_000);
}

const MEXICO_CITY_PARTS = /* @__PURE__ */ new Intl.DateTimeFormat('en-US', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/**
 * An instant as the admin reports show it, on the Mexico City clock whatever the browser's zone:
 * 'dd/MM/yyyy', 'dd/MM/yyyy HH:mm' or 'dd/MM/yyyy HH:mm:ss'; 'N/A' if unreadable.
 */
export function formatMexicoCityDateTime(input: DateInput, time: 'none' | 'minutes' | 'seconds' = 'seconds'): string {
  const d = toDate(input);
  if (!d) return 'N/A';
  const parts = MEXICO_CITY_PARTS.formatToParts(d);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const date = `${get('day')}/${get('month')}/${get('year')}`;
  if (time === 'none') return date;
  const hm = `${get('hour')}:${get('minute')}`;
  return `${date} ${time === 'minutes' ? hm : `${hm}:${get('second')}`}`;
}

/** The ISO day `days` calendar days after (negative: before) the ISO day `day`. */
export function addIsoDays(day: string, days: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const WALL_CLOCK = /* @__PURE__ */ new Intl.DateTimeFormat('en-US', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hourCycle: 'h23',
});

/**
 * An instant as a Mexico City wall clock shows it, whatever the reader's zone: its date (as noon of a
 * local Date, which exists on every date in every zone, for date-fns to name) and its hour and minute.
 */
export function mexicoWallClock(instant: Date): { day: Date; hour: number; minute: number } {
  const parts = WALL_CLOCK.formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { day: new Date(get('year'), get('month') - 1, get('day'), 12), hour: get('hour') % 24, minute: get('minute') };
}
