/**
 * The order's own page (/pedido/?t=…) in words: where an order stands, on the Mexico City clock
 * whatever the shopper's zone ('Apartado hasta las 14:30', 'Pagado hoy a las 12:05', 'Enviado'…), how
 * it was paid, what a refund gave back, whether 'Pagar en línea' applies, and what the chat message
 * about it says. The data is public.order_page's (supabase/schemas/20_orders.sql): no personal data.
 */
import { moment, untilPhrase } from './order-hold.ts';
import { formatPrice } from './money.ts';

export { untilPhrase };

export type OrderStatus = 'nuevo' | 'confirmado' | 'pagado' | 'enviado' | 'entregado' | 'cancelado';
export type HoldEndReason = 'vencido' | 'cancelado' | 'pago_rechazado';

export interface OrderPageItem {
  position: number;
  nombre: string;
  marca: string;
  /** null for a product without sizes. */
  talla: string | null;
  permalink: string;
  precio_original: number;
  precio_venta: number;
  /** Its part of the order's discount code (0 without one). */
  descuento: number;
}

/** The payment that counts for the order (an approved one first, else the latest), in Mercado Pago's words. */
export interface OrderPagePayment {
  /** approved, pending, in_process, authorized, rejected, cancelled, refunded, charged_back, in_mediation */
  status: string;
  /** payment_method_id: visa, master, oxxo, account_money… */
  method: string | null;
  /** payment_type_id: credit_card, debit_card, ticket, atm, account_money… */
  payment_type: string | null;
  installments: number | null;
  approved_at: string | null;
  /** A voucher's (OXXO) last moment to pay. */
  expires_at: string | null;
  refunded_amount: number;
}

/** What public.order_page answers for a token (null for an unknown one). */
export interface OrderPage {
  reference: string;
  status: OrderStatus;
  created_at: string;
  /** The items at their prices, before any discount. */
  subtotal: number;
  /** The discount code it was placed with (null: none) and what it took off. */
  codigo: string | null;
  descuento: number;
  shipping: number;
  /** subtotal - descuento + shipping. */
  total: number;
  /** Until when the order holds its pieces; null once it holds none. */
  held_until: string | null;
  hold_ended_at: string | null;
  hold_end_reason: HoldEndReason | null;
  paid_at: string | null;
  tracking_number: string | null;
  tracking_url: string | null;
  items: OrderPageItem[];
  payment: OrderPagePayment | null;
}

/** How the page colours the order's standing. */
export type StandingTone = 'apartado' | 'pendiente' | 'pagado' | 'enviado' | 'entregado' | 'cancelado' | 'terminado' | 'recibido';

export interface OrderStanding {
  tone: StandingTone;
  /** The one line that says where the order stands. */
  headline: string;
  /** Sentences under it (how it was paid, the tracking number, a refund, what to do next). */
  details: string[];
  /** The shipment's tracking, when the team gave one. */
  tracking: { number: string | null; url: string | null } | null;
  /**
   * Unpaid, still holding its pieces, and no payment under way or received: paying online applies
   * (the page offers it only while the shop's online payments are on).
   */
  payable: boolean;
}

// ─── Times on the Mexico City clock (order-hold.ts) ─────────────────────────────────────────────

/** 'antes de las 14:30', 'antes de mañana a las 14:30', 'antes del 29 de noviembre a las 14:30'. */
export function beforePhrase(at: Date, now: Date): string {
  const m = moment(at, now);
  if (m.day === 'hoy') return `antes de ${m.time}`;
  return m.day === 'fecha' ? `antes del ${m.date} a ${m.time}` : `antes de ${m.day} a ${m.time}`;
}

/** When something happened: 'a las 14:30' (today: `today` says whether to name it), 'ayer a las 14:30', 'el 27 de noviembre a las 14:30'. */
export function atPhrase(at: Date, now: Date, { today = '' }: { today?: 'hoy' | '' } = {}): string {
  const m = moment(at, now);
  if (m.day === 'hoy') return today ? `hoy a ${m.time}` : `a ${m.time}`;
  return m.day === 'fecha' ? `el ${m.date} a ${m.time}` : `${m.day} a ${m.time}`;
}

// ─── Payments ───────────────────────────────────────────────────────────────────────────────────

/** Mercado Pago's statuses of a payment still under way (its order keeps holding its pieces). */
const UNDER_WAY = new Set(['pending', 'in_process', 'authorized']);
/** Payment types paid later with a voucher (OXXO and other stores, or a bank). */
const VOUCHER_TYPES = new Set(['ticket', 'atm']);

const isVoucher = (p: OrderPagePayment) => VOUCHER_TYPES.has(p.payment_type ?? '');
const voucherName = (p: OrderPagePayment) => (p.method === 'oxxo' ? 'tu ficha OXXO' : 'tu ficha de pago');

/** How an order was paid, as a shopper names it: 'Tarjeta de crédito · 3 meses', 'OXXO', 'Mercado Pago'. */
export function paymentMethodLabel(p: Pick<OrderPagePayment, 'method' | 'payment_type' | 'installments'>): string {
  switch (p.payment_type) {
    case 'credit_card':
      return (p.installments ?? 1) > 1 ? `Tarjeta de crédito · ${p.installments} meses` : 'Tarjeta de crédito';
    case 'debit_card':
      return 'Tarjeta de débito';
    case 'prepaid_card':
      return 'Tarjeta prepagada';
    case 'ticket':
      return p.method === 'oxxo' ? 'OXXO' : 'Efectivo en tienda';
    case 'atm':
      return 'Pago en banco';
    case 'bank_transfer':
      return 'Transferencia SPEI';
    case 'digital_currency':
      return 'Mercado Pago · Meses sin Tarjeta';
    default:
      return 'Mercado Pago';
  }
}

/** What a refund gave back: the whole payment, or part of the order's total. */
function refundSentence(order: OrderPage): string | null {
  const refunded = order.payment?.refunded_amount ?? 0;
  if (!(refunded > 0)) return null;
  return refunded >= order.total
    ? `Te reembolsamos el total de tu pago: ${formatPrice(refunded)}.`
    : `Te reembolsamos ${formatPrice(refunded)} de ${formatPrice(order.total)}.`;
}

const readDate = (value: string | null | undefined): Date | null => {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
};

const withRefund = (order: OrderPage, details: string[]): string[] => {
  const refund = refundSentence(order);
  return refund ? [...details, refund] : details;
};

const ENDED_NEXT = 'Si aún quieres tus piezas, escríbenos por el chat: te decimos cuáles siguen disponibles.';

// ─── Where the order stands ─────────────────────────────────────────────────────────────────────

/**
 * Where the order stands, in words, at `now`. Sent, delivered and cancelled orders say so; a paid one
 * says when and how; an unpaid one says until when it holds its pieces, that a voucher is waiting to
 * be paid, or that its hold ended (time ran out, or its payment was rejected or its voucher expired)
 * and its pieces went back on sale. A hold whose time passed counts as ended even before the
 * database's job (every 20 s) has released it.
 */
export function orderStanding(order: OrderPage, now: Date): OrderStanding {
  const tracking =
    order.tracking_number || order.tracking_url ? { number: order.tracking_number ?? null, url: order.tracking_url ?? null } : null;
  const payment = order.payment;
  const approved = payment !== null && payment.approved_at !== null && (payment.status === 'approved' || payment.status === 'refunded');
  const none = { tracking: null, payable: false };

  switch (order.status) {
    case 'cancelado': {
      const base = approved
        ? 'Este pedido se canceló. Si no ves tu reembolso, escríbenos por el chat.'
        : 'Este pedido se canceló y sus piezas volvieron a la venta.';
      const refund = refundSentence(order);
      return { tone: 'cancelado', headline: 'Cancelado', details: refund ? ['Este pedido se canceló.', refund] : [base], ...none };
    }
    case 'entregado':
      return {
        tone: 'entregado',
        headline: 'Entregado',
        details: withRefund(order, [
          ...(order.tracking_number ? [`Número de guía: ${order.tracking_number}`] : []),
          '¡Gracias por tu compra! Si algo no está bien, escríbenos por el chat.',
        ]),
        tracking,
        payable: false,
      };
    case 'enviado':
      return {
        tone: 'enviado',
        headline: 'Enviado',
        details: withRefund(order, [
          order.tracking_number ? `Número de guía: ${order.tracking_number}` : 'Te compartimos la guía de tu envío por el chat.',
        ]),
        tracking,
        payable: false,
      };
    case 'pagado': {
      const paidAt = readDate(order.paid_at) ?? readDate(payment?.approved_at);
      return {
        tone: 'pagado',
        headline: paidAt ? `Pagado ${atPhrase(paidAt, now, { today: 'hoy' })}` : 'Pagado',
        details: withRefund(order, [
          ...(approved && payment ? [paymentMethodLabel(payment)] : []),
          'Preparamos tu envío; aquí verás la guía en cuanto salga.',
        ]),
        ...none,
      };
    }
  }

  // Unpaid (nuevo or confirmado).
  const heldUntil = readDate(order.held_until);
  const holding = heldUntil !== null && heldUntil.getTime() > now.getTime();
  const confirmed = order.status === 'confirmado' ? ['Confirmamos que tus piezas están disponibles.'] : [];

  if (holding && payment && UNDER_WAY.has(payment.status)) {
    if (isVoucher(payment)) {
      const expires = readDate(payment.expires_at);
      // pay the voucher while the pieces are held: the earlier of its expiry and the hold
      const deadline = expires && expires.getTime() < heldUntil.getTime() ? expires : heldUntil;
      return {
        tone: 'pendiente',
        headline: `Pago pendiente: paga ${voucherName(payment)} ${beforePhrase(deadline, now)}`,
        details: [...confirmed, 'Tus piezas siguen apartadas mientras tanto; si la ficha vence sin pago, vuelven a la venta.'],
        ...none,
      };
    }
    return {
      tone: 'pendiente',
      headline: 'Pago en revisión',
      details: [...confirmed, `Mercado Pago está revisando tu pago. Tus piezas siguen apartadas ${untilPhrase(heldUntil, now)}.`],
      ...none,
    };
  }

  if (holding) {
    // a payment was approved but did not pay this order (another amount, say): the team sorts it out
    const received = payment?.status === 'approved';
    return {
      tone: 'apartado',
      headline: `Apartado ${untilPhrase(heldUntil, now)}`,
      details: received
        ? [...confirmed, 'Recibimos un pago que estamos revisando; te escribimos por el chat.']
        : [...confirmed, 'Paga antes de esa hora para que tus piezas sean tuyas; después vuelven a la venta.'],
      tracking: null,
      payable: !received,
    };
  }

  const endedAt = readDate(order.hold_ended_at) ?? heldUntil;
  if (endedAt) {
    const when = atPhrase(endedAt, now);
    let headline = `El apartado terminó ${when} sin pago; las piezas volvieron a la venta.`;
    if (order.hold_end_reason === 'pago_rechazado') {
      headline =
        payment && isVoucher(payment) && payment.status === 'cancelled'
          ? `El apartado terminó ${when} porque ${voucherName(payment)} venció sin pago; las piezas volvieron a la venta.`
          : `El apartado terminó ${when} porque tu pago fue rechazado; las piezas volvieron a la venta.`;
    }
    return { tone: 'terminado', headline, details: [ENDED_NEXT], ...none };
  }

  // An order that never held pieces (recorded before holds existed).
  return {
    tone: 'recibido',
    headline: 'Pedido recibido',
    details: [...confirmed, 'Te confirmamos disponibilidad y pago por el chat.'],
    ...none,
  };
}

// ─── Coming back from Mercado Pago ──────────────────────────────────────────────────────────────

/** What Mercado Pago's return says of the payment (its `status` query parameter). */
export type PaymentReturn = 'approved' | 'pending' | 'rejected';

/** Mercado Pago's return status from the page's query (status, or collection_status), or null. */
export function paymentReturnOf(search: string): PaymentReturn | null {
  const query = new URLSearchParams(search);
  const status = (query.get('status') ?? query.get('collection_status') ?? '').toLowerCase();
  if (status === 'approved') return 'approved';
  if (status === 'pending' || status === 'in_process') return 'pending';
  if (status === 'rejected' || status === 'failure' || status === 'cancelled') return 'rejected';
  return null;
}

/**
 * A note for a shopper just back from Mercado Pago, only where the order's live standing does not say
 * it already: an approval the shop has not heard of yet, a payment left pending, a rejection while
 * the pieces are still held (another try is possible). Null otherwise: the live data is the truth.
 */
export function paymentReturnNotice(back: PaymentReturn | null, standing: OrderStanding): string | null {
  const settled = standing.tone === 'pagado' || standing.tone === 'enviado' || standing.tone === 'entregado';
  if (back === null || settled || standing.tone === 'cancelado') return null;
  if (back === 'approved') return 'Mercado Pago aprobó tu pago. Lo estamos confirmando; esta página se actualiza sola.';
  if (back === 'pending') {
    return standing.tone === 'pendiente' ? null : 'Tu pago quedó pendiente en Mercado Pago. Aquí verás cuando se acredite.';
  }
  return standing.payable ? 'Mercado Pago no aprobó tu pago. Puedes intentarlo de nuevo, con otra tarjeta u otro medio.' : null;
}

// ─── The chat ───────────────────────────────────────────────────────────────────────────────────

/** The chat message about an order: its reference only (never the page's link: its token is the key to the order). */
export function orderChatMessage(shopName: string, reference: string): string {
  return `Hola ${shopName}! Te escribo por mi pedido ${reference}.`;
}
