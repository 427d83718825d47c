/** Favourites are browser-only snapshots of a product (spec section 3), newest last. Pure rules. */
export interface Favorite {
  id: string;
  nombre: string;
  marca: string;
  precio_original: number;
  precio_venta: number;
  imagen_principal: string | null;
  permalink: string;
  /** When it was saved, ms since the epoch. */
  addedAt: number;
}

export type FavoriteInput = Omit<Favorite, 'addedAt'>;

/** The snapshot a favourite keeps of a product (spec section 3), whatever else the product carries. */
export function favoriteSnapshot(p: FavoriteInput): FavoriteInput {
  return {
    id: p.id,
    nombre: p.nombre,
    marca: p.marca,
    precio_original: p.precio_original,
    precio_venta: p.precio_venta,
    imagen_principal: p.imagen_principal,
    permalink: p.permalink,
  };
}

/** Add appends (the spec checks no duplicates; toggling never adds one twice). */
export function addTo(list: readonly Favorite[], product: FavoriteInput, now: number): Favorite[] {
  return [...list, { ...product, addedAt: now }];
}

export function removeFrom(list: readonly Favorite[], id: string): Favorite[] {
  return list.filter((f) => f.id !== id);
}

export function contains(list: readonly Favorite[], id: string): boolean {
  return list.some((f) => f.id === id);
}

/** 'producto guardado' / 'productos guardados'. */
export function savedCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'producto guardado' : 'productos guardados'}`;
}

/** Reads a stored list defensively: anything malformed gives an empty list. */
export function parseFavorites(raw: string | null | undefined): Favorite[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return value.filter(
      (f): f is Favorite =>
        typeof f === 'object' && f !== null && typeof f.id === 'string' && typeof f.permalink === 'string',
    );
  } catch {
    return [];
  }
}
