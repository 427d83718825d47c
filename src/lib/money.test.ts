import { describe, expect, it } from 'vitest';
import { formatPrice, roundCents, toAmount } from './money.ts';

describe('formatPrice', () => {
  it('formats es-MX pesos with the $ sign, thousands commas and two decimals', () => {
    expect(formatPrice(1234.5)).toBe('$1,234.50');
    expect(formatPrice(1299)).toBe('$1,299.00');
    expect(formatPrice(1000000)).toBe('$1,000,000.00');
  });
  it('accepts numeric strings as PostgREST may send numeric(12,2)', () => {
    expect(formatPrice('899.90')).toBe('$899.90');
  });
  it('formats zero and negative amounts', () => {
    expect(formatPrice(0)).toBe('$0.00');
    expect(formatPrice(-5)).toBe('-$5.00');
  });
  it('gives an empty string for missing or invalid values', () => {
    expect(formatPrice(null)).toBe('');
    expect(formatPrice(undefined)).toBe('');
    expect(formatPrice('abc')).toBe('');
    expect(formatPrice(Number.NaN)).toBe('');
    expect(formatPrice(Number.POSITIVE_INFINITY)).toBe('');
  });
});

describe('toAmount', () => {
  it('coerces numbers and numeric strings, rejects the rest', () => {
    expect(toAmount(12)).toBe(12);
    expect(toAmount('12.5')).toBe(12.5);
    expect(toAmount('')).toBeNull();
    expect(toAmount('12,5')).toBeNull();
  });
});

describe('roundCents', () => {
  it('removes float noise', () => {
    expect(roundCents(1000 * 1.3)).toBe(1300);
    expect(roundCents(0.1 + 0.2)).toBe(0.3);
  });
});
