/**
 * Discount codes as the storefront shows them. What a code takes off is the database's rule alone
 * (private.discount_code_quote, supabase/schemas/24_discount_codes.sql): the bag asks
 * preview_discount_code and shows its answer, and place_order records the same. Here only what the
 * screens and the chat message say about it: the code as typed, the preview's answer read safely,
 * the discount's line, and the bag's totals once a code applies.
 */
import type { BagTotals } from './bag.ts';
import { formatPrice, roundCents, toAmount } from './money.ts';
import type { ShopPolicies } from './policies.ts';

/** The longest code the shop stores: anything longer is no code of the shop's. */
export const CODE_MAX_LENGTH = 40;

/** A code as the shop stores and matches it: trimmed, upper case ('  bienvenida ' is 'BIENVENIDA'). */
export function normalizeCode(typed: string): string {
  return typed.trim().toUpperCase();
}

/** Why the database refused a code (the preview's and place_order's motivo). */
export type CodeRefusal = 'vacio' | 'no_existe' | 'inactivo' | 'no_vigente' | 'vencido' | 'agotado' | 'usado' | 'no_aplica' | 'minimo';

/** What a code does to the bag, as the database answered: the discount and the bag's totals with it. */
export interface CodeApplied {
  ok: true;
  codigo: string;
  /** What the code gives, in the shopper's words ('10% de descuento en Nike'). */
  resumen: string;
  descuento: number;
  subtotal: number;
  shipping: number;
  total: number;
}

/** A refused code: the database's Spanish sentence ('Este código ya se agotó'). */
export interface CodeRefused {
  ok: false;
  motivo: CodeRefusal | string;
  mensaje: string;
}

export type CodePreview = CodeApplied | CodeRefused;

const amount = (v: unknown): number | null => toAmount(v as number | string | null);

/** The preview's answer in the bag's shape; anything else reads as a refusal with a general sentence. */
export function readCodePreview(body: unknown): CodePreview {
  const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  if (b.ok === true) {
    const [descuento, subtotal, shipping, total] = [amount(b.descuento), amount(b.subtotal), amount(b.shipping), amount(b.total)];
    if (typeof b.codigo === 'string' && descuento !== null && subtotal !== null && shipping !== null && total !== null) {
      return { ok: true, codigo: b.codigo, resumen: typeof b.resumen === 'string' ? b.resumen : '', descuento, subtotal, shipping, total };
    }
  }
  if (b.ok === false && typeof b.mensaje === 'string' && b.mensaje.trim()) {
    return { ok: false, motivo: typeof b.motivo === 'string' ? b.motivo : '', mensaje: b.mensaje };
  }
  return { ok: false, motivo: '', mensaje: 'No pudimos revisar tu código. Intenta de nuevo.' };
}

/** 'Descuento (BIENVENIDA)': how the bag, the chat, the order's page and 'Pedidos' name the discount. */
export function discountLabel(codigo: string): string {
  return `Descuento (${codigo})`;
}

/** '-$200.00'. */
export function minusPrice(value: number): string {
  return `-${formatPrice(value)}`;
}

/** The bag's totals with a code the database applied: its discount, and shipping and total as it charged them. */
export interface CodeTotals extends BagTotals {
  codigo: string;
  descuento: number;
}

/**
 * The bag's totals once a code applies: the database's subtotal, discount, shipping and total (the
 * shop's shipping rule on the products after the discount), and how much more buys free shipping,
 * counted on that same amount.
 */
export function totalsWithCode(base: BagTotals, applied: CodeApplied, policies: Pick<ShopPolicies, 'freeShippingMin'>): CodeTotals {
  const products = roundCents(applied.subtotal - applied.descuento);
  const toFree =
    policies.freeShippingMin !== null && products < policies.freeShippingMin && applied.shipping > 0
      ? roundCents(policies.freeShippingMin - products)
      : null;
  return {
    count: base.count,
    subtotal: applied.subtotal,
    codigo: applied.codigo,
    descuento: applied.descuento,
    shipping: applied.shipping,
    total: applied.total,
    toFreeShipping: toFree,
  };
}
