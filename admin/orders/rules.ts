/**
 * The rules of 'Pedidos': the statuses an order moves through and how each reads, finding an order
 * by the reference a shopper quotes (however they typed it), what a row says about its items, and
 * where an unpaid order's hold stands (until when it keeps its pieces from other shoppers, on the
 * Mexico City clock).
 */
import type { Tables } from '@/data/database.types.ts';
import { addIsoDays, formatMexicoCityDateTime, mexicoCityDate } from '@/lib/dates.ts';

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

/** The statuses in which the order's pieces are sold (the database sells one of each item when it enters one). */
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

/**
 * What changing status to `next` does to the stock, said before saving (null when nothing). Paid
 * (or later) sells one piece of each item: the one the order holds, or, when its hold ended, one
 * still for sale (the database refuses it, naming the item, when none is left); going back or
 * cancelling gives sold pieces back; cancelling an order that holds pieces ends its hold.
 */
export function stockEffect(from: OrderStatus, next: OrderStatus, holding: boolean): string | null {
  const sold = (s: OrderStatus) => SELLING_STATUSES.includes(s);
  if (sold(next) && !sold(from)) {
    return holding
      ? 'Al guardar, se venden las piezas apartadas de este pedido: las existencias de cada talla bajan en una.'
      : 'Al guardar, se vende una pieza de cada producto de este pedido: sus existencias bajan en una. Su apartado ya terminó: si alguna ya no está a la venta, no se podrá guardar.';
  }
  if (sold(from) && !sold(next)) return 'Al guardar, las piezas vendidas en este pedido vuelven a estar a la venta.';
  if (next === 'cancelado' && holding) return 'Al guardar, termina el apartado y sus piezas vuelven a la venta.';
  return null;
}

// ─── Holds ──────────────────────────────────────────────────────────────────────────────────

/**
 * Where an order's hold stands: 'apartado' while it keeps its pieces (until `until`), 'vencido'
 * when its time ran out unpaid (`at`; its pieces went back on sale), 'cancelado' when cancelling
 * ended it; null for a paid order (its pieces are sold) or an unpaid one that holds nothing.
 */
export type HoldState = { kind: 'apartado'; until: string } | { kind: 'vencido'; at: string } | { kind: 'cancelado' } | null;

type HoldFields = Pick<Order, 'status' | 'held_until' | 'hold_ended_at' | 'hold_end_reason'>;

export function holdState(order: HoldFields, now: Date): HoldState {
  if (isOrderStatus(order.status) && SELLING_STATUSES.includes(order.status)) return null;
  if (order.held_until) {
    // a hold past its time is given back within seconds (the database's job): it has ended already
    return new Date(order.held_until).getTime() > now.getTime()
      ? { kind: 'apartado', until: order.held_until }
      : { kind: 'vencido', at: order.held_until };
  }
  if (order.hold_end_reason === 'vencido' && order.hold_ended_at) return { kind: 'vencido', at: order.hold_ended_at };
  if (order.hold_end_reason === 'cancelado') return { kind: 'cancelado' };
  return null;
}

/** Only a hold still running can be extended (the database refuses an ended one). */
export const canExtendHold = (state: HoldState): boolean => state?.kind === 'apartado';

/** The choices to give a shopper more time to pay, in hours (the database takes 1 to 72). */
export const HOLD_EXTENSIONS = [4, 24, 72] as const;

/**
 * An instant on the Mexico City clock, said against today there: '14:30' today, 'mañana 14:30' or
 * 'ayer 14:30' next to it, else '28/11/2026 14:30'.
 */
function clock(instant: string, now: Date): { day: string; time: string } {
  const [date = '', time = ''] = formatMexicoCityDateTime(instant, 'minutes').split(' ');
  const day = mexicoCityDate(new Date(instant));
  const today = mexicoCityDate(now);
  if (day === today) return { day: 'hoy', time };
  if (day === addIsoDays(today, 1)) return { day: 'mañana', time };
  if (day === addIsoDays(today, -1)) return { day: 'ayer', time };
  return { day: date, time };
}

/** 'las 14:30', 'mañana a las 14:30', 'el 28/11/2026 a las 14:30'. */
export function untilText(instant: string, now: Date): string {
  const { day, time } = clock(instant, now);
  if (day === 'hoy') return `las ${time}`;
  if (day === 'mañana' || day === 'ayer') return `${day} a las ${time}`;
  return `el ${day} a las ${time}`;
}

/** '14:30', 'ayer 14:30', '28/11/2026 14:30'. */
function atText(instant: string, now: Date): string {
  const { day, time } = clock(instant, now);
  return day === 'hoy' ? time : `${day} ${time}`;
}

/**
 * The hold as the order's dialog says it: 'Apartado hasta las 14:30', 'Apartado vencido (14:30): las
 * piezas volvieron a la venta', 'Apartado terminado al cancelar'; null when there is nothing to say.
 */
export function holdText(state: HoldState, now: Date): string | null {
  if (!state) return null;
  if (state.kind === 'apartado') return `Apartado hasta ${untilText(state.until, now)}`;
  if (state.kind === 'vencido') return `Apartado vencido (${atText(state.at, now)}): las piezas volvieron a la venta`;
  return 'Apartado terminado al cancelar';
}

/**
 * The hold in the order list, compactly: 'Hasta las 14:30', 'Vencido' under the column 'Apartado',
 * or 'Apartado hasta las 14:30', 'Apartado vencido' where no column names it (a phone); nothing for
 * a cancelled order (its status says it).
 */
export function holdShortText(state: HoldState, now: Date, labelled = false): string {
  if (state?.kind === 'apartado') return `${labelled ? 'Apartado hasta' : 'Hasta'} ${untilText(state.until, now)}`;
  if (state?.kind === 'vencido') return labelled ? 'Apartado vencido' : 'Vencido';
  return '';
}
