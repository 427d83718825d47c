import { describe, expect, it } from 'vitest';
import {
  adminPageSize,
  adminProductsArgs,
  formPrice,
  hasNextProductsPage,
  isDuplicateSize,
  normalizeSize,
  PRODUCT_SORT_FIELDS,
  productSortFor,
  sizeBadges,
} from './rules.ts';

describe('admin products rules', () => {
  it('pages 50, or 200 while searching', () => {
    expect(adminPageSize('')).toBe(50);
    expect(adminPageSize('  ')).toBe(50);
    expect(adminPageSize('nike')).toBe(200);
  });
  it('shows the first 4 sizes and +N', () => {
    expect(sizeBadges(['S', 'M', 'L', 'XL', 'XXL', '3XL'])).toEqual({ shown: ['S', 'M', 'L', 'XL'], more: 2 });
    expect(sizeBadges(['S'])).toEqual({ shown: ['S'], more: 0 });
    expect(sizeBadges(null)).toEqual({ shown: [], more: 0 });
  });
  it('trims sizes and refuses case-insensitive duplicates', () => {
    expect(normalizeSize('  m ')).toBe('m');
    expect(normalizeSize('   ')).toBeNull();
    expect(isDuplicateSize(' m ', ['S', 'M'])).toBe(true);
    expect(isDuplicateSize('XL', ['S', 'M'])).toBe(false);
    expect(isDuplicateSize('', ['S'])).toBe(false);
  });
  it('keeps 2 decimals on prices', () => {
    expect(formPrice('1999.999')).toBe(2000);
    expect(formPrice('12.345')).toBe(12.35);
    expect(formPrice('')).toBeNull();
    expect(formPrice('abc')).toBeNull();
  });
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
