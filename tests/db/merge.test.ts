/**
 * merge_brands, merge_categories, merge_subcategories: success paths, every Spanish error,
 * non-admins refused, and atomicity (a merge failing half-way changes nothing).
 */
import { appMessages } from '../../admin/i18n/es.ts';
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as F from './fixture.ts';
import { adminClient, anonClient, sql, userClient } from './helpers.ts';

let admin: SupabaseClient;
let user: SupabaseClient;
let anon: SupabaseClient;

beforeAll(async () => {
  admin = await adminClient();
  user = await userClient();
  anon = anonClient();
});
beforeEach(F.loadFixture);

/** Everything a merge may touch, to compare before/after. */
async function snapshot() {
  const q = async (text: string) => (await sql.query(text)).rows;
  return {
    brands: await q('select id, name, display_name from public.brands order by id'),
    categories: await q('select id, nombre from public.categories order by id'),
    subcategories: await q('select id, category_id, nombre from public.subcategories order by id'),
    products: await q('select id, brand_id, marca, category_id, subcategory_id from public.products order by id'),
    featured: await q('select id, category_id from public.featured_categories order by id'),
    migrations: await q('select original_marca, normalized_brand, products_affected from public.brand_migrations order by id'),
  };
}

describe('merge_brands', () => {
  it('moves the products, records the migration and deletes the source', async () => {
    const { data, error } = await admin.rpc('merge_brands', { source_brand_id: F.B_ADIDAS, target_brand_id: F.B_NIKE });
    expect(error).toBeNull();
    // Adidas had P2 and P5 (P5's campaign ended: still moved); Nike had P1 and P3
    expect(data).toEqual({ products_moved: 2, target_total: 4 });
    const { rows: products } = await sql.query(`select id, brand_id, marca from public.products where id in ($1, $2) order by id`, [
      F.P2,
      F.P5,
    ]);
    expect(products).toEqual([
      { id: F.P2, brand_id: F.B_NIKE, marca: 'Nike' },
      { id: F.P5, brand_id: F.B_NIKE, marca: 'Nike' },
    ]);
    const { rows: gone } = await sql.query('select 1 from public.brands where id = $1', [F.B_ADIDAS]);
    expect(gone).toEqual([]);
    const { rows: migrations } = await sql.query(
      `select original_marca, normalized_brand, products_affected from public.brand_migrations
       where id <> $1`,
      [F.MIGRATION],
    );
    expect(migrations).toEqual([{ original_marca: 'Adidas', normalized_brand: 'Nike', products_affected: 2 }]);
  });

  it('merges a brand without products (0 moved) and still records it', async () => {
    const { data, error } = await admin.rpc('merge_brands', { source_brand_id: F.B_REEBOK_EMPTY, target_brand_id: F.B_NIKE });
    expect(error).toBeNull();
    expect(data).toEqual({ products_moved: 0, target_total: 2 });
  });

  it('refuses a brand merged with itself', async () => {
    const before = await snapshot();
    const { error } = await admin.rpc('merge_brands', { source_brand_id: F.B_NIKE, target_brand_id: F.B_NIKE });
    expect(error?.message).toBe('No puedes fusionar una marca consigo misma.');
    expect(await snapshot()).toEqual(before);
  });

  it('refuses unknown brands', async () => {
    const unknown = '00000000-0000-4000-8000-999999999999';
    const a = await admin.rpc('merge_brands', { source_brand_id: unknown, target_brand_id: F.B_NIKE });
    expect(a.error?.message).toBe('La marca de origen no existe.');
    const b = await admin.rpc('merge_brands', { source_brand_id: F.B_NIKE, target_brand_id: unknown });
    expect(b.error?.message).toBe('La marca de destino no existe.');
  });
});

describe('merge_categories', () => {
  it('moves products and subcategories, renaming clashes with the smallest free " (n)"', async () => {
    // target Ropa already has 'Playeras' and 'Playeras (2)'; source Calzado brings 'playeras'
    await sql.query(`insert into public.subcategories (category_id, nombre) values ($1, 'Playeras (2)')`, [F.CAT_ROPA]);
    const {
      rows: [clash],
    } = await sql.query(`insert into public.subcategories (category_id, nombre) values ($1, 'playeras') returning id`, [F.CAT_CALZADO]);
    await sql.query(
      `insert into public.featured_categories (nombre, image_url, category_id) values ('Calzado', 'https://img.example/c.jpg', $1)`,
      [F.CAT_CALZADO],
    );

    const { data, error } = await admin.rpc('merge_categories', { source_category_id: F.CAT_CALZADO, target_category_id: F.CAT_ROPA });
    expect(error).toBeNull();
    // Calzado: P3, P5 and subcategories Tenis, Botas, playeras. Ropa had P1, P2, P4.
    expect(data).toEqual({ products_moved: 2, subcategories_moved: 3, target_total: 5 });

    const { rows: subs } = await sql.query(`select id, nombre from public.subcategories where category_id = $1`, [F.CAT_ROPA]);
    expect(subs.map((s) => s.nombre as string).sort()).toEqual([
      'Botas',
      'Pantalones',
      'Playeras',
      'Playeras (2)',
      'Shorts',
      'Tenis',
      'playeras (3)',
    ]);
    expect(subs.find((s) => s.nombre === 'playeras (3)')?.id).toBe(clash.id);
    const { rows: moved } = await sql.query(
      `select id, category_id, subcategory_id from public.products where id in ($1, $2) order by id`,
      [F.P3, F.P5],
    );
    expect(moved).toEqual([
      { id: F.P3, category_id: F.CAT_ROPA, subcategory_id: F.SUB_TENIS },
      { id: F.P5, category_id: F.CAT_ROPA, subcategory_id: F.SUB_TENIS },
    ]);
    const { rows: gone } = await sql.query('select 1 from public.categories where id = $1', [F.CAT_CALZADO]);
    expect(gone).toEqual([]);
    const { rows: tiles } = await sql.query(`select category_id from public.featured_categories where nombre = 'Calzado'`);
    expect(tiles).toEqual([{ category_id: F.CAT_ROPA }]);
  });

  it('refuses a category merged with itself', async () => {
    const before = await snapshot();
    const { error } = await admin.rpc('merge_categories', { source_category_id: F.CAT_ROPA, target_category_id: F.CAT_ROPA });
    // the back office says the same before asking (one message, pinned here to the database's)
    expect(error?.message).toBe(appMessages.app.categories.merge_same_category);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses an inactive target', async () => {
    await sql.query(`update public.products set category_id = $1 where id = $2`, [F.CAT_HIDDEN, F.P4]);
    const before = await snapshot();
    const { error } = await admin.rpc('merge_categories', { source_category_id: F.CAT_ROPA, target_category_id: F.CAT_HIDDEN });
    expect(error?.message).toBe('La categoría de destino debe estar activa.');
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a target without products', async () => {
    const before = await snapshot();
    const { error } = await admin.rpc('merge_categories', { source_category_id: F.CAT_ROPA, target_category_id: F.CAT_EMPTY });
    expect(error?.message).toBe('La categoría de destino debe tener al menos un producto.');
    expect(await snapshot()).toEqual(before);
  });
});

describe('merge_subcategories', () => {
  it('moves the products into the target (and its category) and deletes the source', async () => {
    const { data, error } = await admin.rpc('merge_subcategories', {
      source_subcategory_id: F.SUB_PLAYERAS,
      target_subcategory_id: F.SUB_PANTALONES,
    });
    expect(error).toBeNull();
    expect(data).toEqual({ products_moved: 1, target_total: 2 });
    const { rows } = await sql.query('select subcategory_id, category_id from public.products where id = $1', [F.P1]);
    expect(rows).toEqual([{ subcategory_id: F.SUB_PANTALONES, category_id: F.CAT_ROPA }]);
    const { rows: gone } = await sql.query('select 1 from public.subcategories where id = $1', [F.SUB_PLAYERAS]);
    expect(gone).toEqual([]);
  });

  it('keeps category and subcategory consistent across categories', async () => {
    const { error } = await admin.rpc('merge_subcategories', {
      source_subcategory_id: F.SUB_PLAYERAS,
      target_subcategory_id: F.SUB_TENIS,
    });
    expect(error).toBeNull();
    const { rows } = await sql.query('select subcategory_id, category_id from public.products where id = $1', [F.P1]);
    expect(rows).toEqual([{ subcategory_id: F.SUB_TENIS, category_id: F.CAT_CALZADO }]);
  });

  it('refuses a subcategory merged with itself, an inactive or an empty target', async () => {
    const before = await snapshot();
    const same = await admin.rpc('merge_subcategories', {
      source_subcategory_id: F.SUB_TENIS,
      target_subcategory_id: F.SUB_TENIS,
    });
    expect(same.error?.message).toBe(appMessages.app.categories.merge_same_subcategory);
    const empty = await admin.rpc('merge_subcategories', {
      source_subcategory_id: F.SUB_TENIS,
      target_subcategory_id: F.SUB_SHORTS_EMPTY,
    });
    expect(empty.error?.message).toBe('La subcategoría de destino debe tener al menos un producto.');
    await sql.query(`update public.subcategories set activa = false where id = $1`, [F.SUB_PANTALONES]);
    const inactive = await admin.rpc('merge_subcategories', {
      source_subcategory_id: F.SUB_PLAYERAS,
      target_subcategory_id: F.SUB_PANTALONES,
    });
    expect(inactive.error?.message).toBe('La subcategoría de destino debe estar activa.');
    await sql.query(`update public.subcategories set activa = true where id = $1`, [F.SUB_PANTALONES]);
    expect(await snapshot()).toEqual(before);
  });
});

describe('only admins may merge', () => {
  const CALLS: [string, Record<string, string>][] = [
    ['merge_brands', { source_brand_id: F.B_ADIDAS, target_brand_id: F.B_NIKE }],
    ['merge_categories', { source_category_id: F.CAT_CALZADO, target_category_id: F.CAT_ROPA }],
    ['merge_subcategories', { source_subcategory_id: F.SUB_PLAYERAS, target_subcategory_id: F.SUB_PANTALONES }],
  ];
  for (const [fn, args] of CALLS) {
    it(`${fn}: anon cannot even execute it, a plain user gets 'No autorizado'`, async () => {
      const before = await snapshot();
      const asAnon = await anon.rpc(fn, args);
      expect(asAnon.error).not.toBeNull();
      expect(asAnon.error?.code).toBe('42501');
      const asUser = await user.rpc(fn, args);
      expect(asUser.error?.message).toBe('No autorizado');
      expect(asUser.error?.code).toBe('42501');
      expect(await snapshot()).toEqual(before);
    });
  }

  it('user_metadata cannot grant the admin role', async () => {
    await sql.query(`update auth.users set raw_user_meta_data = '{"role": "admin"}' where email = 'user@test.local'`);
    const again = await userClient();
    const { error } = await again.rpc('merge_brands', { source_brand_id: F.B_ADIDAS, target_brand_id: F.B_NIKE });
    expect(error?.message).toBe('No autorizado');
    const { data } = await again.from('product_private').select('*');
    expect(data).toEqual([]);
  });
});

describe('a merge failing half-way changes nothing', () => {
  /** Makes the next statement matching `condition` fail, from inside the merge's own transaction. */
  async function sabotage(table: string, event: string, condition: string) {
    await sql.query(`
      create or replace function public.test_sabotage() returns trigger language plpgsql set search_path = '' as $$
      begin
        if ${condition} then raise exception 'sabotaje'; end if;
        return coalesce(new, old);
      end $$;
      create trigger test_sabotage before ${event} on public.${table}
        for each row execute function public.test_sabotage();`);
  }
  async function cleanup(table: string) {
    await sql.query(`drop trigger if exists test_sabotage on public.${table}; drop function if exists public.test_sabotage();`);
  }

  it('merge_brands: failing on the last step (deleting the source) keeps products and history', async () => {
    await sabotage('brands', 'delete', 'true');
    try {
      const before = await snapshot();
      const { error } = await admin.rpc('merge_brands', { source_brand_id: F.B_ADIDAS, target_brand_id: F.B_NIKE });
      expect(error?.message).toBe('sabotaje');
      expect(await snapshot()).toEqual(before);
    } finally {
      await cleanup('brands');
    }
  });

  it('merge_categories: failing while moving products keeps the renamed/moved subcategories as they were', async () => {
    await sql.query(`insert into public.subcategories (category_id, nombre) values ($1, 'PLAYERAS')`, [F.CAT_CALZADO]);
    // fails on the second product moved, after every subcategory was moved and renamed
    await sabotage('products', 'update', `new.id = '${F.P5}'`);
    try {
      const before = await snapshot();
      const { error } = await admin.rpc('merge_categories', { source_category_id: F.CAT_CALZADO, target_category_id: F.CAT_ROPA });
      expect(error?.message).toBe('sabotaje');
      expect(await snapshot()).toEqual(before);
    } finally {
      await cleanup('products');
    }
  });

  it('merge_subcategories: failing on deleting the source keeps the products where they were', async () => {
    await sabotage('subcategories', 'delete', 'true');
    try {
      const before = await snapshot();
      const { error } = await admin.rpc('merge_subcategories', {
        source_subcategory_id: F.SUB_PLAYERAS,
        target_subcategory_id: F.SUB_PANTALONES,
      });
      expect(error?.message).toBe('sabotaje');
      expect(await snapshot()).toEqual(before);
    } finally {
      await cleanup('subcategories');
    }
  });
});
