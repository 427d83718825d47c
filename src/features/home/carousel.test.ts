import { describe, expect, it } from 'vitest';
import { FEATURED_AUTOPLAY_MS, FEATURED_PER_SLIDE, HERO_AUTOPLAY_MS, shouldAutoplay, wrapIndex } from './carousel.ts';

describe('carousel rules', () => {
  it('uses the spec timings: hero 4 s, featured 6 s with 4 per slide', () => {
    expect(HERO_AUTOPLAY_MS).toBe(4000);
    expect(FEATURED_AUTOPLAY_MS).toBe(6000);
    expect(FEATURED_PER_SLIDE).toBe(4);
  });

  it('auto-advances the hero only with more than one slide', () => {
    expect(shouldAutoplay(0)).toBe(false);
    expect(shouldAutoplay(1)).toBe(false);
    expect(shouldAutoplay(2)).toBe(true);
  });

  it('auto-advances the featured carousel only with more than 4 products', () => {
    expect(shouldAutoplay(4, FEATURED_PER_SLIDE)).toBe(false);
    expect(shouldAutoplay(5, FEATURED_PER_SLIDE)).toBe(true);
  });

  it('wraps previous and next around both ends', () => {
    expect(wrapIndex(0, -1, 5)).toBe(4);
    expect(wrapIndex(4, 1, 5)).toBe(0);
    expect(wrapIndex(2, 1, 5)).toBe(3);
    expect(wrapIndex(0, 1, 0)).toBe(0);
  });
});
