/** The shop's products and facets for the current filters: reload 100 ms after a change, then page on demand. */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CardProduct } from '../../data/product-summary.ts';
import { shopClient } from '../../data/client.ts';
import { fetchShopPage, SHOP_PAGE_SIZE, type ShopFacets, type ShopPage } from '../../data/shop.ts';
import { filtersFromQuery, filtersToQuery, type FilterState } from '../../lib/filters.ts';
import { notify } from '../../stores/toast.ts';

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
  // Set at once when a first page starts loading and when more starts loading; the state that shows it
  // arrives with the next render, too late for a scroll event already on its way.
  const reloading = useRef(false);
  const pagingMore = useRef(false);
  // The filters (all but the page) of the list on screen: more of it is asked for with these, never with
  // filters just chosen whose first page has not been asked for yet.
  const listKey = useRef(initial === null ? null : '');
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
    reloading.current = true;
    pagingMore.current = false; // a page in flight belongs to the old filters: its answer is dropped
    setLoading(true);
    setMoreFailed(false);
    const timer = setTimeout(async () => {
      const f = { ...filtersFromQuery(key), page: filtersRef.current.page };
      try {
        const page = await fetchShopPage(shopClient, f, 0, SHOP_PAGE_SIZE * Math.min(f.page, MAX_RESTORE_PAGES));
        if (id !== request.current) return;
        listKey.current = key;
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
          reloading.current = false;
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

  // The infinite scroll's observer may still call a loadMore made by an earlier render (when the grid turns
  // to skeletons its effect is not cleaned up yet): so paging reads the list and its state as they are now,
  // never as that render saw them, and never runs while the first page of new filters loads. Otherwise a
  // late page of the old list would be merged over the new filters' answer.
  const shown = useRef({ products, canLoadMore });
  shown.current = { products, canLoadMore };
  const loadMore = useCallback(() => {
    const { products: list, canLoadMore: can } = shown.current;
    const filters = filtersRef.current;
    const sameFilters = filtersToQuery({ ...filters, page: 1 }) === listKey.current;
    if (reloading.current || pagingMore.current || !can || !sameFilters) return;
    const id = request.current;
    pagingMore.current = true;
    setLoadingMore(true);
    fetchShopPage(shopClient, filters, list.length, SHOP_PAGE_SIZE)
      .then((page) => {
        if (id !== request.current) return;
        const seen = new Set(list.map((p) => p.id));
        const merged = [...list, ...page.products.filter((p) => !seen.has(p.id))];
        setProducts(merged);
        setTotal(page.total);
        setFacets(page.facets);
        onPage(Math.ceil(merged.length / SHOP_PAGE_SIZE));
      })
      .catch((e: unknown) => {
        if (id !== request.current) return;
        console.error('No se pudieron cargar más productos:', e);
        setMoreFailed(true);
      })
      .finally(() => {
        if (id !== request.current) return;
        pagingMore.current = false;
        setLoadingMore(false);
      });
  }, [onPage]);

  const retryMore = useCallback(() => setMoreFailed(false), []);

  return { products, facets, total, loading, loadingMore, hasMore: canLoadMore, failed, moreFailed, loadMore, retry, retryMore };
}
