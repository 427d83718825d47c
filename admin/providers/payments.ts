/**
 * Online payment (Mercado Pago) as the back office uses it: whether the shop takes payments now
 * (the `pay` function's status), an order's payment link, and 'Reembolsar' through the
 * `refund-payment` function, which only owners may call and which answers refusals with a Spanish
 * `error` (thrown here word for word).
 */
import { invokeFunction } from './functions.ts';
import { SUPABASE_URL, supabase } from './supabase.ts';

/** An order's payment link: the `pay` function sends the shopper on to Mercado Pago (or to the order's page). */
export function paymentLink(pageToken: string): string {
  return `${SUPABASE_URL}/functions/v1/pay/${encodeURIComponent(pageToken)}`;
}

/** The order's own page on the shop (the back office is served by the shop's host). */
export function orderPagePath(pageToken: string): string {
  return `/pedido/?t=${encodeURIComponent(pageToken)}`;
}

/** The status is read at most once a minute (the function itself says it may be cached that long). */
const STATUS_TTL_MS = 60_000;
let status: { at: number; enabled: Promise<boolean> } | null = null;

/**
 * Whether the shop takes payments online (both Mercado Pago secrets set): `GET pay/status`. A failed
 * read throws (the order says it could not tell, rather than that payments are off) and is not kept.
 */
export function onlinePaymentsEnabled(): Promise<boolean> {
  if (status && Date.now() - status.at < STATUS_TTL_MS) return status.enabled;
  const enabled = (async () => {
    const { data, error } = await supabase.functions.invoke<{ enabled?: unknown }>('pay/status', { method: 'GET' });
    if (error) throw new Error(error.message);
    return data?.enabled === true;
  })();
  status = { at: Date.now(), enabled };
  enabled.catch(() => {
    if (status?.enabled === enabled) status = null;
  });
  return enabled;
}

export interface RefundRequest {
  order_id: string;
  /** Which payment (always sent: an order may have several approved ones). */
  payment_id: string;
  /** Pesos, up to 2 decimals. */
  amount: number;
  reason: string;
}

/** What refund-payment answers on success (amounts in pesos). */
export interface RefundResult {
  ok: true;
  reference: string;
  refund_id: string;
  amount: number;
  refunded: number;
  remaining: number;
}

/** Refunds through Mercado Pago (owners only); a refusal throws the function's Spanish message. */
export async function refundPayment(request: RefundRequest): Promise<RefundResult> {
  const data = await invokeFunction<RefundResult>('refund-payment', request);
  if (!data) throw new Error('El servidor no respondió.');
  return data;
}
