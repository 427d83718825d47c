import { describe, expect, it } from 'vitest';
import { productPagePath, searchRecord } from './search-record.ts';

const product = {
  id: '16155a6e-5419-4279-89b7-bdbc56ef5a25',
  nombre: 'Blusa de Lino Verde',
  marca: 'Guess',
  permalink: 'guess-blusa-de-lino-verde',
  precio_venta: 2699,
  imagen_principal: 'https://x.supabase.co/storage/v1/object/public/product-images/main/a.webp',
  descripcion: '<p>Lino &amp; algodón</p><ul><li>Corte recto</li></ul>',
  sizes: ['S', 'M'],
  category_nombre: 'Ropa de Mujer',
  subcategory_nombre: 'Blusas y Playeras',
  campaign: { nombre: 'Regreso a Clases' },
};

describe('searchRecord', () => {
  it('indexes the name, brand, categories, campaign, description as text and sizes', () => {
    expect(searchRecord(product).content).toBe(
      'Blusa de Lino Verde. Guess. Ropa de Mujer. Blusas y Playeras. Regreso a Clases. Lino & algodón. Corte recto. Tallas disponibles: S, M.',
    );
  });

  it('gives the result list the id, title, brand, price as shown and main image', () => {
    const record = searchRecord(product);
    expect(record.url).toBe('/producto/guess-blusa-de-lino-verde/');
    expect(record.language).toBe('es-mx');
    expect(record.meta).toEqual({
      id: product.id,
      title: 'Blusa de Lino Verde',
      brand: 'Guess',
      price: '$2,699.00',
      image: product.imagen_principal,
    });
  });

  it('uses the default description and leaves out what a product lacks', () => {
    const record = searchRecord({
      ...product,
      descripcion: null,
      sizes: [],
      subcategory_nombre: null,
      imagen_principal: null,
    });
    expect(record.content).toBe(
      'Blusa de Lino Verde. Guess. Ropa de Mujer. Regreso a Clases. Producto original de Guess, nuevo y con etiquetas. Pieza de outlet con existencias limitadas: revisa la guía de tallas y confirma disponibilidad por mensaje antes de comprar.',
    );
    expect(record.meta).not.toHaveProperty('image');
  });

  it('addresses the page folder the build writes, the permalink encoded', () => {
    expect(productPagePath('niño-tenis')).toBe('/producto/ni%C3%B1o-tenis/');
  });
});
