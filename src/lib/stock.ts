/**
 * What the shop says of a product's pieces, from the database's `piezas` (public.piezas): one entry per
 * size, in size order ({talla, libres, apartadas}: libres are for sale now, apartadas are held by unpaid
 * orders; a size whose pieces all sold has 0 and 0), or one entry with talla null for a product without
 * sizes.
 *
 * - A size with pieces for sale can be chosen; with exactly one it says 'Última pieza'.
 * - A size whose every piece left is held shows 'Apartada' and cannot be chosen (the piece comes back
 *   if the order is not paid).
 * - A size whose pieces all sold shows 'Agotada' and cannot be chosen (it comes back only with new stock
 *   or a cancelled sale).
 * - A product is for sale while any piece is; with none for sale it is 'apartado' when some piece is
 *   held, else 'agotado' (every piece sold).
 */

/** One size's pieces as the database counts them (talla null: a product without sizes). */
export interface Pieza {
  talla: string | null;
  /** Pieces for sale now (neither sold nor held). */
  libres: number;
  /** Pieces unpaid orders hold now. */
  apartadas: number;
}

export const LAST_PIECE_LABEL = 'Última pieza';
export const HELD_SIZE_LABEL = 'Apartada';
export const SOLD_SIZE_LABEL = 'Agotada';

/** How a size shows: for sale, for sale with its last piece, held or sold out (neither choosable). */
export type SizeState = 'disponible' | 'ultima' | 'apartada' | 'agotada';

export interface SizeChoice {
  talla: string;
  estado: SizeState;
}

/** How the whole product shows: for sale, its last piece for sale (without sizes), every piece left held, or sold out. */
export type ProductState = 'disponible' | 'ultima' | 'apartado' | 'agotado';

const count = (value: unknown): number => {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
};

/**
 * `piezas` as read from the API (JSON): entries of the expected shape only, counts as whole numbers of
 * at least 0, sizes trimmed (a blank size is dropped). Anything else reads as no piece at all.
 */
export function toPiezas(value: unknown): Pieza[] {
  if (!Array.isArray(value)) return [];
  const out: Pieza[] = [];
  for (const entry of value) {
    if (typeof entry !== 'object' || entry === null) continue;
    const e = entry as Record<string, unknown>;
    const talla = typeof e['talla'] === 'string' ? e['talla'].trim() : null;
    if (talla === '' || (e['talla'] !== null && typeof e['talla'] !== 'string')) continue;
    out.push({ talla, libres: count(e['libres']), apartadas: count(e['apartadas']) });
  }
  return out;
}

/** True when the product has sizes (its entries name them). */
export function hasSizes(piezas: readonly Pieza[]): boolean {
  return piezas.some((p) => p.talla !== null);
}

/** A size's state: its last piece when exactly one is for sale; with none for sale, held while a piece is held, else sold out. */
export function sizeState(p: Pick<Pieza, 'libres' | 'apartadas'>): SizeState {
  if (p.libres <= 0) return p.apartadas > 0 ? 'apartada' : 'agotada';
  return p.libres === 1 ? 'ultima' : 'disponible';
}

/** The sizes the product page shows, in the database's size order: every size, held and sold-out ones included. */
export function sizeChoices(piezas: readonly Pieza[]): SizeChoice[] {
  return piezas.flatMap((p) => (p.talla === null ? [] : [{ talla: p.talla, estado: sizeState(p) }]));
}

/** Whether a size can be chosen (it has a piece for sale). */
export const choosable = (choice: SizeChoice): boolean => choice.estado === 'disponible' || choice.estado === 'ultima';

/** The choosable size of this name (compared as the shop compares sizes: trimmed, case aside), or null. */
export function findChoosable(choices: readonly SizeChoice[], talla: string | null | undefined): SizeChoice | null {
  const key = talla?.trim().toLowerCase();
  if (!key) return null;
  return choices.find((c) => choosable(c) && c.talla.toLowerCase() === key) ?? null;
}

/** Pieces for sale now, all sizes together. */
export const piecesForSale = (piezas: readonly Pieza[]): number => piezas.reduce((n, p) => n + p.libres, 0);

/** Pieces held now, all sizes together. */
export const piecesHeld = (piezas: readonly Pieza[]): number => piezas.reduce((n, p) => n + p.apartadas, 0);

/**
 * The product's state: 'agotado' with no piece left (every one sold, or no size at all),
 * 'apartado' when pieces are left but every one is held, 'ultima' for a product without sizes with
 * exactly one piece for sale, else 'disponible'.
 */
export function productState(piezas: readonly Pieza[]): ProductState {
  if (piecesForSale(piezas) > 0) {
    const own = piezas.length === 1 && piezas[0]?.talla === null ? piezas[0] : null;
    return own?.libres === 1 ? 'ultima' : 'disponible';
  }
  return piecesHeld(piezas) > 0 ? 'apartado' : 'agotado';
}

/** What the 'Apartado' state says: one piece held reads in the singular. */
export function heldText(piezas: readonly Pieza[]): string {
  return piecesHeld(piezas) === 1
    ? 'Alguien apartó la última pieza. Si no se paga, vuelve a estar a la venta.'
    : 'Alguien apartó las últimas piezas. Si no se pagan, vuelven a estar a la venta.';
}
