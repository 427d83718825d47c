/** The shop's products and facets for the current filters: reload 100 ms after a change, then page on demand. */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CardProduct } from '../../data/product-summary.ts';
import { shopClient } from '../../data/client.ts';
import { fetchShopPage, type ShopFacets, type ShopPage } from '../../data/shop.ts';
import { filtersFromQuery, filtersToQuery, type FilterState } from '../../lib/filters.ts';
import { notify } from '../../stores/toast.ts';

/**
 * The spec pages by 12 products in batches of 60 rows of the old one-row-per-size view, refilling when a
 * full batch held fewer than 12 distinct products. `shop_page` already groups by product and pages by
 * product, so every request of 12 returns up to 12 distinct products and no refill is ever needed.
 */
export const PAGE_SIZE = 12;
export const RELOAD_DELAY_MS = 100;
/** The RPC returns at most 100 products per call: a URL's ?page=N restores at most 8 pages at once. */
const MAX_RESTORE_PAGES = 8;

export interface ShopProducts {
  products: CardProduct[];
  facets: ShopFacets | null;
  total: number;
  /** First page of a filter set is loading (skeletons). */
  loading: boolean;
  loadingMore: boolean;
  hasMore: boolean;
  /** The last request failed (filter options could not load). */
  failed: boolean;
  /** The next page failed to load: no more pages are asked for until the shopper retries. */
  moreFailed: boolean;
  loadMore: () => void;
  /** Asks again for the current filters after a failed request (the shopper's "Reintentar"). */
  retry: () => void;
  /** Lets the next page be asked for again after it failed (the sentinel, still in view, asks at once). */
  retryMore: () => void;
}

/**
 * `onPage` is told how many pages are on screen after loading more (to mirror ?page= in the URL).
 * `initial` is the unfiltered first page as of the build (in the static HTML): the grid starts from it,
 * and a URL without filters, search or page keeps it rather than asking the database again; any other
 * URL, and every change of filters, loads live.
 */
export function useShopProducts(
  filters: FilterState,
  ready: boolean,
  onPage: (page: number) => void,
  initial: ShopPage | null = null,
): ShopProducts {
  const [products, setProducts] = useState<CardProduct[]>(initial?.products ?? []);
  const [facets, setFacets] = useState<ShopFacets | null>(initial?.facets ?? null);
  const [total, setTotal] = useState(initial?.total ?? 0);
  const [loading, setLoading] = useState(initial === null);
  // The built first page answers the unfiltered first view once; after that every view loads live.
  const built = useRef(initial !== null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [failed, setFailed] = useState(false);
  const [moreFailed, setMoreFailed] = useState(false);
  // Bumped by retry(): the same filters load again.
  const [attempt, setAttempt] = useState(0);
  const request = useRef(0);
  const filtersRef = useRef(filters);
  filtersRef.current = filters;

  // Every filter but the page: only a change of these reloads from the start. The page is read when the
  // request starts, only to restore that many pages.
  const key = filtersToQuery({ ...filters, page: 1 });
  useEffect(() => {
    if (!ready) return;
    const unfiltered = key === '' && filtersRef.current.page === 1;
    if (built.current) {
      built.current = false;
      if (unfiltered && attempt === 0) return;
    }
    const id = ++request.current;
    setLoading(true);
    setMoreFailed(false);
    const timer = setTimeout(async () => {
      const f = { ...filtersFromQuery(key), page: filtersRef.current.page };
      try {
        const page = await fetchShopPage(shopClient, f, 0, PAGE_SIZE * Math.min(f.page, MAX_RESTORE_PAGES));
        if (id !== request.current) return;
        setProducts(page.products);
        setFacets(page.facets);
        setTotal(page.total);
        setFailed(false);
      } catch (e) {
        if (id !== request.current) return;
        setProducts([]);
        setTotal(0);
        setFailed(true);
        console.error('No se pudieron cargar los productos de la tienda:', e);
        notify.error('No se pudieron cargar las opciones de filtros');
      } finally {
        if (id === request.current) {
          setLoading(false);
          setLoadingMore(false);
        }
      }
    }, RELOAD_DELAY_MS);
    return () => clearTimeout(timer);
  }, [key, ready, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  const hasMore = !loading && !failed && products.length < total;

  // A failed page stops the infinite scroll: the sentinel still in view would otherwise ask again at once,
  // over and over, while the server is down.
  const canLoadMore = hasMore && !moreFailed;

  const loadMore = useCallback(() => {
    if (loading || loadingMore || !canLoadMore) return;
    const id = request.current;
    setLoadingMore(true);
    fetchShopPage(shopClient, filtersRef.current, products.length, PAGE_SIZE)
      .then((page) => {
        if (id !== request.current) return;
        const seen = new Set(products.map((p) => p.id));
        const merged = [...products, ...page.products.filter((p) => !seen.has(p.id))];
        setProducts(merged);
        setTotal(page.total);
        setFacets(page.facets);
        onPage(Math.ceil(merged.length / PAGE_SIZE));
      })
      .catch((e: unknown) => {
        if (id !== request.current) return;
        console.error('No se pudieron cargar más productos:', e);
        setMoreFailed(true);
      })
      .finally(() => {
        if (id === request.current) setLoadingMore(false);
      });
  }, [loading, loadingMore, canLoadMore, products, onPage]);

  const retryMore = useCallback(() => setMoreFailed(false), []);

  return { products, facets, total, loading, loadingMore, hasMore: canLoadMore, failed, moreFailed, loadMore, retry, retryMore };
}
