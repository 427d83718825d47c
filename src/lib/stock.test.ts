import { describe, expect, it } from 'vitest';
import { choosable, findChoosable, hasSizes, heldText, type Pieza, productState, sizeChoices, sizeState, toPiezas } from './stock.ts';

const size = (talla: string | null, libres: number, apartadas = 0): Pieza => ({ talla, libres, apartadas });

describe('reading piezas from the API', () => {
  it('keeps entries of the expected shape, sizes trimmed, counts whole and never below 0', () => {
    expect(
      toPiezas([
        { talla: ' M ', libres: 2, apartadas: 0 },
        { talla: null, libres: '1', apartadas: 1 },
        { talla: 'L', libres: -3, apartadas: 1.7 },
      ]),
    ).toEqual([size('M', 2), size(null, 1, 1), size('L', 0, 1)]);
  });
  it('drops anything else: blank or non-text sizes, non-objects, a value that is not a list', () => {
    expect(toPiezas([{ talla: ' ', libres: 1 }, { talla: 4, libres: 1 }, { libres: 1 }, 'M', null])).toEqual([]);
    expect(toPiezas(null)).toEqual([]);
    expect(toPiezas({ talla: 'M' })).toEqual([]);
  });
});

describe('each size as the product page shows it', () => {
  it("says 'Última pieza' with exactly one piece for sale, 'Apartada' with none but some held, 'Agotada' with every piece sold", () => {
    expect(sizeState({ libres: 3, apartadas: 0 })).toBe('disponible');
    expect(sizeState({ libres: 1, apartadas: 2 })).toBe('ultima');
    expect(sizeState({ libres: 0, apartadas: 1 })).toBe('apartada');
    expect(sizeState({ libres: 0, apartadas: 0 })).toBe('agotada');
  });
  it('lists every size in the order given; a held or sold-out one cannot be chosen', () => {
    const choices = sizeChoices([size('XS', 0), size('S', 2), size('M', 1, 1), size('L', 0, 2)]);
    expect(choices).toEqual([
      { talla: 'XS', estado: 'agotada' },
      { talla: 'S', estado: 'disponible' },
      { talla: 'M', estado: 'ultima' },
      { talla: 'L', estado: 'apartada' },
    ]);
    expect(choices.filter(choosable).map((c) => c.talla)).toEqual(['S', 'M']);
  });
  it('a product without sizes has no size to choose', () => {
    expect(sizeChoices([size(null, 1)])).toEqual([]);
    expect(hasSizes([size(null, 1)])).toBe(false);
    expect(hasSizes([size('M', 0, 1)])).toBe(true);
    expect(hasSizes([])).toBe(false);
  });
  it('finds a size to choose by name, case and spaces aside, never a held or sold-out one', () => {
    const choices = sizeChoices([size('XL', 1), size('M', 0, 1), size('L', 0)]);
    expect(findChoosable(choices, ' xl ')).toEqual({ talla: 'XL', estado: 'ultima' });
    expect(findChoosable(choices, 'M')).toBeNull();
    expect(findChoosable(choices, 'L')).toBeNull();
    expect(findChoosable(choices, 'S')).toBeNull();
    expect(findChoosable(choices, null)).toBeNull();
    expect(findChoosable(choices, '')).toBeNull();
  });
});

describe('the product as a whole', () => {
  it('is for sale while any piece is; without sizes, its one piece is its last', () => {
    expect(productState([size('S', 0, 1), size('M', 1)])).toBe('disponible');
    expect(productState([size('M', 1)])).toBe('disponible');
    expect(productState([size(null, 2)])).toBe('disponible');
    expect(productState([size(null, 1)])).toBe('ultima');
  });
  it("is 'apartado' when pieces are left but every one is held, 'agotado' when none is left", () => {
    expect(productState([size(null, 0, 1)])).toBe('apartado');
    expect(productState([size('S', 0, 1), size('M', 0, 2)])).toBe('apartado');
    expect(productState([size(null, 0, 0)])).toBe('agotado');
    expect(productState([size('S', 0), size('M', 0)])).toBe('agotado');
    expect(productState([size('S', 0), size('M', 0, 1)])).toBe('apartado');
    expect(productState([])).toBe('agotado');
  });
  it('says whether one piece or several are held', () => {
    expect(heldText([size(null, 0, 1)])).toBe('Alguien apartó la última pieza. Si no se paga, vuelve a estar a la venta.');
    expect(heldText([size('S', 0, 1), size('M', 0, 1)])).toBe(
      'Alguien apartó las últimas piezas. Si no se pagan, vuelven a estar a la venta.',
    );
  });
});
