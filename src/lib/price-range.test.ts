import { describe, expect, it } from 'vitest';
import { isPriceRangeId, PRICE_RANGE_IDS, priceRangeLabel, priceRangeOf } from './price-range.ts';

describe('priceRangeOf', () => {
  it('puts the lower bound in and the upper bound out', () => {
    expect(priceRangeOf(0)).toBe('0-1000');
    expect(priceRangeOf(999.99)).toBe('0-1000');
    expect(priceRangeOf(1000)).toBe('1000-2000');
    expect(priceRangeOf(1999.99)).toBe('1000-2000');
    expect(priceRangeOf(2000)).toBe('2000-5000');
    expect(priceRangeOf(5000)).toBe('5000-10000');
    expect(priceRangeOf(10000)).toBe('10000-20000');
    expect(priceRangeOf(19999.99)).toBe('10000-20000');
    expect(priceRangeOf(20000)).toBe('20000+');
    expect(priceRangeOf(1e9)).toBe('20000+');
    expect(priceRangeOf('1500.00')).toBe('1000-2000');
  });
  it('gives null for negative or invalid prices', () => {
    expect(priceRangeOf(-1)).toBeNull();
    expect(priceRangeOf(Number.NaN)).toBeNull();
    expect(priceRangeOf('abc')).toBeNull();
    expect(priceRangeOf('')).toBeNull();
    expect(priceRangeOf(null)).toBeNull();
  });
});

describe('ids and labels', () => {
  it('has the spec ids', () => {
    expect(PRICE_RANGE_IDS).toEqual(['0-1000', '1000-2000', '2000-5000', '5000-10000', '10000-20000', '20000+']);
  });
  it('labels known ids by themselves and anything else as 20000+', () => {
    expect(priceRangeLabel('2000-5000')).toBe('2000-5000');
    expect(priceRangeLabel('20000-50000')).toBe('20000+');
    expect(priceRangeLabel(null)).toBe('20000+');
  });
  it('recognises ids', () => {
    expect(isPriceRangeId('0-1000')).toBe(true);
    expect(isPriceRangeId('0-999')).toBe(false);
    expect(isPriceRangeId(5)).toBe(false);
  });
});
