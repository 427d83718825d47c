/** Admin products list and form rules that need no I/O: paging, size badges, sizes, form prices. */
import { roundCents, toAmount } from './money.ts';

/** 50 per load, 200 while a search is active (spec section 9). */
export const ADMIN_PAGE_SIZE = 50;
export const ADMIN_SEARCH_PAGE_SIZE = 200;
export const ADMIN_TOP_LIMIT = 1000;
export const ADMIN_SIZE_BADGES = 4;
export const SCROLL_TOP_THRESHOLD = 300;

export type ProductSort = 'recent' | 'top_discount' | 'top_profit';
export type ProductView = 'grid' | 'list' | 'table';

export function adminPageSize(search: string | null | undefined): number {
  return search?.trim() ? ADMIN_SEARCH_PAGE_SIZE : ADMIN_PAGE_SIZE;
}

/** First `max` sizes and how many more ('+N'). */
export function sizeBadges(sizes: readonly string[] | null | undefined, max: number = ADMIN_SIZE_BADGES): { shown: string[]; more: number } {
  const list = sizes ?? [];
  return { shown: list.slice(0, max), more: Math.max(0, list.length - max) };
}

export const DUPLICATE_SIZE_MESSAGE = 'Esta talla ya existe';

/** A size as stored: trimmed. Null when empty. */
export function normalizeSize(talla: string | null | undefined): string | null {
  const t = (talla ?? '').trim();
  return t === '' ? null : t;
}

/** Why a size cannot be added: empty (null, nothing to show), or 'Esta talla ya existe' (case-insensitive). */
export function sizeError(talla: string | null | undefined, existing: readonly string[]): string | null {
  const t = normalizeSize(talla);
  if (t === null) return null;
  const lower = t.toLowerCase();
  return existing.some((e) => e.trim().toLowerCase() === lower) ? DUPLICATE_SIZE_MESSAGE : null;
}

/** A form price: 2 decimals, null when empty or not a number. */
export function formPrice(value: string | number | null | undefined): number | null {
  const n = toAmount(typeof value === 'string' ? value.trim() : value);
  return n === null ? null : roundCents(n);
}

/** 'Mostrando X de Y productos' or the all-loaded message, and whether more can be loaded. */
export function pagingFooter(loaded: number, total: number): { text: string; hasMore: boolean } {
  if (loaded < total) return { text: `Mostrando ${loaded} de ${total} productos`, hasMore: true };
  return { text: `Se han cargado todos los productos (${loaded} de ${total})`, hasMore: false };
}
