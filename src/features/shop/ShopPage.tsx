/**
 * /tienda: title with counts, sticky filters, chips and the infinite product grid, all mirrored in the URL.
 * The build passes the unfiltered first page, so the grid is real HTML (cards with links) before hydration.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ProductSummary } from '../../data/product-summary.ts';
import { trackFilter, trackProductClick, type FilterEventType } from '../../data/analytics.ts';
import type { ShopFacets, ShopPage as BuiltPage } from '../../data/shop.ts';
import { activeFilterCount, clearFilters, setFilter, setSort, type FilterKey } from '../../lib/filters.ts';
import { NO_SIZE_KINDS, type SizeKinds } from '../../lib/my-size.ts';
import { priceRangeLabel } from '../../lib/price-range.ts';
import { $favoritesCount } from '../../stores/favorites.ts';
import { useStoreValue } from '../../stores/use-store.ts';
import { BuildClock } from '../../components/clock.tsx';
import FilterBar from './FilterBar.tsx';
import FilterChips, { type Chip } from './FilterChips.tsx';
import MySizeChips from './MySizeChips.tsx';
import ProductGrid from './ProductGrid.tsx';
import { useIsMobile } from './useIsMobile.ts';
import { useSearchTracking } from './useSearchTracking.ts';
import { useShopProducts } from './useShopProducts.ts';
import { useUrlFilters } from './useUrlFilters.ts';

/** Chip label, analytics type and facet of each filter, in chip order. */
const FILTERS: ReadonlyArray<{ key: FilterKey; label: string; event?: FilterEventType; facet?: keyof ShopFacets }> = [
  { key: 'category_id', label: 'Categoría', event: 'category', facet: 'categories' },
  { key: 'subcategory_id', label: 'Subcategoría', event: 'subcategory', facet: 'subcategories' },
  { key: 'campaign_id', label: 'Tendencia', event: 'campaign', facet: 'campaigns' },
  { key: 'brand_id', label: 'Marca', event: 'brand', facet: 'brands' },
  { key: 'price_range', label: 'Precio', event: 'price_range' },
  { key: 'size_name', label: 'Talla', event: 'size', facet: 'sizes' },
  { key: 'search_term', label: 'Búsqueda' },
];

/** Adds the facets' id → name pairs to `names` (idempotent, so safe during render). */
function rememberNames(names: Partial<Record<FilterKey, Map<string, string>>>, facets: ShopFacets | null): void {
  if (!facets) return;
  for (const f of FILTERS) {
    if (!f.facet) continue;
    const map = names[f.key] ?? new Map<string, string>();
    names[f.key] = map;
    for (const o of facets[f.facet]) map.set(o.id, o.nombre);
  }
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

interface Props {
  /** The unfiltered first page and every facet's counts as of the build, so the first view needs no database call. */
  initial?: BuiltPage | null;
  /** The kind of size of each category and subcategory (from the build), for the 'Mi talla' chip. */
  sizeKinds?: SizeKinds;
  /** The day the page was built (Mexico City): the cards hydrate with it (clock.tsx). */
  builtOn?: string;
}

export default function ShopPage({ initial = null, sizeKinds = NO_SIZE_KINDS, builtOn }: Props) {
  const [filters, setFilters, ready] = useUrlFilters();
  const isMobile = useIsMobile();
  const search = useSearchTracking();
  const favoritesCount = useStoreValue($favoritesCount, 0);
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);

  const filtersRef = useRef(filters);
  filtersRef.current = filters;
  const onPage = useCallback((page: number) => setFilters({ ...filtersRef.current, page }, 'replace'), [setFilters]);
  const shop = useShopProducts(filters, ready, onPage, initial);

  // Every name seen for an id, so a chip keeps its label when its option drops out of the facets.
  const names = useRef<Partial<Record<FilterKey, Map<string, string>>>>({});
  rememberNames(names.current, shop.facets);

  const chips: Chip[] = FILTERS.flatMap(({ key, label }) => {
    const v = filters[key];
    if (!v) return [];
    const value =
      key === 'price_range' ? priceRangeLabel(v) : (names.current[key]?.get(v) ?? (key === 'search_term' || key === 'size_name' ? v : '…'));
    return [{ key, label, value }];
  });

  const select = (key: FilterKey, value: string | null) => {
    setFilters(setFilter(filters, key, value));
    const event = FILTERS.find((f) => f.key === key)?.event;
    if (event && value) void trackFilter(event, value);
  };
  const changeSearch = (term: string) => {
    setFilters(setFilter(filters, 'search_term', term), filters.search_term ? 'replace' : 'push');
    search.typed(term);
  };

  const onOpen = useCallback((p: ProductSummary) => void trackProductClick(p), []);
  const activeCount = activeFilterCount(filters);
  // Without a built first page, nothing is known until the URL has been read.
  const counting = (!ready && initial === null) || shop.loading;
  // Marks the built first page until the URL has been read (the page hides it meanwhile when the address has a query).
  const builtView = !ready && initial !== null ? '' : undefined;

  return (
    <BuildClock builtOn={builtOn}>
      <div className="mx-auto max-w-7xl px-4 pb-4 pt-8 sm:px-6">
        <h1 className="font-display text-3xl font-black tracking-tight text-neutral-950 sm:text-4xl">Tienda</h1>
        <p className="mt-1 flex flex-wrap gap-x-3 text-sm text-neutral-600" aria-live="polite" data-built-view={builtView}>
          {/* a failed load claims no count: the grid says the products could not be read */}
          {(counting || !shop.failed) && (
            <span>{counting ? 'Buscando productos...' : plural(shop.total, 'producto encontrado', 'productos encontrados')}</span>
          )}
          {mounted && (
            <a href="/favoritos" className="font-medium text-neutral-800 underline-offset-2 hover:underline">
              {plural(favoritesCount, 'favorito', 'favoritos')}
            </a>
          )}
        </p>
      </div>
      <FilterBar
        filters={filters}
        facets={shop.facets}
        names={names.current}
        activeCount={activeCount}
        failed={shop.failed}
        ready={ready}
        isMobile={isMobile}
        onSelect={select}
        onSearchChange={changeSearch}
        onSearchSubmit={() => search.submitted(filters.search_term ?? '')}
        onClear={() => setFilters(clearFilters(filters))}
        onSort={(sort) => setFilters(setSort(filters, sort))}
      />
      <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-6 sm:px-6" data-built-view={builtView}>
        {/* the active filters, then 'Mi talla' beside them (the row takes no room when both are empty) */}
        <div className="flex flex-wrap items-center gap-2 empty:hidden">
          <FilterChips chips={chips} onRemove={(key) => setFilters(setFilter(filters, key, null))} />
          {ready && (
            <MySizeChips
              filters={filters}
              sizes={shop.loading ? null : (shop.facets?.sizes ?? null)}
              kinds={sizeKinds}
              onApply={(size) => select('size_name', size)}
            />
          )}
        </div>
        <ProductGrid
          products={shop.products}
          loading={counting}
          loadingMore={shop.loadingMore}
          hasMore={shop.hasMore}
          moreFailed={shop.moreFailed}
          failed={shop.failed}
          onLoadMore={shop.loadMore}
          onRetry={shop.retry}
          onRetryMore={shop.retryMore}
          onOpen={onOpen}
        />
      </div>
    </BuildClock>
  );
}
