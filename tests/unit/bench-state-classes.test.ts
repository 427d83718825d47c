import { describe, expect, it } from 'vitest';
import {
  CLASSES,
  SORTS,
  type ClassCatalogue,
  pagesOf,
  classValues,
  MISS,
  PAGES,
  SEARCH_TERMS,
  type SampleProduct,
  searchTerms,
  stateClasses,
} from '../../scripts/bench/state-classes.ts';

const named = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => ({ id: `${prefix}-${i}`, name: `${prefix} ${i}` }));
const categories = named('cat', 3);
const subcategories = named('sub', 5);
const brands = [
  { id: 'b-0', name: 'Nike' },
  { id: 'b-1', name: 'Adidas' },
  { id: 'b-2', name: "Levi's" },
];
const campaigns = named('camp', 2);
const ranges = ['0-1000', '1000-2000', '2000-5000', '5000-10000', '10000-20000', '20000+'];

const sample: SampleProduct[] = Array.from({ length: 60 }, (_, i) => ({
  categoryId: `cat-${i % 3}`,
  // some products without a subcategory or sizes: combinations needing them skip those
  subcategoryId: i % 7 === 0 ? null : `sub-${i % 5}`,
  brandId: `b-${i % 3}`,
  campaignId: `camp-${i % 2}`,
  priceRange: ranges[i % 6] as string,
  sizes: i % 5 === 0 ? [] : ['M', 'L'],
  name: `${['Pantalón', 'Camisa', 'Tenis'][i % 3]} modelo ${i}`,
}));

// word counts from 1 to 5000, as a catalogue's name words would have
const words = [
  { word: 'pantalón', products: 5000 },
  { word: 'camisa', products: 3000 },
  { word: 'negro', products: 1200 },
  { word: 'cargo', products: 700 },
  { word: 'lino', products: 300 },
  { word: 'slim', products: 150 },
  { word: 'vintage', products: 90 },
  { word: 'oxford', products: 40 },
  { word: 'paperbag', products: 20 },
  { word: 'tiedye', products: 9 },
  { word: 'mostaza', products: 4 },
  { word: 'borgoña', products: 2 },
  { word: 'único', products: 1 },
  { word: '28x30', products: 50 }, // not a word: never a term
  { word: 'de', products: 8000 }, // too short: never a term
  ...Array.from({ length: 26 }, (_, i) => ({ word: `palabra${String.fromCharCode(97 + i)}`, products: 10 + i * 37 })),
];

const catalogue: ClassCatalogue = {
  sizes: ['XS', 'S', 'M', 'L', '28', 'Unitalla'],
  categories,
  subcategories,
  brands,
  liveCampaigns: campaigns,
  priceRanges: ranges,
  words,
  nameAndBrandWords: [...words, { word: 'nike', products: 900 }],
  sample,
};

describe('stateClasses', () => {
  const states = stateClasses(catalogue);
  const values = classValues(catalogue);

  it('gives every class, the same states on every call', () => {
    expect(new Set(states.map((s) => s.class))).toEqual(new Set(CLASSES));
    expect(stateClasses(catalogue)).toEqual(states);
  });

  it('has every size, category, subcategory, brand, live campaign and price range alone', () => {
    const alone = (cls: string, key: string) =>
      new Set(states.filter((s) => s.class === cls).map((s) => (s.args as unknown as Record<string, unknown>)[key]));
    expect(alone('size', 'p_size_name')).toEqual(new Set(catalogue.sizes));
    expect(alone('category', 'p_category_id')).toEqual(new Set(categories.map((c) => c.id)));
    expect(alone('subcategory', 'p_subcategory_id')).toEqual(new Set(subcategories.map((c) => c.id)));
    expect(alone('brand', 'p_brand_id')).toEqual(new Set(brands.map((c) => c.id)));
    expect(alone('campaign', 'p_campaign_id')).toEqual(new Set(campaigns.map((c) => c.id)));
    expect(alone('price', 'p_price_range')).toEqual(new Set(ranges));
    const setCount = (s: (typeof states)[number]) =>
      [
        s.args.p_category_id,
        s.args.p_subcategory_id,
        s.args.p_brand_id,
        s.args.p_campaign_id,
        s.args.p_price_range,
        s.args.p_size_name,
        s.args.p_search_term,
      ].filter((v) => v !== null).length;
    for (const cls of ['size', 'category', 'subcategory', 'brand', 'campaign', 'price', 'search'] as const)
      for (const s of states.filter((x) => x.class === cls)) expect(setCount(s), `${cls}: ${s.label}`).toBe(1);
    for (const s of states.filter((x) => x.class === 'none')) expect(setCount(s)).toBe(0);
    for (const s of states.filter((x) => x.class === 'two')) expect(setCount(s), s.label).toBe(2);
    for (const s of states.filter((x) => x.class === 'three')) expect(setCount(s), s.label).toBe(3);
  });

  it('times every order besides the default on the whole shop, a size, a category, a search and two filters; every other class in the default order', () => {
    const sorted = states.filter((s) => s.class === 'sort');
    expect(new Set(sorted.map((s) => s.args.p_sort))).toEqual(new Set(SORTS));
    for (const sort of SORTS) expect(sorted.filter((s) => s.args.p_sort === sort)).toHaveLength(5 * PAGES.length);
    expect(states.filter((s) => s.class !== 'sort').every((s) => s.args.p_sort === null)).toBe(true);
  });

  it('asks for pages 1, 5 and 50 (offset 49 × 12) of every value, and only the first of a frequent search', () => {
    expect(pagesOf('frequent')).toEqual([1]);
    for (const cls of CLASSES) expect(states.filter((s) => s.class === cls)).toHaveLength(values[cls].length * pagesOf(cls).length);
    for (const s of states) {
      expect(s.args.p_limit).toBe(12);
      expect(s.args.p_offset).toBe((s.page - 1) * 12);
    }
    expect(new Set(states.map((s) => s.args.p_offset))).toEqual(new Set([0, 48, 588]));
  });

  it('has 20 distinct search terms: a miss, a word with and without its accent, names, partial words, and words from the rarest to the most common', () => {
    const terms = searchTerms(catalogue);
    expect(terms).toHaveLength(SEARCH_TERMS);
    expect(new Set(terms).size).toBe(SEARCH_TERMS);
    expect(terms).toEqual(expect.arrayContaining([MISS, 'pantalón', 'pantalon', 'Nike', 'cat 0', 'único', 'camisa']));
    // partial words: the start of the most common word and of a brand name
    expect(terms).toEqual(expect.arrayContaining(['pant', 'adi']));
    expect(terms).not.toContain('28x30');
    expect(terms).not.toContain('de');
  });

  it('builds two- and three-filter combinations from one sample product each, so they match it', () => {
    for (const cls of ['two', 'three'] as const) {
      expect(values[cls].length).toBeGreaterThanOrEqual(cls === 'two' ? 16 : 12);
      for (const { filters, label } of values[cls]) {
        const matches = sample.some(
          (p) =>
            (filters.p_category_id === undefined || filters.p_category_id === p.categoryId) &&
            (filters.p_subcategory_id === undefined || filters.p_subcategory_id === p.subcategoryId) &&
            (filters.p_brand_id === undefined || filters.p_brand_id === p.brandId) &&
            (filters.p_campaign_id === undefined || filters.p_campaign_id === p.campaignId) &&
            (filters.p_price_range === undefined || filters.p_price_range === p.priceRange) &&
            (filters.p_size_name === undefined || (filters.p_size_name !== null && p.sizes.includes(filters.p_size_name))) &&
            (filters.p_search_term === undefined || p.name.toLowerCase().includes(filters.p_search_term ?? '')),
        );
        expect(matches, label).toBe(true);
        expect(Object.values(filters).every((v) => v !== null)).toBe(true);
      }
    }
  });

  it('still gives the single-filter classes for a catalogue without words or sample products', () => {
    const bare = stateClasses({ ...catalogue, words: [], nameAndBrandWords: [], sample: [] });
    expect(bare.filter((s) => s.class === 'two' || s.class === 'three')).toEqual([]);
    expect(bare.filter((s) => s.class === 'size')).toHaveLength(catalogue.sizes.length * 3);
    expect(bare.some((s) => s.args.p_search_term === MISS)).toBe(true);
  });
});
