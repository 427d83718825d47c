/**
 * An order's times in words, on the Mexico City clock whatever the shopper's zone: until when a
 * just-placed order holds its pieces ('hasta las 14:30' today, 'hasta mañana a las 9:05', 'hasta el
 * 29 de noviembre a las 14:30' later on, with the year when it is not this one), and the other
 * phrases the order's page uses. 24-hour clock; Spanish says 'la 1:05'. Kept apart from the bag's
 * rules so date-fns loads only with what shows these.
 */
import { differenceInCalendarDays, format } from 'date-fns';
import { es } from 'date-fns/locale/es';
import { mexicoWallClock } from './dates.ts';

/**
 * An instant relative to now, in Mexico City: its day ('hoy', 'mañana', 'ayer', or a date:
 * '29 de noviembre', with the year when it is not this one's) and its time ('las 14:30', 'la 1:05').
 */
export function moment(at: Date, now: Date): { day: 'hoy' | 'mañana' | 'ayer' | 'fecha'; date: string; time: string } {
  const w = mexicoWallClock(at);
  const today = mexicoWallClock(now).day;
  const diff = differenceInCalendarDays(w.day, today);
  const pattern = w.day.getFullYear() === today.getFullYear() ? "d 'de' MMMM" : "d 'de' MMMM 'de' yyyy";
  const date = format(w.day, pattern, { locale: es });
  const time = `${w.hour === 1 ? 'la' : 'las'} ${w.hour}:${String(w.minute).padStart(2, '0')}`;
  return { day: diff === 0 ? 'hoy' : diff === 1 ? 'mañana' : diff === -1 ? 'ayer' : 'fecha', date, time };
}

/** 'hasta las 14:30', 'hasta mañana a las 14:30', 'hasta el 29 de noviembre a las 14:30'. */
export function untilPhrase(at: Date, now: Date): string {
  const m = moment(at, now);
  if (m.day === 'hoy') return `hasta ${m.time}`;
  return m.day === 'fecha' ? `hasta el ${m.date} a ${m.time}` : `hasta ${m.day} a ${m.time}`;
}

/** untilPhrase of an order's held_until as the API answers it; null for none or an unreadable instant. */
export function heldUntilPhrase(heldUntil: string | Date | null | undefined, now: Date = new Date()): string | null {
  if (heldUntil === null || heldUntil === undefined) return null;
  const at = new Date(heldUntil);
  return Number.isNaN(at.getTime()) ? null : untilPhrase(at, now);
}

/** Whether the hold is still running at `now` (an order whose hold ended holds nothing to pay for). */
export function holdRunning(heldUntil: string | null | undefined, now: number = Date.now()): boolean {
  if (!heldUntil) return false;
  const at = Date.parse(heldUntil);
  return Number.isFinite(at) && at > now;
}
