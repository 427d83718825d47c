import { describe, expect, it } from 'vitest';
import { adminPageSize, formPrice, isDuplicateSize, normalizeSize, sizeBadges } from './rules.ts';

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
});
