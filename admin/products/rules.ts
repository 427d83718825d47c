/** Admin products list and form rules that need no I/O: the search's page size, size badges, sizes, form prices. */
import { roundCents, toAmount } from '@/lib/money.ts';
import { ADMIN_PAGE_SIZE } from '../providers/productList.ts';

/** The list loads 200 products at a time while a search is active (else ADMIN_PAGE_SIZE). */
export const ADMIN_SEARCH_PAGE_SIZE = 200;
export const ADMIN_SIZE_BADGES = 4;
export const SCROLL_TOP_THRESHOLD = 300;

export type ProductView = 'grid' | 'list' | 'table';

export function adminPageSize(search: string | null | undefined): number {
  return search?.trim() ? ADMIN_SEARCH_PAGE_SIZE : ADMIN_PAGE_SIZE;
}

/** First `max` sizes and how many more ('+N'). */
export function sizeBadges(
  sizes: readonly string[] | null | undefined,
  max: number = ADMIN_SIZE_BADGES,
): { shown: string[]; more: number } {
  const list = sizes ?? [];
  return { shown: list.slice(0, max), more: Math.max(0, list.length - max) };
}

/** A size as stored: trimmed. Null when empty. */
export function normalizeSize(size: string | null | undefined): string | null {
  const trimmed = (size ?? '').trim();
  return trimmed === '' ? null : trimmed;
}

/** A size the product already has, compared trimmed and case-insensitively; an empty size is never a duplicate. */
export function isDuplicateSize(size: string | null | undefined, existing: readonly string[]): boolean {
  const trimmed = normalizeSize(size);
  if (trimmed === null) return false;
  const lower = trimmed.toLowerCase();
  return existing.some((e) => e.trim().toLowerCase() === lower);
}

/** A form price: 2 decimals, null when empty or not a number. */
export function formPrice(value: string | number | null | undefined): number | null {
  const n = toAmount(typeof value === 'string' ? value.trim() : value);
  return n === null ? null : roundCents(n);
}
