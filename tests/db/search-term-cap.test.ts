/**
 * Search terms are capped in SQL: the shop's RPCs read the first 100 characters of the trimmed
 * term, the admin list the first 200. A 10,000-character term answers, without error, exactly as
 * its first characters do. The long product name below contains those first characters but not
 * the rest of the term, so without the cap it would not be found.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import * as F from './fixture.ts';
import { adminClient, anonClient, type Client, sql } from './helpers.ts';

const LONG_ID = '00000000-0000-4000-8000-000000000599';
// 260 characters: a shopper's 100-character prefix and an admin's 200-character prefix are in it.
const LONG_NAME = `Playera ${'larguísima '.repeat(23)}`.padEnd(260, 'z');
// The name's first 100 (shop) / 200 (admin) characters, then 10,000 characters no name contains.
const shopTerm = (n: number) => `  ${LONG_NAME.slice(0, 100)}${'q'.repeat(n - 100)}`;
const adminTerm = (n: number) => `${LONG_NAME.slice(0, 200)}${'q'.repeat(n - 200)}`;
const HUGE = 10_000;

let anon: Client;
let admin: Client;

beforeAll(async () => {
  await F.loadFixture();
  await sql.query(
    `insert into public.products (id, campaign_id, category_id, brand_id, marca, nombre, precio_original,
       precio_venta, permalink) values ($1, $2, $3, $4, 'Nike', $5, 900, 500, 'nike-playera-larga')`,
    [LONG_ID, F.C_ACTIVE, F.CAT_ROPA, F.B_NIKE, LONG_NAME],
  );
  anon = anonClient();
  admin = await adminClient();
});

async function shopPage(term: string) {
  const { data, error } = await anon.rpc('shop_page', { p_search_term: term });
  expect(error).toBeNull();
  return data as { total: number; products: { id: string }[]; facets: Record<string, unknown> };
}

describe('shop search term cap', () => {
  it('shop_page answers a 10,000-character term as its first 100 characters', async () => {
    const started = performance.now();
    const huge = await shopPage(shopTerm(HUGE));
    const elapsed = performance.now() - started;
    const prefix = await shopPage(LONG_NAME.slice(0, 100));
    expect(huge).toEqual(prefix);
    expect(huge.products.map((p) => p.id)).toEqual([LONG_ID]);
    console.info(`shop_page con un término de ${HUGE} caracteres: ${elapsed.toFixed(0)} ms`);
  });

  it('every other wrapper and shop_query itself cap the term the same way', async () => {
    const count = await anon.rpc('get_filtered_product_count', { p_search_term: shopTerm(HUGE) });
    expect(count.error).toBeNull();
    expect(count.data).toBe(1);
    const brands = await anon.rpc('get_available_brands', { p_search_term: shopTerm(HUGE) });
    expect(brands.error).toBeNull();
    expect(brands.data).toEqual([{ id: F.B_NIKE, nombre: 'Nike', product_count: 1 }]);
    const direct = await anon.rpc('shop_query', { p_search_term: shopTerm(HUGE) });
    expect(direct.error).toBeNull();
    expect((direct.data as { total: number }).total).toBe(1);
  });

  it('a term of a million characters still answers (nothing matches past the cap)', async () => {
    const page = await shopPage(`${'%_\\'.repeat(333_334)}`);
    expect(page.total).toBe(0);
  });
});

describe('admin search cap', () => {
  it('admin_products answers a 10,000-character search as its first 200 characters', async () => {
    const huge = await admin.rpc('admin_products', { p_search: adminTerm(HUGE) });
    const prefix = await admin.rpc('admin_products', { p_search: LONG_NAME.slice(0, 200) });
    expect(huge.error).toBeNull();
    expect(prefix.error).toBeNull();
    expect(huge.data).toEqual(prefix.data);
    expect((huge.data as { rows: { id: string }[] }).rows.map((r) => r.id)).toEqual([LONG_ID]);
  });
});
