/** Shop filter state and its URL query (category, subcategory, brand, campaign, price, size, search, order, page). */
import { isPriceRangeId } from './price-range.ts';

/**
 * The shop's orders, as the URL names them (`orden`) and the list says them. relevancia, the default,
 * is the shop's own order: the products the admin features first, in the admin's order, then the
 * newest; the others are what their names say (supabase/schemas/07_shop_query.sql).
 */
export const SHOP_SORTS = ['relevancia', 'precio-asc', 'precio-desc', 'descuento', 'nuevos', 'termina-pronto'] as const;
export type ShopSort = (typeof SHOP_SORTS)[number];
export const DEFAULT_SORT: ShopSort = 'relevancia';

export const SORT_LABELS: Record<ShopSort, string> = {
  relevancia: 'Relevancia',
  'precio-asc': 'Precio: de menor a mayor',
  'precio-desc': 'Precio: de mayor a menor',
  descuento: 'Mayor descuento',
  nuevos: 'Lo más nuevo',
  'termina-pronto': 'Termina pronto',
};

export const isShopSort = (value: unknown): value is ShopSort => SHOP_SORTS.includes(value as ShopSort);

export interface FilterState {
  category_id: string | null;
  subcategory_id: string | null;
  brand_id: string | null;
  campaign_id: string | null;
  price_range: string | null;
  size_name: string | null;
  search_term: string | null;
  /** The order; not a filter (no chip, not counted, kept by 'Limpiar'). */
  sort: ShopSort;
  page: number;
}

export type FilterKey = Exclude<keyof FilterState, 'page' | 'sort'>;

export const EMPTY_FILTERS: Readonly<FilterState> = Object.freeze({
  category_id: null,
  subcategory_id: null,
  brand_id: null,
  campaign_id: null,
  price_range: null,
  size_name: null,
  search_term: null,
  sort: DEFAULT_SORT,
  page: 1,
});

/** State key ↔ URL parameter, in the order parameters are written. */
export const QUERY_PARAMS: ReadonlyArray<readonly [FilterKey, string]> = [
  ['category_id', 'category'],
  ['subcategory_id', 'subcategory'],
  ['brand_id', 'brand'],
  ['campaign_id', 'campaign'],
  ['price_range', 'price'],
  ['size_name', 'size'],
  ['search_term', 'search'],
];

/**
 * A value as the shop sends it: control characters removed (a URL's '%00' is a character Postgres
 * text cannot hold, and the whole request would fail), then trimmed; null when nothing is left.
 */
const clean = (v: string | null | undefined): string | null => {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
  const t = v?.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return t ? t : null;
};

/**
 * The longest search the shop sends (the length the search analytics keep): a pasted or crafted URL
 * with thousands of characters would make the product query run past the database's time limit.
 */
export const MAX_SEARCH_LENGTH = 200;

/**
 * Reads the state from a query ('?a=b', 'a=b' or URLSearchParams). Unknown price ids and bad pages are
 * dropped, an unknown order is the default; the search is cut to MAX_SEARCH_LENGTH characters.
 */
export function filtersFromQuery(query: string | URLSearchParams): FilterState {
  const params = typeof query === 'string' ? new URLSearchParams(query) : query;
  const state: FilterState = { ...EMPTY_FILTERS };
  for (const [key, param] of QUERY_PARAMS) state[key] = clean(params.get(param));
  if (state.search_term !== null) state.search_term = clean(Array.from(state.search_term).slice(0, MAX_SEARCH_LENGTH).join(''));
  if (state.price_range !== null && !isPriceRangeId(state.price_range)) state.price_range = null;
  const sort = clean(params.get('orden'));
  state.sort = isShopSort(sort) ? sort : DEFAULT_SORT;
  const page = Number(params.get('page'));
  state.page = Number.isInteger(page) && page > 1 ? page : 1;
  return state;
}

/** Writes the state as a query string without '?'; empty values are left out, the order only when not the default, page only when above 1. */
export function filtersToQuery(state: Partial<FilterState>): string {
  const params = new URLSearchParams();
  for (const [key, param] of QUERY_PARAMS) {
    const v = clean(state[key]);
    if (v !== null) params.set(param, v);
  }
  if (state.sort !== undefined && state.sort !== DEFAULT_SORT && isShopSort(state.sort)) params.set('orden', state.sort);
  if (state.page !== undefined && Number.isInteger(state.page) && state.page > 1) params.set('page', String(state.page));
  return params.toString();
}

/** '/tienda' plus the query, if any. */
export function shopHref(state: Partial<FilterState>, path = '/tienda'): string {
  const q = filtersToQuery(state);
  return q ? `${path}?${q}` : path;
}

/**
 * Sets one filter: empty values clear it, the page goes back to 1, and changing the category clears the
 * subcategory (a subcategory belongs to one category).
 */
export function setFilter(state: FilterState, key: FilterKey, value: string | null | undefined): FilterState {
  const next: FilterState = { ...state, [key]: clean(value), page: 1 };
  if (key === 'category_id' && next.category_id !== state.category_id) next.subcategory_id = null;
  return next;
}

/** Another order, from the first page (the filters stay). */
export function setSort(state: FilterState, sort: string | null | undefined): FilterState {
  return { ...state, sort: isShopSort(sort) ? sort : DEFAULT_SORT, page: 1 };
}

/** 'Limpiar': every filter off; the order stays. */
export function clearFilters(state: FilterState): FilterState {
  return { ...EMPTY_FILTERS, sort: state.sort };
}

/** Number of active filters (page and order not counted): the mobile toggle's badge. */
export function activeFilterCount(state: FilterState): number {
  return QUERY_PARAMS.filter(([key]) => clean(state[key]) !== null).length;
}

export interface FilterRpcParams {
  p_category_id: string | null;
  p_subcategory_id: string | null;
  p_brand_id: string | null;
  p_campaign_id: string | null;
  p_price_range: string | null;
  p_size_name: string | null;
  p_search_term: string | null;
  /** null for the default order (its answers are remembered under the same key as before orders existed). */
  p_sort: ShopSort | null;
}

/** The shop RPCs' p_* parameters, null when empty. */
export function toRpcParams(state: FilterState): FilterRpcParams {
  return {
    p_category_id: clean(state.category_id),
    p_subcategory_id: clean(state.subcategory_id),
    p_brand_id: clean(state.brand_id),
    p_campaign_id: clean(state.campaign_id),
    p_price_range: clean(state.price_range),
    p_size_name: clean(state.size_name),
    p_search_term: clean(state.search_term),
    p_sort: state.sort === DEFAULT_SORT || !isShopSort(state.sort) ? null : state.sort,
  };
}
