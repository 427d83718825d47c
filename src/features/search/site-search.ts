/**
 * The header search's engine, loaded on the first focus of the box (most visits never search):
 * the published site's Pagefind index (/pagefind/pagefind.js, written after each publication by
 * scripts/lib/search-index.ts) finds products, brands, categories, campaigns and information pages;
 * the products it finds are then read live, so a result never shows yesterday's price nor offers a
 * product that ended or sold out. Where the site has no index (the first minutes of a new shop, or
 * `astro dev`), it falls back to the database search /tienda uses, products only.
 */
import { PUBLIC_IMAGE_TRANSFORMS } from 'astro:env/client';
import { shopClient } from '../../data/client.ts';
import { getLiveProducts } from '../../data/search.ts';
import { searchShop } from '../../data/shop.ts';
import { todayInMexicoCity } from '../../lib/dates.ts';
import {
  type FoundRecord,
  MAX_PLACE_RESULTS,
  MAX_PRODUCT_RESULTS,
  productIdOf,
  type SearchHit,
  toPlaceHit,
  toSearchHit,
} from '../../lib/search.ts';

export type SiteSearch = (term: string) => Promise<SearchHit[]>;

/** The part of Pagefind's browser API the header uses (https://pagefind.app/docs/api/). */
interface Pagefind {
  options(options: { excerptLength?: number }): Promise<void>;
  search(term: string, options?: { filters?: Record<string, unknown> }): Promise<{ results: Array<{ data(): Promise<FoundRecord> }> }>;
}

/** Where the published site serves its index. A variable, so the bundler leaves the import to the browser. */
const PAGEFIND_URL = '/pagefind/pagefind.js';

/** Records read per group: more than are shown, since some are dropped (ended, sold out). */
const READ_PER_GROUP = 12;

const PLACE_KINDS = ['marca', 'categoria', 'campana', 'pagina'];

async function indexSearch(pagefind: Pagefind, term: string): Promise<SearchHit[]> {
  const [products, places] = await Promise.all([
    pagefind.search(term, { filters: { tipo: 'producto' } }),
    pagefind.search(term, { filters: { tipo: { any: PLACE_KINDS } } }),
  ]);
  const [productRecords, placeRecords] = await Promise.all([
    Promise.all(products.results.slice(0, READ_PER_GROUP).map((r) => r.data())),
    Promise.all(places.results.slice(0, READ_PER_GROUP).map((r) => r.data())),
  ]);
  const ids = productRecords.flatMap((r) => productIdOf(r) ?? []);
  const live = await getLiveProducts(shopClient, ids);
  const today = todayInMexicoCity();
  return [
    ...placeRecords.flatMap((r) => toPlaceHit(r, today) ?? []).slice(0, MAX_PLACE_RESULTS),
    ...live.slice(0, MAX_PRODUCT_RESULTS).map((p) => toSearchHit(p, PUBLIC_IMAGE_TRANSFORMS)),
  ];
}

async function databaseSearch(term: string): Promise<SearchHit[]> {
  const page = await searchShop(shopClient, term);
  return page.products.slice(0, MAX_PRODUCT_RESULTS).map((p) => toSearchHit(p, PUBLIC_IMAGE_TRANSFORMS));
}

export async function loadSiteSearch(): Promise<SiteSearch> {
  try {
    const pagefind = (await import(/* @vite-ignore */ PAGEFIND_URL)) as Pagefind;
    await pagefind.options({ excerptLength: 10 });
    return (term) => indexSearch(pagefind, term);
  } catch (error) {
    console.warn('Índice de búsqueda no disponible; se busca en la base de datos.', error);
    return databaseSearch;
  }
}
