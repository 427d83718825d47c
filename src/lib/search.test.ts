import { describe, expect, it } from 'vitest';
import { toSearchHit } from './search.ts';

describe('toSearchHit', () => {
  it('reads title, brand and price from the meta and shrinks a Storage image', () => {
    const hit = toSearchHit(
      {
        url: '/producto/nike-air/',
        meta: {
          id: '00000000-0000-4000-8000-000000000501',
          title: ' Tenis  Air ',
          brand: 'Nike',
          price: '$1,299.00',
          image: 'http://127.0.0.1:54321/storage/v1/object/public/product-images/main/a.webp',
        },
      },
      'on',
    );
    expect(hit).toEqual({
      url: '/producto/nike-air/',
      id: '00000000-0000-4000-8000-000000000501',
      title: 'Tenis Air',
      brand: 'Nike',
      price: '$1,299.00',
      image: 'http://127.0.0.1:54321/storage/v1/render/image/public/product-images/main/a.webp?width=96&height=120&quality=75&resize=cover',
    });
  });

  it('keeps other images as they are and tolerates missing meta', () => {
    expect(toSearchHit({ url: '/producto/x/', meta: { image: 'https://cdn.example.com/x.jpg' } }, 'off')).toEqual({
      url: '/producto/x/',
      id: null,
      title: '/producto/x/',
      image: 'https://cdn.example.com/x.jpg',
      brand: null,
      price: null,
    });
    expect(toSearchHit({ url: '/producto/y/', meta: { title: 'Y', brand: ' ', image: '' } }, 'on')).toMatchObject({
      brand: null,
      image: null,
    });
  });
});
