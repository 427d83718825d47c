import { describe, expect, it } from 'vitest';
import {
  importSalePrice,
  isSignificantDifference,
  marginQuality,
  profitAmount,
  profitMargin,
  roundToNearestHundred,
  roundUpToHundred,
  smartPrice,
  suggestedSalePrice,
} from './pricing.ts';

describe('roundToNearestHundred', () => {
  it('rounds up at a remainder of 50 or more, else down', () => {
    expect(roundToNearestHundred(1350)).toBe(1400);
    expect(roundToNearestHundred(1349.99)).toBe(1300);
    expect(roundToNearestHundred(1300)).toBe(1300);
    expect(roundToNearestHundred(49)).toBe(0);
    expect(roundToNearestHundred(50)).toBe(100);
  });
});

describe('roundUpToHundred', () => {
  it('goes to the next hundred and ignores float noise', () => {
    expect(roundUpToHundred(1301)).toBe(1400);
    expect(roundUpToHundred(1300)).toBe(1300);
    expect(roundUpToHundred(1000 * 1.3)).toBe(1300); // 1300.0000000000002
    expect(roundUpToHundred(0)).toBe(0);
  });
});

describe('suggestedSalePrice (form)', () => {
  it('is cost x 1.3 to the nearest hundred', () => {
    expect(suggestedSalePrice(1000)).toBe(1300);
    expect(suggestedSalePrice(500)).toBe(700); // 650 -> up
    expect(suggestedSalePrice(450)).toBe(600); // 585 -> up
    expect(suggestedSalePrice(420)).toBe(500); // 546 -> down
    expect(suggestedSalePrice(1100)).toBe(1400); // 1430 -> down
    expect(suggestedSalePrice('800')).toBe(1000); // 1040 -> down
  });
  it('is 0 for zero, negative or invalid cost', () => {
    expect(suggestedSalePrice(0)).toBe(0);
    expect(suggestedSalePrice(-100)).toBe(0);
    expect(suggestedSalePrice('abc')).toBe(0);
    expect(suggestedSalePrice(null)).toBe(0);
  });
});

describe('smartPrice', () => {
  it('uses 60% of the original, rounded up, when cost is at most half the original', () => {
    expect(smartPrice(2000, 1000)).toEqual({ price: 1200, strategy: 'discount40' }); // exactly 0.5
    expect(smartPrice(2499, 800)).toEqual({ price: 1500, strategy: 'discount40' }); // 1499.4 -> 1500
    expect(importSalePrice(3000, 900)).toBe(1800);
  });
  it('uses cost x 1.3 rounded up otherwise', () => {
    expect(smartPrice(1999, 1000)).toEqual({ price: 1300, strategy: 'margin30' });
    expect(smartPrice(1500, 1050)).toEqual({ price: 1400, strategy: 'margin30' }); // 1365 -> 1400
    expect(importSalePrice(1000, 999)).toBe(1300); // 1298.7 -> 1300
  });
  it('falls back to the margin rule without a valid original', () => {
    expect(smartPrice(0, 1000).strategy).toBe('margin30');
    expect(smartPrice(null, 1000).price).toBe(1300);
    expect(smartPrice(-5, 100).price).toBe(200); // 130 -> 200
  });
  it('a missing cost counts as 0', () => {
    expect(smartPrice(1000, null)).toEqual({ price: 600, strategy: 'discount40' });
    expect(smartPrice(null, null).price).toBe(0);
  });
});

describe('profit and margin', () => {
  it('profit is sale - cost', () => {
    expect(profitAmount(1300, 1000)).toBe(300);
    expect(profitAmount(899.9, 1000)).toBe(-100.1);
    expect(profitAmount(null, 1000)).toBeNull();
  });
  it('margin is (sale - cost) / cost in percent', () => {
    expect(profitMargin(1300, 1000)).toBeCloseTo(30);
    expect(profitMargin(500, 1000)).toBeCloseTo(-50);
    expect(profitMargin(1000, 0)).toBeNull();
    expect(profitMargin(1000, -1)).toBeNull();
    expect(profitMargin('x', 100)).toBeNull();
  });
});

describe('marginQuality', () => {
  it('bands at 30/20/10', () => {
    expect(marginQuality(45)).toBe('Excelente');
    expect(marginQuality(30)).toBe('Excelente');
    expect(marginQuality(29.99)).toBe('Bueno');
    expect(marginQuality(20)).toBe('Bueno');
    expect(marginQuality(10)).toBe('Regular');
    expect(marginQuality(9.9)).toBe('Bajo');
    expect(marginQuality(-20)).toBe('Bajo');
    expect(marginQuality(null)).toBe('Bajo');
  });
});

describe('isSignificantDifference', () => {
  it('is true above 100 either way', () => {
    expect(isSignificantDifference(1300, 1199)).toBe(true);
    expect(isSignificantDifference(1300, 1200)).toBe(false);
    expect(isSignificantDifference(1000, 1101)).toBe(true);
    expect(isSignificantDifference(null, 1)).toBe(false);
  });
});
