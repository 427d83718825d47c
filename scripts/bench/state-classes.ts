/**
 * Every kind of shop state, by class, the same for a given catalogue every time: what the filters
 * section of `npm run bench` times. Pure: it takes the catalogue's names, ids, name words and a
 * sample of its products, and returns `shop_page` arguments, never touching the database.
 *
 * Each class holds every value a shopper can pick alone (every size, category, subcategory, brand,
 * live campaign and price range), 20 search terms from one match to thousands, and combinations of
 * two and three filters taken from one real product each (so they are consistent and match at
 * least that product); every value is asked for on pages 1, 5 and 50, so one slow value or one
 * slow page shows in its class.
 */
import { createRng } from '../seed/random.ts';
import { PAGE_SIZE, type ShopPageArgs, shopPageArgs } from './filter-states.ts';
import { FREQUENT_TERMS, frequentTerms, type WordCount } from './frequent-words.ts';

export interface Named {
  id: string;
  name: string;
}

/** A visible product's own filter values: a combination made of them matches it. */
export interface SampleProduct {
  categoryId: string;
  subcategoryId: string | null;
  brandId: string;
  campaignId: string;
  priceRange: string;
  sizes: readonly string[];
  /** The product's name ('Pantalón cargo negro'). */
  name: string;
}

export interface ClassCatalogue {
  /** Every size name in the catalogue, as stored ('M', '28', 'Unitalla'). */
  sizes: readonly string[];
  categories: readonly Named[];
  subcategories: readonly Named[];
  brands: readonly Named[];
  /** Campaigns that have not ended (the shop shows only these). */
  liveCampaigns: readonly Named[];
  /** The shop's price range ids ('0-1000', …, '20000+'). */
  priceRanges: readonly string[];
  /** Words of visible product names with how many products each appears in. */
  words: readonly WordCount[];
  /** Words of visible product names and marcas (lowercased, accents kept) with their products: the frequent searches. */
  nameAndBrandWords: readonly WordCount[];
  /** A fixed sample of visible products, for the combinations. */
  sample: readonly SampleProduct[];
}

export const CLASSES = [
  'none',
  'size',
  'category',
  'subcategory',
  'brand',
  'campaign',
  'price',
  'search',
  'frequent',
  'two',
  'three',
  'sort',
] as const;
export type StateClass = (typeof CLASSES)[number];

/** What each class is, as the bench prints it. */
export const CLASS_LABELS: Record<StateClass, string> = {
  none: 'sin filtros',
  size: 'cada talla sola',
  category: 'cada categoría sola',
  subcategory: 'cada subcategoría sola',
  brand: 'cada marca sola',
  campaign: 'cada campaña vigente sola',
  price: 'cada rango de precio solo',
  search: 'búsquedas (20 términos)',
  frequent: `búsquedas frecuentes (${FREQUENT_TERMS} palabras del catálogo, página 1)`,
  two: 'dos filtros',
  three: 'tres filtros',
  sort: 'cada orden (sin filtros, talla, categoría, búsqueda, dos filtros)',
};

/** The shop's orders besides the default (relevancia, which every other class uses), as /tienda?orden= names them. */
export const SORTS = ['nuevos', 'precio-asc', 'precio-desc', 'descuento', 'termina-pronto'] as const;

/** Pages asked for of every value: the first, the fifth and the fiftieth (offset 49 × 12). */
export const PAGES = [1, 5, 50] as const;
export type Page = (typeof PAGES)[number];

export interface ClassState {
  class: StateClass;
  /** The value or values set, in words ('talla M', 'búsqueda "pantalón"'). */
  label: string;
  page: Page;
  args: ShopPageArgs;
}

export const SEARCH_TERMS = 20;
/** A term no product, brand or category name contains. */
export const MISS = 'zzqx';
/** Product words typed with and without their accent. */
const ACCENTED = ['pantalón', 'pantalon'];
/** Combinations of two and three filters, each taken from `PER_KIND` products of the sample. */
type Facet = 'category' | 'subcategory' | 'brand' | 'campaign' | 'price' | 'size' | 'search';
const TWO: readonly Facet[][] = [
  ['category', 'size'],
  ['brand', 'price'],
  ['category', 'brand'],
  ['subcategory', 'size'],
  ['campaign', 'category'],
  ['size', 'price'],
  ['search', 'category'],
  ['search', 'size'],
];
const THREE: readonly Facet[][] = [
  ['subcategory', 'brand', 'size'],
  ['category', 'price', 'size'],
  ['campaign', 'brand', 'size'],
  ['search', 'category', 'size'],
  ['category', 'brand', 'price'],
  ['search', 'brand', 'price'],
];
const PER_KIND = 2;

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * 20 search terms: one that matches nothing, 'pantalón' and 'pantalon', a brand name, a category
 * name, two partial words, and the rest product words spread from the rarest (one or a few matches)
 * to the most common (thousands), evenly on a log scale of how many products each matches.
 */
export function searchTerms(c: ClassCatalogue): string[] {
  const words = [...c.words].filter((w) => w.products > 0 && /^\p{L}{4,}$/u.test(w.word)).sort((a, b) => a.products - b.products);
  const common = words.at(-1)?.word;
  const terms: string[] = [MISS, ...ACCENTED];
  if (c.brands[0]) terms.push(c.brands[0].name);
  if (c.categories[0]) terms.push(c.categories[0].name);
  if (common) terms.push(common.slice(0, 4));
  if (c.brands[1]) terms.push(c.brands[1].name.slice(0, 3).toLowerCase());
  const taken = new Set(terms.map(fold));
  const wanted = SEARCH_TERMS - terms.length;
  const lo = Math.log(words[0]?.products ?? 1);
  const hi = Math.log(words.at(-1)?.products ?? 1);
  for (let k = 0; k < wanted; k++) {
    const target = lo + ((hi - lo) * k) / Math.max(1, wanted - 1);
    let best: string | null = null;
    let bestGap = Number.POSITIVE_INFINITY;
    for (const w of words) {
      const gap = Math.abs(Math.log(w.products) - target);
      if (!taken.has(fold(w.word)) && gap < bestGap) [best, bestGap] = [w.word, gap];
    }
    if (best === null) break;
    taken.add(fold(best));
    terms.push(best);
  }
  return terms;
}

/** One value alone, or a product's values for a combination, as `shop_page` filters. */
interface Value {
  label: string;
  filters: Partial<ShopPageArgs>;
}

function combinations(c: ClassCatalogue, kinds: readonly Facet[][]): Value[] {
  const rng = createRng(`shop-state-classes:${kinds[0]?.length ?? 0}`);
  const nameOf = (list: readonly Named[], id: string | null) => list.find((n) => n.id === id)?.name ?? id ?? '';
  const values: Value[] = [];
  let next = 0;
  for (const kind of kinds) {
    for (let taken = 0; taken < PER_KIND && next < c.sample.length; ) {
      const p = c.sample[next++] as SampleProduct;
      if ((kind.includes('subcategory') && p.subcategoryId === null) || (kind.includes('size') && p.sizes.length === 0)) continue;
      const size = p.sizes.length > 0 ? rng.pick(p.sizes) : null;
      const word = p.name.split(/\s+/)[0]?.toLowerCase() ?? '';
      const set: Record<Facet, [keyof ShopPageArgs, string | null, string]> = {
        category: ['p_category_id', p.categoryId, nameOf(c.categories, p.categoryId)],
        subcategory: ['p_subcategory_id', p.subcategoryId, nameOf(c.subcategories, p.subcategoryId)],
        brand: ['p_brand_id', p.brandId, nameOf(c.brands, p.brandId)],
        campaign: ['p_campaign_id', p.campaignId, nameOf(c.liveCampaigns, p.campaignId)],
        price: ['p_price_range', p.priceRange, `$${p.priceRange}`],
        size: ['p_size_name', size, `talla ${size}`],
        search: ['p_search_term', word, `"${word}"`],
      };
      const filters = Object.fromEntries(kind.map((f) => set[f].slice(0, 2))) as Partial<ShopPageArgs>;
      const label = kind.map((f) => set[f][2]).join(' + ');
      values.push({ label, filters });
      taken++;
    }
  }
  return values;
}

/** The values of each class. */
export function classValues(c: ClassCatalogue): Record<StateClass, Value[]> {
  const alone = (list: readonly Named[], key: keyof ShopPageArgs, what: string): Value[] =>
    list.map((n) => ({ label: `${what} ${n.name}`, filters: { [key]: n.id } }));
  return {
    none: [{ label: 'sin filtros', filters: {} }],
    size: c.sizes.map((s) => ({ label: `talla ${s}`, filters: { p_size_name: s } })),
    category: alone(c.categories, 'p_category_id', 'categoría'),
    subcategory: alone(c.subcategories, 'p_subcategory_id', 'subcategoría'),
    brand: alone(c.brands, 'p_brand_id', 'marca'),
    campaign: alone(c.liveCampaigns, 'p_campaign_id', 'campaña'),
    price: c.priceRanges.map((r) => ({ label: `precio $${r}`, filters: { p_price_range: r } })),
    search: searchTerms(c).map((t) => ({ label: `búsqueda "${t}"`, filters: { p_search_term: t } })),
    frequent: frequentTerms(c.nameAndBrandWords).map((t) => ({ label: `búsqueda "${t}"`, filters: { p_search_term: t } })),
    two: combinations(c, TWO),
    three: combinations(c, THREE),
    sort: sortValues(c),
  };
}

/**
 * Every order on the states that stress it most: the whole shop (the order's own index walks), the
 * most common size and the first category (a filter the order's index does not carry as its key),
 * a search, and a combination of two filters.
 */
function sortValues(c: ClassCatalogue): Value[] {
  const bases: Value[] = [{ label: 'sin filtros', filters: {} }];
  if (c.sizes[0]) bases.push({ label: `talla ${c.sizes[0]}`, filters: { p_size_name: c.sizes[0] } });
  if (c.categories[0]) bases.push({ label: `categoría ${c.categories[0].name}`, filters: { p_category_id: c.categories[0].id } });
  const term = searchTerms(c)[SEARCH_TERMS - 1];
  if (term) bases.push({ label: `búsqueda "${term}"`, filters: { p_search_term: term } });
  const two = combinations(c, TWO)[0];
  if (two) bases.push(two);
  return SORTS.flatMap((sort) => bases.map((b) => ({ label: `orden ${sort}, ${b.label}`, filters: { ...b.filters, p_sort: sort } })));
}

/**
 * The pages asked of each value: 1, 5 and 50, but only the first of a frequent search, which the
 * bench times as a shopper first asks it (its later pages would find the word already matched).
 */
export const pagesOf = (cls: StateClass): readonly Page[] => (cls === 'frequent' ? [1] : PAGES);

/** Every state of every class: each value on its pages (pagesOf), class by class. */
export function stateClasses(c: ClassCatalogue): ClassState[] {
  const values = classValues(c);
  return CLASSES.flatMap((cls) =>
    values[cls].flatMap((v) =>
      pagesOf(cls).map((page) => ({
        class: cls,
        label: v.label,
        page,
        args: shopPageArgs({ ...v.filters, p_offset: (page - 1) * PAGE_SIZE }),
      })),
    ),
  );
}

/** A state in words: its class's value and its page ('talla M, página 50'). */
export const stateLabel = (s: ClassState) => `${s.label}, página ${s.page}`;
