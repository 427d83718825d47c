/**
 * What the back office says about the shop's publication, from the newest publication and the
 * number of changes not yet published (message keys of admin/publishing/i18n.ts):
 *   a publication requested or building      'Publicando...' with the time since it was asked for;
 *   the newest one failed                    'Error al publicar' (its message is shown apart);
 *   changes pending after a publication      'Cambios pendientes';
 *   otherwise                                'Tienda publicada hace 5 min' (min, h or d);
 *   nothing published yet                    'Tienda sin publicar'.
 */
export interface LatestPublication {
  status: 'requested' | 'building' | 'published' | 'failed' | 'skipped';
  requested_at: string;
  started_at: string | null;
  finished_at: string | null;
  error: string | null;
}

export type PublicationTone = 'working' | 'error' | 'pending' | 'ok';

export interface PublicationStatus {
  tone: PublicationTone;
  /** Message key under app.publishing. */
  key: string;
  params?: Record<string, string | number>;
  error?: string;
}

const K = 'app.publishing';

/** How long ago, in the largest whole unit: now (under a minute), minutes, hours or days. */
export function ago(since: Date, now: Date): { key: string; params?: { n: number } } {
  const minutes = Math.floor((now.getTime() - since.getTime()) / 60_000);
  if (minutes < 1) return { key: `${K}.published_now` };
  if (minutes < 60) return { key: `${K}.published_minutes`, params: { n: minutes } };
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return { key: `${K}.published_hours`, params: { n: hours } };
  return { key: `${K}.published_days`, params: { n: Math.floor(hours / 24) } };
}

/** Elapsed time as m:ss ('0:07', '2:45'). */
export function elapsedText(since: Date, now: Date): string {
  const seconds = Math.max(0, Math.floor((now.getTime() - since.getTime()) / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

export function publicationStatus(
  latest: LatestPublication | null,
  lastPublishedAt: string | null,
  pending: number,
  now: Date,
): PublicationStatus {
  if (latest && (latest.status === 'requested' || latest.status === 'building')) {
    return { tone: 'working', key: `${K}.working`, params: { elapsed: elapsedText(new Date(latest.requested_at), now) } };
  }
  if (latest?.status === 'failed') {
    return { tone: 'error', key: `${K}.failed`, error: latest.error ?? '' };
  }
  if (pending > 0) return { tone: 'pending', key: `${K}.pending` };
  if (lastPublishedAt) return { tone: 'ok', ...ago(new Date(lastPublishedAt), now) };
  return { tone: 'pending', key: `${K}.never` };
}
