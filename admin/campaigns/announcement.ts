/**
 * The campaign form's announcement ('Próximamente'): the announcement goes up on its day (Mexico City)
 * and needs a start day on or after it; the start hour travels as 'HH:mm' (Postgres answers 'HH:mm:ss';
 * blank is midnight, the column's default). Each check returns a message key react-admin translates.
 */

/** anuncio_desde on or before fecha_inicio, and only with a fecha_inicio. */
export function announcementProblem(anuncio: unknown, inicio: unknown): string | undefined {
  if (typeof anuncio !== 'string' || anuncio === '') return undefined;
  if (typeof inicio !== 'string' || inicio === '') return 'app.campaigns.announce_needs_start';
  return anuncio > inicio ? 'app.campaigns.announce_after_start' : undefined;
}

/** An input-level validator of anuncio_desde (react-admin ignores input validators when the form has its own). */
export const validAnnouncement = (anuncio: unknown, values: Record<string, unknown>) =>
  announcementProblem(anuncio, values['fecha_inicio']);

const HOUR = /^([01]\d|2[0-3]):[0-5]\d/;

/** The stored hour as the time input shows it: '10:00:00' → '10:00'; anything else blank. */
export function hourForInput(value: unknown): string {
  return typeof value === 'string' && HOUR.test(value) ? value.slice(0, 5) : '';
}

/** The time input's hour as stored: 'HH:mm', or midnight when blank. */
export function hourForDatabase(value: unknown): string {
  return typeof value === 'string' && HOUR.test(value) ? value.slice(0, 5) : '00:00';
}
