/**
 * The order page's calls, with the anon key as plain typed fetches (as the bag's): the order as
 * public.order_page answers it for its token (supabase/schemas/20_orders.sql), whether online payment
 * is on (the `pay` Edge Function's status), and the payment link. The token is the key to the order:
 * it goes in a request body, never in an address the API or its logs see, except the payment link's,
 * which is the function's own.
 */
import { PUBLIC_SUPABASE_ANON_KEY, PUBLIC_SUPABASE_URL } from 'astro:env/client';
import { toAmount } from '../lib/money.ts';
import type { HoldEndReason, OrderPage, OrderPageItem, OrderPagePayment, OrderStatus } from '../lib/order-status.ts';
import type { Database } from './database.types.ts';

const base = () => PUBLIC_SUPABASE_URL.replace(/\/+$/, '');
const headers = {
  apikey: PUBLIC_SUPABASE_ANON_KEY,
  Authorization: `Bearer ${PUBLIC_SUPABASE_ANON_KEY}`,
};

type Args = Database['public']['Functions']['order_page']['Args'];

const TOKEN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The page's token from its query (`?t=`), when it is one (a uuid); null otherwise. */
export function orderTokenOf(search: string): string | null {
  const t = new URLSearchParams(search).get('t')?.trim() ?? '';
  return TOKEN.test(t) ? t.toLowerCase() : null;
}

const STATUSES: readonly OrderStatus[] = ['nuevo', 'confirmado', 'pagado', 'enviado', 'entregado', 'cancelado'];
const REASONS: readonly HoldEndReason[] = ['vencido', 'cancelado', 'pago_rechazado'];

const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const amount = (v: unknown): number => toAmount(v as number | string | null) ?? 0;

function toItem(raw: Record<string, unknown>): OrderPageItem {
  return {
    position: Number(raw.position),
    nombre: text(raw.nombre) ?? '',
    marca: text(raw.marca) ?? '',
    talla: text(raw.talla),
    permalink: text(raw.permalink) ?? '',
    precio_original: amount(raw.precio_original),
    precio_venta: amount(raw.precio_venta),
    descuento: amount(raw.descuento),
  };
}

function toPayment(raw: unknown): OrderPagePayment | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const p = raw as Record<string, unknown>;
  return {
    status: text(p.status) ?? '',
    method: text(p.method),
    payment_type: text(p.payment_type),
    installments: typeof p.installments === 'number' ? p.installments : null,
    approved_at: text(p.approved_at),
    expires_at: text(p.expires_at),
    refunded_amount: amount(p.refunded_amount),
  };
}

/** The answer in the page's shape (amounts as numbers); null when it is not an order. */
function toOrderPage(body: unknown): OrderPage | null {
  if (typeof body !== 'object' || body === null) return null;
  const o = body as Record<string, unknown>;
  const status = STATUSES.find((s) => s === o.status);
  const reference = text(o.reference);
  if (!status || !reference) return null;
  const items = Array.isArray(o.items) ? (o.items as Record<string, unknown>[]) : [];
  return {
    reference,
    status,
    created_at: text(o.created_at) ?? '',
    subtotal: amount(o.subtotal),
    codigo: text(o.codigo),
    descuento: amount(o.descuento),
    shipping: amount(o.shipping),
    total: amount(o.total),
    held_until: text(o.held_until),
    hold_ended_at: text(o.hold_ended_at),
    hold_end_reason: REASONS.find((r) => r === o.hold_end_reason) ?? null,
    paid_at: text(o.paid_at),
    tracking_number: text(o.tracking_number),
    tracking_url: text(o.tracking_url),
    items: items.map(toItem).sort((a, b) => a.position - b.position),
    payment: toPayment(o.payment),
  };
}

/**
 * The order of a token as the shop has it now; null when no order has that token. Throws when the
 * read fails (no connection, the API down), so the page can offer to try again.
 */
export async function fetchOrderPage(token: string): Promise<OrderPage | null> {
  if (!TOKEN.test(token)) return null;
  const args: Args = { p_token: token };
  const response = await fetch(`${base()}/rest/v1/rpc/order_page`, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify(args),
    cache: 'no-store',
  });
  if (!response.ok) throw new Error(`No se pudo leer el pedido (${response.status})`);
  return toOrderPage(await response.json());
}

/**
 * The main photo of each ordered product the shop still shows, by permalink (an item whose product
 * left the shop, its campaign ended say, has none). Never throws: without photos the page still shows
 * the order.
 */
export async function fetchOrderPhotos(permalinks: readonly string[]): Promise<Map<string, string | null>> {
  const photos = new Map<string, string | null>();
  const unique = [...new Set(permalinks)].filter(Boolean);
  if (unique.length === 0) return photos;
  // each value quoted, as PostgREST reads a list: a permalink is the shop's own slug, quotes escaped all the same
  const list = unique.map((p) => `"${p.replace(/["\\]/g, '\\$&')}"`).join(',');
  const query = new URLSearchParams({ select: 'permalink,imagen_principal', permalink: `in.(${list})` });
  try {
    const response = await fetch(`${base()}/rest/v1/products?${query}`, { headers });
    if (!response.ok) return photos;
    const rows = (await response.json()) as Pick<Database['public']['Tables']['products']['Row'], 'permalink' | 'imagen_principal'>[];
    for (const r of rows) photos.set(r.permalink, r.imagen_principal);
  } catch (e) {
    console.error('No se pudieron cargar las fotos del pedido', e);
  }
  return photos;
}
