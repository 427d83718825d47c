import { describe, expect, it } from 'vitest';
import { isStorageObjectUrl, renderImageUrl, responsiveImage } from './images.ts';

const OBJ = 'http://127.0.0.1:54321/storage/v1/object/public/product-images/a/b%20c.jpg';

describe('renderImageUrl', () => {
  it('turns a public object URL into a render URL with width and quality', () => {
    expect(renderImageUrl(OBJ, { width: 480 })).toBe(
      'http://127.0.0.1:54321/storage/v1/render/image/public/product-images/a/b%20c.jpg?width=480&quality=75',
    );
  });
  it('adds height and resize, rounding dimensions', () => {
    expect(renderImageUrl(OBJ, { width: 480.4, height: 600.6, quality: 60, resize: 'cover' })).toBe(
      'http://127.0.0.1:54321/storage/v1/render/image/public/product-images/a/b%20c.jpg?width=480&height=601&quality=60&resize=cover',
    );
  });
  it('keeps an existing query and overrides width', () => {
    expect(renderImageUrl(`${OBJ}?v=2&width=10`, { width: 240 })).toBe(
      'http://127.0.0.1:54321/storage/v1/render/image/public/product-images/a/b%20c.jpg?v=2&width=240&quality=75',
    );
  });
  it('leaves external and data URLs alone', () => {
    expect(renderImageUrl('https://cdn.example.com/x.jpg', { width: 240 })).toBe('https://cdn.example.com/x.jpg');
    expect(renderImageUrl('data:image/png;base64,AA', { width: 240 })).toBe('data:image/png;base64,AA');
  });
});

describe('isStorageObjectUrl', () => {
  it('accepts only public storage objects', () => {
    expect(isStorageObjectUrl(OBJ)).toBe(true);
    expect(isStorageObjectUrl('https://x.test/storage/v1/object/sign/a.jpg')).toBe(false);
    expect(isStorageObjectUrl(null)).toBe(false);
    expect(isStorageObjectUrl(undefined)).toBe(false);
  });
});

describe('responsiveImage', () => {
  it('builds a srcset at a 4:5 aspect with one entry per width', () => {
    const img = responsiveImage(OBJ, 4 / 5, [240, 480]);
    expect(img.srcSet).toBe(
      [
        'http://127.0.0.1:54321/storage/v1/render/image/public/product-images/a/b%20c.jpg?width=240&height=300&quality=75&resize=cover 240w',
        'http://127.0.0.1:54321/storage/v1/render/image/public/product-images/a/b%20c.jpg?width=480&height=600&quality=75&resize=cover 480w',
      ].join(', '),
    );
    expect(img.src).toContain('width=480&height=600');
  });
  it('falls back to the third width for src with the default widths', () => {
    expect(responsiveImage(OBJ, 1).src).toContain('width=480&height=480');
  });
  it('gives no srcset for an external image', () => {
    expect(responsiveImage('https://cdn.example.com/x.jpg', 4 / 5)).toEqual({ src: 'https://cdn.example.com/x.jpg' });
  });
});
