import { describe, expect, it } from 'vitest';
import { DISCOUNT_CASES, MARGIN_CASES } from '../../tests/fixtures/rounding-cases.ts';
import { discountPercentage } from './discount.ts';
import { profitMargin } from './pricing.ts';

// The same cases run through SQL in tests/db/rounding-rules.test.ts.
describe('discount and margin as the database rounds them', () => {
  it.each(DISCOUNT_CASES)('discountPercentage(%s, %s) = %s', (original, sale, percent) => {
    expect(discountPercentage(original, sale)).toBe(percent);
  });
  it.each(MARGIN_CASES)('profitMargin(%s, %s) = %s', (sale, cost, margin) => {
    expect(profitMargin(sale, cost)).toBe(margin);
  });
});
