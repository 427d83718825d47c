/**
 * The featured products' order: an admin places them (reorder_featured_products), the shop reads
 * them in that order with the unplaced ones after, newest first; a product that stops being
 * featured loses its place; nobody but an admin reorders.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { getFeaturedProducts } from '../../src/data/home.ts';
import { createShopClient } from '../../src/data/supabase.ts';
import * as F from './fixture.ts';
import { adminClient, anonClient, sql, stack, userClient } from './helpers.ts';

beforeEach(async () => {
  await F.loadFixture();
  await sql.query('update public.products set destacado = true where id = any($1)', [[F.P1, F.P2, F.P3, F.P4]]);
});

/** The featured products as the home reads them, with the shop's own client. */
const names = async () => (await getFeaturedProducts(createShopClient(stack.url, stack.anonKey))).map((p) => p.nombre);

describe('reorder_featured_products', () => {
  it('the shop reads the admin’s order first, then the others newest first', async () => {
    expect(await names()).toEqual(['Playera básica', 'Pantalón cargo', 'Tenis runner', 'Chamarra piel']);
    const admin = await adminClient();
    const { data, error } = await admin.rpc('reorder_featured_products', { p_ids: [F.P4, F.P3] });
    expect(error).toBeNull();
    expect(data).toBe(2);
    expect(await names()).toEqual(['Chamarra piel', 'Tenis runner', 'Playera básica', 'Pantalón cargo']);

    // A new order replaces the old one: a product left out loses its place.
    await admin.rpc('reorder_featured_products', { p_ids: [F.P2] });
    expect(await names()).toEqual(['Pantalón cargo', 'Playera básica', 'Tenis runner', 'Chamarra piel']);
  });

  it('a product that stops being featured loses its place, and comes back last', async () => {
    const admin = await adminClient();
    await admin.rpc('reorder_featured_products', { p_ids: [F.P4, F.P3, F.P2, F.P1] });
    await admin.from('products').update({ destacado: false }).eq('id', F.P4);
    const { rows } = await sql.query('select orden_destacado from public.products where id = $1', [F.P4]);
    expect(rows).toEqual([{ orden_destacado: null }]);
    await admin.from('products').update({ destacado: true }).eq('id', F.P4);
    expect(await names()).toEqual(['Tenis runner', 'Pantalón cargo', 'Playera básica', 'Chamarra piel']);
  });

  it('nobody but an admin reorders', async () => {
    for (const client of [anonClient(), await userClient()]) {
      const { error } = await client.rpc('reorder_featured_products', { p_ids: [F.P4] });
      expect(error).not.toBeNull();
    }
    const { rows } = await sql.query('select count(*)::int as placed from public.products where orden_destacado is not null');
    expect(rows).toEqual([{ placed: 0 }]);
  });
});
