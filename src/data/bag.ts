/**
 * The bag's two calls, with the anon key as plain typed fetches (the PostgREST client would add its
 * weight to every product page for two requests): the products of the bag as the shop has them now,
 * and place_order, which checks every line live and records the order before the chat opens
 * (supabase/schemas/20_orders.sql).
 */
import { PUBLIC_SUPABASE_ANON_KEY, PUBLIC_SUPABASE_URL } from 'astro:env/client';
import type { BagProblem, LiveBagProduct, PlacedOrder } from '../lib/bag.ts';
import { toAmount } from '../lib/money.ts';
import { isPageToken } from '../lib/payment-link.ts';
import { toPiezas } from '../lib/stock.ts';
import { analyticsSessionId } from './analytics.ts';
import type { Database } from './database.types.ts';

const base = () => `${PUBLIC_SUPABASE_URL.replace(/\/+$/, '')}/rest/v1`;
const headers = {
  apikey: PUBLIC_SUPABASE_ANON_KEY,
  Authorization: `Bearer ${PUBLIC_SUPABASE_ANON_KEY}`,
  'Content-Type': 'application/json',
};

/** A line as place_order takes it: the product, its size and the price the shopper saw. */
export interface OrderLine {
  product_id: string;
  talla: string | null;
  precio_venta: number;
}

/** A recorded order: until when it holds its pieces, and its page token (the key to its page and payment link). */
export interface RecordedOrder extends PlacedOrder {
  held_until: string | null;
  page_token: string | null;
}

export type PlaceOrderAnswer =
  | ({ ok: true } & RecordedOrder)
  | {
      ok: false;
      problems: (BagProblem & { position: number; product_id: string; talla: string | null })[];
      /** The discount code was refused (only when every line was fine): the database's Spanish sentence. */
      codeProblem: { motivo: string; mensaje: string } | null;
    };

type Channel = Database['public']['Functions']['place_order']['Args']['p_channel'];

/**
 * Records the order, with the discount code the shopper applied (null: none), or answers which lines
 * changed or why the code cannot be used. Throws an Error with the shop's Spanish message when the
 * request is refused (a limit reached, a malformed bag) or the network fails.
 */
export async function placeOrder(lines: OrderLine[], channel: NonNullable<Channel>, code: string | null = null): Promise<PlaceOrderAnswer> {
  let response: Response;
  try {
    response = await fetch(`${base()}/rpc/place_order`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ p_items: lines, p_channel: channel, p_session_id: analyticsSessionId(), p_code: code }),
    });
  } catch {
    throw new Error('No se pudo enviar tu pedido. Revisa tu conexión e intenta de nuevo.');
  }
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (!response.ok) {
    const message = typeof body?.message === 'string' && /^[A-ZÁÉÍÓÚÑ¿¡]/.test(body.message) ? body.message : null;
    throw new Error(message ?? 'No se pudo enviar tu pedido. Intenta de nuevo en unos minutos.');
  }
  const answer = toAnswer(body);
  // an order that followed an alert's open link counts for it (26_alerts.sql); loaded only then, so
  // the alerts' calls stay out of every product page's first load
  if (answer.ok && answer.page_token) {
    const token = answer.page_token;
    void import('./alerts.ts').then(({ reportAlertOrder }) => reportAlertOrder(token)).catch(() => undefined);
  }
  return answer;
}

function toAnswer(body: Record<string, unknown> | null): PlaceOrderAnswer {
  if (body?.ok === true) {
    const items = Array.isArray(body.items) ? (body.items as Record<string, unknown>[]) : [];
    return {
      ok: true,
      reference: String(body.reference),
      items: items.map((i) => ({
        nombre: String(i.nombre ?? ''),
        marca: String(i.marca ?? ''),
        talla: typeof i.talla === 'string' ? i.talla : null,
        precio_venta: toAmount(i.precio_venta as number) ?? 0,
        permalink: String(i.permalink ?? ''),
      })),
      subtotal: toAmount(body.subtotal as number) ?? 0,
      codigo: typeof body.codigo === 'string' ? body.codigo : null,
      descuento: toAmount(body.descuento as number) ?? 0,
      shipping: toAmount(body.shipping as number) ?? 0,
      total: toAmount(body.total as number) ?? 0,
      held_until: typeof body.held_until === 'string' ? body.held_until : null,
      page_token: isPageToken(body.page_token) ? body.page_token : null,
    };
  }
  const problems = Array.isArray(body?.problems) ? (body.problems as Record<string, unknown>[]) : [];
  const code = body?.code_problem as Record<string, unknown> | undefined;
  return {
    ok: false,
    codeProblem:
      code && typeof code.mensaje === 'string'
        ? { motivo: typeof code.motivo === 'string' ? code.motivo : '', mensaje: code.mensaje }
        : null,
    problems: problems.map((p) => ({
      position: Number(p.position),
      product_id: String(p.product_id),
      talla: typeof p.talla === 'string' ? p.talla : null,
      motivo: p.motivo as BagProblem['motivo'],
      precio_venta: toAmount(p.precio_venta as number),
    })),
  };
}

/** The bag's products as the shop has them now (a product not returned is no longer in the shop). Throws when the read fails. */
export async function fetchBagProducts(ids: string[]): Promise<LiveBagProduct[]> {
  // Ids come from the browser's storage: only well-formed ones go into the filter.
  const valid = [...new Set(ids)].filter((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id));
  if (valid.length === 0) return [];
  const list = valid.join(',');
  // piezas (a computed column): each size's pieces for sale and held, so a held size reads apart from a sold one
  const response = await fetch(`${base()}/products?select=id,precio_venta,piezas&id=in.(${list})`, { headers });
  if (!response.ok) throw new Error(`No se pudo revisar tu bolsa (${response.status})`);
  const rows = (await response.json()) as { id: string; precio_venta: number | string; piezas: unknown }[];
  return rows.map((r) => ({ id: r.id, precio_venta: toAmount(r.precio_venta) ?? 0, piezas: toPiezas(r.piezas) }));
}
