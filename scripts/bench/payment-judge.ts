/**
 * The rules the payment section of `npm run bench` (order-payment.ts) measures by, apart from the
 * stack so they can be tested alone: when the shop no longer offers a size (the grid's shop_page
 * answer, the product page's piezas), the search word that finds one product alone, the preference
 * the payment link opened, the same payment handed straight to record_payment for the baseline, and
 * whether the times from an approved notice to the order paid and its size gone meet the goal.
 */
import { type Spread, spread } from './stats.ts';

/** The goal: from Mercado Pago's approved notice to the order paid and its size gone, p95 at most 2 s. */
export const PAY_GOAL_MS = 2000;

/** The search word of bench product n: fixed width, so no product's word is inside another's ('pago0007' is not in 'pago0070'). */
export const productWord = (n: number): string => `pago${String(n).padStart(4, '0')}`;

/** The preference id of the Checkout Pro address the payment link redirects to (…/checkout/v1/redirect?pref_id=…), or null. */
export function preferenceIdOf(location: string | null): string | null {
  if (!location) return null;
  try {
    return new URL(location).searchParams.get('pref_id') || null;
  } catch {
    return null;
  }
}

/** A product of a shop_page answer: its id and the sizes it offers (a piece for sale now). */
export interface ShopPageAnswer {
  products: { id: string; sizes?: string[] | null }[];
}

/** Whether the grid's answer offers product `id` in size `talla` (sizes compared as the size filter does: trimmed, any case). */
export function shopOffers(answer: ShopPageAnswer, id: string, talla: string): boolean {
  const key = talla.trim().toLowerCase();
  return answer.products.some((p) => p.id === id && (p.sizes ?? []).some((s) => s.trim().toLowerCase() === key));
}

/** One size of the product page's piezas. */
export interface Pieza {
  talla: string | null;
  libres: number;
  apartadas: number;
}

/** Whether the product page still counts a piece of size `talla` (for sale or held): none once every piece of it is sold. */
export const sizeHasPieces = (piezas: readonly Pieza[] | null | undefined, talla: string): boolean =>
  (piezas ?? []).some((p) => p.talla !== null && p.talla.trim().toLowerCase() === talla.trim().toLowerCase() && p.libres + p.apartadas > 0);

/**
 * The payment Mercado Pago's API described for one order, as it would describe the same payment of
 * another: its own id, the other order's reference and total. The baseline hands it to
 * record_payment directly, so both paths record the same kind of payment.
 */
export function paymentFor(
  template: Record<string, unknown>,
  order: { paymentId: string; reference: string; total: number },
): Record<string, unknown> {
  return { ...template, id: Number(order.paymentId), external_reference: order.reference, transaction_amount: order.total };
}

/** One order's times from the notice (or the direct record_payment call) being sent; null when never seen within the wait. */
export interface PaySample {
  reference: string;
  /** Until the order's status was seen 'pagado'. */
  paidMs: number | null;
  /** Until neither shop_page (filtered by the size) nor the product page's piezas offered the size. */
  goneMs: number | null;
  /** Until the webhook (or record_payment) answered. */
  answerMs: number | null;
}

export interface PayVerdict {
  /** Orders sent. */
  orders: number;
  paid: Spread;
  gone: Spread;
  /** Until both: the order paid and its size gone (what the goal counts). */
  done: Spread;
  answer: Spread;
  /** Orders never seen paid and gone within the wait. */
  missing: number;
  /** The goal in ms (null for the baseline, which has none). */
  goalMs: number | null;
  /** Failures, in Spanish, one line each; empty when met. */
  failures: string[];
}

/** Until the order was both paid and gone: the later of the two, null when either was never seen. */
export const doneMs = (s: PaySample): number | null => (s.paidMs === null || s.goneMs === null ? null : Math.max(s.paidMs, s.goneMs));

const round = (ms: number) => Math.round(ms * 10) / 10;

/**
 * Judges a run of notices: every order must be seen paid and its size gone (a missing one fails,
 * whatever the percentiles), and with a goal, the p95 of paid-and-gone must be at most the goal.
 */
export function judgePayments(samples: readonly PaySample[], goalMs: number | null): PayVerdict {
  const seen = (values: (number | null)[]) => values.filter((v): v is number => v !== null);
  const done = seen(samples.map(doneMs));
  const verdict: PayVerdict = {
    orders: samples.length,
    paid: spread(seen(samples.map((s) => s.paidMs))),
    gone: spread(seen(samples.map((s) => s.goneMs))),
    done: spread(done),
    answer: spread(seen(samples.map((s) => s.answerMs))),
    missing: samples.length - done.length,
    goalMs,
    failures: [],
  };
  if (verdict.missing > 0)
    verdict.failures.push(`${verdict.missing} de ${samples.length} pedidos no se vieron pagados y fuera de la tienda`);
  if (goalMs !== null && done.length > 0 && verdict.done.p95 > goalMs)
    verdict.failures.push(`p95 ${round(verdict.done.p95)} ms; la meta es ≤ ${goalMs} ms`);
  return verdict;
}

/** The slowest sample (paid and gone), or null when there are none; a missing one counts as slowest. */
export function slowest<T extends PaySample>(samples: readonly T[]): T | null {
  let worst: T | null = null;
  for (const s of samples) {
    const d = doneMs(s) ?? Number.POSITIVE_INFINITY;
    if (worst === null || d > (doneMs(worst) ?? Number.POSITIVE_INFINITY)) worst = s;
  }
  return worst;
}

/** What the database holds for a run's orders once every notice was processed. */
export interface SoldState {
  orders: number;
  /** Orders whose status is 'pagado'. */
  paid: number;
  /** Approved payments recorded without a flag, one per order. */
  approved: number;
  /** Payments recorded with a flag (the team would have to sort them out). */
  flagged: number;
  /** Pieces still unsold of the sizes paid for (each was the last one: must be 0). */
  existencias: number;
  /** Pieces still held of those sizes, and hold rows of those orders (must be 0). */
  apartadas: number;
  holds: number;
  /** Pieces those orders sold (private.sales): one each. */
  sales: number;
}

/** Failures of the final state: every order paid once, approved without a flag, its last piece sold and no longer held. */
export function judgeSold(s: SoldState): string[] {
  const failures: string[] = [];
  if (s.paid !== s.orders) failures.push(`${s.paid} de ${s.orders} pedidos quedaron pagados`);
  if (s.approved !== s.orders || s.flagged > 0)
    failures.push(`${s.approved} pagos aprobados sin marca y ${s.flagged} marcados; deben ser ${s.orders} y 0`);
  if (s.sales !== s.orders) failures.push(`${s.sales} piezas vendidas; deben ser ${s.orders}, una por pedido`);
  if (s.existencias !== 0 || s.apartadas !== 0 || s.holds !== 0)
    failures.push(
      `quedan ${s.existencias} existencias, ${s.apartadas} apartadas y ${s.holds} apartados en las tallas pagadas; deben ser 0`,
    );
  return failures;
}
