import { describe, expect, it } from 'vitest';
import { isStorageObjectUrl, RENDER_WIDTHS, renderImageUrl, renderWidth, responsiveImage } from './images.ts';

const OBJ = 'http://127.0.0.1:54321/storage/v1/object/public/product-images/a/b%20c.jpg';

describe('renderImageUrl', () => {
  it('turns a public object URL into a render URL with width and quality', () => {
    expect(renderImageUrl(OBJ, { width: 480, transforms: 'on' })).toBe(
      'http://127.0.0.1:54321/storage/v1/render/image/public/product-images/a/b%20c.jpg?width=480&quality=75',
    );
  });
  it('adds height and resize, rounding dimensions', () => {
    expect(renderImageUrl(OBJ, { width: 480.4, height: 600.6, quality: 60, resize: 'cover', transforms: 'on' })).toBe(
      'http://127.0.0.1:54321/storage/v1/render/image/public/product-images/a/b%20c.jpg?width=480&height=601&quality=60&resize=cover',
    );
  });
  it('asks only for the widths and qualities the image service renders, keeping the box shape', () => {
    expect(renderImageUrl(OBJ, { width: 100, height: 125, quality: 90, resize: 'cover', transforms: 'on' })).toBe(
      'http://127.0.0.1:54321/storage/v1/render/image/public/product-images/a/b%20c.jpg?width=120&height=150&quality=80&resize=cover',
    );
    expect(renderImageUrl(OBJ, { width: 5000, quality: 10, transforms: 'on' })).toBe(
      'http://127.0.0.1:54321/storage/v1/render/image/public/product-images/a/b%20c.jpg?width=1600&quality=60',
    );
    for (const w of [1, 97, 481, 1599]) expect(RENDER_WIDTHS).toContain(renderWidth(w));
  });
  it('keeps an existing query and overrides width', () => {
    expect(renderImageUrl(`${OBJ}?v=2&width=10`, { width: 240, transforms: 'on' })).toBe(
      'http://127.0.0.1:54321/storage/v1/render/image/public/product-images/a/b%20c.jpg?v=2&width=240&quality=75',
    );
  });
  it('leaves external and data URLs alone', () => {
    expect(renderImageUrl('https://cdn.example.com/x.jpg', { width: 240, transforms: 'on' })).toBe('https://cdn.example.com/x.jpg');
    expect(renderImageUrl('data:image/png;base64,AA', { width: 240, transforms: 'on' })).toBe('data:image/png;base64,AA');
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
    const img = responsiveImage(OBJ, { aspect: 4 / 5, widths: [240, 480], transforms: 'on' });
    expect(img.srcSet).toBe(
      [
        'http://127.0.0.1:54321/storage/v1/render/image/public/product-images/a/b%20c.jpg?width=240&height=300&quality=75&resize=cover 240w',
        'http://127.0.0.1:54321/storage/v1/render/image/public/product-images/a/b%20c.jpg?width=480&height=600&quality=75&resize=cover 480w',
      ].join(', '),
    );
    expect(img.src).toContain('width=480&height=600');
  });
  it('falls back to the third width for src with the default widths', () => {
    expect(responsiveImage(OBJ, { aspect: 1, transforms: 'on' }).src).toContain('width=480&height=480');
  });
  it('gives no srcset for an external image', () => {
    expect(responsiveImage('https://cdn.example.com/x.jpg', { aspect: 4 / 5, transforms: 'on' })).toEqual({
      src: 'https://cdn.example.com/x.jpg',
    });
  });
});

describe('with transforms off (prepared copies)', () => {
  const HERO = 'https://x.supabase.co/storage/v1/object/public/hero-images/1700-ab.png';

  it('points a render request at the smallest copy at least as wide, or the widest', () => {
    expect(renderImageUrl(OBJ, { width: 96, height: 120, resize: 'cover', transforms: 'off' })).toBe(
      'http://127.0.0.1:54321/storage/v1/object/public/product-images/a/b%20c@480.webp',
    );
    expect(renderImageUrl(`${OBJ}?v=2`, { width: 1200, transforms: 'off' })).toBe(
      'http://127.0.0.1:54321/storage/v1/object/public/product-images/a/b%20c@960.webp',
    );
    expect(renderImageUrl(HERO, { width: 1280, transforms: 'off' })).toBe(
      'https://x.supabase.co/storage/v1/object/public/hero-images/1700-ab@1600.webp',
    );
  });

  it("offers the bucket's prepared widths in srcset, whatever widths were asked", () => {
    expect(responsiveImage(OBJ, { aspect: 4 / 5, widths: [240, 360, 480, 720], transforms: 'off' })).toEqual({
      src: 'http://127.0.0.1:54321/storage/v1/object/public/product-images/a/b%20c@480.webp',
      srcSet:
        'http://127.0.0.1:54321/storage/v1/object/public/product-images/a/b%20c@480.webp 480w, http://127.0.0.1:54321/storage/v1/object/public/product-images/a/b%20c@960.webp 960w',
    });
    const hero = responsiveImage(HERO, { widths: [640, 960, 1280, 1600], transforms: 'off' });
    expect(hero.src).toBe('https://x.supabase.co/storage/v1/object/public/hero-images/1700-ab@1600.webp');
    expect(hero.srcSet).toContain('1700-ab@960.webp 960w');
    expect(hero.srcSet).not.toContain('render');
  });

  it('shows external images, SVGs and objects of other buckets as given', () => {
    const svg = 'https://x.supabase.co/storage/v1/object/public/product-images/logo.svg';
    const other = 'https://x.supabase.co/storage/v1/object/public/avatars/me.png';
    for (const url of ['https://cdn.example.com/x.jpg', svg, other]) {
      expect(responsiveImage(url, { aspect: 4 / 5, transforms: 'off' })).toEqual({ src: url });
      expect(renderImageUrl(url, { width: 480, transforms: 'off' })).toBe(url);
    }
  });
});
