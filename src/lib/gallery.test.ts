import { describe, expect, it } from 'vitest';
import { galleryImages, wrapIndex } from './gallery.ts';

describe('galleryImages', () => {
  it('puts the main image first, then the gallery by orden', () => {
    const out = galleryImages('m.webp', [
      { image_url: 'b.webp', orden: 2 },
      { image_url: 'a.webp', orden: 1 },
    ]);
    expect(out).toEqual([
      { url: 'm.webp', orden: -1 },
      { url: 'a.webp', orden: 1 },
      { url: 'b.webp', orden: 2 },
    ]);
  });
  it('works without a main image and drops blanks and repeats', () => {
    expect(
      galleryImages(null, [
        { image_url: ' ', orden: 1 },
        { image_url: 'a', orden: 2 },
        { image_url: 'a', orden: 3 },
      ]),
    ).toEqual([{ url: 'a', orden: 2 }]);
  });
});

describe('wrapIndex', () => {
  it('wraps forwards and backwards', () => {
    expect(wrapIndex(2, 1, 3)).toBe(0);
    expect(wrapIndex(0, -1, 3)).toBe(2);
    expect(wrapIndex(1, 1, 3)).toBe(2);
  });
  it('is 0 for an empty list', () => {
    expect(wrapIndex(0, 1, 0)).toBe(0);
  });
});
