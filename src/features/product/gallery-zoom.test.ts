import { describe, expect, it } from 'vitest';
import { keyZoom, maxZoom, provisionalSize, sameShape, secondaryZoom, ZOOM_WIDTH, zoomImageUrl } from './gallery-zoom.ts';

const object = 'https://x.supabase.co/storage/v1/object/public/product-images/p/1/a.jpg';

describe('zoomImageUrl', () => {
  it('asks the transformation for the widest render, uncropped', () => {
    expect(ZOOM_WIDTH).toBe(1600);
    const url = new URL(zoomImageUrl(object, 'on'));
    expect(url.pathname).toBe('/storage/v1/render/image/public/product-images/p/1/a.jpg');
    expect(url.searchParams.get('width')).toBe('1600');
    expect(url.searchParams.get('height')).toBeNull();
    expect(url.searchParams.get('resize')).toBeNull();
    expect(url.searchParams.get('quality')).toBe('80');
  });

  it('uses the widest prepared copy without transforms', () => {
    expect(zoomImageUrl(object, 'off')).toBe('https://x.supabase.co/storage/v1/object/public/product-images/p/1/a@960.webp');
  });

  it('shows any other image as given', () => {
    expect(zoomImageUrl('https://example.com/a.jpg', 'on')).toBe('https://example.com/a.jpg');
  });
});

describe('provisionalSize', () => {
  it("prefers the image's measured size", () => {
    expect(provisionalSize({ width: 800, height: 1000 }, { width: 10, height: 10 })).toEqual({ width: 800, height: 1000 });
  });
  it('takes the shape of the image shown on the page, at the widest width', () => {
    expect(provisionalSize(undefined, { width: 480, height: 360 })).toEqual({ width: 1600, height: 1200 });
  });
  it('falls back to a 4:5 product photo', () => {
    expect(provisionalSize(undefined, undefined)).toEqual({ width: 1600, height: 2000 });
    expect(provisionalSize(undefined, { width: 0, height: 0 })).toEqual({ width: 1600, height: 2000 });
  });
});

describe('sameShape', () => {
  it('compares aspect ratios, whatever the pixel size', () => {
    expect(sameShape({ width: 1600, height: 2000 }, { width: 800, height: 1000 })).toBe(true);
    expect(sameShape({ width: 1600, height: 2000 }, { width: 803, height: 1000 })).toBe(true); // within 1 %
    expect(sameShape({ width: 1600, height: 2000 }, { width: 1000, height: 1000 })).toBe(false);
  });
  it('is false while a size is unknown', () => {
    expect(sameShape({}, { width: 800, height: 1000 })).toBe(false);
    expect(sameShape({ width: 800, height: 1000 }, { width: 0, height: 0 })).toBe(false);
  });
});

describe('zoom levels', () => {
  it('a double tap at least doubles the fitted image', () => {
    expect(secondaryZoom(0.85)).toBeCloseTo(1.7); // an 800 px photo on a laptop
    expect(secondaryZoom(1)).toBe(2); // an image smaller than the screen still zooms
    expect(secondaryZoom(0.25)).toBe(0.75); // a large photo: its own pixels at most 3 times the fit
    expect(secondaryZoom(0.4)).toBe(1);
  });
  it('a pinch goes to 4 times the fit or the own pixels', () => {
    expect(maxZoom(0.5)).toBe(2);
    expect(maxZoom(0.1)).toBe(1);
  });
  it('keys step 1.5 times within the initial and the max zoom', () => {
    const levels = { initial: 0.5, max: 2 };
    expect(keyZoom(0.5, 1, levels)).toBe(0.75);
    expect(keyZoom(1.5, 1, levels)).toBe(2);
    expect(keyZoom(0.75, -1, levels)).toBe(0.5);
    expect(keyZoom(0.6, -1, levels)).toBe(0.5);
  });
});
