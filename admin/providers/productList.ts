/**
 * The back office's products list as the database is asked for it (public.admin_products): its page
 * size, its orders and filters, and a react-admin list request as the function's arguments.
 */

/** The list loads 50 products at a time (200 while a search is active: admin/products/rules.ts). */
export const ADMIN_PAGE_SIZE = 50;

export type ProductSort = 'recent' | 'top_discount' | 'top_profit';

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
