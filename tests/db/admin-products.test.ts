/**
 * Admin products RPCs (supabase/schemas/10_admin_products.sql): admin_products (paging, search, only-active,
 * Top 1000 lists, counts), save_product (insert/update of products + product_private in one
 * transaction, Spanish errors), unique_permalink, delete_product, and refusals for anon / users.
 * Expected numbers are hand-computed from fixture.ts (costo 123.45 on P1, P2, P3, P5; none on P4).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as F from './fixture.ts';
import { adminClient, anonClient, sql, userClient } from './helpers.ts';

interface AdminRow {
  id: string;
  nombre: string;
  permalink: string;
  costo_compra: number;
  link_externo: string | null;
  sizes: string[];
  campaign: { id: string; nombre: string; fecha_fin: string };
  category_nombre: string | null;
  subcategory_nombre: string | null;
  discount_percentage: number;
  profit_amount: number;
  profit_margin: number | null;
  [key: string]: unknown;
}
interface AdminPage {
  total: number;
  total_all: number;
  rows: AdminRow[];
  permalink_match: { id: string; permalink: string } | null;
}

let admin: SupabaseClient;

beforeAll(async () => {
  admin = await adminClient();
});
beforeEach(async () => {
  await F.loadFixture();
});

async function list(args: Record<string, unknown> = {}): Promise<AdminPage> {
  const { data, error } = await admin.rpc('admin_products', args);
  expect(error).toBeNull();
  return data as AdminPage;
}

const ids = (page: AdminPage) => page.rows.map((r) => r.id);

describe('admin_products', () => {
  it('lists every product newest first, with private fields, names and derived figures', async () => {
    const page = await list();
    expect(page.total).toBe(5);
    expect(page.total_all).toBe(5);
    expect(ids(page)).toEqual([F.P1, F.P2, F.P3, F.P4, F.P5]);
    const p1 = page.rows[0]!;
    expect(p1).toMatchObject({
      nombre: 'Playera básica',
      costo_compra: 123.45,
      link_externo: F.LINK,
      sizes: ['S', 'M', 'L'],
      campaign: { id: F.C_ACTIVE, nombre: 'Temporada activa' },
      category_nombre: 'Ropa',
      subcategory_nombre: 'Playeras',
      discount_percentage: 44,
      profit_amount: 376.55,
      profit_margin: 305.02,
      image_count: 2,
    });
    const p4 = page.rows[3]!;
    expect(p4).toMatchObject({ costo_compra: 0, link_externo: null, profit_margin: null, subcategory_nombre: null });
  });

  it('pages with offset and limit, the total staying the whole match', async () => {
    const first = await list({ p_offset: 0, p_limit: 2 });
    const second = await list({ p_offset: 2, p_limit: 2 });
    const third = await list({ p_offset: 4, p_limit: 2 });
    expect(ids(first)).toEqual([F.P1, F.P2]);
    expect(ids(second)).toEqual([F.P3, F.P4]);
    expect(ids(third)).toEqual([F.P5]);
    expect([first.total, second.total, third.total]).toEqual([5, 5, 5]);
  });

  it('filters by campaign and by active campaigns only', async () => {
    const today = await list({ p_campaign_id: F.C_TODAY });
    expect(ids(today)).toEqual([F.P3, F.P4]);
    expect(today.total).toBe(2);
    expect(today.total_all).toBe(5);
    const active = await list({ p_only_active: true });
    expect(ids(active)).toEqual([F.P1, F.P2, F.P3, F.P4]);
    const endedOnlyActive = await list({ p_campaign_id: F.C_ENDED, p_only_active: true });
    expect(endedOnlyActive.total).toBe(0);
  });

  it('searches name, brand, description, permalink and internal code, case-insensitively', async () => {
    await sql.query(`update public.products set descripcion = 'Algodón <b>orgánico</b> 100%' where id = $1`, [F.P2]);
    expect(ids(await list({ p_search: 'PLAYERA' }))).toEqual([F.P1]);
    expect(ids(await list({ p_search: 'adidas' }))).toEqual([F.P2, F.P5]);
    expect(ids(await list({ p_search: 'orgánico' }))).toEqual([F.P2]);
    expect(ids(await list({ p_search: 'nike-tenis' }))).toEqual([F.P3]);
    expect(ids(await list({ p_search: F.P4.slice(-12) }))).toEqual([F.P4]);
    // LIKE wildcards are literal
    expect((await list({ p_search: '100%' })).total).toBe(1);
    expect((await list({ p_search: '_' })).total).toBe(0);
    // the debug permalink check
    expect((await list({ p_search: 'nike-tenis-runner' })).permalink_match).toMatchObject({ id: F.P3 });
    expect((await list({ p_search: 'nike' })).permalink_match).toBeNull();
  });

  it('Top 1000 Descuentos: non-expired campaigns by discount percent', async () => {
    const page = await list({ p_sort: 'top_discount' });
    // P1 44.4 %, P2 40 %, P3 and P4 37.5 % (newer first); P5 (50 %) is in an ended campaign
    expect(ids(page)).toEqual([F.P1, F.P2, F.P3, F.P4]);
    expect(page.total).toBe(4);
  });

  it('Top 1000 Ganancias: non-expired campaigns by profit (sale - cost)', async () => {
    const page = await list({ p_sort: 'top_profit' });
    expect(ids(page)).toEqual([F.P4, F.P3, F.P2, F.P1]);
    expect(page.rows.map((r) => r.profit_amount)).toEqual([25000, 2376.55, 1376.55, 376.55]);
    const paged = await list({ p_sort: 'top_profit', p_offset: 1, p_limit: 2 });
    expect(ids(paged)).toEqual([F.P3, F.P2]);
    expect(paged.total).toBe(4);
  });

  it('Top 1000 stops at 1000 products: the lowest scores of a larger catalogue are left out', async () => {
    // 1005 more products in the active campaign, profits 1..1005 (no cost), newest last.
    await sql.query(
      `insert into public.products (campaign_id, nombre, precio_original, precio_venta, permalink, created_at)
       select $1, 'Relleno ' || n, 2000, n, 'relleno-' || n, now() - interval '1 hour'
       from generate_series(1, 1005) n`,
      [F.C_ACTIVE],
    );
    // Active products by profit: P4 25000, P3 2376.55, P2 1376.55, then relleno 1005..377, P1 376.55,
    // relleno 376..1. The 1000th is relleno 10; relleno 1..9 fall outside the list.
    const first = await list({ p_sort: 'top_profit', p_limit: 4 });
    expect(first.total).toBe(1000);
    expect(first.rows.map((r) => r.nombre)).toEqual(['Chamarra piel', 'Tenis runner', 'Pantalón cargo', 'Relleno 1005']);
    const last = await list({ p_sort: 'top_profit', p_offset: 995, p_limit: 50 });
    expect(last.total).toBe(1000);
    expect(last.rows.map((r) => r.nombre)).toEqual(['Relleno 14', 'Relleno 13', 'Relleno 12', 'Relleno 11', 'Relleno 10']);
    const all = await list({ p_sort: 'top_profit', p_limit: 1000 });
    expect(all.rows).toHaveLength(1000);
    expect(all.rows.filter((r) => /^Relleno [1-9]$/.test(r.nombre))).toEqual([]);
  });

  it('rejects an unknown sort', async () => {
    const { error } = await admin.rpc('admin_products', { p_sort: 'price; drop table x' });
    expect(error?.message).toMatch(/Orden no válido/);
  });
});

describe('unique_permalink', () => {
  const call = async (p_brand: string, p_name: string, p_exclude_id: string | null = null) => {
    const { data, error } = await admin.rpc('unique_permalink', { p_brand, p_name, p_exclude_id });
    expect(error).toBeNull();
    return data as string;
  };

  it('makes the slug of brand and name, then the first free numeric suffix, ignoring the product itself', async () => {
    expect(await call('Nike', 'Nuevo')).toBe('nike-nuevo');
    expect(await call('Nike', 'Playera Básica')).toBe('nike-playera-basica-1');
    expect(await call(' Nike ', 'PLAYERA  básica', F.P1)).toBe('nike-playera-basica');
    await sql.query(`update public.products set permalink = 'nike-playera-basica-1' where id = $1`, [F.P2]);
    expect(await call('Nike', 'Playera Básica')).toBe('nike-playera-basica-2');
  });

  it('folds every accent and letter the way the CSV import does, and gives nothing for no slug', async () => {
    expect(await call('Hugo Boss', 'Straße Größe')).toBe('hugo-boss-strasse-grosse');
    expect(await call('Æon', 'Cœur Øre Łódź')).toBe('aeon-coeur-ore-lodz');
    expect(await call('', '¡¿!?')).toBe('');
  });
});

describe('products.permalink', () => {
  it('refuses, even on a direct table write by an admin, a permalink the shop cannot build a page for', async () => {
    for (const permalink of ['a/b', 'Vestido', 'vestido midi', 'camisón', 'x--y', '-x', 'x.html', 'a'.repeat(201)]) {
      const { error } = await admin.from('products').update({ permalink }).eq('id', F.P1);
      expect(error?.message, permalink).toContain('products_permalink_format');
    }
    const { rows } = await sql.query('select permalink from public.products where id = $1', [F.P1]);
    expect(rows[0]?.permalink).toBe('nike-playera-basica');
    const { error } = await admin.from('products').update({ permalink: 'nike-playera-basica-2' }).eq('id', F.P1);
    expect(error).toBeNull();
  });
});

describe('save_product', () => {
  const base = {
    campaign_id: F.C_ACTIVE,
    category_id: F.CAT_ROPA,
    subcategory_id: F.SUB_PLAYERAS,
    brand_id: F.B_NIKE,
    nombre: 'Sudadera nueva',
    precio_original: '1999.999',
    precio_venta: 1300,
    costo_compra: 1000,
    permalink: 'nike-sudadera-nueva',
    link_externo: 'https://proveedor.example/sudadera',
    descripcion: 'Cálida',
  };

  it('creates a product and its private row in one call, marca from the brand, prices to 2 decimals', async () => {
    const { data, error } = await admin.rpc('save_product', { p_id: null, p_product: base });
    expect(error).toBeNull();
    const row = data as AdminRow;
    expect(row).toMatchObject({
      nombre: 'Sudadera nueva',
      marca: 'Nike',
      precio_original: 2000,
      precio_venta: 1300,
      costo_compra: 1000,
      link_externo: 'https://proveedor.example/sudadera',
      profit_margin: 30,
      destacado: false,
    });
    const priv = await sql.query('select costo_compra, link_externo from public.product_private where product_id = $1', [row.id]);
    expect(priv.rows).toEqual([{ costo_compra: '1000.00', link_externo: 'https://proveedor.example/sudadera' }]);
  });

  it('updates product and private fields; empty category/subcategory become null', async () => {
    const { data, error } = await admin.rpc('save_product', {
      p_id: F.P4,
      p_product: {
        ...base,
        category_id: '',
        subcategory_id: '',
        brand_id: '',
        marca: 'Levis',
        nombre: 'Chamarra',
        permalink: 'levis-chamarra',
        costo_compra: 5,
      },
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({ id: F.P4, nombre: 'Chamarra', marca: 'Levis', category_id: null, subcategory_id: null, costo_compra: 5 });
  });

  it('refuses a permalink used by another product, with a Spanish message, and writes nothing', async () => {
    const { error } = await admin.rpc('save_product', { p_id: F.P2, p_product: { ...base, permalink: 'nike-playera-basica' } });
    expect(error?.message).toBe('El permalink "nike-playera-basica" ya está en uso por otro producto');
    const { rows } = await sql.query('select nombre from public.products where id = $1', [F.P2]);
    expect(rows[0].nombre).toBe('Pantalón cargo');
  });

  it('is atomic: a failing private row undoes the product insert', async () => {
    const before = await sql.query('select count(*)::int as n from public.products');
    // a negative cost passes the JSON parse but fails in SQL, after the product row would be written
    const { error } = await admin.rpc('save_product', { p_id: null, p_product: { ...base, costo_compra: -1 } });
    expect(error?.message).toBe('Los precios no pueden ser negativos');
    // and a check constraint on product_private itself (over-long numeric) also rolls back
    const { error: overflow } = await admin.rpc('save_product', {
      p_id: null,
      p_product: { ...base, permalink: 'nike-overflow', costo_compra: 1e12 },
    });
    expect(overflow).not.toBeNull();
    const after = await sql.query('select count(*)::int as n from public.products');
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  it('validates required fields and category/subcategory consistency', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ nombre: '  ' }, 'El nombre es obligatorio'],
      [{ precio_original: null }, 'El precio original es obligatorio'],
      [{ costo_compra: null }, 'El costo de compra es obligatorio'],
      [{ precio_venta: '' }, 'El precio de venta es obligatorio'],
      [{ permalink: '' }, 'El permalink es obligatorio'],
      [{ campaign_id: null }, 'La campaña es obligatoria'],
      [{ subcategory_id: F.SUB_TENIS }, 'La subcategoría no pertenece a la categoría seleccionada'],
    ];
    for (const [patch, message] of cases) {
      const { error } = await admin.rpc('save_product', { p_id: null, p_product: { ...base, ...patch } });
      expect(error?.message, JSON.stringify(patch)).toBe(message);
    }
  });

  it('refuses anon and non-admin users', async () => {
    // Untyped: save_product is called with a null id, which the generated argument types do not allow.
    const refused: SupabaseClient[] = [anonClient(), await userClient()];
    for (const client of refused) {
      const save = await client.rpc('save_product', { p_id: null, p_product: base });
      expect(save.error).not.toBeNull();
      const page = await client.rpc('admin_products', {});
      expect(page.error).not.toBeNull();
      expect(page.data).toBeNull();
      const del = await client.rpc('delete_product', { p_id: F.P1 });
      expect(del.error).not.toBeNull();
      const perm = await client.rpc('unique_permalink', { p_base: 'x' });
      expect(perm.error).not.toBeNull();
    }
    const user2 = await userClient();
    const { error } = await user2.rpc('admin_products', {});
    expect(error?.message).toBe('No autorizado');
    const { rows } = await sql.query(`select count(*)::int as n from public.products where nombre = 'Sudadera nueva'`);
    expect(rows[0].n).toBe(0);
  });
});

describe('delete_product', () => {
  it('deletes the product with its sizes, images and private row, and returns the image URLs', async () => {
    await sql.query(`update public.products set imagen_principal = 'https://img.example/main.jpg' where id = $1`, [F.P1]);
    const { data, error } = await admin.rpc('delete_product', { p_id: F.P1 });
    expect(error).toBeNull();
    expect(data).toEqual({
      id: F.P1,
      image_urls: ['https://img.example/main.jpg', 'https://img.example/p1-a.jpg', 'https://img.example/p1-b.jpg'],
    });
    for (const table of ['products', 'product_private', 'product_sizes', 'product_images']) {
      const col = table === 'products' ? 'id' : 'product_id';
      const { rows } = await sql.query(`select count(*)::int as n from public.${table} where ${col} = $1`, [F.P1]);
      expect(rows[0].n, table).toBe(0);
    }
  });
});
