import { describe, expect, it } from 'vitest';
import { productPagePath, toSearchHit } from './search.ts';

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
