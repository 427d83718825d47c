/**
 * The two addresses an order's page token opens (place_order answers it, supabase/schemas/20_orders.sql):
 * the order's own page on the shop, `/pedido/?t=<token>`, and its payment link, the public `pay` Edge
 * Function of the Supabase project, which sends the shopper on to Mercado Pago. Only a uuid is a token:
 * anything else gives no address at all.
 */

const TOKEN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a value is a page token (a uuid). */
export function isPageToken(value: unknown): value is string {
  return typeof value === 'string' && TOKEN.test(value);
}

/** `<supabase>/functions/v1/pay/<token>`: where 'Pagar en línea' goes. */
export function payLink(supabaseUrl: string, token: string): string {
  return `${supabaseUrl.replace(/\/+$/, '')}/functions/v1/pay/${encodeURIComponent(token)}`;
}

/** `<supabase>/functions/v1/pay/status`: whether the shop takes payments online ({enabled}). */
export function payStatusUrl(supabaseUrl: string): string {
  return `${supabaseUrl.replace(/\/+$/, '')}/functions/v1/pay/status`;
}

/** `<site>/pedido/?t=<token>`: the order's own page (absolute, for the chat message). */
export function orderPageUrl(siteUrl: string, token: string): string {
  return `${siteUrl.replace(/\/+$/, '')}${orderPagePath(token)}`;
}

/** `/pedido/?t=<token>`: the order's own page from a page of the shop. */
export function orderPagePath(token: string): string {
  return `/pedido/?t=${encodeURIComponent(token)}`;
}

/** The links an order's chat message carries: its page always, its payment link only while the shop takes payments online. */
export interface OrderLinks {
  page: string;
  pay: string | null;
}

/** An order's links, or null without a page token (then the message carries none). */
export function orderLinks(
  token: string | null | undefined,
  opts: { site: string; supabaseUrl: string; payments: boolean },
): OrderLinks | null {
  if (!isPageToken(token)) return null;
  return { page: orderPageUrl(opts.site, token), pay: opts.payments ? payLink(opts.supabaseUrl, token) : null };
}

/** The message's lines for an order's links: 'Tu pedido: <page>', then 'Paga en línea: <pay link>' when payments are on. */
export function orderLinkLines(links: OrderLinks | null | undefined): string[] {
  if (!links) return [];
  return [`Tu pedido: ${links.page}`, ...(links.pay ? [`Paga en línea: ${links.pay}`] : [])];
}
