/**
 * Bulk work's pure rules: what the confirmation says, and which values an action needs (a
 * destination, a discount's percent, the pieces every size gets). The
 * database applies the action (bulk_update_products) and refuses it when the selection no longer
 * has the confirmed count.
 */
import type { BulkAction } from '../providers/dataProvider.ts';
import { parsePieces } from './stockRules.ts';

export const BULK_ACTIONS: Record<BulkAction, string> = {
  campaign: 'Mover a otra campaña',
  category: 'Mover a otra categoría',
  brand: 'Cambiar la marca',
  discount: 'Aplicar un descuento',
  stock: 'Existencias por talla',
  feature: 'Destacar',
  unfeature: 'Quitar de destacados',
  delete: 'Eliminar',
};

const plural = (n: number) => `${n.toLocaleString('es-MX')} ${n === 1 ? 'producto' : 'productos'}`;
const pieces = (n: number) => `${n.toLocaleString('es-MX')} ${n === 1 ? 'pieza' : 'piezas'}`;

/**
 * The confirmation's sentence: how many rows the action changes, and what it does. `value` is the
 * action's number: the discount's percent, or the pieces each size gets.
 */
export function bulkConfirmation(action: BulkAction, count: number, value?: number): string {
  switch (action) {
    case 'delete':
      return `Se eliminarán ${plural(count)} con sus tallas e imágenes. No se puede deshacer.`;
    case 'discount':
      return `Se bajará ${value ?? 0} % el precio de venta de ${plural(count)}, redondeado a la centena más cercana.`;
    case 'stock':
      if (value === undefined) return `Se cambiarán las existencias de cada talla de ${plural(count)}.`;
      return `Cada talla de ${plural(count)} quedará con ${pieces(value)} (los productos sin tallas también). Una talla con piezas apartadas en pedidos sin pagar nunca queda con menos.`;
    case 'feature':
      return `Se destacarán ${plural(count)}.`;
    case 'unfeature':
      return `Se quitarán de destacados ${plural(count)}.`;
    default:
      return `Se cambiarán ${plural(count)}.`;
  }
}

/** Why the action cannot run with these values (a Spanish message), or null. */
export function bulkValueProblem(action: BulkAction, value: { id?: string; percent?: string; pieces?: string }): string | null {
  if ((action === 'campaign' || action === 'category' || action === 'brand') && !value.id) return 'Elige a dónde moverlos.';
  if (action === 'discount') {
    const n = Number(value.percent);
    if (!Number.isInteger(n) || n < 1 || n > 99) return 'El descuento va de 1 a 99 %.';
  }
  // the database's words and range (bulk_update_products): a whole number of pieces from 0 to 9999
  if (action === 'stock' && parsePieces(value.pieces) === null) return 'Las existencias van de 0 a 9999 piezas.';
  return null;
}

/** The sale price after a discount, as the database computes it (public.discounted_price). */
export function discountedPrice(price: number, percent: number): number {
  const exact = Math.round(price * (100 - percent)) / 100;
  const hundred = Math.round(exact / 100) * 100;
  return hundred > 0 ? hundred : exact;
}
