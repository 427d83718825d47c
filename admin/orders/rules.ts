/**
 * The rules of 'Pedidos': the statuses an order moves through and how each reads, finding an order
 * by the reference a shopper quotes (however they typed it), what a row says about its items, and
 * where an unpaid order's hold stands (until when it keeps its pieces from other shoppers, on the
 * Mexico City clock), and its online payments: how each was paid, what a flagged one needs, what is
 * left to refund, and what the payment link and 'Reembolsar' say.
 */
import type { Tables } from '@/data/database.types.ts';
import { addIsoDays, formatMexicoCityDateTime, MONTHS_ES, mexicoCityDate } from '@/lib/dates.ts';
import { formatPrice } from '@/lib/money.ts';

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

// ─── Online payments (Mercado Pago) ─────────────────────────────────────────────────────────

export type OrderPayment = Tables<'order_payments'>;
export type OrderRefund = Tables<'order_refunds'>;

/** What the order list reads of each payment (the data provider embeds it in every order row). */
export type PaymentSummary = Pick<
  OrderPayment,
  'payment_id' | 'status' | 'method' | 'payment_type' | 'installments' | 'amount' | 'currency' | 'refunded_amount' | 'flag' | 'expires_at'
>;

/** An order row of the list, with its payments' summary. */
export type ListedOrder = Order & { order_payments?: PaymentSummary[] };

/** The statuses in which an order is unpaid and still may be paid online (not paid, not cancelled). */
export const PAYABLE_STATUSES: readonly OrderStatus[] = ['nuevo', 'confirmado'];

/** The card brands as Mercado Pago names them (payment_method_id), as the team knows them. */
const CARD_BRANDS: Record<string, string> = {
  visa: 'Visa',
  debvisa: 'Visa',
  master: 'Mastercard',
  debmaster: 'Mastercard',
  amex: 'American Express',
  carnet: 'Carnet',
  debcarnet: 'Carnet',
  mercadopagocard: 'Mercado Pago',
};

/** The banks and stores of Mercado Pago Mexico's vouchers (payment_method_id). */
const VOUCHER_PLACES: Record<string, string> = {
  oxxo: 'OXXO',
  paycash: 'Efectivo en tienda (PayCash)',
  bancomer: 'Pago en banco BBVA',
  banamex: 'Pago en banco Citibanamex',
  serfin: 'Pago en banco Santander',
};

/** Payments paid later with a voucher (OXXO and other stores, or a bank): they expire unpaid. */
const VOUCHER_TYPES = new Set(['ticket', 'atm']);
/** Mercado Pago's statuses of a payment still under way. */
const UNDER_WAY = new Set(['pending', 'in_process', 'authorized']);

type MethodFields = Pick<OrderPayment, 'method' | 'payment_type' | 'installments'>;

const months = (p: MethodFields) => ((p.installments ?? 1) > 1 ? ` · ${p.installments} meses` : '');
const brand = (p: MethodFields) => (p.method ? CARD_BRANDS[p.method] : undefined);

/**
 * How it was paid, in the team's words: 'Tarjeta de crédito Visa · 3 meses', 'Tarjeta de débito
 * Mastercard', 'OXXO', 'Pago en banco BBVA', 'Dinero en Mercado Pago', 'Transferencia SPEI'.
 */
export function paymentMethodName(p: MethodFields): string {
  const card = (kind: string) => `${kind}${brand(p) ? ` ${brand(p)}` : ''}${months(p)}`;
  switch (p.payment_type) {
    case 'credit_card':
      return card('Tarjeta de crédito');
    case 'debit_card':
      return card('Tarjeta de débito');
    case 'prepaid_card':
      return card('Tarjeta prepagada');
    case 'ticket':
    case 'atm':
      return (p.method && VOUCHER_PLACES[p.method]) ?? (p.payment_type === 'atm' ? 'Pago en banco' : 'Efectivo en tienda');
    case 'bank_transfer':
      return 'Transferencia SPEI';
    case 'account_money':
      return 'Dinero en Mercado Pago';
    case 'digital_currency':
    case 'digital_wallet':
      return `Meses sin Tarjeta de Mercado Pago${months(p)}`;
    default:
      return p.method === 'account_money' ? 'Dinero en Mercado Pago' : 'Mercado Pago';
  }
}

/** '29 nov 14:30' on the Mexico City clock, with the year when it is not now's ('3 ene 2027 09:05'). */
export function shortMoment(instant: string, now: Date): string {
  const [date = '', time = ''] = formatMexicoCityDateTime(instant, 'minutes').split(' ');
  const [day = '', month = '', year = ''] = date.split('/');
  const name = (MONTHS_ES[Number(month) - 1] ?? month).toLowerCase();
  const thisYear = mexicoCityDate(now).slice(0, 4);
  return `${Number(day)} ${name}${year === thisYear ? '' : ` ${year}`} ${time}`;
}

/** A payment's status in words, after its method; '' for an approved one (its approval date says it). */
function statusWords(p: Pick<OrderPayment, 'status' | 'payment_type' | 'expires_at'>, now: Date): string {
  const voucher = VOUCHER_TYPES.has(p.payment_type ?? '');
  switch (p.status) {
    case 'approved':
      return '';
    case 'pending':
    case 'authorized':
      return voucher && p.expires_at ? `pendiente, vence el ${shortMoment(p.expires_at, now)}` : 'pendiente';
    case 'in_process':
      return 'en revisión';
    case 'rejected':
      return 'rechazado';
    case 'cancelled':
      return voucher ? 'vencido sin pago' : 'cancelado';
    case 'refunded':
      return 'reembolsado';
    case 'charged_back':
      return 'contracargo';
    case 'in_mediation':
      return 'en disputa';
    default:
      return p.status;
  }
}

/**
 * The payment's line in the order: its method and, unless approved, where it stands: 'Tarjeta de
 * crédito Visa · 3 meses', 'OXXO (pendiente, vence el 29 nov 14:30)', 'Tarjeta de débito Visa
 * (rechazado)'.
 */
export function paymentText(p: MethodFields & Pick<OrderPayment, 'status' | 'expires_at'>, now: Date): string {
  const words = statusWords(p, now);
  return words ? `${paymentMethodName(p)} (${words})` : paymentMethodName(p);
}

/** What a flagged payment means and what the team does about it (the order was not paid by it). */
export const FLAG_TEXTS: Record<string, string> = {
  monto_distinto: 'Monto distinto al total: no se marcó pagado',
  moneda_distinta: 'Moneda distinta: no se marcó pagado',
  pedido_cancelado: 'Pago de un pedido cancelado: reembólsalo',
  pago_duplicado: 'Pago duplicado: reembólsalo',
  sin_piezas: 'Pagado después de que se vendió la pieza: reembólsalo o consigue otra',
  sin_codigo: 'Pagado después de que su código de descuento se agotó: sube el límite de usos del código y márcalo pagado, o reembólsalo',
};

export const flagText = (flag: string | null): string | null => (flag ? (FLAG_TEXTS[flag] ?? `Pago por revisar (${flag})`) : null);

/** Whole cents of an amount in pesos (money is compared in cents, never in floating pesos). */
export const toCents = (amount: number | string | null | undefined): number => Math.round(Number(amount ?? 0) * 100);

/** '$649.00', or '649.00 USD' for a payment in another currency. */
export function paymentAmount(p: Pick<OrderPayment, 'amount' | 'currency'>): string {
  if (p.amount === null) return '';
  return !p.currency || p.currency === 'MXN' ? formatPrice(p.amount) : `${Number(p.amount).toFixed(2)} ${p.currency}`;
}

/**
 * What is left to refund of a payment, in cents: an approved payment (a partial refund leaves it
 * approved) less what was refunded; 0 for any other (the refund function refunds approved ones only).
 */
export function refundableCents(p: Pick<OrderPayment, 'status' | 'amount' | 'refunded_amount'>): number {
  return p.status === 'approved' ? Math.max(0, toCents(p.amount) - toCents(p.refunded_amount)) : 0;
}

/** The payments in the order they matter: the one that paid the order first, then flagged ones, then the newest. */
export function sortPayments<P extends Pick<OrderPayment, 'status' | 'flag'> & { created_at?: string }>(payments: readonly P[]): P[] {
  const rank = (p: P) => (p.status === 'approved' && !p.flag ? 0 : p.flag ? 1 : 2);
  return [...payments].sort((a, b) => rank(a) - rank(b) || (b.created_at ?? '').localeCompare(a.created_at ?? ''));
}

/**
 * The payment in the order list, compactly: 'Visa · 3 meses', 'OXXO pendiente', 'Mercado Pago',
 * 'Reembolsado' (all of it), of the payment that counts (sortPayments); '' without payments.
 */
export function paymentShortText(payments: readonly PaymentSummary[]): string {
  const [p] = sortPayments(payments);
  if (!p) return '';
  if (refundedInFull(p)) return 'Reembolsado';
  let name: string;
  if (p.payment_type?.endsWith('_card')) name = `${brand(p) ?? 'Tarjeta'}${months(p)}`;
  else if (p.payment_type === 'account_money' || p.method === 'account_money') name = 'Mercado Pago';
  else name = paymentMethodName(p);
  if (UNDER_WAY.has(p.status)) return `${name} pendiente`;
  if (p.status === 'rejected') return `${name} rechazado`;
  if (p.status === 'cancelled') return `${name} ${VOUCHER_TYPES.has(p.payment_type ?? '') ? 'vencido' : 'cancelado'}`;
  return name;
}

/** A payment refunded in full: by Mercado Pago's status, or an approved one with nothing left to refund. */
export const refundedInFull = (p: Pick<OrderPayment, 'status' | 'amount' | 'refunded_amount'>): boolean =>
  p.status === 'refunded' || (p.status === 'approved' && toCents(p.refunded_amount) > 0 && refundableCents(p) === 0);

/** A flagged payment needs the team until it is refunded in full (what each flag asks for, or the money is back). */
export const needsTeam = (p: Pick<OrderPayment, 'flag' | 'status' | 'amount' | 'refunded_amount'>): boolean =>
  Boolean(p.flag) && !refundedInFull(p);

/** How many of an order's payments need the team. */
export const flaggedCount = (payments: readonly Pick<OrderPayment, 'flag' | 'status' | 'amount' | 'refunded_amount'>[]): number =>
  payments.filter(needsTeam).length;

/**
 * The amount typed in 'Reembolsar', in cents, or why it cannot be refunded (worded as the refund
 * function words it): pesos with up to 2 decimals ('649', '649.5', '$1,299.00'), more than zero,
 * never more than what is left.
 */
export function parseRefundAmount(typed: string, leftCents: number): { cents: number } | { error: string } {
  const text = typed.trim().replace(/^\$/, '').replace(/,/g, '').trim();
  if (text === '') return { error: 'Escribe el monto a reembolsar.' };
  if (!/^\d+(\.\d{0,2})?$/.test(text)) {
    return /^\d*\.\d{3,}$/.test(text)
      ? { error: 'El monto va en pesos con hasta 2 decimales.' }
      : { error: 'Escribe el monto en pesos, por ejemplo 649.50.' };
  }
  const cents = Math.round(Number(text) * 100);
  if (cents <= 0) return { error: 'El monto debe ser mayor que cero.' };
  if (cents > leftCents) return { error: `El monto supera lo que queda por reembolsar. Quedan $${(leftCents / 100).toFixed(2)}.` };
  return { cents };
}

/** The amount field's starting value: all that is left, as '649.00'. */
export const centsText = (cents: number): string => (cents / 100).toFixed(2);

/**
 * What 'Reembolsar' reminds the owner of: the revocation right the shop's policies promise
 * (shop_settings.revocation_days business days after delivery), and that a refund, even of all of
 * it, leaves the order's status as it is.
 */
export function refundNote(revocationDays: number): string {
  return (
    `Tus políticas prometen el derecho de revocación: ${revocationDays} días hábiles después de la entrega ` +
    '(Configuración → Políticas). Reembolsar, aunque sea todo, no cambia el estado del pedido: si las piezas regresan, cancélalo.'
  );
}

/** The message 'Enviar por WhatsApp' starts with: the order's reference and its payment link. */
export function paymentLinkMessage(reference: string, link: string): string {
  return `Hola, este es el enlace para pagar tu pedido ${reference} en línea (tarjeta, OXXO o Mercado Pago): ${link}`;
}

/** WhatsApp with the message ready and no number: the team picks the shopper's chat. */
export const whatsAppShareUrl = (message: string): string => `https://wa.me/?text=${encodeURIComponent(message)}`;

/**
 * Who refunded, as the order says it: the person's email when the team's list names them, 'Tú'
 * for the one reading, else 'Un dueño' (only owners refund; editors cannot read the team's emails).
 */
export function refunderName(
  refundedBy: string | null,
  me: { id: string; email: string } | null,
  emails: ReadonlyMap<string, string>,
): string {
  if (refundedBy && me && refundedBy === me.id) return `${me.email} (tú)`;
  return (refundedBy && emails.get(refundedBy)) || 'Un dueño';
}
