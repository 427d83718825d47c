/** How the back office shows analytics figures: filter types in Spanish, short session ids, periods of Mexico City days. */
import { addIsoDays, todayInMexicoCity } from '@/lib/dates.ts';

const FILTER_TYPE_LABELS: Record<string, string> = {
  category: 'Categoría',
  subcategory: 'Subcategoría',
  brand: 'Marca',
  campaign: 'Tendencia',
  price_range: 'Precio',
  size: 'Talla',
};

/** The Spanish name of a filter type ('brand' → 'Marca'); an unknown type is shown as it is. */
export function filterTypeLabel(type: string | null | undefined): string {
  if (!type) return '';
  const raw = type.startsWith('filter_') ? type.slice('filter_'.length) : type;
  return FILTER_TYPE_LABELS[raw] ?? raw;
}

/** A session id as the screens show it: its first 8 characters. */
export function shortSessionId(sessionId: string | null | undefined): string {
  return (sessionId ?? '').slice(0, 8);
}

export interface DayRange {
  start: string;
  end: string;
}

/** The last `days` Mexico City days, today included: both ends inclusive, 'yyyy-MM-dd'. */
export function lastDays(days: number, now: Date = new Date()): DayRange {
  const end = todayInMexicoCity(now);
  return { start: addIsoDays(end, -(days - 1)), end };
}

export interface HourlyRow {
  hora_del_dia: number;
  total_actividades: number;
  busquedas: number;
  filtros: number;
  clicks_productos: number;
}

export type HourOfDayTotals = Omit<HourlyRow, 'hora_del_dia'> & { hour: number };

/** Hourly rows added up by hour of the day: always 24 entries, 0 to 23, zeros where nothing happened. */
export function totalsByHourOfDay(rows: readonly HourlyRow[]): HourOfDayTotals[] {
  const hours = Array.from({ length: 24 }, (_, hour) => ({ hour, total_actividades: 0, busquedas: 0, filtros: 0, clicks_productos: 0 }));
  for (const row of rows) {
    const slot = hours[row.hora_del_dia];
    if (!slot) continue;
    slot.total_actividades += Number(row.total_actividades);
    slot.busquedas += Number(row.busquedas);
    slot.filtros += Number(row.filtros);
    slot.clicks_productos += Number(row.clicks_productos);
  }
  return hours;
}
