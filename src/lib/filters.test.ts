import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  clearFilters,
  EMPTY_FILTERS,
  type FilterState,
  filtersFromQuery,
  filtersToQuery,
  setFilter,
  setSort,
  shopHref,
  toRpcParams,
} from './filters.ts';

const full: FilterState = {
  category_id: 'c1',
  subcategory_id: 's1',
  brand_id: 'b1',
  campaign_id: 'k1',
  price_range: '1000-2000',
  size_name: 'M',
  search_term: 'tenis blancos',
  sort: 'precio-asc',
  page: 3,
};

describe('filtersFromQuery', () => {
  it('cuts a search longer than the shop sends to its first 200 characters', () => {
    expect(filtersFromQuery(`?search=${'ñ'.repeat(20_000)}`).search_term).toBe('ñ'.repeat(200));
    expect(filtersFromQuery(`?search=${'a'.repeat(199)}%20b`).search_term).toBe('a'.repeat(199));
  });
  it('drops control characters a hand-edited URL can carry (Postgres text cannot hold %00)', () => {
    expect(filtersFromQuery('?search=%00tenis%0A&size=%00&brand=%1F')).toEqual({ ...EMPTY_FILTERS, search_term: 'tenis' });
  });
  it('reads every spec parameter', () => {
    const q = '?category=c1&subcategory=s1&brand=b1&campaign=k1&price=1000-2000&size=M&search=tenis+blancos&orden=precio-asc&page=3';
    expect(filtersFromQuery(q)).toEqual(full);
  });
  it('gives the empty state for an empty query', () => {
    expect(filtersFromQuery('')).toEqual(EMPTY_FILTERS);
  });
  it('treats blank values as absent and trims', () => {
    expect(filtersFromQuery('category=&search=%20%20zapato%20').search_term).toBe('zapato');
    expect(filtersFromQuery('category=').category_id).toBeNull();
  });
  it('drops unknown price ranges and invalid pages', () => {
    expect(filtersFromQuery('price=1-2').price_range).toBeNull();
    expect(filtersFromQuery('price=20000%2B').price_range).toBe('20000+');
    for (const p of ['0', '-2', '1.5', 'abc', '1']) expect(filtersFromQuery(`page=${p}`).page).toBe(1);
  });
  it('accepts URLSearchParams', () => {
    expect(filtersFromQuery(new URLSearchParams({ size: 'XL' })).size_name).toBe('XL');
  });
});

describe('filtersToQuery', () => {
  it('writes the spec parameter names', () => {
    expect(filtersToQuery(full)).toBe(
      'category=c1&subcategory=s1&brand=b1&campaign=k1&price=1000-2000&size=M&search=tenis+blancos&orden=precio-asc&page=3',
    );
  });
  it('writes page only when above 1 and leaves out empty values', () => {
    expect(filtersToQuery({ ...EMPTY_FILTERS, size_name: 'M', page: 1 })).toBe('size=M');
    expect(filtersToQuery({ ...EMPTY_FILTERS, search_term: '  ' })).toBe('');
    expect(filtersToQuery({ ...EMPTY_FILTERS, page: 2 })).toBe('page=2');
  });
  it('round-trips', () => {
    expect(filtersFromQuery(filtersToQuery(full))).toEqual(full);
    const odd = { ...EMPTY_FILTERS, search_term: 'niño & niña 100%' };
    expect(filtersFromQuery(filtersToQuery(odd))).toEqual(odd);
  });
});

describe('shopHref', () => {
  it('links to /tienda with the query', () => {
    expect(shopHref({ category_id: 'abc' })).toBe('/tienda?category=abc');
    expect(shopHref({})).toBe('/tienda');
  });
});

describe('setFilter', () => {
  it('resets the page to 1', () => {
    expect(setFilter(full, 'size_name', 'L')).toMatchObject({ size_name: 'L', page: 1 });
  });
  it('clears a filter with an empty value', () => {
    expect(setFilter(full, 'brand_id', '').brand_id).toBeNull();
  });
  it('clears the subcategory when the category changes, not otherwise', () => {
    expect(setFilter(full, 'category_id', 'c2').subcategory_id).toBeNull();
    expect(setFilter(full, 'category_id', 'c1').subcategory_id).toBe('s1');
    expect(setFilter(full, 'price_range', null).subcategory_id).toBe('s1');
  });
});

describe('counts and RPC params', () => {
  it('counts active filters without the page', () => {
    expect(activeFilterCount(full)).toBe(7);
    expect(activeFilterCount({ ...EMPTY_FILTERS, page: 4 })).toBe(0);
  });
  it('maps to p_* parameters with null for empty', () => {
    expect(toRpcParams({ ...EMPTY_FILTERS, brand_id: 'b', search_term: ' ' })).toEqual({
      p_category_id: null,
      p_subcategory_id: null,
      p_brand_id: 'b',
      p_campaign_id: null,
      p_price_range: null,
      p_size_name: null,
      p_search_term: null,
      p_sort: null,
    });
  });
});

describe('the order (orden)', () => {
  it('reads every order the shop has; anything else is relevancia', () => {
    for (const orden of ['relevancia', 'precio-asc', 'precio-desc', 'descuento', 'nuevos', 'termina-pronto'])
      expect(filtersFromQuery(`orden=${orden}`).sort).toBe(orden);
    expect(filtersFromQuery('orden=barato').sort).toBe('relevancia');
    expect(filtersFromQuery('').sort).toBe('relevancia');
  });
  it('writes it to the URL unless it is the default, and sends null for the default', () => {
    expect(filtersToQuery({ ...EMPTY_FILTERS, size_name: 'M', sort: 'descuento' })).toBe('size=M&orden=descuento');
    expect(filtersToQuery({ ...EMPTY_FILTERS, sort: 'relevancia' })).toBe('');
    expect(toRpcParams({ ...EMPTY_FILTERS, sort: 'termina-pronto' }).p_sort).toBe('termina-pronto');
    expect(toRpcParams(EMPTY_FILTERS).p_sort).toBeNull();
  });
  it('goes back to page 1 on a new order and is kept when the filters are cleared; it is no filter', () => {
    expect(setSort(full, 'precio-desc')).toMatchObject({ sort: 'precio-desc', page: 1, size_name: 'M' });
    expect(setSort(full, 'otra').sort).toBe('relevancia');
    expect(clearFilters(full)).toEqual({ ...EMPTY_FILTERS, sort: 'precio-asc' });
    expect(activeFilterCount({ ...EMPTY_FILTERS, sort: 'descuento' })).toBe(0);
  });
});
