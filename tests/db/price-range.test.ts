/**
 * The shop's price ranges at their edges: a lower bound belongs to its range, an upper bound to the
 * next. The ranges are written three times (price_ranges() with price_range_of() for the views, the
 * width_bucket() inside shop_page for the grid and its facet, and the ids the shop's filter offers in
 * src/lib/price-range.ts); every one must put each edge price in the same range.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { PRICE_RANGE_IDS } from '../../src/lib/price-range.ts';
import { anonClient, mexicoDate, resetData, sql } from './helpers.ts';

/** Edge prices and the range each belongs to, by hand. */
const EDGES: [number, string][] = [
  [0, '0-1000'],
  [999.99, '0-1000'],
  [1000, '1000-2000'],
  [1999.99, '1000-2000'],
  [2000, '2000-5000'],
  [4999.99, '2000-5000'],
  [5000, '5000-10000'],
  [9999.99, '5000-10000'],
  [10000, '10000-20000'],
  [19999.99, '10000-20000'],
  [20000, '20000+'],
  [250000, '20000+'],
];
const nameOf = (price: number) => `Precio ${price}`;

interface Option {
  id: string;
  nombre: string;
  product_count: number;
}
interface ShopPageBody {
  total: number;
  products: { nombre: string }[];
  facets: { price_ranges: Option[] };
}

async function shopPage(args: { p_price_range?: string } = {}): Promise<ShopPageBody> {
  const { data, error } = await anonClient().rpc('shop_page', { p_limit: 100, ...args });
  expect(error).toBeNull();
  return data as unknown as ShopPageBody;
}

beforeAll(async () => {
  await resetData();
  const { rows } = await sql.query<{ id: string }>(
    `insert into public.campaigns (nombre, fecha_inicio, fecha_fin) values ('Rangos', $1, $2) returning id`,
    [mexicoDate(-1), mexicoDate(30)],
  );
  for (const [price] of EDGES) {
    await sql.query(
      `insert into public.products (campaign_id, nombre, precio_original, precio_venta, permalink) values ($1, $2, $3, $3, $4)`,
      [rows[0]!.id, nameOf(price), price, `precio-${String(price).replace('.', '-')}`],
    );
  }
});

describe('price ranges at their edges', () => {
  it('the shop filter offers the ranges of price_ranges(), in the same order', async () => {
    const { rows } = await sql.query<{ id: string }>('select id from public.price_ranges() order by orden');
    expect(rows.map((r) => r.id)).toEqual([...PRICE_RANGE_IDS]);
  });

  it('price_range_of() puts a lower bound in its range and an upper bound in the next', async () => {
    const { rows } = await sql.query<{ id: string }>(
      'select public.price_range_of(p) as id from unnest($1::numeric[]) with ordinality as t(p, n) order by n',
      [EDGES.map(([price]) => price)],
    );
    expect(rows.map((r) => r.id)).toEqual(EDGES.map(([, id]) => id));
  });

  it('the shop grid filtered by each range holds exactly its edge prices', async () => {
    for (const id of PRICE_RANGE_IDS) {
      const page = await shopPage({ p_price_range: id });
      const expected = EDGES.filter(([, range]) => range === id).map(([price]) => nameOf(price));
      expect(page.products.map((p) => p.nombre).sort(), id).toEqual(expected.sort());
      expect(page.total, id).toBe(expected.length);
    }
  });

  it('the price facet counts two edge prices in every range', async () => {
    const page = await shopPage();
    expect(page.facets.price_ranges.map((o) => [o.id, o.product_count])).toEqual(PRICE_RANGE_IDS.map((id) => [id, 2]));
  });

  it('the product views agree with the grid', async () => {
    const { rows } = await sql.query<{ nombre: string; price_range: string }>(
      'select distinct product_name as nombre, price_range from public.master_products',
    );
    const byName = new Map(rows.map((r) => [r.nombre, r.price_range]));
    for (const [price, id] of EDGES) expect(byName.get(nameOf(price)), String(price)).toBe(id);
  });
});
