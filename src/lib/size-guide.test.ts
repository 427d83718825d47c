import { describe, expect, it } from 'vitest';
import { guideColumns, kindOf, measureError, normalizeMeasure, shopSizeOfRow, toSizeGuide } from './size-guide.ts';

describe('kinds of size', () => {
  it("a subcategory's kind overrides its category's", () => {
    expect(kindOf('ropa', 'pantalon')).toBe('pantalon');
    expect(kindOf('ropa', null)).toBe('ropa');
    expect(kindOf(null, 'calzado')).toBe('calzado');
    expect(kindOf(null, null)).toBeNull();
    expect(kindOf('zapatos', undefined)).toBeNull();
  });

  it('each kind shows MX, US, EU and its own measurements', () => {
    expect(guideColumns('ropa').map((c) => c.label)).toEqual(['MX', 'US', 'EU', 'Pecho', 'Cintura', 'Cadera']);
    expect(guideColumns('pantalon').map((c) => c.label)).toEqual(['MX', 'US', 'EU', 'Cintura', 'Cadera', 'Entrepierna']);
    expect(guideColumns('calzado').map((c) => c.label)).toEqual(['MX', 'US', 'EU', 'Largo del pie']);
  });
});

describe('measurements in cm', () => {
  it('accepts a length or a range, written loosely', () => {
    expect(normalizeMeasure(' 88 – 92 ')).toBe('88-92');
    expect(normalizeMeasure('24,5')).toBe('24.5');
    for (const ok of ['88', '24.5', '88-92', '88 - 92', '', '  ']) expect(measureError(ok)).toBeNull();
  });

  it('refuses what is not a length in cm, with the reason', () => {
    expect(measureError('M')).toBe('«M» no es una medida en cm (escribe 88 o 88-92)');
    expect(measureError('88 cm')).toBe('«88 cm» no es una medida en cm (escribe 88 o 88-92)');
    expect(measureError('24.55')).toContain('no es una medida en cm');
    expect(measureError('0')).toBe('0 cm no es una medida posible (de 1 a 250)');
    expect(measureError('300')).toBe('300 cm no es una medida posible (de 1 a 250)');
    expect(measureError('92-88')).toBe('en el rango 92-88 la primera medida debe ser menor');
    expect(measureError('88-88')).toBe('en el rango 88-88 la primera medida debe ser menor');
  });
});

describe('a stored guide', () => {
  const stored = {
    id: 'g1',
    nombre: 'Ropa de mujer',
    tipo_talla: 'ropa',
    nota: null,
    filas: [{ mx: 'CH', us: 'S', eu: '36', pecho: '84-88', pie: '25' }, { us: 'M' }, 'x'],
  };

  it("keeps the rows with an MX size and only its kind's columns", () => {
    expect(toSizeGuide(stored)).toEqual({
      id: 'g1',
      nombre: 'Ropa de mujer',
      tipo_talla: 'ropa',
      nota: null,
      filas: [{ mx: 'CH', us: 'S', eu: '36', pecho: '84-88' }],
    });
  });

  it('is no guide with an unknown kind or no rows', () => {
    expect(toSizeGuide({ ...stored, tipo_talla: 'bolsas' })).toBeNull();
    expect(toSizeGuide({ ...stored, filas: [] })).toBeNull();
    expect(toSizeGuide({ ...stored, filas: null })).toBeNull();
  });
});

describe('the size a row is sold as', () => {
  const row = { mx: 'CH', us: 'S', eu: '36' };
  it('is the first of MX, US and EU the product lists, as the product spells it', () => {
    expect(shopSizeOfRow(row, ['S', 'M', 'L'])).toBe('S');
    expect(shopSizeOfRow(row, ['ch', 'S'])).toBe('ch');
    expect(shopSizeOfRow({ mx: '26', us: '8', eu: '41' }, ['25', '26'])).toBe('26');
  });

  it('is the MX size when the product lists none of them', () => {
    expect(shopSizeOfRow(row, ['XL'])).toBe('CH');
    expect(shopSizeOfRow(row, [])).toBe('CH');
  });
});
