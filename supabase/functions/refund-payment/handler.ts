/**
 * refund-payment: 'Reembolsar' in Pedidos. Gives back, through Mercado Pago, all or part of an
 * order's online payment, and records it with its reason.
 *
 * Who may call it: an owner, as the database says with the caller's own session (_shared/http.ts
 * staffOnly: role, account active, two-step level); nobody else, the service key included, since
 * every refund records the owner who made it. No session: 401; anyone else: 403 'Solo el dueño
 * puede reembolsar.'
 *
 * Body (JSON): { order_id, reason, amount?, payment_id? }
 *   reason      required, up to 500 characters: kept with the refund;
 *   amount      pesos with at most 2 decimals; without it, whatever is left to refund; never more
 *               than what is left ('El monto supera lo que queda por reembolsar.');
 *   payment_id  which payment, needed only when the order has more than one approved payment with
 *               money left to refund (a duplicate payment, one of another amount).
 *
 * The refund is asked of Mercado Pago (POST /v1/payments/{id}/refunds) with an X-Idempotency-Key
 * made of the payment, what it had refunded so far and the amount: the same request sent twice (a
 * double click, a retry after a timeout) is one refund. It is then recorded with
 * public.record_refund (once per Mercado Pago refund id). Answers 201 {ok, reference, refund_id,
 * amount, refunded, remaining}; refusals are 4xx with a Spanish `error`; 502 when Mercado Pago
 * refuses or does not answer (a retry cannot refund twice).
 */
import { CORS, json, RpcError, serviceRead, serviceRpc, staffOnly } from '../_shared/http.ts';
import { idempotencyKey, MercadoPagoError, mercadoPago, mpApi } from '../_shared/mercadopago.ts';

const MAX_BODY_BYTES = 16_384;
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ONLY_OWNERS = 'Solo el dueño puede reembolsar.';

interface RefundAsked {
  orderId: string;
  reason: string;
  /** In cents; null for whatever is left. */
  amount: number | null;
  paymentId: string | null;
}

interface StoredPayment {
  payment_id: string;
  status: string;
  amount: number | null;
  refunded_amount: number;
}

const cents = (amount: number | null): number => Math.round(Number(amount ?? 0) * 100);
const pesos = (c: number): number => c / 100;

/** The refund asked for, or the Spanish reason it cannot be read. */
export function parseRefund(text: string): RefundAsked | string {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return 'No se pudo leer la solicitud. Recarga la página e inténtalo de nuevo.';
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return 'No se pudo leer la solicitud. Recarga la página e inténtalo de nuevo.';
  }
  const { order_id, reason, amount, payment_id } = body as Record<string, unknown>;
  if (typeof order_id !== 'string' || !UUID_RE.test(order_id)) return 'Indica el pedido que se reembolsa.';
  if (typeof reason !== 'string' || reason.trim() === '') return 'Escribe el motivo del reembolso.';
  if (reason.trim().length > 500) return 'El motivo del reembolso puede tener hasta 500 caracteres.';
  let inCents: number | null = null;
  if (amount !== undefined && amount !== null) {
    if (typeof amount !== 'number' || !Number.isFinite(amount) || amount <= 0) return 'El monto debe ser mayor que cero.';
    if (Math.abs(amount * 100 - Math.round(amount * 100)) > 1e-6) return 'El monto va en pesos con hasta 2 decimales.';
    inCents = Math.round(amount * 100);
  }
  if (payment_id !== undefined && payment_id !== null && (typeof payment_id !== 'string' || !/^[0-9A-Za-z_-]{1,64}$/.test(payment_id))) {
    return 'El pago indicado no es de este pedido.';
  }
  return { orderId: order_id, reason: reason.trim(), amount: inCents, paymentId: typeof payment_id === 'string' ? payment_id : null };
}

export default async function handler(req: Request): Promise<Response> {
  if (req.method === 'OPTIONS') return new Response(null, { status: 204, headers: CORS });
  if (req.method !== 'POST') return json(405, { error: 'Usa POST.' });

  const allowed = await staffOnly(req, ['owner'], { signIn: 'Inicia sesión como dueño para reembolsar.', forbidden: ONLY_OWNERS });
  if (allowed instanceof Response) return allowed;
  if (allowed.caller.kind !== 'person') return json(403, { error: ONLY_OWNERS });
  const owner = allowed.caller.id;

  const text = await req.text();
  if (new TextEncoder().encode(text).length > MAX_BODY_BYTES) return json(413, { error: 'La solicitud es demasiado grande.' });
  const asked = parseRefund(text);
  if (typeof asked === 'string') return json(400, { error: asked });

  const mp = mercadoPago();
  if (!mp) return json(409, { error: 'Los pagos en línea no están activados: no hay pagos que reembolsar.' });

  let orders: { reference: string; order_payments: StoredPayment[] }[];
  try {
    orders = await serviceRead(
      `orders?id=eq.${asked.orderId}&select=reference,order_payments(payment_id,status,amount,refunded_amount)&order_payments.order=created_at`,
    );
  } catch (error) {
    console.error(`refund-payment: ${error instanceof Error ? error.message : String(error)}`);
    return json(503, { error: 'El servidor no responde. Inténtalo de nuevo en unos momentos.' });
  }
  const order = orders[0];
  if (!order) return json(404, { error: 'Ese pedido no existe.' });

  // an approved payment with money left to refund (a partial refund leaves it approved)
  const refundable = order.order_payments.filter((p) => p.status === 'approved' && cents(p.amount) > cents(p.refunded_amount));
  const candidates = asked.paymentId ? refundable.filter((p) => p.payment_id === asked.paymentId) : refundable;
  if (asked.paymentId && !order.order_payments.some((p) => p.payment_id === asked.paymentId)) {
    return json(400, { error: 'El pago indicado no es de este pedido.' });
  }
  if (candidates.length === 0) {
    const refundedAll = order.order_payments.some((p) => ['approved', 'refunded'].includes(p.status) && cents(p.refunded_amount) > 0);
    return json(409, {
      error: refundedAll ? 'Este pago ya se reembolsó completo.' : 'Este pedido no tiene un pago aprobado que reembolsar.',
    });
  }
  if (candidates.length > 1) {
    return json(409, { error: 'Este pedido tiene varios pagos aprobados: indica cuál reembolsar (payment_id).' });
  }
  const payment = candidates[0]!;
  const refundedBefore = cents(payment.refunded_amount);
  const left = cents(payment.amount) - refundedBefore;
  const amount = asked.amount ?? left;
  if (amount > left) {
    return json(400, { error: `El monto supera lo que queda por reembolsar. Quedan $${pesos(left).toFixed(2)}.` });
  }

  let refund: { id: string | number; amount?: number; status?: string };
  try {
    refund = await mpApi(
      mp,
      'POST',
      `/v1/payments/${encodeURIComponent(payment.payment_id)}/refunds`,
      { amount: pesos(amount) },
      { 'x-idempotency-key': await idempotencyKey(`refund:${payment.payment_id}:${refundedBefore}:${amount}`) },
    );
  } catch (error) {
    console.error(`refund-payment: ${order.reference}: ${error instanceof Error ? error.message : String(error)}`);
    if (error instanceof MercadoPagoError && error.status >= 400 && error.status < 500) {
      return json(502, { error: `Mercado Pago no hizo el reembolso: ${error.detail || `respondió ${error.status}`}.` });
    }
    return json(502, {
      error: 'Mercado Pago no confirmó el reembolso. Inténtalo de nuevo en unos minutos: la misma solicitud nunca reembolsa dos veces.',
    });
  }

  const refunded = refund.amount === undefined ? amount : cents(refund.amount);
  try {
    await serviceRpc('record_refund', {
      p_payment_id: payment.payment_id,
      p_refund_id: String(refund.id),
      p_amount: pesos(refunded),
      p_reason: asked.reason,
      p_refunded_by: owner,
    });
  } catch (error) {
    console.error(`refund-payment: reembolso ${refund.id} de ${order.reference} sin registrar: ${String(error)}`);
    const reason = error instanceof RpcError && error.reason ? ` (${error.reason})` : '';
    return json(503, {
      error: `Mercado Pago hizo el reembolso, pero no se pudo registrar${reason}. Vuelve a intentarlo: la misma solicitud no reembolsa dos veces.`,
    });
  }
  return json(201, {
    ok: true,
    reference: order.reference,
    refund_id: String(refund.id),
    amount: pesos(refunded),
    refunded: pesos(refundedBefore + refunded),
    remaining: pesos(left - refunded),
  });
}
