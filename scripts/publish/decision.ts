/**
 * Whether a scheduled publication has anything to do. The static pages change when the catalogue
 * changed (pending rebuild requests), when the last attempt failed (its changes are still
 * unpublished), or when a campaign started or ended since the day of the last publication (a
 * campaign shows from its start date and disappears the day after its end date, in Mexico City).
 * An announced campaign ('Próximamente') changes them twice: on its announcement day (the home and
 * /proximamente show it) and at the instant it opens (`opens`, its start day at its start hour).
 */
import { mexicoCityDate } from '../../src/lib/dates.ts';

export interface PublicationState {
  pending: number;
  last: { status: 'published' | 'failed'; finished_at: string } | null;
  /** announce: the announcement's day; opens: an announced campaign's opening instant (null when not announced). */
  campaigns: Array<{ start: string | null; end: string; announce?: string | null; opens?: string | null }>;
}

export type Verdict = { publish: true; reason: string } | { publish: false; reason: 'nada que publicar' };

export function publishVerdict(state: PublicationState, now: Date): Verdict {
  if (state.pending > 0) return { publish: true, reason: `${state.pending} cambio(s) pendiente(s)` };
  if (!state.last) return { publish: true, reason: 'la tienda nunca se ha publicado' };
  if (state.last.status === 'failed') return { publish: true, reason: 'la última publicación falló' };
  const lastDay = mexicoCityDate(new Date(state.last.finished_at));
  const lastAt = Date.parse(state.last.finished_at);
  const today = mexicoCityDate(now);
  // Visible on the last publication's day and no longer today.
  const ended = state.campaigns.filter((c) => c.end >= lastDay && c.end < today).length;
  // Not started on the last publication's day and started by today; an announced one opened since
  // the last publication, at its hour.
  const started = state.campaigns.filter((c) =>
    c.opens
      ? Date.parse(c.opens) > lastAt && Date.parse(c.opens) <= now.getTime()
      : c.start !== null && c.start > lastDay && c.start <= today,
  ).length;
  // Announced since the last publication's day: the home and /proximamente show it from today.
  const announced = state.campaigns.filter((c) => c.announce && c.announce > lastDay && c.announce <= today).length;
  if (ended > 0 || started > 0) {
    const also = announced > 0 ? ` (y ${announced} se anunciaron)` : '';
    return { publish: true, reason: `${ended} campaña(s) terminaron y ${started} empezaron desde la última publicación${also}` };
  }
  if (announced > 0) return { publish: true, reason: `${announced} campaña(s) se anunciaron desde la última publicación` };
  return { publish: false, reason: 'nada que publicar' };
}
