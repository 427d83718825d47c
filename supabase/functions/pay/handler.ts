/**
 * pay: the payment link of an order, which the chat message and the team share. Public (verify_jwt
 * = false): a shopper opens it in a browser, without keys.
 *
 *   GET /functions/v1/pay/status        {enabled}: whether the shop takes online payment (both
 *                                       Mercado Pago secrets and SITE_URL set); cacheable for a
 *                                       minute.
 *   GET /functions/v1/pay/<page_token>  303 to Mercado Pago's Checkout Pro for the order, or to the
 *                                       order's page (<SITE_URL>/pedido/?t=<page_token>) when there
 *                                       is nothing to pay there.
 *
 * The payment is built from the database alone (public.order_page, the shoppers' own function, whose
 * answer the browser cannot touch: this function reads it itself with the shop's public key): the
 * order's items at the prices it was placed with, each less its part of the order's discount code
 * (order_items.descuento: the database shares the discount among the items to the cent), its
 * shipping as a line of its own (so the payment's amount is the order's total, which
 * public.record_payment checks), its reference as
 * external_reference. Nothing the browser sends reaches the preference but the token. The
 * preference expires when the order's hold ends (expires, expiration_date_to = held_until), a cash
 * voucher (OXXO) gets at most 48 hours to be paid (date_of_expiration; the pending payment's notice
 * keeps the pieces held until then), and Mercado Pago brings the shopper back to the order's page
 * (back_urls, auto_return on approval) and notifies the mercadopago-webhook function
 * (notificationUrl below).
 *
 * An order that is paid, cancelled, or whose hold ended (no piece held) is not sent to pay: the
 * link opens its page, which says where it stands; so it does while payments are off. An unknown
 * token answers 404 with a short Spanish message. Browsers get messages as plain text (hosted Edge
 * Functions serve no HTML), other callers as JSON {error}.
 */
import { CORS, env, publicRpc, required } from '../_shared/http.ts';
import { MercadoPagoError, mercadoPago, mexicoTime, mpApi } from '../_shared/mercadopago.ts';

/** The order as public.order_page answers it (the fields the payment needs). */
export interface OrderPage {
  reference: string;
  status: string;
  shipping: number;
  total: number;
  held_until: string | null;
  items: {
    position: number;
    nombre: string;
    marca: string;
    talla: string | null;
    precio_venta: number;
    /** Its part of the order's discount code (absent or 0 without one). */
    descuento?: number;
  }[];
}

/** What shows on the shopper's card statement. */
export const STATEMENT_DESCRIPTOR = 'OUTLET MODA MX';
/** The longest a cash voucher (OXXO) may take to be paid. */
export const VOUCHER_HOURS = 48;
/** A hold ending sooner than this is not worth a trip to Mercado Pago: the page says it is ending. */
const LAST_MINUTE_MS = 60_000;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PAY_CORS = { ...CORS, 'access-control-allow-methods': 'GET, OPTIONS' };

const NOT_FOUND = 'No encontramos ese pedido. Revisa el enlace que te enviamos o escríbenos por WhatsApp.';
const UNAVAILABLE = 'No pudimos abrir el pago en este momento. Intenta de nuevo en unos minutos o escríbenos por WhatsApp.';

/** The shop's public origin (SITE_URL), or null when it is not set or not an http(s) URL. */
export function shopOrigin(value: string | undefined = env('SITE_URL')): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * Where Mercado Pago notifies the payment: MP_NOTIFICATION_URL when set (a custom domain, a tunnel
 * to a local stack), else the mercadopago-webhook function of this project; asking for Webhooks
 * notices only (source_news=webhooks: no unsigned IPN duplicates). Mercado Pago takes only https
 * here, so a local stack's http address is left out: Mercado Pago then notifies the Webhooks URL
 * registered in Tus integraciones.
 */
export function notificationUrl(read: (key: string) => string | undefined = env): string | null {
  const url = read('MP_NOTIFICATION_URL')?.trim() || `${required('SUPABASE_URL')}/functions/v1/mercadopago-webhook`;
  if (!url.startsWith('https://')) return null;
  return `${url}${url.includes('?') ? '&' : '?'}source_news=webhooks`;
}

/** The order's own page, where Mercado Pago brings the shopper back. */
export function orderPageUrl(shop: string, token: string): string {
  return `${shop}/pedido/?t=${encodeURIComponent(token)}`;
}

const cents = (amount: number): number => Math.round(Number(amount) * 100);

/** Whether the order is one to pay now: unpaid, not cancelled, still holding its pieces a while longer. */
export function payable(order: OrderPage, now: number): boolean {
  return (
    (order.status === 'nuevo' || order.status === 'confirmado') &&
    order.held_until !== null &&
    Date.parse(order.held_until) - now > LAST_MINUTE_MS &&
    cents(order.total) > 0
  );
}

/** The Checkout Pro preference of an order (POST /checkout/preferences), from the database's answer alone. */
export function preferenceOf(order: OrderPage, opts: { page: string; notificationUrl: string | null; now: number }) {
  // each item at what it is charged: its price less its part of the discount
  const charged = (item: OrderPage['items'][number]) => cents(item.precio_venta) - cents(item.descuento ?? 0);
  const items = order.items
    .filter((item) => charged(item) > 0)
    .map((item) => ({
      id: `${order.reference}-${item.position}`,
      title: (item.talla ? `${item.nombre} · Talla ${item.talla}` : item.nombre).slice(0, 250),
      ...(item.marca ? { description: item.marca.slice(0, 250) } : {}),
      category_id: 'fashion',
      quantity: 1,
      currency_id: 'MXN',
      unit_price: charged(item) / 100,
    }));
  // shipping as a line of its own: the payment's amount is then the order's total
  if (cents(order.shipping) > 0) {
    items.push({
      id: `${order.reference}-envio`,
      title: 'Envío',
      category_id: 'fashion',
      quantity: 1,
      currency_id: 'MXN',
      unit_price: cents(order.shipping) / 100,
    });
  }
  return {
    items,
    external_reference: order.reference,
    statement_descriptor: STATEMENT_DESCRIPTOR,
    back_urls: { success: opts.page, pending: opts.page, failure: opts.page },
    auto_return: 'approved',
    ...(opts.notificationUrl ? { notification_url: opts.notificationUrl } : {}),
    expires: true,
    expiration_date_from: mexicoTime(new Date(opts.now)),
    expiration_date_to: mexicoTime(new Date(order.held_until ?? opts.now)),
    date_of_expiration: mexicoTime(new Date(opts.now + VOUCHER_HOURS * 3600_000)),
  };
}

/** A short message: plain text for a browser, JSON {error} for anyone else. */
function message(req: Request, status: number, text: string): Response {
  if ((req.headers.get('accept') ?? '').includes('text/html')) {
    return new Response(`${text}\n`, {
      status,
      headers: { ...PAY_CORS, 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
    });
  }
  return new Response(JSON.stringify({ error: text }), {
    status,
    headers: { ...PAY_CORS, 'content-type': 'application/json', 'cache-control': 'no-store' },
  });
}

function redirect(location: string): Response {
  return new Response(null, { status: 303, headers: { ...PAY_CORS, location, 'cache-control': 'no-store' } });
}

export default async function handler(req: Request): Promise<Response> {
  if (req.method === 'OPTIONS') return new Response(null, { status: 204, headers: PAY_CORS });
  if (req.method !== 'GET') return message(req, 405, 'Usa GET.');

  // the function sees /pay/<rest>, deployed and locally
  const segments = new URL(req.url).pathname.split('/').filter(Boolean);
  const rest = segments.slice(segments.indexOf('pay') + 1);
  const mp = mercadoPago();

  if (rest.length === 1 && rest[0] === 'status') {
    // on when a link can take the shopper to pay and bring them back
    return new Response(JSON.stringify({ enabled: mp !== null && shopOrigin() !== null }), {
      status: 200,
      headers: { ...PAY_CORS, 'content-type': 'application/json', 'cache-control': 'public, max-age=60' },
    });
  }
  const token = rest.length === 1 ? rest[0]! : '';
  if (!UUID_RE.test(token)) return message(req, 404, NOT_FOUND);

  let order: OrderPage | null;
  try {
    order = await publicRpc<OrderPage | null>('order_page', { p_token: token });
  } catch (error) {
    console.error(`pay: ${error instanceof Error ? error.message : String(error)}`);
    return message(req, 503, UNAVAILABLE);
  }
  if (!order) return message(req, 404, NOT_FOUND);

  const shop = shopOrigin();
  if (!shop) {
    console.error('pay: falta el secreto SITE_URL (el origen público de la tienda)');
    return message(req, 503, `Tu pedido ${order.reference} está registrado. ${UNAVAILABLE}`);
  }
  const page = orderPageUrl(shop, token);
  const now = Date.now();
  if (!mp || !payable(order, now)) return redirect(page);

  const preference = preferenceOf(order, {
    page,
    notificationUrl: notificationUrl(),
    now,
  });
  // never charge other than the order's total
  const charged = preference.items.reduce((sum, item) => sum + cents(item.unit_price), 0);
  if (charged !== cents(order.total)) {
    console.error(`pay: ${order.reference} suma ${charged / 100} en sus líneas y su total es ${order.total}`);
    return redirect(page);
  }
  try {
    const created = await mpApi<{ id: string; init_point?: string }>(mp, 'POST', '/checkout/preferences', preference);
    if (!created.init_point?.startsWith('https://')) throw new MercadoPagoError(200, 'sin init_point', 'POST /checkout/preferences');
    return redirect(created.init_point);
  } catch (error) {
    console.error(`pay: ${order.reference}: ${error instanceof Error ? error.message : String(error)}`);
    return message(req, 502, UNAVAILABLE);
  }
}
