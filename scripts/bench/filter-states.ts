/**
 * A fixed mix of shop filter states, the same for a given catalogue every time: what `npm run bench`
 * times and what the filter equivalence test compares answers over. Pure: it takes the catalogue's
 * ids and names and returns `shop_page` arguments, never touching the database.
 *
 * The mix, by position in a cycle of 20 states: 2 without any filter, 7 with one facet, 5 with
 * several facets, 4 with a search term alone and 2 with a search term and a facet. Search terms are
 * product words typed with and without their accents ('pantalón', 'pantalon'), brand and category
 * names as typed, partial words, and terms that match nothing. Most states ask for the first page;
 * some for a later one and a few for a deep one (up to page 20).
 */
import { createRng, type Rng } from '../seed/random.ts';

export interface FilterCatalogue {
  categoryIds: readonly string[];
  /** Each subcategory with the category it belongs to, so combined filters can be consistent. */
  subcategories: readonly { id: string; categoryId: string | null }[];
  brandIds: readonly string[];
  campaignIds: readonly string[];
  /** Size names as stored ('M', '28', 'Unitalla'). */
  sizeNames: readonly string[];
  /** The shop's price range ids ('0-1000', …, '20000+'). */
  priceRangeIds: readonly string[];
  /** Brand display names and category names, searched as a shopper would type them. */
  brandNames: readonly string[];
  categoryNames: readonly string[];
}

/** The arguments of `shop_page` (every one present, null when the filter is off). */
export interface ShopPageArgs {
  p_category_id: string | null;
  p_subcategory_id: string | null;
  p_brand_id: string | null;
  p_campaign_id: string | null;
  p_price_range: string | null;
  p_size_name: string | null;
  p_search_term: string | null;
  p_offset: number;
  p_limit: number;
  /** The order (`orden`): null is the shop's default, relevancia. */
  p_sort: string | null;
}

export const PAGE_SIZE = 12;

/** What a state exercises, by position in the cycle of 20. */
export type StateKind = 'none' | 'one' | 'several' | 'search' | 'search+facet';
const CYCLE: readonly StateKind[] = [
  'none',
  'one',
  'several',
  'search',
  'one',
  'several',
  'one',
  'search',
  'search+facet',
  'one',
  'several',
  'none',
  'one',
  'search',
  'several',
  'one',
  'search',
  'several',
  'search+facet',
  'one',
];

/** Product words in the demo catalogue, each with and without its accent where it has one. */
const WORDS: readonly string[] = [
  'pantalón',
  'pantalon',
  'Pantalón',
  'PANTALON',
  'cinturón',
  'cinturon',
  'camisa',
  'chamarra',
  'playera',
  'tenis',
  'bolsa',
  'vestido',
  'sudadera',
  'jeans',
  'sandalia',
  'gorra',
  'algodón',
  'algodon',
];
/** Terms no product, brand or category name contains. */
const MISSES: readonly string[] = ['zzqx', 'xilófono', 'submarino', '%_'];

type Facet = 'category' | 'subcategory' | 'brand' | 'campaign' | 'price_range' | 'size';
const FACETS: readonly Facet[] = ['category', 'subcategory', 'brand', 'campaign', 'price_range', 'size'];

export function stateKind(index: number): StateKind {
  return CYCLE[index % CYCLE.length] as StateKind;
}

/** `shop_page` arguments with every filter off, first page, and `args` on top. */
export function shopPageArgs(args: Partial<ShopPageArgs> = {}): ShopPageArgs {
  return {
    p_category_id: null,
    p_subcategory_id: null,
    p_brand_id: null,
    p_campaign_id: null,
    p_price_range: null,
    p_size_name: null,
    p_search_term: null,
    p_offset: 0,
    p_limit: PAGE_SIZE,
    p_sort: null,
    ...args,
  };
}

/** Sets one facet filter to a value from the catalogue. */
function setFacet(args: ShopPageArgs, facet: Facet, c: FilterCatalogue, rng: Rng): void {
  const pickOr = <T>(items: readonly T[]): T | null => (items.length > 0 ? rng.pick(items) : null);
  switch (facet) {
    case 'category':
      args.p_category_id = pickOr(c.categoryIds);
      break;
    case 'subcategory': {
      // with a category set, mostly one of its subcategories (the category follows the subcategory
      // picked), sometimes any subcategory, which may give an empty answer
      const owned = c.subcategories.filter((s) => s.categoryId !== null);
      if (args.p_category_id !== null && owned.length > 0 && rng.chance(0.9)) {
        const sub = rng.pick(owned);
        args.p_subcategory_id = sub.id;
        args.p_category_id = sub.categoryId;
      } else {
        args.p_subcategory_id = pickOr(c.subcategories)?.id ?? null;
      }
      break;
    }
    case 'brand':
      args.p_brand_id = pickOr(c.brandIds);
      break;
    case 'campaign':
      args.p_campaign_id = pickOr(c.campaignIds);
      break;
    case 'price_range':
      args.p_price_range = pickOr(c.priceRangeIds);
      break;
    case 'size': {
      const size = pickOr(c.sizeNames);
      // sizes match case-insensitively: sometimes typed in lowercase
      args.p_size_name = size !== null && rng.chance(0.2) ? size.toLowerCase() : size;
      break;
    }
  }
}

/** Half the terms are the product words, taken in turn so every one (both spellings) is searched. */
function searchTerm(c: FilterCatalogue, rng: Rng, turn: { word: number }): string {
  const roll = rng.next();
  if (roll < 0.5) return WORDS[turn.word++ % WORDS.length] as string;
  if (roll < 0.65 && c.brandNames.length > 0) return rng.pick(c.brandNames);
  if (roll < 0.8 && c.categoryNames.length > 0) return rng.pick(c.categoryNames);
  if (roll < 0.9) {
    // the start of a word, as typed before finishing it
    const word = rng.pick([...WORDS, ...c.brandNames]);
    return word.slice(0, Math.max(3, Math.ceil(word.length / 2)));
  }
  return rng.pick(MISSES);
}

/** The page asked for: mostly the first, some a later one, a few a deep one (up to page 20). */
function offset(rng: Rng): number {
  const roll = rng.next();
  if (roll < 0.7) return 0;
  if (roll < 0.9) return PAGE_SIZE * rng.int(1, 4);
  return PAGE_SIZE * rng.int(10, 19);
}

/** `count` filter states over `catalogue`, the same list for the same catalogue and seed. */
export function filterStates(catalogue: FilterCatalogue, count = 200, seed = 'shop-filter-states'): ShopPageArgs[] {
  const rng = createRng(seed);
  const states: ShopPageArgs[] = [];
  const turn = { word: 0 };
  for (let i = 0; i < count; i++) {
    const args = shopPageArgs();
    const kind = stateKind(i);
    if (kind === 'one' || kind === 'search+facet') setFacet(args, rng.pick(FACETS), catalogue, rng);
    if (kind === 'several') {
      // category first, so a subcategory can be one of its own
      const chosen = new Set(rng.shuffle(FACETS).slice(0, rng.int(2, 4)));
      for (const facet of FACETS) if (chosen.has(facet)) setFacet(args, facet, catalogue, rng);
    }
    if (kind === 'search' || kind === 'search+facet') args.p_search_term = searchTerm(catalogue, rng, turn);
    // the very first state is the shop as first opened: no filter, first page
    args.p_offset = i === 0 ? 0 : offset(rng);
    states.push(args);
  }
  return states;
}
