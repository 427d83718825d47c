import { describe, expect, it } from 'vitest';
import { adminProductsArgs, hasNextProductsPage, PRODUCT_SORT_FIELDS, productSortFor } from './productList.ts';

describe('the products list as admin_products is asked for it', () => {
  it('asks admin_products for the order the list shows, newest first otherwise', () => {
    expect(productSortFor(PRODUCT_SORT_FIELDS.top_discount)).toBe('top_discount');
    expect(productSortFor(PRODUCT_SORT_FIELDS.top_profit)).toBe('top_profit');
    expect(productSortFor(PRODUCT_SORT_FIELDS.recent)).toBe('recent');
    expect(productSortFor('nombre')).toBe('recent');
    expect(productSortFor(undefined)).toBe('recent');
  });
  it('turns a list request into admin_products arguments', () => {
    expect(
      adminProductsArgs({
        pagination: { page: 3, perPage: 50 },
        sort: { field: PRODUCT_SORT_FIELDS.top_profit },
        filter: { q: '  nike ', campaign_id: 'c1', only_active: true },
      }),
    ).toEqual({ p_search: 'nike', p_campaign_id: 'c1', p_only_active: true, p_sort: 'top_profit', p_offset: 100, p_limit: 50 });
    expect(adminProductsArgs({ pagination: { page: 1, perPage: 200 }, filter: { q: '   ' } })).toEqual({
      p_search: null,
      p_campaign_id: null,
      p_only_active: false,
      p_sort: 'recent',
      p_offset: 0,
      p_limit: 200,
    });
  });
  it("offers 'Cargar más' only while a full page came back and rows remain", () => {
    expect(hasNextProductsPage(0, 50, 50, 168)).toBe(true);
    expect(hasNextProductsPage(150, 18, 50, 168)).toBe(false);
    expect(hasNextProductsPage(100, 50, 50, 150)).toBe(false);
  });
});
