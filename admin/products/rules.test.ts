import { describe, expect, it } from 'vitest';
import { adminPageSize, formPrice, normalizeSize, pagingFooter, PRODUCT_SORT_FIELDS, productSortFor, sizeBadges, sizeError } from './rules.ts';

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
    expect(sizeError(' m ', ['S', 'M'])).toBe('Esta talla ya existe');
    expect(sizeError('XL', ['S', 'M'])).toBeNull();
    expect(sizeError('', ['S'])).toBeNull();
  });
  it('keeps 2 decimals on prices', () => {
    expect(formPrice('1999.999')).toBe(2000);
    expect(formPrice('12.345')).toBe(12.35);
    expect(formPrice('')).toBeNull();
    expect(formPrice('abc')).toBeNull();
  });
  it('footer: showing X of Y, or all loaded', () => {
    expect(pagingFooter(50, 168)).toEqual({ text: 'Mostrando 50 de 168 productos', hasMore: true });
    expect(pagingFooter(168, 168)).toEqual({ text: 'Se han cargado todos los productos (168 de 168)', hasMore: false });
  });
  it('asks admin_products for the order the list shows, newest first otherwise', () => {
    expect(productSortFor(PRODUCT_SORT_FIELDS.top_discount)).toBe('top_discount');
    expect(productSortFor(PRODUCT_SORT_FIELDS.top_profit)).toBe('top_profit');
    expect(productSortFor(PRODUCT_SORT_FIELDS.recent)).toBe('recent');
    expect(productSortFor('nombre')).toBe('recent');
    expect(productSortFor(undefined)).toBe('recent');
  });
});
