import { describe, expect, it } from 'vitest';
import { cardBadges, isLastSize, isNewProduct, isOneSize, NEW_PRODUCT_DAYS } from './card-badges.ts';

const now = new Date('2026-11-25T18:00:00Z');
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000).toISOString();

describe('isNewProduct', () => {
  it('is new for the 7 days after it was added', () => {
    expect(NEW_PRODUCT_DAYS).toBe(7);
    expect(isNewProduct(hoursAgo(0), now)).toBe(true);
    expect(isNewProduct(hoursAgo(24 * 6), now)).toBe(true);
    expect(isNewProduct(hoursAgo(24 * 7 - 0.001), now)).toBe(true);
  });

  it('stops being new once 7 days have passed', () => {
    expect(isNewProduct(hoursAgo(24 * 7), now)).toBe(false);
    expect(isNewProduct(hoursAgo(24 * 30), now)).toBe(false);
  });

  it("is judged by the viewer's clock: a page built while it was new shows it as old days later", () => {
    const created = '2026-11-20T12:00:00Z';
    expect(isNewProduct(created, new Date('2026-11-21T12:00:00Z'))).toBe(true); // the build
    expect(isNewProduct(created, new Date('2026-11-28T12:00:00Z'))).toBe(false); // a shopper a week later
  });

  it('counts an instant with a time zone offset exactly (Postgres writes +00:00)', () => {
    expect(isNewProduct('2026-11-18T12:00:01-06:00', now)).toBe(true); // 18:00:01 UTC, 7 days minus 1 s
    expect(isNewProduct('2026-11-18T12:00:00-06:00', now)).toBe(false);
    expect(isNewProduct('2026-11-20 10:00:00+00', now)).toBe(true);
  });

  it('still counts a product added "in the future" of a late device clock as new', () => {
    expect(isNewProduct(hoursAgo(-3), now)).toBe(true);
  });

  it('is never new without a readable date', () => {
    expect(isNewProduct(null, now)).toBe(false);
    expect(isNewProduct(undefined, now)).toBe(false);
    expect(isNewProduct('', now)).toBe(false);
    expect(isNewProduct('ayer', now)).toBe(false);
  });
});

describe('isLastSize', () => {
  it('is true when exactly one size is left', () => {
    expect(isLastSize(['M'])).toBe(true);
    expect(isLastSize(['26.5'])).toBe(true);
    expect(isLastSize(['32x32'])).toBe(true);
  });

  it('is false with several sizes or none', () => {
    expect(isLastSize(['S', 'M'])).toBe(false);
    expect(isLastSize([])).toBe(false);
    expect(isLastSize(null)).toBe(false);
    expect(isLastSize(undefined)).toBe(false);
    expect(isLastSize([' '])).toBe(false);
  });

  it('is false for a one-size product, whose single size is not a last one', () => {
    for (const s of ['Unitalla', 'UNITALLA', 'Talla única', 'talla unica', 'Única', 'One size', 'OS', 'U']) {
      expect(isOneSize(s), s).toBe(true);
      expect(isLastSize([s]), s).toBe(false);
    }
    expect(isOneSize('XS')).toBe(false);
  });
});

describe('cardBadges', () => {
  it('gives both badges independently', () => {
    expect(cardBadges({ created_at: hoursAgo(1), sizes: ['L'] }, now)).toEqual({ isNew: true, lastSize: true });
    expect(cardBadges({ created_at: hoursAgo(24 * 8), sizes: ['S', 'L'] }, now)).toEqual({ isNew: false, lastSize: false });
  });

  it('gives none to a favourite, which keeps neither the date nor the sizes', () => {
    expect(cardBadges({}, now)).toEqual({ isNew: false, lastSize: false });
  });
});
