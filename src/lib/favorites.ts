/**
 * Favourites are browser-only snapshots of a product, newest last, each with the time it was saved.
 * Pure list rules over any snapshot with an id; what a snapshot holds is the product summary (src/data).
 */
export type Saved<P> = P & {
  /** When it was saved, ms since the epoch. */
  addedAt: number;
};

/** Add appends (the spec checks no duplicates; toggling never adds one twice). */
export function addTo<P extends { id: string }>(list: readonly Saved<P>[], product: P, now: number): Saved<P>[] {
  return [...list, { ...product, addedAt: now }];
}

export function removeFrom<T extends { id: string }>(list: readonly T[], id: string): T[] {
  return list.filter((f) => f.id !== id);
}

export function contains(list: readonly { id: string }[], id: string): boolean {
  return list.some((f) => f.id === id);
}

/** 'producto guardado' / 'productos guardados'. */
export function savedCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'producto guardado' : 'productos guardados'}`;
}

/**
 * Reads a stored list defensively: anything malformed gives an empty list, and entries without a string id
 * and permalink are dropped. Saved entries are kept as they were stored, so older favourites stay readable.
 */
export function parseFavorites<P extends { id: string; permalink: string }>(raw: string | null | undefined): Saved<P>[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return value.filter(
      (f): f is Saved<P> => typeof f === 'object' && f !== null && typeof f.id === 'string' && typeof f.permalink === 'string',
    );
  } catch {
    return [];
  }
}
