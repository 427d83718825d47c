import { describe, expect, it } from 'vitest';
import {
  galleryImagePath,
  IMAGE_TOO_LARGE_MESSAGE,
  imageExtension,
  imageFileError,
  INVALID_IMAGE_MESSAGE,
  isImageUrl,
  mainImagePath,
  MAX_IMAGE_BYTES,
  nextImageOrder,
  storagePathFromUrl,
  storagePathsFromUrls,
} from './upload-names.ts';

describe('imageFileError', () => {
  it('accepts JPG, PNG and WebP up to 5MB', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp']) {
      expect(imageFileError({ name: 'a', type, size: MAX_IMAGE_BYTES })).toBeNull();
    }
  });
  it('refuses other types with the spec message', () => {
    expect(imageFileError({ name: 'a.pdf', type: 'application/pdf', size: 10 })).toBe(INVALID_IMAGE_MESSAGE);
    expect(imageFileError({ name: 'a.gif', type: 'image/gif', size: 10 })).toBe('Por favor selecciona un archivo de imagen válido');
    expect(imageFileError({ name: 'a.gif', type: 'image/gif', size: 10 }, [])).toBeNull();
  });
  it('refuses files over 5MB', () => {
    expect(imageFileError({ name: 'a.png', type: 'image/png', size: MAX_IMAGE_BYTES + 1 })).toBe(IMAGE_TOO_LARGE_MESSAGE);
    expect(IMAGE_TOO_LARGE_MESSAGE).toBe('La imagen debe ser menor a 5MB');
  });
});

describe('object names', () => {
  const rnd = () => 0.123456789;
  it('names the main image by time and random', () => {
    expect(mainImagePath({ name: 'Foto.PNG', type: 'image/png' }, 1700000000000, rnd)).toMatch(/^1700000000000-[a-z0-9]{6,8}\.png$/);
    expect(mainImagePath({ name: 'x', type: 'image/jpeg' }, 1, rnd)).toBe(mainImagePath({ name: 'y', type: 'image/jpeg' }, 1, rnd));
  });
  it('puts extra images under the product id', () => {
    expect(galleryImagePath('abc-123', { name: 'f.webp', type: 'image/webp' }, 5, rnd)).toMatch(/^abc-123\/5-[a-z0-9]+\.webp$/);
  });
  it('derives the extension from the type, else the name', () => {
    expect(imageExtension({ name: 'a.JPEG', type: '' })).toBe('jpeg');
    expect(imageExtension({ name: 'noext', type: '' })).toBe('jpg');
    expect(imageExtension({ name: 'a.png', type: 'image/webp' })).toBe('webp');
  });
});

describe('storagePathFromUrl', () => {
  const base = 'http://127.0.0.1:54321/storage/v1/object/public/product-images/';
  it('returns the object path of our public URLs', () => {
    expect(storagePathFromUrl(`${base}p1/1-abc.png`)).toBe('p1/1-abc.png');
    expect(storagePathFromUrl(`${base}1-a%20b.png?v=2`)).toBe('1-a b.png');
  });
  it('ignores external URLs, other buckets and empty values', () => {
    expect(storagePathFromUrl('https://cdn.example/a.png')).toBeNull();
    expect(storagePathFromUrl('http://x/storage/v1/object/public/hero-images/a.png')).toBeNull();
    expect(storagePathFromUrl(null)).toBeNull();
    expect(storagePathFromUrl(base)).toBeNull();
  });
  it('collects unique paths from many URLs', () => {
    expect(storagePathsFromUrls([`${base}a.png`, 'https://x/b.png', `${base}a.png`, `${base}p/c.png`])).toEqual(['a.png', 'p/c.png']);
  });
});

describe('nextImageOrder / isImageUrl', () => {
  it('is max + 1, or 1', () => {
    expect(nextImageOrder([])).toBe(1);
    expect(nextImageOrder([1, 5, 2])).toBe(6);
    expect(nextImageOrder([null, undefined])).toBe(1);
  });
  it('accepts http(s) URLs only', () => {
    expect(isImageUrl(' https://a.example/x.jpg ')).toBe(true);
    expect(isImageUrl('javascript:alert(1)')).toBe(false);
    expect(isImageUrl('')).toBe(false);
  });
});
