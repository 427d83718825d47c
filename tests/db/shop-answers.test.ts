/**
 * shop_page remembers each answer for a minute, keyed by its arguments, the day and the catalogue's
 * version (private.shop_answers). A remembered answer must never outlive a change: every catalogue
 * change raises the version in its own transaction, so the next call computes again. These are the
 * shop's own calls (anon, through the API) around changes made as the back office makes them.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as F from './fixture.ts';
import { adminClient, anonClient, type Client, sql, userClient } from './helpers.ts';

interface Page {
  total: number;
  products: { id: string; nombre: string; precio_venta: number }[];
  facets: { brands: { id: string; nombre: string; product_count: number }[] };
}

let anon: Client;

async function page(args: Record<string, unknown> = {}): Promise<Page> {
  const { data, error } = await anon.rpc('shop_page', args);
  if (error) throw new Error(error.message);
  return data as unknown as Page;
}

const remembered = async () => Number((await sql.query<{ n: string }>('select count(*) as n from private.shop_answers')).rows[0]!.n);
const version = async () => Number((await sql.query<{ v: string }>('select version as v from private.shop_version')).rows[0]!.v);

beforeAll(async () => {
  await F.loadFixture();
  anon = anonClient();
});

beforeEach(async () => {
  await sql.query('truncate private.shop_answers');
});

describe('shop_page remembers answers per catalogue version', () => {
  it('the same state asked twice is computed once and answered the same', async () => {
    const first = await page({ p_brand_id: F.B_NIKE });
    expect(await remembered()).toBe(1);
    expect(await page({ p_brand_id: F.B_NIKE })).toEqual(first);
    expect(await remembered()).toBe(1);
    await page({ p_brand_id: F.B_ADIDAS });
    expect(await remembered()).toBe(2);
  });

  it("an admin's price change shows on the next call, not a minute later", async () => {
    const before = await page();
    const p1 = before.products.find((p) => p.id === F.P1);
    expect(p1).toBeDefined();
    const admin = await adminClient();
    const { error } = await admin
      .from('products')
      .update({ precio_venta: (p1?.precio_venta ?? 0) - 1 })
      .eq('id', F.P1);
    expect(error).toBeNull();
    const after = await page();
    expect(after.products.find((p) => p.id === F.P1)?.precio_venta).toBe((p1?.precio_venta ?? 0) - 1);
  });

  it('hiding a brand takes it out of the next answer (a change outside products)', async () => {
    expect((await page()).facets.brands.map((b) => b.id)).toContain(F.B_ADIDAS);
    const admin = await adminClient();
    expect((await admin.from('brands').update({ active: false }).eq('id', F.B_ADIDAS)).error).toBeNull();
    try {
      expect((await page()).facets.brands.map((b) => b.id)).not.toContain(F.B_ADIDAS);
    } finally {
      await sql.query('update public.brands set active = true where id = $1', [F.B_ADIDAS]);
    }
  });

  it('a deleted product leaves the next answer', async () => {
    await sql.query('update public.products set nombre = $2 where id = $1', [F.P2, 'Pantalón por borrar']);
    expect((await page()).products.map((p) => p.nombre)).toContain('Pantalón por borrar');
    await sql.query('delete from public.products where id = $1', [F.P2]);
    expect((await page()).products.map((p) => p.id)).not.toContain(F.P2);
    await F.loadFixture();
  });

  it('a signed-in shopper who changes nothing does not wipe the remembered answers', async () => {
    const v = await version();
    const user = await userClient();
    // RLS lets this user reach no product row: the statement changes nothing
    await user.from('products').update({ nombre: 'X' }).not('id', 'is', null);
    expect(await version()).toBe(v);
    const admin = await adminClient();
    await admin.from('products').update({ destacado: true }).eq('id', F.P1);
    expect(await version()).toBeGreaterThan(v);
  });
});
