import { describe, expect, it } from 'vitest';
import { moveId, parseSalePrice } from './featuredRules.ts';

describe('moveId', () => {
  const ids = ['a', 'b', 'c', 'd'];
  it('moves one product up, down or to the front', () => {
    expect(moveId(ids, 2, 1)).toEqual(['a', 'c', 'b', 'd']);
    expect(moveId(ids, 0, 1)).toEqual(['b', 'a', 'c', 'd']);
    expect(moveId(ids, 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(ids).toEqual(['a', 'b', 'c', 'd']);
  });
  it('stays put past either end', () => {
    expect(moveId(ids, 0, -1)).toEqual(ids);
    expect(moveId(ids, 3, 4)).toEqual(ids);
  });
});

describe('parseSalePrice', () => {
  it('reads pesos as people type them', () => {
    expect(parseSalePrice('1299')).toBe(1299);
    expect(parseSalePrice('$1,299.50')).toBe(1299.5);
    expect(parseSalePrice(' 899.9 ')).toBe(899.9);
  });
  it('refuses nothing, zero, negatives, letters and fractions of a cent', () => {
    for (const text of ['', '0', '-5', 'abc', '12.345', '1e3']) expect(parseSalePrice(text), text).toBeNull();
  });
});
