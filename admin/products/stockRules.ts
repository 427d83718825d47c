/**
 * Pieces in stock ('Existencias') as the 'Tallas' tab reads them, with no I/O. A size (or a product
 * without sizes, which is its own stock) has `existencias`, its pieces not yet sold, which the team
 * sets from 0 to 9999, and `apartadas`, the pieces unpaid orders hold right now, which only the
 * database counts. A piece is for sale while it is neither sold nor held. The database refuses
 * existencias below apartadas and deleting a size that is held or has a sale; these rules only say
 * what a person may try and how a count reads.
 */

/** The most pieces a size or a product may have (the database's check). */
export const MAX_PIECES = 9999;

/** A new size has one piece unless the person says otherwise (the database's default). */
export const DEFAULT_PIECES = 1;

export interface PieceCount {
  existencias: number;
  apartadas: number;
}

/** A whole number of pieces from 0 to 9999 as typed ('3', ' 12 '), or null for anything else ('', '-1', '2.5', '10000'). */
export function parsePieces(typed: string | number | null | undefined): number | null {
  const text = String(typed ?? '').trim();
  if (!/^\d{1,4}$/.test(text)) return null;
  return Number(text);
}

/** Pieces for sale now: not sold and not held. */
export function freePieces(count: PieceCount): number {
  return Math.max(0, count.existencias - count.apartadas);
}

/**
 * How a size stands: 'agotada' with no piece left (every one sold; the shop no longer shows it, and
 * giving it pieces puts it back), 'apartada' when every piece left is held, else 'a_la_venta'.
 */
export type StockState = 'agotada' | 'apartada' | 'a_la_venta';

export function stockState(count: PieceCount): StockState {
  if (count.existencias <= 0) return 'agotada';
  return freePieces(count) === 0 ? 'apartada' : 'a_la_venta';
}

/** A held size cannot be deleted (the database refuses it too, and also a size that has a sale). */
export function canDeleteSize(count: PieceCount): boolean {
  return count.apartadas === 0;
}

/** The value to send when the person leaves the field: the new count, or null when there is nothing to save (unchanged or not a count). */
export function piecesToSave(typed: string, saved: number): number | null {
  const pieces = parsePieces(typed);
  return pieces === null || pieces === saved ? null : pieces;
}
