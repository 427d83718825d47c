import { describe, expect, it } from 'vitest';
import { type FilterCatalogue, filterStates, type ShopPageArgs } from '../../scripts/bench/filter-states.ts';

const catalogue: FilterCatalogue = {
  categoryIds: ['cat-a', 'cat-b', 'cat-c'],
  subcategories: [
    { id: 'sub-a1', categoryId: 'cat-a' },
    { id: 'sub-a2', categoryId: 'cat-a' },
    { id: 'sub-b1', categoryId: 'cat-b' },
    { id: 'sub-x', categoryId: null },
  ],
  brandIds: ['brand-1', 'brand-2', 'brand-3', 'brand-4'],
  campaignIds: ['camp-1', 'camp-2'],
  sizeNames: ['S', 'M', 'L', '28', 'Unitalla'],
  priceRangeIds: ['0-1000', '1000-2000', '2000-5000', '5000-10000', '10000-20000', '20000+'],
  brandNames: ['Nike', "Levi's", 'Tommy Hilfiger'],
  categoryNames: ['Mujer', 'Hombre', 'Accesorios'],
};

const FACET_KEYS = ['p_category_id', 'p_subcategory_id', 'p_brand_id', 'p_campaign_id', 'p_price_range', 'p_size_name'] as const;
const facetsSet = (s: ShopPageArgs) => FACET_KEYS.filter((k) => s[k] !== null).length;

describe('filterStates', () => {
  const states = filterStates(catalogue);

  it('gives 200 states by default, and the same ones on every call', () => {
    expect(states).toHaveLength(200);
    expect(filterStates(catalogue)).toEqual(states);
    expect(filterStates(catalogue, 30)).toEqual(states.slice(0, 30));
  });

  it('starts with the shop as first opened: no filter, first page of 12', () => {
    expect(states[0]).toEqual({
      p_category_id: null,
      p_subcategory_id: null,
      p_brand_id: null,
      p_campaign_id: null,
      p_price_range: null,
      p_size_name: null,
      p_search_term: null,
      p_offset: 0,
      p_limit: 12,
      p_sort: null,
    });
  });

  it('uses only ids and names of the catalogue given', () => {
    const subIds = catalogue.subcategories.map((s) => s.id);
    for (const s of states) {
      if (s.p_category_id !== null) expect(catalogue.categoryIds).toContain(s.p_category_id);
      if (s.p_subcategory_id !== null) expect(subIds).toContain(s.p_subcategory_id);
      if (s.p_brand_id !== null) expect(catalogue.brandIds).toContain(s.p_brand_id);
      if (s.p_campaign_id !== null) expect(catalogue.campaignIds).toContain(s.p_campaign_id);
      if (s.p_price_range !== null) expect(catalogue.priceRangeIds).toContain(s.p_price_range);
      if (s.p_size_name !== null) expect(catalogue.sizeNames.map((n) => n.toLowerCase())).toContain(s.p_size_name.toLowerCase());
      expect(s.p_offset % 12).toBe(0);
      expect(s.p_offset).toBeLessThanOrEqual(228);
    }
  });

  it('mixes no filter, one facet, several facets and searches, on first and later pages', () => {
    const plain = states.filter((s) => facetsSet(s) === 0 && s.p_search_term === null);
    const one = states.filter((s) => facetsSet(s) === 1 && s.p_search_term === null);
    const several = states.filter((s) => facetsSet(s) >= 2);
    const searches = states.filter((s) => s.p_search_term !== null);
    expect(plain.length).toBeGreaterThanOrEqual(15);
    expect(one.length).toBeGreaterThanOrEqual(60);
    expect(several.length).toBeGreaterThanOrEqual(40);
    expect(searches.length).toBeGreaterThanOrEqual(50);
    expect(searches.some((s) => facetsSet(s) === 1)).toBe(true);
    for (const key of FACET_KEYS) expect(states.some((s) => s[key] !== null)).toBe(true);
    expect(states.filter((s) => s.p_offset === 0).length).toBeGreaterThan(100);
    expect(states.some((s) => s.p_offset >= 120)).toBe(true);
  });

  it('searches words with and without their accents, catalogue names and terms that match nothing', () => {
    const terms = new Set(states.map((s) => s.p_search_term).filter((t): t is string => t !== null));
    const withoutAccents = (t: string) => t.normalize('NFD').replace(/\p{M}/gu, '');
    // the same word typed both ways, as 'pantalón' and 'pantalon'
    expect([...terms].some((t) => t !== withoutAccents(t) && terms.has(withoutAccents(t)))).toBe(true);
    expect([...terms].some((t) => catalogue.brandNames.includes(t))).toBe(true);
    expect([...terms].some((t) => catalogue.categoryNames.includes(t))).toBe(true);
    expect([...terms].some((t) => ['zzqx', 'xilófono', 'submarino', '%_'].includes(t))).toBe(true);
  });

  it('mostly pairs a subcategory with its own category when both are set', () => {
    const both = states.filter((s) => s.p_category_id !== null && s.p_subcategory_id !== null);
    const own = both.filter((s) => catalogue.subcategories.find((c) => c.id === s.p_subcategory_id)?.categoryId === s.p_category_id);
    expect(both.length).toBeGreaterThan(0);
    expect(own.length / both.length).toBeGreaterThan(0.5);
  });

  it('still gives states for a catalogue with empty lists', () => {
    const bare = filterStates({ ...catalogue, brandIds: [], sizeNames: [], brandNames: [] }, 50);
    expect(bare).toHaveLength(50);
    expect(bare.every((s) => s.p_brand_id === null && s.p_size_name === null)).toBe(true);
  });
});
