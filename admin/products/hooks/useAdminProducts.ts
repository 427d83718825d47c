/**
 * The Products list's data: pages of admin_products (50, or 200 while searching), counts from SQL,
 * 'Cargar más productos' appending the next page. Errors toast the spec's messages.
 */
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { useNotify } from 'react-admin';
import { adminPageSize } from '../../../src/lib/admin-products.ts';
import { fetchProductsPage } from '../api.ts';
import type { AdminProduct, AdminProductsPage, ProductQuery } from '../types.ts';

export const PRODUCTS_QUERY_KEY = 'admin-products';

export function useAdminProducts(query: ProductQuery) {
  const notify = useNotify();
  const limit = adminPageSize(query.search);
  const result = useInfiniteQuery({
    queryKey: [PRODUCTS_QUERY_KEY, query],
    initialPageParam: 0,
    queryFn: ({ pageParam }) => fetchProductsPage(query, pageParam, limit),
    getNextPageParam: (last: AdminProductsPage, pages: AdminProductsPage[]) => {
      const loaded = pages.reduce((n, p) => n + p.rows.length, 0);
      return last.rows.length === limit && loaded < last.total ? loaded : undefined;
    },
    placeholderData: (prev) => prev,
    staleTime: 30_000,
  });

  // One toast per failure, with the spec's message for what failed.
  const lastError = useRef<unknown>(null);
  useEffect(() => {
    if (!result.error || result.error === lastError.current) return;
    lastError.current = result.error;
    if (result.isFetchNextPageError) notify('products.notify.load_more_error', { type: 'error' });
    else if (query.sort === 'top_discount') notify('products.notify.top_discount_error', { type: 'error' });
    else if (query.sort === 'top_profit') notify('products.notify.top_profit_error', { type: 'error' });
    else notify('products.notify.load_error', { type: 'error' });
  }, [result.error, result.isFetchNextPageError, notify, query.sort]);

  const pages = result.data?.pages;
  const products: AdminProduct[] = useMemo(() => {
    const seen = new Set<string>();
    const out: AdminProduct[] = [];
    for (const page of pages ?? []) for (const p of page.rows) if (!seen.has(p.id)) { seen.add(p.id); out.push(p); }
    return out;
  }, [pages]);
  const first = pages?.[0];
  return {
    products,
    total: first?.total ?? 0,
    totalAll: first?.total_all ?? 0,
    permalinkMatch: first?.permalink_match ?? null,
    isLoading: result.isPending,
    isFetching: result.isFetching,
    isError: result.isError && !pages,
    hasMore: result.hasNextPage,
    loadMore: () => void result.fetchNextPage(),
    loadingMore: result.isFetchingNextPage,
    refetch: () => void result.refetch(),
  };
}

/** Refreshes every loaded products list after a write. */
export function useInvalidateProducts() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: [PRODUCTS_QUERY_KEY] });
}

/** Replaces one product in every cached list (star toggle, price update) without refetching. */
export function usePatchProduct() {
  const client = useQueryClient();
  return (id: string, patch: Partial<AdminProduct>) => {
    client.setQueriesData<{ pages: AdminProductsPage[]; pageParams: unknown[] }>({ queryKey: [PRODUCTS_QUERY_KEY] }, (data) =>
      data
        ? { ...data, pages: data.pages.map((pg) => ({ ...pg, rows: pg.rows.map((r) => (r.id === id ? { ...r, ...patch } : r)) })) }
        : data,
    );
  };
}
