import { describe, expect, it } from 'vitest';
import { brandLabel, toCardProduct, toSummary, type CardSource } from './product-summary.ts';

const row: CardSource = {
  id: 'p1',
  nombre: 'Tenis Air Max',
  marca: 'nike outlet',
  precio_original: '2999.00',
  precio_venta: 1499.5,
  imagen_principal: null,
  permalink: 'nike-tenis-air-max',
  destacado: true,
  sizes: ['26', '27'],
  created_at: '2026-11-20T12:00:00+00:00',
  campaign: { nombre: 'Hot Sale', fecha_fin: '2026-12-01' },
  category: { nombre: 'Calzado' },
  brand: { display_name: 'Nike' },
};

describe('brandLabel', () => {
  it("names the linked brand's display name over the free-text marca", () => {
    expect(brandLabel('nike outlet', { display_name: 'Nike' })).toBe('Nike');
  });

  it('falls back to the marca when no brand is linked (or its name is blank)', () => {
    expect(brandLabel('Marca libre', null)).toBe('Marca libre');
    expect(brandLabel('Marca libre', { display_name: '  ' })).toBe('Marca libre');
  });
});

describe('toCardProduct', () => {
  it('maps a row to the card: brand label, prices as numbers, category and campaign names', () => {
    expect(toCardProduct(row)).toEqual({
      id: 'p1',
      nombre: 'Tenis Air Max',
      marca: 'Nike',
      precio_original: 2999,
      precio_venta: 1499.5,
      imagen_principal: null,
      permalink: 'nike-tenis-air-max',
      destacado: true,
      sizes: ['26', '27'],
      created_at: '2026-11-20T12:00:00+00:00',
      category_nombre: 'Calzado',
      campaign: { nombre: 'Hot Sale', fecha_fin: '2026-12-01' },
    });
  });

  it('reads a missing or unreadable price as 0, missing sizes as none and a hidden category as null', () => {
    const card = toCardProduct({ ...row, precio_original: null, precio_venta: 'n/a', sizes: null, category: null });
    expect([card.precio_original, card.precio_venta, card.sizes, card.category_nombre]).toEqual([0, 0, [], null]);
  });
});

describe('toSummary', () => {
  it('keeps only the fields a favourite stores, whatever else the product carries', () => {
    expect(toSummary(toCardProduct(row))).toEqual({
      id: 'p1',
      nombre: 'Tenis Air Max',
      marca: 'Nike',
      precio_original: 2999,
      precio_venta: 1499.5,
      imagen_principal: null,
      permalink: 'nike-tenis-air-max',
    });
  });
});
