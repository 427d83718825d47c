import { describe, expect, it } from 'vitest';
import { kindOfSelection, mySizeChips, parseMySizes, saveOffer, withMySize, type SizeKinds } from './my-size.ts';

const ROPA = 'cat-ropa';
const CALZADO = 'cat-calzado';
const BOLSAS = 'cat-bolsas';
const PANTALONES = 'sub-pantalones';
const PLAYERAS = 'sub-playeras';

const kinds: SizeKinds = {
  categories: { [ROPA]: 'ropa', [CALZADO]: 'calzado' },
  subcategories: { [PANTALONES]: 'pantalon' },
};

const none = { category_id: null, subcategory_id: null, size_name: null };
const facet = (...pairs: [string, number][]) => pairs.map(([id, product_count]) => ({ id, nombre: id, product_count }));

describe('saved sizes on the device', () => {
  it('reads back what was saved, per kind, and nothing from a broken or foreign value', () => {
    expect(parseMySizes('{"ropa":"M","calzado":"26.5"}')).toEqual({ ropa: 'M', calzado: '26.5' });
    expect(parseMySizes('{"ropa":" M ","zapatos":"26","pantalon":""}')).toEqual({ ropa: 'M' });
    expect(parseMySizes('{"ropa":123}')).toEqual({});
    expect(parseMySizes('["M"]')).toEqual({});
    expect(parseMySizes('{nope')).toEqual({});
    expect(parseMySizes(undefined)).toEqual({});
  });

  it('saves a size per kind, replacing that kind only, and an empty size forgets it', () => {
    const one = withMySize({}, 'ropa', ' G ');
    expect(one).toEqual({ ropa: 'G' });
    const two = withMySize(one, 'calzado', '26');
    expect(two).toEqual({ ropa: 'G', calzado: '26' });
    expect(withMySize(two, 'ropa', 'M')).toEqual({ ropa: 'M', calzado: '26' });
    expect(withMySize(two, 'ropa', '')).toEqual({ calzado: '26' });
    expect(withMySize(two, 'ropa', null)).toEqual({ calzado: '26' });
  });
});

describe('the kind of the chosen category', () => {
  it("is the subcategory's when it has one, else the category's", () => {
    expect(kindOfSelection({ category_id: ROPA, subcategory_id: PANTALONES }, kinds)).toBe('pantalon');
    expect(kindOfSelection({ category_id: ROPA, subcategory_id: PLAYERAS }, kinds)).toBe('ropa');
    expect(kindOfSelection({ category_id: CALZADO, subcategory_id: null }, kinds)).toBe('calzado');
  });

  it('is unknown for a category without one, and without a category', () => {
    expect(kindOfSelection({ category_id: BOLSAS, subcategory_id: null }, kinds)).toBeNull();
    expect(kindOfSelection({ category_id: null, subcategory_id: PANTALONES }, kinds)).toBeNull();
  });
});

describe("the 'Mi talla' chip", () => {
  const saved = { ropa: 'M', pantalon: '32', calzado: '26' };

  it("offers the chosen category's kind of size when it has products in the results", () => {
    const chips = mySizeChips(saved, { ...none, category_id: ROPA }, kinds, facet(['S', 3], ['M', 4]));
    expect(chips).toEqual([{ kind: 'ropa', size: 'M', label: 'Mi talla: M' }]);
    const pants = mySizeChips(saved, { ...none, category_id: ROPA, subcategory_id: PANTALONES }, kinds, facet(['M', 1], ['32', 2]));
    expect(pants).toEqual([{ kind: 'pantalon', size: '32', label: 'Mi talla: 32' }]);
  });

  it('is not offered when that size has no products, or no size of that kind is saved', () => {
    expect(mySizeChips(saved, { ...none, category_id: ROPA }, kinds, facet(['S', 3], ['L', 2]))).toEqual([]);
    expect(mySizeChips(saved, { ...none, category_id: ROPA }, kinds, facet(['M', 0]))).toEqual([]);
    expect(mySizeChips({ calzado: '26' }, { ...none, category_id: ROPA }, kinds, facet(['M', 3], ['26', 4]))).toEqual([]);
  });

  it('is not offered in a category without a kind of size, nor while a size is chosen', () => {
    expect(mySizeChips(saved, { ...none, category_id: BOLSAS }, kinds, facet(['M', 3]))).toEqual([]);
    expect(mySizeChips(saved, { ...none, category_id: ROPA, size_name: 'L' }, kinds, facet(['M', 3]))).toEqual([]);
  });

  it("uses the facet's own spelling of the size, so the filter matches", () => {
    expect(mySizeChips({ ropa: 'm' }, { ...none, category_id: ROPA }, kinds, facet(['M', 2]))).toEqual([
      { kind: 'ropa', size: 'M', label: 'Mi talla: m' },
    ]);
  });

  it('with no category chosen, offers each kind that has products, naming the kind, one chip per size', () => {
    const chips = mySizeChips(saved, none, kinds, facet(['M', 5], ['26', 2], ['30', 1]));
    expect(chips.map((c) => c.label)).toEqual(['Mi talla de ropa: M', 'Mi talla de calzado: 26']);
    const same = mySizeChips({ ropa: 'M', pantalon: 'M' }, none, kinds, facet(['M', 5]));
    expect(same).toHaveLength(1);
  });
});

describe("the 'Guardar como mi talla' offer", () => {
  it('is made for a chosen size in a category of a known kind, and says when it is already saved', () => {
    expect(saveOffer({}, { category_id: CALZADO, subcategory_id: null, size_name: '26.5' }, kinds)).toEqual({
      kind: 'calzado',
      size: '26.5',
      saved: false,
    });
    expect(saveOffer({ calzado: '26.5' }, { category_id: CALZADO, subcategory_id: null, size_name: '26.5' }, kinds)?.saved).toBe(true);
    expect(saveOffer({ ropa: '26.5' }, { category_id: CALZADO, subcategory_id: null, size_name: '26.5' }, kinds)?.saved).toBe(false);
  });

  it('is not made without a size, without a category, or in a category without a kind', () => {
    expect(saveOffer({}, { category_id: CALZADO, subcategory_id: null, size_name: null }, kinds)).toBeNull();
    expect(saveOffer({}, { category_id: null, subcategory_id: null, size_name: 'M' }, kinds)).toBeNull();
    expect(saveOffer({}, { category_id: BOLSAS, subcategory_id: null, size_name: 'M' }, kinds)).toBeNull();
  });
});
