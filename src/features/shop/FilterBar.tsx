/**
 * The sticky filter bar: search box, 'Ordenar por', Tendencia / Categoría / Subcategoría / Precio / Talla and
 * 'Limpiar'. Below 768 px the selectors collapse behind a 'Filtros' toggle showing the active-filter count;
 * the order stays beside the search, where a shopper looks for it.
 */
import { SlidersHorizontal, Search } from '../../components/icons.tsx';
import { useId, useState, type SubmitEvent } from 'react';
import type { ShopFacets } from '../../data/shop.ts';
import { type FilterKey, type FilterState, SHOP_SORTS, SORT_LABELS } from '../../lib/filters.ts';
import { priceRangeLabel } from '../../lib/price-range.ts';
import FacetSelect from './FacetSelect.tsx';
import { useHeaderHeight } from './useHeaderHeight.ts';

interface Props {
  filters: FilterState;
  facets: ShopFacets | null;
  /** Names seen for ids, by filter, for values the current options lack. */
  names: Partial<Record<FilterKey, Map<string, string>>>;
  activeCount: number;
  failed: boolean;
  /** False in the static HTML and until the URL has been read: the controls are inert. */
  ready: boolean;
  isMobile: boolean;
  onSelect: (key: FilterKey, value: string | null) => void;
  onSearchChange: (term: string) => void;
  onSearchSubmit: () => void;
  onClear: () => void;
  onSort: (sort: string) => void;
}

export default function FilterBar(props: Props) {
  const { filters, facets, names, activeCount, failed, ready, isMobile, onSelect, onClear } = props;
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const idp = useId();
  const pending = !ready || facets === null;
  const top = useHeaderHeight();

  const select = (key: FilterKey, value: string | null) => {
    onSelect(key, value);
    if (isMobile) setOpen(false);
  };
  const submit = (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    props.onSearchSubmit();
  };

  return (
    <div
      style={{ top }}
      className="sticky z-30 border-b border-neutral-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85"
    >
      <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-3 sm:px-6">
        {/* phones: the search on its own row, then the order and 'Filtros' */}
        <div className="flex flex-wrap items-center gap-2 md:flex-nowrap">
          <search aria-label="Buscar en la tienda" className="block min-w-0 basis-full md:basis-0 md:flex-1">
            <form onSubmit={submit} className="relative">
              <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-neutral-500" />
              <input
                type="search"
                value={filters.search_term ?? ''}
                onChange={(e) => props.onSearchChange(e.currentTarget.value)}
                placeholder="Buscar productos..."
                aria-label="Buscar productos"
                enterKeyHint="search"
                disabled={!ready}
                className="h-10 w-full rounded-xl border border-neutral-300 bg-white pl-9 pr-3 text-sm shadow-sm placeholder:text-neutral-500 hover:border-neutral-400 disabled:bg-neutral-100"
              />
            </form>
          </search>
          <label className="flex min-w-0 flex-1 items-center gap-2 text-xs font-semibold text-neutral-700 md:flex-none">
            <span className="sr-only lg:not-sr-only">Ordenar por</span>
            <select
              aria-label="Ordenar por"
              value={filters.sort}
              disabled={!ready}
              onChange={(e) => props.onSort(e.currentTarget.value)}
              className="h-10 w-full min-w-0 rounded-xl border border-neutral-300 bg-white px-2 text-sm font-medium text-neutral-900 shadow-sm hover:border-neutral-400 disabled:bg-neutral-100 md:w-auto"
            >
              {SHOP_SORTS.map((s) => (
                <option key={s} value={s}>
                  {SORT_LABELS[s]}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            aria-expanded={open}
            aria-controls={panelId}
            disabled={!ready}
            onClick={() => setOpen((o) => !o)}
            className="inline-flex h-10 shrink-0 items-center gap-2 rounded-xl border border-neutral-300 bg-white px-3 text-sm font-semibold text-neutral-900 shadow-sm md:hidden"
          >
            <SlidersHorizontal aria-hidden="true" className="size-4" />
            Filtros
            {activeCount > 0 && (
              <span className="inline-flex min-w-5 items-center justify-center rounded-full bg-neutral-950 px-1.5 text-xs font-bold text-white">
                {activeCount}
              </span>
            )}
          </button>
        </div>
        <div
          id={panelId}
          className={`${open ? 'grid' : 'hidden'} grid-cols-2 items-end gap-3 md:grid md:grid-cols-[repeat(5,minmax(0,1fr))_auto]`}
        >
          <FacetSelect
            id={`${idp}-campaign`}
            label="Tendencia"
            allLabel="Todas las tendencias"
            options={facets?.campaigns ?? []}
            value={filters.campaign_id}
            selectedName={names.campaign_id?.get(filters.campaign_id ?? '')}
            disabled={pending}
            onChange={(v) => select('campaign_id', v)}
          />
          <FacetSelect
            id={`${idp}-category`}
            label="Categoría"
            allLabel="Todas las categorías"
            options={facets?.categories ?? []}
            value={filters.category_id}
            selectedName={names.category_id?.get(filters.category_id ?? '')}
            disabled={pending}
            onChange={(v) => select('category_id', v)}
          />
          <FacetSelect
            id={`${idp}-subcategory`}
            label="Subcategoría"
            allLabel="Todas las subcategorías"
            options={filters.category_id ? (facets?.subcategories ?? []) : []}
            value={filters.subcategory_id}
            selectedName={names.subcategory_id?.get(filters.subcategory_id ?? '')}
            disabled={pending || !filters.category_id}
            onChange={(v) => select('subcategory_id', v)}
          />
          <FacetSelect
            id={`${idp}-price`}
            label="Precio"
            allLabel="Todos los precios"
            options={(facets?.price_ranges ?? []).map((o) => ({ ...o, nombre: priceRangeLabel(o.id) }))}
            value={filters.price_range}
            disabled={pending}
            onChange={(v) => select('price_range', v)}
          />
          <FacetSelect
            id={`${idp}-size`}
            label="Talla"
            allLabel="Todas las tallas"
            options={facets?.sizes ?? []}
            value={filters.size_name}
            disabled={pending}
            onChange={(v) => select('size_name', v)}
          />
          <button
            type="button"
            onClick={() => {
              onClear();
              if (isMobile) setOpen(false);
            }}
            disabled={activeCount === 0}
            className="col-span-2 h-10 rounded-xl px-4 text-sm font-semibold text-neutral-900 ring-1 ring-neutral-300 transition hover:bg-neutral-100 disabled:cursor-not-allowed disabled:text-neutral-400 md:col-span-1"
          >
            Limpiar
          </button>
        </div>
        {failed && (
          <p role="alert" className="text-sm font-medium text-red-700">
            Error al cargar las opciones de filtros
          </p>
        )}
      </div>
    </div>
  );
}
