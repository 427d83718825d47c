/** Admin products list and form rules that need no I/O: paging, sort, size badges, sizes, form prices. */
import { roundCents, toAmount } from '@/lib/money.ts';

/** The list loads 50 products at a time, 200 while a search is active. */
export const ADMIN_PAGE_SIZE = 50;
export const ADMIN_SEARCH_PAGE_SIZE = 200;
export const ADMIN_SIZE_BADGES = 4;
export const SCROLL_TOP_THRESHOLD = 300;

export type ProductSort = 'recent' | 'top_discount' | 'top_profit';
export type ProductView = 'grid' | 'list' | 'table';

/** The list's orders as react-admin sort fields: newest first, or the Top 1000 by discount or by profit. */
export const PRODUCT_SORT_FIELDS: Record<ProductSort, string> = {
  recent: 'created_at',
  top_discount: 'discount_percentage',
  top_profit: 'profit_amount',
};

/** The admin_products order for a sort field; anything else is newest first. */
export function productSortFor(field: string | null | undefined): ProductSort {
  const match = (Object.keys(PRODUCT_SORT_FIELDS) as ProductSort[]).find((sort) => PRODUCT_SORT_FIELDS[sort] === field);
  return match ?? 'recent';
}

/** What the products list filters on: search text, campaign, only products of active campaigns. */
export interface ProductListFilter {
  q?: string;
  campaign_id?: string | null;
  only_active?: boolean;
}

export interface ProductListParams {
  pagination?: { page: number; perPage: number };
  sort?: { field: string };
  filter?: ProductListFilter;
}

/** A react-admin list request as admin_products arguments: page N of size S starts at (N - 1) × S; blank search is none. */
export function adminProductsArgs({ pagination = { page: 1, perPage: ADMIN_PAGE_SIZE }, sort, filter = {} }: ProductListParams) {
  return {
    p_search: filter.q?.trim() || null,
    p_campaign_id: filter.campaign_id ?? null,
    p_only_active: filter.only_active ?? false,
    p_sort: productSortFor(sort?.field),
    p_offset: (pagination.page - 1) * pagination.perPage,
    p_limit: pagination.perPage,
  };
}

/** More can be loaded while the last page came back full and fewer than `total` rows are loaded. */
export function hasNextProductsPage(offset: number, rows: number, limit: number, total: number): boolean {
  return rows === limit && offset + rows < total;
}

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
