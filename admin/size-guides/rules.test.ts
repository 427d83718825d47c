import { describe, expect, it } from 'vitest';
import { ownerKindOf, starterRows, toSaveData, validateSizeGuide } from './rules.ts';

const valid = {
  nombre: 'Ropa de mujer',
  tipo_talla: 'ropa',
  owner_kind: 'category' as const,
  category_id: 'cat-1',
  filas: [
    { mx: 'CH', us: 'S', eu: '36', pecho: '84-88' },
    { mx: 'M', us: 'M', eu: '38', pecho: '88-92' },
  ],
};

describe('the size guide form', () => {
  it('accepts a complete guide', () => {
    expect(validateSizeGuide(valid)).toEqual({});
  });

  it('asks for a name, a kind and the owner chosen', () => {
    const errors = validateSizeGuide({ ...valid, nombre: ' ', tipo_talla: null, owner_kind: 'brand', category_id: 'cat-1' });
    expect(errors).toEqual({ nombre: 'Escribe el nombre de la guía', tipo_talla: 'Elige el tipo de talla', brand_id: 'Elige la marca' });
  });

  it('asks for at least one row', () => {
    expect(validateSizeGuide({ ...valid, filas: [] })).toEqual({ filas: 'Agrega al menos una fila de tallas' });
  });

  it('points at each wrong cell: a missing or repeated MX size, a measurement that is not in cm', () => {
    const errors = validateSizeGuide({
      ...valid,
      filas: [
        { mx: 'M', pecho: '88 cm' },
        { mx: '', us: 'L' },
        { mx: 'm', cintura: '92-88' },
      ],
    });
    expect(errors).toEqual({
      filas: [
        { pecho: 'Escribe cm: 88 o 88-92' },
        { mx: 'Falta la talla MX' },
        { mx: 'Repetida (fila 1)', cintura: 'En el rango 92-88 la primera medida debe ser menor' },
      ],
    });
  });

  it('ignores measurements of another kind (they are not saved)', () => {
    expect(validateSizeGuide({ ...valid, filas: [{ mx: 'M', pie: 'x' }] })).toEqual({});
  });
});

describe('what a save writes', () => {
  it("keeps only the chosen owner and the kind's columns, trimmed, without blank cells", () => {
    expect(
      toSaveData({
        ...valid,
        owner_kind: 'brand',
        brand_id: 'nike',
        subcategory_id: 'sub-1',
        nombre: ' Nike ropa ',
        filas: [{ mx: ' M ', us: '', eu: '38', pecho: '88 – 92', pie: '26', cintura: null }],
        nota: '  ',
      }),
    ).toEqual({
      nombre: 'Nike ropa',
      tipo_talla: 'ropa',
      category_id: null,
      subcategory_id: null,
      brand_id: 'nike',
      filas: [{ mx: 'M', eu: '38', pecho: '88-92' }],
      nota: null,
    });
  });

  it("a stored guide's owner is its brand, else its subcategory, else its category", () => {
    expect(ownerKindOf({ brand_id: 'b', subcategory_id: null })).toBe('brand');
    expect(ownerKindOf({ brand_id: null, subcategory_id: 's' })).toBe('subcategory');
    expect(ownerKindOf(undefined)).toBe('category');
  });

  it('a new table starts from the common sizes of its kind', () => {
    expect(starterRows('ropa').map((r) => r.mx)).toEqual(['XCH', 'CH', 'M', 'G', 'EG', '2EG']);
    const shoes = starterRows('calzado');
    expect(shoes[0]).toEqual({ mx: '22', pie: '22' });
    expect(shoes.at(-1)).toEqual({ mx: '31', pie: '31' });
    expect(validateSizeGuide({ ...valid, tipo_talla: 'calzado', filas: shoes })).toEqual({});
  });
});
