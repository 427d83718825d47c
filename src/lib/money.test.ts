import { describe, expect, it } from 'vitest';
import { formatPrice, parseMoney, roundCents, toAmount } from './money.ts';

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

describe('parseMoney', () => {
  it('strips $ and commas', () => {
    expect(parseMoney('$1,299.00')).toBe(1299);
    expect(parseMoney(' $ 2,500 ')).toBe(2500);
    expect(parseMoney('0')).toBe(0);
    expect(parseMoney('.5')).toBe(0.5);
  });
  it('keeps the sign so callers can reject negatives', () => {
    expect(parseMoney('-10')).toBe(-10);
  });
  it('gives null for text that is not a number', () => {
    expect(parseMoney('')).toBeNull();
    expect(parseMoney('abc')).toBeNull();
    expect(parseMoney('12.3.4')).toBeNull();
    expect(parseMoney('$')).toBeNull();
    expect(parseMoney(null)).toBeNull();
  });
});

describe('roundCents', () => {
  it('removes float noise', () => {
    expect(roundCents(1000 * 1.3)).toBe(1300);
    expect(roundCents(0.1 + 0.2)).toBe(0.3);
  });
});
