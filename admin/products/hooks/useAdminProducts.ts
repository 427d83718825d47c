/**
 * The Products list's data: pages of getList('products') (50, or 200 while searching), counts from
 * SQL, 'Cargar más productos' appending the next page. Errors toast the spec's messages.
 */
import { useEffect, useMemo, useRef } from 'react';
import { useInfiniteGetList, useNotify } from 'react-admin';
import { PRODUCT_SORT_FIELDS, type ProductListFilter, type ProductSort } from '../../providers/productList.ts';
import { adminPageSize } from '../rules.ts';
import type { AdminProduct, AdminProductsPage } from '../../providers/productTypes.ts';

export interface ProductQuery {
  search: string;
  campaignId: string | null;
  onlyActive: boolean;
  sort: ProductSort;
}

interface ProductsMeta {
  totalAll: number;
  permalinkMatch: AdminProductsPage['permalink_match'];
}

export function useAdminProducts(query: ProductQuery) {
  const notify = useNotify();
  const filter: ProductListFilter = { q: query.search, campaign_id: query.campaignId, only_active: query.onlyActive };
  const result = useInfiniteGetList<AdminProduct>(
    'products',
    {
      pagination: { page: 1, perPage: adminPageSize(query.search) },
      sort: { field: PRODUCT_SORT_FIELDS[query.sort], order: 'DESC' },
      filter,
    },
    { placeholderData: (previous) => previous, staleTime: 30_000 },
  );

  // One toast per failure, with the spec's message for what failed.
  const lastError = useRef<unknown>(null);
  useEffect(() => {
    if (!result.error || result.error === lastError.current) return;
    lastError.current = result.error;
    if (result.isFetchNextPageError) notify('app.products.notify.load_more_error', { type: 'error' });
    else if (query.sort === 'top_discount') notify('app.products.notify.top_discount_error', { type: 'error' });
    else if (query.sort === 'top_profit') notify('app.products.notify.top_profit_error', { type: 'error' });
    else notify('app.products.notify.load_error', { type: 'error' });
  }, [result.error, result.isFetchNextPageError, notify, query.sort]);

  const pages = result.data?.pages;
  const products: AdminProduct[] = useMemo(() => {
    const seen = new Set<AdminProduct['id']>();
    const out: AdminProduct[] = [];
    for (const page of pages ?? [])
      for (const p of page.data)
        if (!seen.has(p.id)) {
          seen.add(p.id);
          out.push(p);
        }
    return out;
  }, [pages]);
  const first = pages?.[0];
  const meta = first?.meta as ProductsMeta | undefined;
  return {
    products,
    total: first?.total ?? 0,
    totalAll: meta?.totalAll ?? 0,
    permalinkMatch: meta?.permalinkMatch ?? null,
    isLoading: result.isPending,
    isFetching: result.isFetching,
    isError: result.isError && !pages,
    hasMore: result.hasNextPage,
    loadMore: () => void result.fetchNextPage(),
    loadingMore: result.isFetchingNextPage,
    refetch: () => void result.refetch(),
  };
}
