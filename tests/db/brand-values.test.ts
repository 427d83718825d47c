/**
 * Brand clean-up: the free-text brands of products with no catalogue brand, grouped accent- and
 * case-insensitively with their counts and closest brands, and linked to a brand in one transaction
 * recorded in the merge report. Admins only.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import * as F from './fixture.ts';
import { adminClient, anonClient, sql, userClient } from './helpers.ts';

beforeEach(async () => {
  await F.loadFixture();
  await sql.query('truncate public.brand_migrations');
  // Typed by hand, three ways, with no catalogue brand; and a brand the catalogue does not have.
  await sql.query(
    `insert into public.products (campaign_id, marca, nombre, precio_original, precio_venta, permalink)
     select $1, m, 'Producto ' || i, 100, 80, 'producto-suelto-' || i
       from unnest(array['nike', ' NIKE ', 'Níke', 'Zara Home', 'Addidas']) with ordinality as t(m, i)`,
    [F.C_ACTIVE],
  );
});

describe('unlinked_brand_values', () => {
  it('groups the free-text brands as the import compares names, most products first, with the closest brands', async () => {
    const { data, error } = await (await adminClient()).rpc('unlinked_brand_values');
    expect(error).toBeNull();
    expect(data!.map((v) => [v.value_key, Number(v.products), [...v.spellings].sort()])).toEqual([
      ['nike', 3, ['NIKE', 'Níke', 'nike'].sort()],
      ['addidas', 1, ['Addidas']],
      ['levis', 1, ['Levis']],
      ['zara home', 1, ['Zara Home']],
    ]);
    const matches = Object.fromEntries(data!.map((v) => [v.value_key, v.matches as { display_name: string; similarity: number }[]]));
    expect(matches['nike']![0]).toMatchObject({ display_name: 'Nike', similarity: 1 });
    expect(matches['addidas']![0]!.display_name).toBe('Adidas');
    expect(matches['addidas']![0]!.similarity).toBeGreaterThan(0.4);
    expect(matches['addidas']![0]!.similarity).toBeLessThan(1);
    expect(matches['zara home']).toEqual([]);
  });

  it('is for admins only', async () => {
    for (const client of [anonClient(), await userClient()]) {
      expect((await client.rpc('unlinked_brand_values')).error).not.toBeNull();
    }
  });
});

describe('link_brand_value', () => {
  it('links every spelling of the value to the brand and records it like a merge', async () => {
    const admin = await adminClient();
    const { data, error } = await admin.rpc('link_brand_value', { p_value: 'NIKÉ', p_brand_id: F.B_NIKE });
    expect(error).toBeNull();
    expect(data).toEqual({ products_moved: 3, target_total: 5 });
    const { rows } = await sql.query(
      `select count(*)::int as n from public.products where brand_id = $1 and marca = 'Nike' and nombre like 'Producto %'`,
      [F.B_NIKE],
    );
    expect(rows).toEqual([{ n: 3 }]);
    const { rows: report } = await sql.query('select original_marca, normalized_brand, products_affected from public.brand_migrations');
    expect(report).toHaveLength(1);
    expect(report[0]).toMatchObject({ normalized_brand: 'Nike', products_affected: 3 });
    expect(['NIKE', 'Níke', 'nike']).toContain(report[0].original_marca);
    const { data: left } = await admin.rpc('unlinked_brand_values');
    expect(left!.map((v) => v.value_key)).toEqual(['addidas', 'levis', 'zara home']);
  });

  it('refuses a value no unlinked product has, or a brand that does not exist, and changes nothing', async () => {
    const admin = await adminClient();
    const gone = await admin.rpc('link_brand_value', { p_value: 'Gucci', p_brand_id: F.B_NIKE });
    expect(gone.error?.message).toBe('Ningún producto sin marca vinculada dice "Gucci"');
    const noBrand = await admin.rpc('link_brand_value', { p_value: 'nike', p_brand_id: F.P1 });
    expect(noBrand.error?.message).toBe('La marca no existe');
    const { rows } = await sql.query('select count(*)::int as n from public.brand_migrations');
    expect(rows).toEqual([{ n: 0 }]);
    const { rows: unlinked } = await sql.query('select count(*)::int as n from public.products where brand_id is null');
    expect(unlinked).toEqual([{ n: 6 }]);
  });

  it('is for admins only', async () => {
    for (const client of [anonClient(), await userClient()]) {
      expect((await client.rpc('link_brand_value', { p_value: 'nike', p_brand_id: F.B_NIKE })).error).not.toBeNull();
    }
    const { rows } = await sql.query('select count(*)::int as n from public.products where brand_id is null');
    expect(rows).toEqual([{ n: 6 }]);
  });
});
