/**
 * Simulated shoppers on a local stack with the demo catalogue: each loops over what the storefront's
 * islands ask the API for (the shop grid's `shop_page` with filter changes, searches and a second
 * page; a product's live check and its related products, through src/data as the islands call it;
 * click, search and filter events with the anon key). Every request must succeed; requests per
 * second and p95 per kind are printed, never asserted. The static pages are files served by any
 * static host and are left out: this measures the API.
 *
 * Analytics events are limited per client address (120 of one kind a minute) and every simulated
 * shopper comes from 127.0.0.1, so events go out through a shared budget below that limit (a
 * realistic rate for the whole crowd); a 429 on an event is still the designed answer and is counted
 * on its own, never as a pass or a silent failure.
 *
 * Default (npm test): 10 shoppers for 10 s. HARDENING_FULL=1: 50 shoppers for 60 s. Ports
 * LOAD_DB_PORT, LOAD_SUPABASE_PORT, LOAD_REST_PORT.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { getLiveProduct, getRelatedProducts } from '../../src/data/product.ts';
import { fetchShopPage, type ShopFacets } from '../../src/data/shop.ts';
import { createShopClient, type ShopClient } from '../../src/data/supabase.ts';
import { EMPTY_FILTERS, type FilterState } from '../../src/lib/filters.ts';
import { seedDemo } from '../../scripts/seed/index.ts';
import { startStack, type Stack } from '../../scripts/stack/index.ts';

const FULL = process.env['HARDENING_FULL'] === '1';
const SHOPPERS = FULL ? 50 : 10;
const SECONDS = FULL ? 60 : 10;
/** Events of one kind the whole crowd sends a minute, below the database's 120 per client address. */
const EVENTS_PER_MINUTE = 90;
const EVENT_BURST = 10;
const port = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

type Kind = 'shop_page' | 'product' | 'related' | 'event:search' | 'event:filter' | 'event:click';

interface Sample {
  kind: Kind;
  status: number;
  ms: number;
}

const samples: Sample[] = [];
let dataDir = '';
let stack: Stack;

function kindOf(url: string, method: string): Kind | null {
  if (url.includes('/rest/v1/rpc/shop_page')) return 'shop_page';
  if (method === 'POST' && url.includes('/rest/v1/search_analytics')) return 'event:search';
  if (method === 'POST' && url.includes('/rest/v1/filter_analytics')) return 'event:filter';
  if (method === 'POST' && url.includes('/rest/v1/product_click_analytics')) return 'event:click';
  if (url.includes('/rest/v1/products?') && url.includes('permalink=eq.')) return 'product';
  if (url.includes('/rest/v1/products?')) return 'related';
  return null;
}

const plainFetch = globalThis.fetch;

/**
 * fetch that records each request's kind, status (0 when it never got an answer) and time; it stands
 * in for the global fetch during the run, so the shop's own client factory is measured as it is.
 */
const recordingFetch: typeof fetch = async (input, init) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const kind = kindOf(url, (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase());
  const started = performance.now();
  try {
    const res = await plainFetch(input, init);
    if (kind) samples.push({ kind, status: res.status, ms: performance.now() - started });
    return res;
  } catch (error) {
    if (kind) samples.push({ kind, status: 0, ms: performance.now() - started });
    throw error;
  }
};

/** A shopper's browser: the storefront's own client with the anon key. */
function shopperClient(): ShopClient {
  return createShopClient(stack.url, stack.anonKey);
}

/** The crowd's event budget per kind: a token bucket refilled at EVENTS_PER_MINUTE. */
function eventBudget() {
  const buckets = new Map<string, { tokens: number; at: number }>();
  return (kind: string): boolean => {
    const now = Date.now();
    const b = buckets.get(kind) ?? { tokens: EVENT_BURST, at: now };
    b.tokens = Math.min(EVENT_BURST, b.tokens + ((now - b.at) / 60_000) * EVENTS_PER_MINUTE);
    b.at = now;
    buckets.set(kind, b);
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    return true;
  };
}

const pick = <T>(items: readonly T[]): T | undefined => items[Math.floor(Math.random() * items.length)];
const pause = (min: number, max: number) => new Promise((r) => setTimeout(r, min + Math.random() * (max - min)));

/** A filter a shopper would tap: one option of one facet of the current answer. */
function someFilter(facets: ShopFacets): Partial<FilterState> {
  const choices: Array<Partial<FilterState>> = [
    ...facets.categories.map((o) => ({ category_id: o.id })),
    ...facets.brands.map((o) => ({ brand_id: o.id })),
    ...facets.sizes.map((o) => ({ size_name: o.id })),
    ...facets.price_ranges.map((o) => ({ price_range: o.id })),
  ];
  return pick(choices) ?? {};
}

async function shopper(deadline: number, allowEvent: (kind: string) => boolean): Promise<void> {
  const db = shopperClient();
  const session = crypto.randomUUID();
  const context = { session_id: session, user_agent: 'Mozilla/5.0 (carga simulada)', page_url: `${stack.url}/tienda` };
  const quiet = async (work: () => Promise<unknown>) => {
    // a failure is already recorded by its status; the shopper goes on as the islands do
    await work().catch(() => undefined);
  };
  while (Date.now() < deadline) {
    let filters: FilterState = { ...EMPTY_FILTERS };
    let page = await fetchShopPage(db, filters, 0, 12).catch(() => null);
    for (let change = 0; change < 2 && page && Date.now() < deadline; change++) {
      await pause(50, 300);
      const next = someFilter(page.facets);
      filters = { ...filters, ...next };
      const [type, value] = Object.entries(next)[0] ?? [];
      if (type && value && allowEvent('filter')) {
        const filterType = { category_id: 'category', brand_id: 'brand', size_name: 'size', price_range: 'price_range' }[type];
        await quiet(async () => db.from('filter_analytics').insert({ ...context, filter_type: filterType!, filter_value: String(value) }));
      }
      page = await fetchShopPage(db, filters, 0, 12).catch(() => page);
      if (page && page.total > 12 && Math.random() < 0.3) await quiet(() => fetchShopPage(db, filters, 12, 12));
    }
    if (Math.random() < 0.4 && page?.products[0]) {
      await pause(50, 300);
      const term = pick(page.products[0].nombre.split(' ').filter((w) => w.length > 3)) ?? 'tenis';
      await quiet(() => fetchShopPage(db, { ...EMPTY_FILTERS, search_term: term }, 0, 12));
      if (allowEvent('search')) await quiet(async () => db.from('search_analytics').insert({ ...context, search_term: term }));
    }
    const card = pick(page?.products ?? []);
    if (card) {
      await pause(50, 300);
      if (allowEvent('click')) {
        await quiet(async () => db.from('product_click_analytics').insert({ ...context, product_id: card.id, referrer_url: null }));
      }
      const product = await getLiveProduct(db, card.permalink).catch(() => null);
      if (product) await quiet(() => getRelatedProducts(db, product));
    }
    await pause(50, 300);
  }
}

function p95(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? 0;
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'outlet-load-'));
  stack = await startStack({
    dataDir,
    dbPort: port('LOAD_DB_PORT', 63952),
    apiPort: port('LOAD_SUPABASE_PORT', 63951),
    restPort: port('LOAD_REST_PORT', 63959),
    seed: false,
    durable: false,
    log: () => undefined,
  });
  await seedDemo({ url: stack.url, serviceRoleKey: stack.serviceRoleKey, dbUrl: stack.dbUrl, log: () => undefined });
  globalThis.fetch = recordingFetch;
});

afterAll(async () => {
  globalThis.fetch = plainFetch;
  await stack?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

it(`${SHOPPERS} shoppers for ${SECONDS} s: every request answered 2xx (events beyond the address limit 429, counted apart)`, async () => {
  const allowEvent = eventBudget();
  const started = Date.now();
  const deadline = started + SECONDS * 1000;
  await Promise.all(Array.from({ length: SHOPPERS }, () => shopper(deadline, allowEvent)));
  const elapsed = (Date.now() - started) / 1000;

  const kinds = [...new Set(samples.map((s) => s.kind))].sort();
  const table = kinds.map((kind) => {
    const of = samples.filter((s) => s.kind === kind);
    const limited = kind.startsWith('event:') ? of.filter((s) => s.status === 429).length : 0;
    const failed = of.filter((s) => (s.status < 200 || s.status > 299) && !(kind.startsWith('event:') && s.status === 429)).length;
    return {
      kind,
      requests: of.length,
      'req/s': Number((of.length / elapsed).toFixed(1)),
      'p95 ms': Math.round(p95(of.map((s) => s.ms))),
      failed,
      limited,
    };
  });
  const failures = samples.filter((s) => (s.status < 200 || s.status > 299) && !(s.kind.startsWith('event:') && s.status === 429));
  console.log(
    `Carga: ${SHOPPERS} compradores, ${elapsed.toFixed(1)} s, ${samples.length} solicitudes, ` +
      `${(samples.length / elapsed).toFixed(1)} solicitudes/s, p95 ${Math.round(p95(samples.map((s) => s.ms)))} ms, ${failures.length} fallidas`,
  );
  console.table(table);

  // every kind the storefront makes was exercised, events included
  expect(kinds).toEqual(['event:click', 'event:filter', 'event:search', 'product', 'related', 'shop_page']);
  expect(failures.map((f) => `${f.kind} ${f.status}`)).toEqual([]);
  const accepted = samples.filter((s) => s.kind.startsWith('event:') && s.status === 201).length;
  expect(accepted).toBeGreaterThan(0);
});
