import { describe, expect, it } from 'vitest';
import { isPriceRangeId, PRICE_RANGE_IDS, priceRangeLabel } from './price-range.ts';

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
