import { describe, expect, it } from 'vitest';
import { HOME_FEATURED_MAX, homeFeatured } from './featured.ts';

describe('homeFeatured', () => {
  it('keeps the admin’s order and the first six slides of four', () => {
    const items = Array.from({ length: 30 }, (_, i) => ({ id: `p${i}` }));
    expect(HOME_FEATURED_MAX).toBe(24);
    expect(homeFeatured(items)).toEqual(items.slice(0, 24));
    expect(homeFeatured(items.slice(0, 3))).toEqual(items.slice(0, 3));
  });
});
