/**
 * The rules of 'Pedidos': the statuses an order moves through and how each reads, finding an order
 * by the reference a shopper quotes (however they typed it), and what a row says about its items.
 */
import type { Tables } from '@/data/database.types.ts';

export type Order = Tables<'orders'>;
export type OrderItem = Tables<'order_items'>;

/** nuevo → confirmado → pagado → enviado → entregado, or cancelado (as the database checks them). */
export const ORDER_STATUSES = ['nuevo', 'confirmado', 'pagado', 'enviado', 'entregado', 'cancelado'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const STATUS_LABELS: Record<OrderStatus, string> = {
  nuevo: 'Nuevo',
  confirmado: 'Confirmado',
  pagado: 'Pagado',
  enviado: 'Enviado',
  entregado: 'Entregado',
  cancelado: 'Cancelado',
};

/** The chip colour of each status: new needs attention, paid and later are money in, cancelled is done. */
export const STATUS_COLORS: Record<OrderStatus, 'warning' | 'info' | 'success' | 'default' | 'error'> = {
  nuevo: 'warning',
  confirmado: 'info',
  pagado: 'success',
  enviado: 'success',
  entregado: 'default',
  cancelado: 'error',
};

/** The statuses in which the order's sizes are sold (the database marks them when it enters one). */
export const SELLING_STATUSES: readonly OrderStatus[] = ['pagado', 'enviado', 'entregado'];

export const isOrderStatus = (value: unknown): value is OrderStatus => ORDER_STATUSES.includes(value as OrderStatus);

/**
 * A reference as the team types what the shopper quoted: 'om 7k3f2', 'OM7K3F2', '#OM-7K3F2' all read
 * 'OM-7K3F2'; a part of one ('7k3') is kept as it is, upper-cased, to match within references.
 */
export function normalizeReference(typed: string): string {
  const compact = typed.toUpperCase().replace(/[^0-9A-Z]/g, '');
  const body = compact.startsWith('OM') ? compact.slice(2) : compact;
  return compact.startsWith('OM') ? `OM-${body}` : body;
}

/** The list filter of the search box and the status chips. */
export function orderFilter(search: string, status: OrderStatus | 'todos'): Record<string, string> {
  const filter: Record<string, string> = {};
  const reference = normalizeReference(search);
  if (reference) filter['reference@ilike'] = `%${reference}%`;
  if (status !== 'todos') filter['status'] = status;
  return filter;
}

/** '3 productos' / '1 producto'. */
export function itemCountLabel(n: number): string {
  return n === 1 ? '1 producto' : `${n} productos`;
}

/** What changing status to `next` does to the stock, said before saving (null when nothing). */
export function stockEffect(from: OrderStatus, next: OrderStatus): string | null {
  const sold = (s: OrderStatus) => SELLING_STATUSES.includes(s);
  if (sold(next) && !sold(from)) return 'Al guardar, las tallas de este pedido se marcan como vendidas y salen de la tienda.';
  if (sold(from) && !sold(next)) return 'Al guardar, las tallas de este pedido vuelven a estar a la venta.';
  return null;
}
