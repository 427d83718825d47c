import { describe, expect, it } from 'vitest';
import { parseCsvFile } from '../csv-import.ts';
import { campaignProblem, toImportProduct } from './rules.ts';

const T = 'app.products.import';

describe('campaignProblem', () => {
  it('asks for name, start and end', () => {
    expect(campaignProblem('  ', '2026-11-01', '2026-12-01', '2026-11-22')).toBe(`${T}.campaign_fields_required`);
    expect(campaignProblem('Buen Fin', '', '2026-12-01', '2026-11-22')).toBe(`${T}.campaign_fields_required`);
    expect(campaignProblem('Buen Fin', '2026-11-01', '', '2026-11-22')).toBe(`${T}.campaign_fields_required`);
  });

  it('refuses an end before the start, and a campaign that already ended', () => {
    expect(campaignProblem('Buen Fin', '2026-12-01', '2026-11-30', '2026-11-22')).toBe(`${T}.campaign_end_before_start`);
    expect(campaignProblem('Buen Fin', '2026-11-01', '2026-11-21', '2026-11-22')).toBe(`${T}.campaign_ended`);
  });

  it('accepts a campaign ending today', () => {
    expect(campaignProblem('Buen Fin', '2026-11-01', '2026-11-22', '2026-11-22')).toBeNull();
  });
});

describe('toImportProduct', () => {
  it('sends the row as the function takes it, keyed by file and row', () => {
    const csv =
      'nombre,precio,precio_anterior,imagenes,tallas,categoria,url\nTenis,1000,3000,https://e.com/a.jpg,26;27,Calzado,https://e.com/p\n';
    const parsed = parseCsvFile(new TextEncoder().encode(csv));
    if (!parsed.ok) throw new Error(parsed.reason);
    const row = parsed.valid[0];
    if (!row) throw new Error('sin filas');
    expect(toImportProduct(row, 'abc123')).toEqual({
      nombre: 'Tenis',
      costo_compra: 1000,
      precio_original: 3000,
      precio_venta: 1800,
      imagenes: ['https://e.com/a.jpg'],
      tallas: ['26', '27'],
      // no existencias column: blank, sent as null
      existencias: null,
      descripcion: '',
      categoria: 'Calzado',
      subcategoria: '',
      link_externo: 'https://e.com/p',
      import_key: 'abc123:1',
      id: null,
    });
  });
});
