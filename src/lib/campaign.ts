/** Campaign status, labels and progress. `today` is always a 'yyyy-MM-dd' day in Mexico City. */
import { daysBetween, formatIsoDate, mexicoCityDate, todayInMexicoCity, toDate } from './dates.ts';

export interface CampaignDates {
  fecha_inicio?: string | null;
  fecha_fin: string | null;
  created_at?: string | null;
  /** Announced ahead ('Próximamente'): it opens at inicia_en, its start day at its start hour. */
  anuncio_desde?: string | null;
  inicia_en?: string | null;
}

export type AdminCampaignStatus = 'Próxima' | 'Activa' | 'Finalizada';

/** The start day: fecha_inicio, else the day of created_at (Mexico City), else today. */
export function campaignStartDate(c: CampaignDates, now: Date = new Date()): string {
  const start = formatIsoDate(c.fecha_inicio);
  if (start) return start;
  const created = toDate(c.created_at);
  return created ? mexicoCityDate(created) : mexicoCityDate(now);
}

/** Days from today to the end date (0 = ends today, negative = ended); null if the end date is unreadable. */
export function daysRemaining(fechaFin: string | null | undefined, today: string = todayInMexicoCity()): number | null {
  return daysBetween(today, fechaFin);
}

/** Public rule: active while the end date is today or later. */
export function isCampaignActive(fechaFin: string | null | undefined, today: string = todayInMexicoCity()): boolean {
  const d = daysRemaining(fechaFin, today);
  return d !== null && d >= 0;
}

/**
 * Admin status: 'Próxima' before the start, 'Activa' until the end date has passed, then 'Finalizada'.
 * An announced campaign starts at its hour (inicia_en, as the shop opens it), not at midnight.
 */
export function adminCampaignStatus(c: CampaignDates, today: string = todayInMexicoCity(), now: Date = new Date()): AdminCampaignStatus {
  if (!isCampaignActive(c.fecha_fin, today)) return 'Finalizada';
  const opens = c.anuncio_desde && c.inicia_en ? Date.parse(c.inicia_en) : Number.NaN;
  if (!Number.isNaN(opens)) return opens > now.getTime() ? 'Próxima' : 'Activa';
  const sinceStart = daysBetween(campaignStartDate(c), today);
  return sinceStart !== null && sinceStart < 0 ? 'Próxima' : 'Activa';
}

/** Product card countdown: none once ended, 'Finaliza hoy', 'Finaliza en 1 día', 'Finaliza en N días'. */
export function remainingBadge(fechaFin: string | null | undefined, today: string = todayInMexicoCity()): string | null {
  const d = daysRemaining(fechaFin, today);
  if (d === null || d < 0) return null;
  if (d === 0) return 'Finaliza hoy';
  if (d === 1) return 'Finaliza en 1 día';
  return `Finaliza en ${d} días`;
}

/** Campaign list label: 'Finalizada', 'Finaliza hoy', '1 día', 'N días'. Null if the end date is unreadable. */
export function campaignListLabel(fechaFin: string | null | undefined, today: string = todayInMexicoCity()): string | null {
  const d = daysRemaining(fechaFin, today);
  if (d === null) return null;
  if (d < 0) return 'Finalizada';
  if (d === 0) return 'Finaliza hoy';
  return d === 1 ? '1 día' : `${d} días`;
}

/** Percent of the campaign elapsed (start day to end day), clamped to 5-100. */
export function campaignProgress(c: CampaignDates, today: string = todayInMexicoCity(), now: Date = new Date()): number {
  const start = campaignStartDate(c, now);
  const total = daysBetween(start, c.fecha_fin);
  const elapsed = daysBetween(start, today);
  if (total === null || elapsed === null) return 5;
  const pct = total <= 0 ? (elapsed >= 0 ? 100 : 5) : (elapsed / total) * 100;
  return Math.min(100, Math.max(5, pct));
}
