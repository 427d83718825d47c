import { describe, expect, it } from 'vitest';
import { productMetaDescription, productOgImage, productShareImage, productTitle } from './product-meta.ts';

const base = { nombre: 'Chamarra Biker', marca: "Levi's", descripcion: null, imagen_principal: null };

describe('productTitle', () => {
  it('names the product and its brand', () => {
    expect(productTitle(base)).toBe("Chamarra Biker - Levi's");
    expect(productTitle({ ...base, marca: '' })).toBe('Chamarra Biker');
  });
});

describe('productMetaDescription', () => {
  it('is the plain text of the description, cut to 200 characters', () => {
    const long = `<p>${'Muy cómoda. '.repeat(30)}</p>`;
    const d = productMetaDescription({ ...base, descripcion: long });
    expect(d).toHaveLength(200);
    expect(d.endsWith('...')).toBe(true);
    expect(d).not.toContain('<');
  });
  it('falls back to the default text', () => {
    expect(productMetaDescription(base)).toContain("Producto original de Levi's");
  });
});

describe('productOgImage', () => {
  it('renders a Storage image at 1200x630, cropped', () => {
    const image = productOgImage({ imagen_principal: 'https://x.supabase.co/storage/v1/object/public/product-images/main/a.webp' }, 'on');
    expect(image?.size).toEqual({ width: 1200, height: 630 });
    const u = new URL(image?.url ?? '');
    expect(u.pathname).toBe('/storage/v1/render/image/public/product-images/main/a.webp');
    expect(u.searchParams.get('width')).toBe('1200');
    expect(u.searchParams.get('height')).toBe('630');
    expect(u.searchParams.get('resize')).toBe('cover');
  });
  it('keeps an external image and gives null without one', () => {
    expect(productOgImage({ imagen_principal: 'https://cdn.example/a.jpg' }, 'on')).toEqual({
      url: 'https://cdn.example/a.jpg',
      size: null,
    });
    expect(productOgImage({ imagen_principal: ' ' }, 'on')).toBeNull();
  });
  it('uses the prepared 1200x630 share picture with transforms off, so any plan shares a full card', () => {
    expect(
      productOgImage({ imagen_principal: 'https://x.supabase.co/storage/v1/object/public/product-images/main/a.jpg?v=2' }, 'off'),
    ).toEqual({
      url: 'https://x.supabase.co/storage/v1/object/public/product-images/main/a@share.webp',
      size: { width: 1200, height: 630 },
    });
  });
  it('keeps an image of another bucket, or that is not a photo, as it is with transforms off', () => {
    const svg = 'https://x.supabase.co/storage/v1/object/public/product-images/main/a.svg';
    expect(productOgImage({ imagen_principal: svg }, 'off')).toEqual({ url: svg, size: null });
  });
});

describe('productShareImage', () => {
  it("shares the product's photo when it has one", () => {
    const url = 'https://x.supabase.co/storage/v1/object/public/product-images/main/a.webp';
    expect(productShareImage({ imagen_principal: url }, 'on', 'https://tienda.mx')).toEqual(
      productOgImage({ imagen_principal: url }, 'on'),
    );
  });

  it("shares the shop's own 1200x630 picture, as an absolute address, when the product has no photo", () => {
    for (const imagen_principal of [null, '', '   ']) {
      expect(productShareImage({ imagen_principal }, 'on', 'https://tienda.mx/producto/x')).toEqual({
        url: 'https://tienda.mx/og-image.png',
        size: { width: 1200, height: 630 },
      });
    }
  });
});
