/**
 * Mi bolsa, shared by the header count, 'Agregar a mi bolsa' and /bolsa. Persisted in localStorage
 * under one key and kept in sync across tabs (storage events), like the favourites. The last order
 * sent stays too, so /bolsa can reopen its chat if the window did not open, and so does the discount
 * code the shopper applied, until the order that uses it is sent.
 */
import { persistentAtom } from '@nanostores/persistent';
import { computed } from 'nanostores';
import { addToBag, type BagItem, parseBag, removeFromBag, withPrice } from '../../lib/bag.ts';
import { CODE_MAX_LENGTH, normalizeCode } from '../../lib/discount-code.ts';
import { isPageToken } from '../../lib/payment-link.ts';
import { notify } from '../../stores/toast.ts';

export const BAG_KEY = 'outlet_bag';
export const LAST_ORDER_KEY = 'outlet_last_order';
export const BAG_CODE_KEY = 'outlet_bag_code';

export const $bag = persistentAtom<BagItem[]>(BAG_KEY, [], {
  encode: JSON.stringify,
  decode: parseBag,
  listen: true,
});

export const $bagCount = computed($bag, (list) => list.length);

/**
 * The last order sent from this browser: its reference, chat link, and (orders sent since orders have
 * pages) its page token and until when it holds its pieces, so /bolsa keeps offering its page and,
 * while it holds them, its payment.
 */
export interface LastOrder {
  reference: string;
  link: string;
  at: number;
  token?: string | null;
  heldUntil?: string | null;
}

function parseLastOrder(raw: string): LastOrder | null {
  try {
    const v = JSON.parse(raw) as Partial<LastOrder> | null;
    if (v && typeof v.reference === 'string' && typeof v.link === 'string' && typeof v.at === 'number') {
      return {
        reference: v.reference,
        link: v.link,
        at: v.at,
        token: isPageToken(v.token) ? v.token : null,
        heldUntil: typeof v.heldUntil === 'string' ? v.heldUntil : null,
      };
    }
  } catch {
    // a broken value is no order
  }
  return null;
}

export const $lastOrder = persistentAtom<LastOrder | null>(LAST_ORDER_KEY, null, {
  encode: JSON.stringify,
  decode: parseLastOrder,
  listen: true,
});

/** A stored code as the shop writes codes, or null for anything that cannot be one. */
function parseCode(raw: string): string | null {
  const code = normalizeCode(raw);
  return code && code.length <= CODE_MAX_LENGTH ? code : null;
}

/** The discount code applied to the bag (the database checked it when applied, and checks it again on sending). */
export const $bagCode = persistentAtom<string | null>(BAG_CODE_KEY, null, {
  encode: (code) => code ?? '',
  decode: parseCode,
  listen: true,
});

/** Adds a line and says so (or why not). Returns true when the line is in the bag afterwards. */
export function addBagItem(item: BagItem): boolean {
  const { list, outcome } = addToBag($bag.get(), item);
  if (outcome === 'full') {
    notify.error('Un pedido puede tener hasta 20 productos. Envía este y arma otro.', 'Tu bolsa está llena');
    return false;
  }
  $bag.set(list);
  const what = item.talla ? `${item.nombre} · Talla ${item.talla}` : item.nombre;
  if (outcome === 'already') notify.success('Ya está en tu bolsa', what);
  else notify.success('Agregado a tu bolsa', what);
  return true;
}

export function removeBagItem(key: string): void {
  $bag.set(removeFromBag($bag.get(), key));
}

export function repriceBagItem(key: string, precio_venta: number): void {
  $bag.set(withPrice($bag.get(), key, precio_venta));
}

/** After an order is sent: the bag and its code empty and the order is remembered. */
export function orderSent(order: LastOrder): void {
  $lastOrder.set(order);
  $bag.set([]);
  $bagCode.set(null);
}
