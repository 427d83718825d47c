/**
 * The catalogue the rebuild worker keeps between builds (scripts/lib/kept-catalogue.ts) is, after
 * every kind of change, the catalogue a whole read gives (getActiveProducts), and it reads again
 * only the products the database recorded as changed (private.catalogue_changes): a change to one
 * product reads one product; a change that many products print reads everything.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { keptCatalogue } from '../../scripts/lib/kept-catalogue.ts';
import { getActiveProducts } from '../../src/data/product.ts';
import { createShopClient } from '../../src/data/supabase.ts';
import { B_NIKE, C_TODAY, loadFixture, P1, P2, P3, P4 } from './fixture.ts';
import { mexicoDate, sql, stack } from './helpers.ts';

describe('the kept catalogue', () => {
  const anon = createShopClient(stack.url, stack.anonKey);
  const catalogue = keptCatalogue(anon, stack.dbUrl);

  /** Reads the kept catalogue and checks it against a whole read; resolves to how many products it read again. */
  async function readMatchesWhole(): Promise<number | null> {
    const kept = await catalogue.read();
    expect(kept).toEqual(await getActiveProducts(anon));
    return catalogue.readAgain;
  }

  const nameOf = async (id: string) => (await catalogue.read()).find((p) => p.id === id)?.nombre;

  beforeAll(loadFixture);

  it('reads the whole catalogue first, then nothing while nothing changes', async () => {
    expect(await readMatchesWhole()).toBeNull();
    expect(await readMatchesWhole()).toBe(0);
  });

  it('a product, its sizes and its images read again that product alone', async () => {
    await sql.query(`update public.products set nombre = 'Playera básica nueva' where id = $1`, [P1]);
    expect(await readMatchesWhole()).toBe(1);
    await sql.query(`insert into public.product_sizes (product_id, talla, existencias) values ($1, 'XXL', 2)`, [P2]);
    await sql.query(`insert into public.product_images (product_id, image_url, orden) values ($1, 'https://img.example/p3-z.jpg', 9)`, [
      P3,
    ]);
    expect(await readMatchesWhole()).toBe(2);
  });

  it('a product deleted leaves the catalogue', async () => {
    await sql.query(`delete from public.products where id = $1`, [P4]);
    expect(await readMatchesWhole()).toBe(1);
    expect((await catalogue.read()).some((p) => p.id === P4)).toBe(false);
  });

  it('a change that many products print (a brand renamed) reads everything again', async () => {
    await sql.query(`update public.brands set display_name = 'Nike Sportswear' where id = $1`, [B_NIKE]);
    expect(await readMatchesWhole()).toBeNull();
  });

  it('a change committed after a read began is read the next time', async () => {
    const writer = await sql.connect();
    try {
      await writer.query('begin');
      await writer.query(`update public.products set nombre = 'Pantalón tardío' where id = $1`, [P2]);
      // the read cannot see the change: it is not committed yet
      expect(await nameOf(P2)).not.toBe('Pantalón tardío');
      await writer.query('commit');
    } finally {
      writer.release();
    }
    expect(await nameOf(P2)).toBe('Pantalón tardío');
    expect(catalogue.readAgain).toBe(1);
  });

  it('a campaign that ends by the clock, with no row written, reads everything again', async () => {
    // what the day's turn does to the campaign ending today, written without firing any trigger
    const db = await sql.connect();
    try {
      await db.query('begin');
      await db.query('set local session_replication_role = replica');
      await db.query(`update public.campaigns set fecha_fin = $1 where id = $2`, [mexicoDate(-1), C_TODAY]);
      await db.query('commit');
    } finally {
      db.release();
    }
    expect(await readMatchesWhole()).toBeNull();
    expect((await catalogue.read()).some((p) => p.id === P3)).toBe(false);
  });
});
