import { describe, expect, it } from 'vitest';
import {
  coverCrop,
  hasVariants,
  isVariantPath,
  missingShareCopy,
  missingVariantWidths,
  SHARE_SIZE,
  variantPath,
  variantPaths,
  variantSize,
  variantWidths,
} from './image-variants.ts';

describe('variantPath', () => {
  it('replaces the extension with @width.webp, keeping folders', () => {
    expect(variantPath('main/123-abc.jpg', 480)).toBe('main/123-abc@480.webp');
    expect(variantPath('p1/2.webp', 960)).toBe('p1/2@960.webp');
    expect(variantPath('a.b/c', 480)).toBe('a.b/c@480.webp');
  });
});

describe('variantPaths', () => {
  it('gives product images 480 and 960, hero images 960 and 1600', () => {
    expect(variantPaths('product-images', 'x.png')).toEqual(['x@480.webp', 'x@960.webp', 'x@share.webp']);
    expect(variantPaths('hero-images', 'h.jpeg')).toEqual(['h@960.webp', 'h@1600.webp']);
  });
  it('gives none for a copy, an SVG or another bucket', () => {
    expect(variantPaths('product-images', 'x@480.webp')).toEqual([]);
    expect(variantPaths('product-images', 'x@share.webp')).toEqual([]);
    expect(variantPaths('product-images', 'logo.svg')).toEqual([]);
    expect(variantPaths('avatars', 'x.png')).toEqual([]);
    expect(variantWidths('avatars')).toEqual([]);
  });
});

describe('hasVariants / isVariantPath', () => {
  it('tells originals from copies', () => {
    expect(isVariantPath('a/b@480.webp')).toBe(true);
    expect(isVariantPath('a/b.webp')).toBe(false);
    expect(hasVariants('product-images', 'a/B.JPG')).toBe(true);
    expect(hasVariants('product-images', '.emptyFolderPlaceholder')).toBe(false);
  });
});

describe('missingVariantWidths', () => {
  it('lists only the widths whose copy is not there', () => {
    expect(missingVariantWidths('hero-images', 'h.png', new Set(['h@960.webp']))).toEqual([1600]);
    expect(missingVariantWidths('hero-images', 'h.png', new Set(['h@960.webp', 'h@1600.webp']))).toEqual([]);
    expect(missingVariantWidths('hero-images', 'h@960.webp', new Set())).toEqual([]);
  });
});

describe('the share picture', () => {
  it('is missing until a product image has it; hero images get none', () => {
    expect(missingShareCopy('product-images', 'p/a.jpg', new Set(['p/a@480.webp']))).toBe(true);
    expect(missingShareCopy('product-images', 'p/a.jpg', new Set(['p/a@share.webp']))).toBe(false);
    expect(missingShareCopy('hero-images', 'h.jpg', new Set())).toBe(false);
    expect(missingShareCopy('product-images', 'p/a@share.webp', new Set())).toBe(false);
  });
  it('keeps the centre of the photo that fills 1200x630', () => {
    // A 4:5 photo keeps its full width and the middle band of its height.
    expect(coverCrop(800, 1000, SHARE_SIZE)).toEqual({ x: 0, y: 290, width: 800, height: 420 });
    // A panorama keeps its full height and the middle of its width.
    expect(coverCrop(3000, 630, SHARE_SIZE)).toEqual({ x: 900, y: 0, width: 1200, height: 630 });
    // Already 1200x630: all of it.
    expect(coverCrop(1200, 630, SHARE_SIZE)).toEqual({ x: 0, y: 0, width: 1200, height: 630 });
  });
});

describe('variantSize', () => {
  it('scales down to the width keeping the aspect, never up', () => {
    expect(variantSize(1200, 1500, 480)).toEqual({ width: 480, height: 600 });
    expect(variantSize(2000, 875, 960)).toEqual({ width: 960, height: 420 });
    expect(variantSize(300, 375, 960)).toEqual({ width: 300, height: 375 });
    expect(variantSize(5000, 1, 480)).toEqual({ width: 480, height: 1 });
  });
});
