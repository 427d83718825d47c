import { describe, expect, it } from 'vitest';
import { excerptParts, placeIndexRecord, productIdOf, productPagePath, toPlaceHit, toSearchHit } from './search.ts';

const card = {
  id: '00000000-0000-4000-8000-000000000501',
  nombre: ' Tenis  Air ',
  marca: 'Nike',
  precio_venta: 1299,
  imagen_principal: 'http://127.0.0.1:54321/storage/v1/object/public/product-images/main/a.webp',
  permalink: 'nike-air',
};

describe('toSearchHit', () => {
  it('shows the name, brand and sale price, links the page and shrinks a Storage image', () => {
    expect(toSearchHit(card, 'on')).toEqual({
      kind: 'producto',
      url: '/producto/nike-air/',
      id: card.id,
      title: 'Tenis Air',
      brand: 'Nike',
      price: '$1,299.00',
      image: 'http://127.0.0.1:54321/storage/v1/render/image/public/product-images/main/a.webp?width=96&height=120&quality=75&resize=cover',
    });
  });

  it('keeps other images as they are and tolerates a blank brand or image', () => {
    expect(toSearchHit({ ...card, imagen_principal: 'https://cdn.example.com/x.jpg' }, 'off').image).toBe('https://cdn.example.com/x.jpg');
    expect(toSearchHit({ ...card, marca: ' ', imagen_principal: '' }, 'on')).toMatchObject({ brand: null, image: null });
    expect(toSearchHit({ ...card, imagen_principal: null }, 'on').image).toBeNull();
  });
});

describe('productPagePath', () => {
  it('encodes the permalink and ends with a slash, as the static host serves the page', () => {
    expect(productPagePath('vestido-año-nuevo')).toBe('/producto/vestido-a%C3%B1o-nuevo/');
  });
});

describe('placeIndexRecord', () => {
  it('makes a brand a Spanish record found by its name, opening the shop filtered by it', () => {
    expect(placeIndexRecord({ kind: 'marca', id: 'b-1', nombre: 'Nike' })).toEqual({
      url: '/tienda?brand=b-1',
      content: 'Nike. Marca Nike.',
      language: 'es',
      meta: { title: 'Nike' },
      filters: { tipo: ['marca'] },
    });
  });

  it('gives a campaign its last day, so a result can drop it once it has ended', () => {
    const record = placeIndexRecord({ kind: 'campana', id: 'c-1', nombre: 'Buen Fin', fecha_fin: '2026-11-30' });
    expect(record).toMatchObject({
      url: '/tienda?campaign=c-1',
      meta: { title: 'Buen Fin', fin: '2026-11-30' },
      filters: { tipo: ['campana'] },
    });
    expect(placeIndexRecord({ kind: 'categoria', id: 'k-1', nombre: 'Tenis' }).url).toBe('/tienda?category=k-1');
  });
});

describe('toPlaceHit', () => {
  const found = (tipo: string, meta: Record<string, string>, excerpt = '') => ({ url: '/x', excerpt, meta, filters: { tipo: [tipo] } });

  it('labels brands, categories, campaigns and information pages', () => {
    expect(toPlaceHit(found('marca', { title: 'Nike' }), '2026-11-27')).toEqual({
      kind: 'marca',
      url: '/x',
      title: 'Nike',
      label: 'Marca',
      excerpt: [],
    });
    expect(toPlaceHit(found('categoria', { title: 'Tenis' }), '2026-11-27')?.label).toBe('Categoría');
    expect(
      toPlaceHit(found('pagina', { title: 'Términos y condiciones' }, 'Las <mark>devoluciones</mark> &amp; cambios'), '2026-11-27'),
    ).toMatchObject({
      label: 'Información',
      excerpt: [
        { text: 'Las ', marked: false },
        { text: 'devoluciones', marked: true },
        { text: ' & cambios', marked: false },
      ],
    });
  });

  it('drops a campaign whose last day has passed in Mexico City, keeps it through its last day', () => {
    expect(toPlaceHit(found('campana', { title: 'Buen Fin', fin: '2026-11-27' }), '2026-11-27')?.title).toBe('Buen Fin');
    expect(toPlaceHit(found('campana', { title: 'Buen Fin', fin: '2026-11-26' }), '2026-11-27')).toBeNull();
  });

  it('drops a record without a known kind or a title', () => {
    expect(toPlaceHit(found('producto', { title: 'Playera' }), '2026-11-27')).toBeNull();
    expect(toPlaceHit({ url: '/x', meta: { title: 'Nike' } }, '2026-11-27')).toBeNull();
    expect(toPlaceHit(found('marca', { title: '  ' }), '2026-11-27')).toBeNull();
  });
});

describe('excerptParts', () => {
  it('never lets markup through: only <mark> becomes a marked part, other tags are dropped', () => {
    expect(excerptParts('&lt;b&gt; <mark>x</mark><img src=x>')).toEqual([
      { text: '<b> ', marked: false },
      { text: 'x', marked: true },
    ]);
    expect(excerptParts(undefined)).toEqual([]);
  });
});

describe('productIdOf', () => {
  it('reads the id a product page carries', () => {
    expect(productIdOf({ url: '/producto/a/', meta: { id: ' p-1 ' } })).toBe('p-1');
    expect(productIdOf({ url: '/terminos/' })).toBeNull();
  });
});
