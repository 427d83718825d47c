import { describe, expect, it } from 'vitest';
import { parseCsvFile } from './csv-import.ts';
import { toImportProduct } from './import/rules.ts';
import { productsCsv } from './exportCsv.ts';

const exported = {
  id: '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b',
  url: 'https://proveedor.example/p/1',
  nombre: '-Oferta: Tenis "Runner", talla única',
  precio: 450.5,
  precio_anterior: 1299,
  precio_venta: 799,
  imagenes: 'https://img.example/a.webp;https://img.example/b.webp',
  tallas: '25;26.5:3;M',
  existencias: '',
  descripcion_html: '<p>Línea 1</p>\n<p>=SUMA(A1)</p>',
  categoria: 'Calzado',
  subcategoria: 'Tenis',
  clasificacion: '',
};

describe('the product list export', () => {
  it('reads back through the CSV import as the same product, its id and sale price included', () => {
    const text = productsCsv([exported]);
    expect(text.split('\r\n')[0]).toBe(
      'url,nombre,precio,precio_anterior,imagenes,tallas,descripcion_html,categoria,subcategoria,clasificacion,existencias,id,precio_venta',
    );
    // a cell that a spreadsheet would run as a formula is written with a leading quote
    expect(text).toContain(`"'-Oferta: Tenis ""Runner"", talla única"`);
    const parsed = parseCsvFile(new TextEncoder().encode(text));
    if (!parsed.ok) throw new Error(parsed.reason);
    expect(parsed.errorCount).toBe(0);
    const product = toImportProduct(parsed.rows[0]!, 'hash');
    expect(product).toMatchObject({
      id: exported.id,
      nombre: exported.nombre,
      costo_compra: 450.5,
      precio_original: 1299,
      precio_venta: 799,
      imagenes: ['https://img.example/a.webp', 'https://img.example/b.webp'],
      tallas: ['25', '26.5:3', 'M'],
      existencias: null,
      descripcion: exported.descripcion_html,
      categoria: 'Calzado',
      subcategoria: 'Tenis',
      link_externo: exported.url,
    });
  });

  it('refuses a row whose id is not a product id', () => {
    const parsed = parseCsvFile(new TextEncoder().encode(productsCsv([{ ...exported, id: 'no-es-un-id' } as never])));
    if (!parsed.ok) throw new Error(parsed.reason);
    expect(parsed.rows[0]!.errors).toContain('El id no es válido');
  });
});
