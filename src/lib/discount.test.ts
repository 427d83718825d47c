import { describe, expect, it } from 'vitest';
import { discountBadge, discountPercentage, hasDiscount } from './discount.ts';

describe('discountPercentage', () => {
  it('rounds (original - sale) / original * 100', () => {
    expect(discountPercentage(1000, 600)).toBe(40);
    expect(discountPercentage(2999, 1499)).toBe(50); // 50.016...
    expect(discountPercentage(3, 2)).toBe(33); // 33.33
    expect(discountPercentage(8, 7)).toBe(13); // 12.5 rounds up
    expect(discountPercentage('1500.00', '999.00')).toBe(33);
  });
  it('is 0 without a discount and negative when the sale price is higher', () => {
    expect(discountPercentage(1000, 1000)).toBe(0);
    expect(Object.is(discountPercentage(1000, 1000), -0)).toBe(false);
    expect(discountPercentage(1000, 1200)).toBe(-20);
  });
  it('is 0 when the original is zero, negative or invalid', () => {
    expect(discountPercentage(0, 100)).toBe(0);
    expect(discountPercentage(-100, 50)).toBe(0);
    expect(discountPercentage(null, 50)).toBe(0);
    expect(discountPercentage('x', 50)).toBe(0);
  });
});

describe('discountBadge', () => {
  it("shows 'N% OFF' only when the original exceeds the sale price", () => {
    expect(discountBadge(1000, 600)).toBe('40% OFF');
    expect(discountBadge(100, 0)).toBe('100% OFF');
    expect(discountBadge(1000, 1000)).toBeNull();
    expect(discountBadge(1000, 1200)).toBeNull();
  });
  it('shows nothing when the rounded percent is 0', () => {
    expect(discountBadge(1000, 999)).toBeNull();
    expect(hasDiscount(1000, 999)).toBe(false);
  });
  it('shows nothing for invalid prices', () => {
    expect(discountBadge(0, 0)).toBeNull();
    expect(discountBadge(undefined, 10)).toBeNull();
    expect(discountBadge(100, null)).toBeNull();
  });
});
