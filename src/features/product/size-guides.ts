/**
 * The size guides a built product page names by id, loaded from /guias-de-tallas.json (src/pages) once per
 * page, the first time a shopper reaches for 'Guía de tallas'. No framework here.
 */
import type { SizeGuide } from '../../lib/size-guide.ts';

const SIZE_GUIDES_URL = '/guias-de-tallas.json';
let pending: Promise<Record<string, SizeGuide>> | null = null;

/** The guide `id` as of the build, null when the build has no such guide; rejects when the file cannot be read. */
export function loadSizeGuide(id: string): Promise<SizeGuide | null> {
  pending ??= fetch(SIZE_GUIDES_URL).then((r) =>
    r.ok ? (r.json() as Promise<Record<string, SizeGuide>>) : Promise.reject(new Error(`HTTP ${r.status}`)),
  );
  pending.catch(() => {
    pending = null; // the next reach tries again
  });
  return pending.then((guides) => guides[id] ?? null);
}
