/**
 * Mi bolsa: the products a shopper gathers (each with its size) to send as one order in one chat.
 * The rules here are the bag's: one line per product and size, at most 20 lines (what one order
 * holds), totals with the shop's shipping rule, what each problem found live says, and the chat
 * message an order sends.
 */
import { type ChatConfig, chatLink, productUrl } from './chat.ts';
import { discountLabel, minusPrice } from './discount-code.ts';
import { formatPrice, roundCents } from './money.ts';
import { type OrderLinks, orderLinkLines } from './payment-link.ts';
import { type ShopPolicies, shippingCostFor } from './policies.ts';
import type { Pieza } from './stock.ts';

/** The most lines one order holds (the database refuses more). */
export const BAG_LIMIT = 20;

/** One line of the bag as the shopper saw it when adding it. */
export interface BagItem {
  product_id: string;
  permalink: string;
  nombre: string;
  marca: string;
  /** null for a product without sizes. */
  talla: string | null;
  precio_venta: number;
  precio_original: number;
  imagen_principal: string | null;
  /** When it was added (ms since 1970). */
  added_at: number;
}

/**
 * Why a line cannot be sent as it is (the answer of place_order, or the live check of the bag):
 * 'apartada' when every piece left of its size (or of a product without sizes) is held by another
 * shopper's unpaid order, 'vendida' when every piece of its size is sold.
 */
export type BagProblemReason = 'no_disponible' | 'terminado' | 'agotado' | 'vendida' | 'apartada' | 'talla' | 'precio';

export interface BagProblem {
  motivo: BagProblemReason;
  /** The price now (for 'precio'). */
  precio_venta?: number | null | undefined;
}

/** A line's identity: the product and its size, sizes compared as the shop compares them (case aside). */
export function bagKey(item: Pick<BagItem, 'product_id' | 'talla'>): string {
  return `${item.product_id}|${(item.talla ?? '').trim().toLowerCase()}`;
}

export type AddResult = { list: BagItem[]; outcome: 'added' | 'already' | 'full' };

/** Adds a line unless the same product and size is there already or the bag is full. */
export function addToBag(list: readonly BagItem[], item: BagItem): AddResult {
  if (list.some((i) => bagKey(i) === bagKey(item))) return { list: [...list], outcome: 'already' };
  if (list.length >= BAG_LIMIT) return { list: [...list], outcome: 'full' };
  return { list: [...list, item], outcome: 'added' };
}

export function removeFromBag(list: readonly BagItem[], key: string): BagItem[] {
  return list.filter((i) => bagKey(i) !== key);
}

/** The line with the price it has now (after a 'precio' problem the shopper accepts by sending again). */
export function withPrice(list: readonly BagItem[], key: string, precio_venta: number): BagItem[] {
  return list.map((i) => (bagKey(i) === key ? { ...i, precio_venta } : i));
}

const isText = (v: unknown): v is string => typeof v === 'string';
const isPrice = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;

function isBagItem(v: unknown): v is BagItem {
  if (typeof v !== 'object' || v === null) return false;
  const i = v as Record<string, unknown>;
  return (
    isText(i.product_id) &&
    isText(i.permalink) &&
    isText(i.nombre) &&
    isText(i.marca) &&
    (i.talla === null || isText(i.talla)) &&
    isPrice(i.precio_venta) &&
    isPrice(i.precio_original) &&
    (i.imagen_principal === null || isText(i.imagen_principal)) &&
    typeof i.added_at === 'number'
  );
}

/** The stored bag: lines in the saved shape only (anything else, or a broken value, is dropped), deduplicated, at most BAG_LIMIT. */
export function parseBag(raw: string): BagItem[] {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  let list: BagItem[] = [];
  for (const v of value) if (isBagItem(v)) list = addToBag(list, v).list;
  return list;
}

export interface BagTotals {
  count: number;
  subtotal: number;
  shipping: number;
  total: number;
  /** How much more buys free shipping (null: already free, or the shop never ships free). */
  toFreeShipping: number | null;
}

/** Subtotal, shipping by the shop's rule (free from free_shipping_min, else shipping_cost) and total. */
export function bagTotals(
  list: readonly Pick<BagItem, 'precio_venta'>[],
  policies: Pick<ShopPolicies, 'freeShippingMin' | 'shippingCost'>,
): BagTotals {
  const subtotal = roundCents(list.reduce((sum, i) => sum + i.precio_venta, 0));
  const shipping = list.length === 0 ? 0 : shippingCostFor(policies, subtotal);
  const toFree =
    policies.freeShippingMin !== null && subtotal < policies.freeShippingMin && shipping > 0
      ? roundCents(policies.freeShippingMin - subtotal)
      : null;
  return { count: list.length, subtotal, shipping, total: roundCents(subtotal + shipping), toFreeShipping: toFree };
}

/** What the bag (and 'Comprar ahora') says about a line that cannot be sent as it is; `talla` null: a product without sizes. */
export function problemText(problem: BagProblem, talla: string | null): string {
  switch (problem.motivo) {
    case 'terminado':
      return 'La campaña de este producto terminó.';
    case 'agotado':
      return 'Este producto se agotó.';
    case 'vendida':
      return 'Esta talla ya se vendió.';
    case 'apartada':
      return talla === null ? 'Alguien acaba de apartar este producto.' : 'Alguien acaba de apartar esta talla.';
    case 'talla':
      return 'Esta talla ya no está disponible.';
    case 'precio':
      return problem.precio_venta == null ? 'El precio cambió.' : `El precio cambió a ${formatPrice(problem.precio_venta)}.`;
    default:
      return 'Este producto ya no está disponible.';
  }
}

/** True for problems the shopper can only solve by removing the line (a new price they can accept). */
export function blocksOrder(problem: BagProblem): boolean {
  return problem.motivo !== 'precio';
}

/** A product as a live read of the bag sees it (not returned: not in the shop any more). */
export interface LiveBagProduct {
  id: string;
  precio_venta: number;
  /** Its sizes with their pieces for sale and held (src/lib/stock.ts). */
  piezas: Pieza[];
}

/** Why a line cannot be had now, judged as place_order judges it, or null when a piece of it is for sale. */
function stockProblem(item: BagItem, piezas: readonly Pieza[]): BagProblem['motivo'] | null {
  const own = piezas.find((p) => p.talla === null);
  // without sizes: its own pieces (none left: sold out)
  if (own) return own.libres > 0 ? null : own.apartadas > 0 ? 'apartada' : 'agotado';
  // with sizes, no piece left in any: every piece sold
  if (piezas.every((p) => p.libres + p.apartadas === 0)) return 'agotado';
  if (item.talla === null) return null;
  const key = item.talla.trim().toLowerCase();
  const size = piezas.find((p) => p.talla?.toLowerCase() === key);
  // a size the product no longer has, or whose pieces all sold, is sold; one with pieces held but none for sale is held
  if (!size) return 'vendida';
  return size.libres > 0 ? null : size.apartadas > 0 ? 'apartada' : 'vendida';
}

/** The problems a live read finds in the bag, by line key: gone, sold out, size sold, size held, price changed. */
export function liveProblems(list: readonly BagItem[], live: readonly LiveBagProduct[]): Map<string, BagProblem> {
  const byId = new Map(live.map((p) => [p.id, p]));
  const problems = new Map<string, BagProblem>();
  for (const item of list) {
    const p = byId.get(item.product_id);
    const key = bagKey(item);
    const stock = p ? stockProblem(item, p.piezas) : null;
    if (!p) problems.set(key, { motivo: 'no_disponible' });
    else if (stock) problems.set(key, { motivo: stock });
    else if (p.precio_venta !== item.precio_venta) problems.set(key, { motivo: 'precio', precio_venta: p.precio_venta });
  }
  return problems;
}

/** An order as place_order stored it: what the message lists. */
export interface PlacedOrder {
  reference: string;
  items: Pick<BagItem, 'nombre' | 'marca' | 'talla' | 'precio_venta' | 'permalink'>[];
  /** The items at their prices, before any discount. */
  subtotal: number;
  /** The discount code it was placed with, and what it took off (0 without one). */
  codigo?: string | null;
  descuento?: number;
  shipping: number;
  /** subtotal - descuento + shipping. */
  total: number;
}

/**
 * The chat message of an order from the bag:
 *
 *   Hola {shop}! Quiero hacer el pedido OM-7K3F2:
 *
 *   1. Nike - Sudadera Crewneck Vino
 *   Talla: XS · $1,349.00
 *   https://…/producto/nike-sudadera-crewneck-vino
 *
 *   Subtotal (1 producto): $1,349.00
 *   Descuento (BIENVENIDA): -$134.90
 *   Envío: $149.00
 *   Total: $1,363.10 (IVA incluido)
 *
 *   Tu pedido: https://…/pedido/?t=<token>
 *   Paga en línea: https://<project>.supabase.co/functions/v1/pay/<token>
 *
 * The discount's line only for an order placed with a code. The order's page is always there once the
 * order has a page token; the payment link only while the shop takes payments online. The first
 * product's link stays the first one: the chat previews it.
 */
export function orderMessage(shopName: string, site: string, order: PlacedOrder, links: OrderLinks | null = null): string {
  const lines = [`Hola ${shopName}! Quiero hacer el pedido ${order.reference}:`, ''];
  order.items.forEach((item, i) => {
    const marca = item.marca.trim();
    lines.push(`${i + 1}. ${marca ? `${marca} - ` : ''}${item.nombre}`);
    lines.push(item.talla ? `Talla: ${item.talla} · ${formatPrice(item.precio_venta)}` : formatPrice(item.precio_venta));
    lines.push(productUrl(site, item.permalink), '');
  });
  const n = order.items.length;
  lines.push(`Subtotal (${n} ${n === 1 ? 'producto' : 'productos'}): ${formatPrice(order.subtotal)}`);
  if (order.codigo) lines.push(`${discountLabel(order.codigo)}: ${minusPrice(order.descuento ?? 0)}`);
  lines.push(`Envío: ${order.shipping === 0 ? 'Gratis' : formatPrice(order.shipping)}`);
  lines.push(`Total: ${formatPrice(order.total)} (IVA incluido)`);
  const extra = orderLinkLines(links);
  if (extra.length > 0) lines.push('', ...extra);
  return lines.join('\n');
}

/** The chat link of an order from the bag. */
export function orderChatLink(config: ChatConfig, site: string, order: PlacedOrder, links: OrderLinks | null = null): string {
  return chatLink(config, orderMessage(config.name, site, order, links));
}

/** 'Mi bolsa (3)' counts as the header shows them. */
export function bagCountLabel(n: number): string {
  return n === 1 ? '1 producto' : `${n} productos`;
}
