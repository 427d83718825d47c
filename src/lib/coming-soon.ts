/**
 * 'Próximamente' in words and numbers, on the Mexico City clock whatever the shopper's zone: when an
 * announced campaign starts ('Empieza el viernes 4 de diciembre a las 10:00'; 24-hour clock, 'a la
 * 1:30' as Spanish says it, the year only when it is not this one's) and how long until it does (the
 * countdown's days, hours, minutes and seconds, and a sentence for screen readers).
 */
import { format } from 'date-fns';
import { es } from 'date-fns/locale/es';
import { type DateInput, mexicoWallClock, toDate } from './dates.ts';

/**
 * When a campaign starts, as its card says it: 'Empieza el viernes 4 de diciembre a las 10:00' (with
 * 'de 2027' when that is not the year of `now`, the moment the page is made). Null when unreadable.
 */
export function startWording(startsAt: DateInput, now: Date = new Date()): string | null {
  const at = toDate(startsAt);
  if (!at) return null;
  const w = mexicoWallClock(at);
  const sameYear = w.day.getFullYear() === mexicoWallClock(now).day.getFullYear();
  const date = format(w.day, sameYear ? "EEEE d 'de' MMMM" : "EEEE d 'de' MMMM 'de' yyyy", { locale: es });
  const time = `${w.hour === 1 ? 'la' : 'las'} ${w.hour}:${String(w.minute).padStart(2, '0')}`;
  return `Empieza el ${date} a ${time}`;
}

export interface Countdown {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  /** The start has come (nothing left). */
  done: boolean;
}

/** What is left from `now` to `startsAt`, in whole seconds (a part of a second counts as a whole one). */
export function countdown(startsAt: DateInput, now: number): Countdown {
  const at = toDate(startsAt);
  const left = at ? Math.max(0, Math.ceil((at.getTime() - now) / 1000)) : 0;
  return {
    days: Math.floor(left / 86_400),
    hours: Math.floor((left % 86_400) / 3600),
    minutes: Math.floor((left % 3600) / 60),
    seconds: left % 60,
    done: left === 0,
  };
}

/** Two digits, as a clock shows them: 5 → '05'. */
export const twoDigits = (n: number): string => String(n).padStart(2, '0');

const unit = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The countdown in a sentence, to the minute (what a screen reader says): 'Faltan 2 días, 5 horas y
 * 12 minutos', 'Falta 1 hora', 'Falta menos de un minuto', '¡Ya empezó!'.
 */
export function countdownSentence(c: Countdown): string {
  if (c.done) return '¡Ya empezó!';
  const parts = [
    c.days > 0 ? unit(c.days, 'día', 'días') : null,
    c.hours > 0 ? unit(c.hours, 'hora', 'horas') : null,
    c.minutes > 0 ? unit(c.minutes, 'minuto', 'minutos') : null,
  ].filter((p): p is string => p !== null);
  if (parts.length === 0) return 'Falta menos de un minuto';
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} y ${parts.at(-1)}`;
  const first = c.days > 0 ? c.days : c.hours > 0 ? c.hours : c.minutes;
  return `${first === 1 ? 'Falta' : 'Faltan'} ${list}`;
}
