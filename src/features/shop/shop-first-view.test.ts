import { describe, expect, it } from 'vitest';
import { firstViewFacets } from './shop-first-view.ts';

describe('firstViewFacets', () => {
  it('keeps the facets the first view shows and leaves out subcategories and brands', () => {
    const option = (id: string) => ({ id, nombre: id, product_count: 1 });
    const facets = {
      categories: [option('Calzado')],
      subcategories: [option('Tenis')],
      brands: [option('Nike')],
      campaigns: [option('Hot Sale')],
      sizes: [option('26')],
      price_ranges: [option('0-1000')],
    };
    expect(firstViewFacets(facets)).toEqual({ ...facets, subcategories: [], brands: [] });
    // the page's own facets are not changed
    expect(facets.brands).toHaveLength(1);
  });
});
