/**
 * Row-level security through supabase-js, as anon, a signed-in user without a role, and each staff
 * role (analyst, editor, owner): every table x {select, insert, update, delete}, the hidden product columns tried every way,
 * campaign visibility on the Mexico City calendar, and the checks on public analytics inserts.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as F from './fixture.ts';
import { adminClient, anonClient, mexicoDate, signedIn, sql, userClient } from './helpers.ts';

type Role = 'anon' | 'user' | 'analyst' | 'editor' | 'owner';
const ROLES: Role[] = ['anon', 'user', 'analyst', 'editor', 'owner'];
/** Every staff role reads every row; owners and editors write; analysts only read. */
const reads = (role: Role) => role === 'analyst' || role === 'editor' || role === 'owner';
const writes = (role: Role) => role === 'editor' || role === 'owner';

let clients: Record<Role, SupabaseClient> & { admin: SupabaseClient };

beforeAll(async () => {
  const owner = await adminClient();
  clients = {
    anon: anonClient(),
    user: await userClient(),
    analyst: await signedIn('analyst@test.local', 'analyst-password-123', 'analyst'),
    editor: await signedIn('editor@test.local', 'editor-password-123', 'editor'),
    owner,
    admin: owner,
  };
});

interface TableCase {
  table: string;
  key: string;
  /** rows in the fixture (what an admin sees) */
  total: number;
  /** rows anon and plain users see; 'none' = no public read at all */
  publicRows: number | 'none';
  /** a valid new row */
  insert: () => Record<string, unknown>;
  /** true for the analytics tables, where anyone may insert a valid event */
  publicInsert?: boolean;
  /** a row visible to the public where possible, and a change to it */
  update: { id: string | number; column: string; value: string };
  /** a row an admin can delete (no dependants), visible to the public where possible */
  remove: string | number;
}

const session = 'rls-test-session-0001';

const TABLES: TableCase[] = [
  {
    table: 'campaigns',
    key: 'id',
    total: 3,
    publicRows: 2,
    insert: () => ({ nombre: 'Nueva campaña', fecha_fin: mexicoDate(3) }),
    update: { id: F.C_ACTIVE, column: 'nombre', value: 'Cambiada' },
    remove: F.C_ACTIVE,
  },
  {
    table: 'brands',
    key: 'id',
    total: 4,
    publicRows: 3,
    insert: () => ({ name: 'nuevamarca', display_name: 'NuevaMarca' }),
    update: { id: F.B_NIKE, column: 'display_name', value: 'Cambiada' },
    remove: F.B_REEBOK_EMPTY,
  },
  {
    table: 'categories',
    key: 'id',
    total: 4,
    publicRows: 3,
    insert: () => ({ nombre: 'Nueva' }),
    update: { id: F.CAT_ROPA, column: 'nombre', value: 'Cambiada' },
    remove: F.CAT_EMPTY,
  },
  {
    table: 'subcategories',
    key: 'id',
    total: 5,
    publicRows: 4,
    insert: () => ({ category_id: F.CAT_ROPA, nombre: 'Nueva' }),
    update: { id: F.SUB_PLAYERAS, column: 'nombre', value: 'Cambiada' },
    remove: F.SUB_SHORTS_EMPTY,
  },
  {
    table: 'products',
    key: 'id',
    total: 5,
    publicRows: 4,
    insert: () => ({
      campaign_id: F.C_ACTIVE,
      nombre: 'Nuevo',
      precio_original: 100,
      precio_venta: 50,
      permalink: 'nuevo-producto',
    }),
    update: { id: F.P1, column: 'nombre', value: 'Cambiado' },
    remove: F.P1,
  },
  {
    table: 'product_private',
    key: 'product_id',
    total: 4,
    publicRows: 'none',
    insert: () => ({ product_id: F.P4, costo_compra: 10 }),
    update: { id: F.P1, column: 'link_externo', value: 'https://otro.example' },
    remove: F.P1,
  },
  {
    table: 'product_images',
    key: 'id',
    total: 3,
    publicRows: 2,
    insert: () => ({ product_id: F.P1, image_url: 'https://img.example/nueva.jpg', orden: 3 }),
    update: { id: F.IMG_P1_A, column: 'image_url', value: 'https://img.example/cambiada.jpg' },
    remove: F.IMG_P1_A,
  },
  {
    table: 'product_sizes',
    key: 'id',
    total: 8,
    publicRows: 7,
    insert: () => ({ product_id: F.P4, talla: 'XL' }),
    update: { id: F.SIZE_P3_27, column: 'talla', value: '29' },
    remove: F.SIZE_P3_27,
  },
  {
    table: 'featured_categories',
    key: 'id',
    total: 2,
    publicRows: 1,
    insert: () => ({ nombre: 'Nueva', image_url: 'https://img.example/n.jpg' }),
    update: { id: F.FEAT_ACTIVE, column: 'nombre', value: 'Cambiada' },
    remove: F.FEAT_ACTIVE,
  },
  {
    table: 'banner_images',
    key: 'id',
    total: 2,
    publicRows: 1,
    insert: () => ({ name: 'Nuevo', image_url: 'https://img.example/n.png' }),
    update: { id: F.BANNER_ACTIVE, column: 'name', value: 'Cambiado' },
    remove: F.BANNER_ACTIVE,
  },
  {
    table: 'hero_images',
    key: 'id',
    total: 2,
    publicRows: 1,
    insert: () => ({ title: 'Nuevo', image_url: 'https://img.example/n.jpg' }),
    update: { id: F.HERO_ACTIVE, column: 'title', value: 'Cambiado' },
    remove: F.HERO_ACTIVE,
  },
  {
    table: 'size_guides',
    key: 'id',
    total: 1,
    publicRows: 1,
    insert: () => ({
      nombre: 'Nike ropa',
      tipo_talla: 'ropa',
      brand_id: F.B_NIKE,
      filas: [{ mx: 'M', us: 'M', eu: '40', pecho: '96-101' }],
    }),
    update: { id: F.GUIDE_CALZADO, column: 'nombre', value: 'Cambiada' },
    remove: F.GUIDE_CALZADO,
  },
  {
    table: 'brand_migrations',
    key: 'id',
    total: 1,
    publicRows: 'none',
    insert: () => ({ original_marca: 'ADIDAS', normalized_brand: 'Adidas', products_affected: 1 }),
    update: { id: F.MIGRATION, column: 'normalized_brand', value: 'Cambiada' },
    remove: F.MIGRATION,
  },
  {
    table: 'search_analytics',
    key: 'id',
    total: 1,
    publicRows: 'none',
    publicInsert: true,
    insert: () => ({ search_term: 'playera', session_id: session, page_url: 'http://localhost/tienda' }),
    update: { id: 1, column: 'search_term', value: 'cambiado' },
    remove: 1,
  },
  {
    table: 'filter_analytics',
    key: 'id',
    total: 1,
    publicRows: 'none',
    publicInsert: true,
    insert: () => ({ filter_type: 'brand', filter_value: 'Nike', session_id: session }),
    update: { id: 1, column: 'filter_value', value: 'cambiado' },
    remove: 1,
  },
  {
    table: 'product_click_analytics',
    key: 'id',
    total: 1,
    publicRows: 'none',
    publicInsert: true,
    insert: () => ({ product_id: F.P1, product_name: 'Playera básica', product_permalink: 'nike-playera-basica', session_id: session }),
    update: { id: 1, column: 'product_name', value: 'cambiado' },
    remove: 1,
  },
];

async function countRows(table: string): Promise<number> {
  const { rows } = await sql.query<{ n: string }>(`select count(*) as n from public.${table}`);
  return Number(rows[0]!.n);
}

async function columnValue(t: TableCase, column: string): Promise<unknown[]> {
  const { rows } = await sql.query(`select ${column} as v from public.${t.table} where ${t.key} = $1 order by 1`, [t.update.id]);
  return rows.map((r) => r.v);
}

describe('RLS matrix: select', () => {
  beforeAll(F.loadFixture);
  for (const t of TABLES) {
    for (const role of ROLES) {
      const expected = reads(role) ? t.total : t.publicRows;
      it(`${t.table} × ${role} → ${expected === 'none' ? 'nothing' : `${expected} rows`}`, async () => {
        const { data, error } = await clients[role].from(t.table).select('*');
        if (expected === 'none') {
          // anon has no grant at all (error); a plain user has the grant but no policy (empty)
          if (role === 'anon') expect(error).not.toBeNull();
          else {
            expect(error).toBeNull();
            expect(data).toEqual([]);
          }
        } else {
          expect(error).toBeNull();
          expect(data).toHaveLength(expected);
        }
      });
    }
  }
});

describe('RLS matrix: insert, update, delete', () => {
  // Each test starts from the fixture. A test marks it changed before it writes, and a refused write
  // that passed its checks (nothing changed) marks it unchanged again, so only then is it not reloaded.
  let changed = true;
  beforeEach(async () => {
    if (changed) await F.loadFixture();
    changed = true;
  });
  for (const t of TABLES) {
    for (const role of ROLES) {
      const allowedInsert = writes(role) || t.publicInsert === true;
      it(`${t.table} × ${role} insert → ${allowedInsert ? 'allowed' : 'denied'}`, async () => {
        const before = await countRows(t.table);
        const { error } = await clients[role].from(t.table).insert(t.insert());
        if (allowedInsert) {
          expect(error).toBeNull();
          expect(await countRows(t.table)).toBe(before + 1);
        } else {
          expect(error).not.toBeNull();
          expect(await countRows(t.table)).toBe(before);
          changed = false;
        }
      });

      const allowedWrite = writes(role);
      it(`${t.table} × ${role} update → ${allowedWrite ? 'allowed' : 'denied'}`, async () => {
        const before = await columnValue(t, t.update.column);
        expect(before.length).toBeGreaterThan(0);
        await clients[role]
          .from(t.table)
          .update({ [t.update.column]: t.update.value })
          .eq(t.key, t.update.id);
        const after = await columnValue(t, t.update.column);
        if (allowedWrite) expect(after).toContain(t.update.value);
        else {
          expect(after).toEqual(before);
          changed = false;
        }
      });

      it(`${t.table} × ${role} delete → ${allowedWrite ? 'allowed' : 'denied'}`, async () => {
        const before = await countRows(t.table);
        const { error } = await clients[role].from(t.table).delete().eq(t.key, t.remove);
        const { rows } = await sql.query(`select 1 from public.${t.table} where ${t.key} = $1`, [t.remove]);
        if (allowedWrite) {
          expect(error).toBeNull();
          expect(rows).toHaveLength(0);
          expect(await countRows(t.table)).toBeLessThan(before);
        } else {
          expect(rows.length).toBeGreaterThan(0);
          expect(await countRows(t.table)).toBe(before);
          changed = false;
        }
      });
    }
  }
});

describe('views never leak hidden rows', () => {
  beforeAll(F.loadFixture);

  const VIEWS: { view: string; publicRows: number; total: number }[] = [
    { view: 'campaigns_with_products', publicRows: 2, total: 3 },
    { view: 'categories_with_products', publicRows: 3, total: 4 },
    { view: 'subcategories_with_products', publicRows: 4, total: 5 },
    { view: 'brands_with_products', publicRows: 3, total: 4 },
    // master_products: one row per product-size, one row for a product without sizes
    { view: 'master_products', publicRows: 8, total: 9 },
  ];
  for (const v of VIEWS) {
    for (const role of ROLES) {
      const expected = reads(role) ? v.total : v.publicRows;
      it(`${v.view} × ${role} → ${expected} rows`, async () => {
        const { data, error } = await clients[role].from(v.view).select('*');
        expect(error).toBeNull();
        expect(data).toHaveLength(expected);
      });
    }
  }

  it('views cannot be written by anyone but an admin', async () => {
    const { error } = await clients.anon.from('campaigns_with_products').delete().eq('id', F.C_ACTIVE);
    expect(error).not.toBeNull();
    const { rows } = await sql.query('select 1 from public.campaigns where id = $1', [F.C_ACTIVE]);
    expect(rows).toHaveLength(1);
  });

  it('counts in the views only include visible products for the public', async () => {
    const anon = clients.anon;
    const { data: camps } = await anon.from('campaigns_with_products').select('id, product_count').order('fecha_fin');
    expect(camps).toEqual([
      { id: F.C_TODAY, product_count: 2 },
      { id: F.C_ACTIVE, product_count: 2 },
    ]);
    const { data: cats } = await anon.from('categories_with_products').select('id, product_count').order('orden');
    // Calzado has P3 (visible) and P5 (ended campaign): only 1 for the public
    expect(cats).toEqual([
      { id: F.CAT_ROPA, product_count: 3 },
      { id: F.CAT_CALZADO, product_count: 1 },
      { id: F.CAT_EMPTY, product_count: 0 },
    ]);
    const { data: adminCats } = await clients.admin.from('categories_with_products').select('id, product_count').eq('id', F.CAT_CALZADO);
    expect(adminCats).toEqual([{ id: F.CAT_CALZADO, product_count: 2 }]);
    const { data: brands } = await anon.from('brands_with_products').select('name, product_count').order('name');
    expect(brands).toEqual([
      { name: 'adidas', product_count: 1 },
      { name: 'nike', product_count: 2 },
      { name: 'reebok', product_count: 0 },
    ]);
    const { data: master } = await anon.from('master_products').select('product_id');
    expect(new Set(master!.map((r) => r.product_id))).toEqual(new Set([F.P1, F.P2, F.P3, F.P4]));
  });
});

describe('costo_compra and link_externo are never public', () => {
  beforeAll(F.loadFixture);

  const leaks = (value: unknown) => {
    const text = JSON.stringify(value ?? null);
    return text.includes('costo_compra') || text.includes('link_externo') || text.includes(F.COSTO) || text.includes('proveedor.example');
  };

  for (const role of ['anon', 'user'] as const) {
    it(`${role}: select=* on products has no hidden column`, async () => {
      const { data, error } = await clients[role].from('products').select('*');
      expect(error).toBeNull();
      expect(data!.length).toBe(4);
      for (const row of data!) {
        expect(Object.keys(row)).not.toContain('costo_compra');
        expect(Object.keys(row)).not.toContain('link_externo');
      }
      expect(leaks(data)).toBe(false);
    });

    it(`${role}: naming the column errors`, async () => {
      for (const column of ['costo_compra', 'link_externo']) {
        const { data, error } = await clients[role].from('products').select(`id, ${column}`);
        expect(error).not.toBeNull();
        expect(data).toBeNull();
      }
    });

    it(`${role}: embedding product_private gives nothing`, async () => {
      const { data, error } = await clients[role].from('products').select('id, product_private(costo_compra, link_externo)');
      if (role === 'anon') {
        // no privilege on the table at all
        expect(error).not.toBeNull();
      } else {
        expect(error).toBeNull();
        expect(data!.length).toBe(4);
        for (const row of data!) expect((row as Record<string, unknown>).product_private).toBeNull();
      }
      expect(leaks(data)).toBe(false);
    });

    it(`${role}: product_private directly gives nothing`, async () => {
      const { data } = await clients[role].from('product_private').select('*');
      expect(data ?? []).toEqual([]);
      const filtered = await clients[role].from('product_private').select('costo_compra').eq('product_id', F.P1);
      expect(filtered.data ?? []).toEqual([]);
    });

    it(`${role}: views and RPCs expose no hidden column`, async () => {
      for (const view of [
        'master_products',
        'campaigns_with_products',
        'categories_with_products',
        'subcategories_with_products',
        'brands_with_products',
      ]) {
        const { data, error } = await clients[role].from(view).select('*');
        expect(error).toBeNull();
        expect(leaks(data)).toBe(false);
      }
      const { data: page, error } = await clients[role].rpc('shop_page', { p_limit: 100 });
      expect(error).toBeNull();
      expect((page as { total: number }).total).toBe(4);
      expect(leaks(page)).toBe(false);
      const { data: sizes, error: sizesError } = await clients[role].rpc('get_available_sizes', {});
      expect(sizesError).toBeNull();
      expect((sizes as { id: string }[]).map((s) => s.id)).toEqual(['S', 'M', 'L', '27', '28', '32']);
      expect(leaks(sizes)).toBe(false);
    });
  }

  it('admin reads them by embedding product_private', async () => {
    const { data, error } = await clients.admin
      .from('products')
      .select('id, product_private(costo_compra, link_externo)')
      .eq('id', F.P1)
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ id: F.P1, product_private: { costo_compra: 123.45, link_externo: F.LINK } });
  });
});

describe('campaign visibility follows the Mexico City calendar', () => {
  beforeAll(F.loadFixture);

  it('shop_today() is the date in America/Mexico_City', async () => {
    const { rows } = await sql.query(
      `select public.shop_today('2026-11-22T05:30:00Z')::text as before_midnight,
              public.shop_today('2026-11-22T06:30:00Z')::text as after_midnight,
              public.shop_today()::text as today`,
    );
    expect(rows[0]).toEqual({ before_midnight: '2026-11-21', after_midnight: '2026-11-22', today: mexicoDate(0) });
  });

  it('a campaign ending today (Mexico City) is public, one that ended yesterday is not', async () => {
    const { data } = await clients.anon.from('campaigns').select('id, fecha_fin').order('fecha_fin');
    expect(data).toEqual([
      { id: F.C_TODAY, fecha_fin: mexicoDate(0) },
      { id: F.C_ACTIVE, fecha_fin: mexicoDate(10) },
    ]);
  });

  it('products of the ended campaign are invisible to the public, with their images and sizes', async () => {
    for (const role of ['anon', 'user'] as const) {
      const c = clients[role];
      const byPermalink = await c.from('products').select('id').eq('permalink', 'adidas-tenis-viejo');
      expect(byPermalink.data).toEqual([]);
      const joined = await c.from('products').select('id, campaigns!inner(fecha_fin)').eq('id', F.P5);
      expect(joined.data).toEqual([]);
      const images = await c.from('product_images').select('id').eq('product_id', F.P5);
      expect(images.data).toEqual([]);
      const sizes = await c.from('product_sizes').select('id').eq('product_id', F.P5);
      expect(sizes.data).toEqual([]);
      const visible = await c.from('product_sizes').select('talla').eq('product_id', F.P3).order('talla');
      expect(visible.data).toEqual([{ talla: '27' }, { talla: '28' }]);
    }
  });

  it('an admin still sees them', async () => {
    const { data } = await clients.admin.from('products').select('id, product_images(id), product_sizes(talla)').eq('id', F.P5);
    expect(data).toEqual([{ id: F.P5, product_images: [{ id: F.IMG_P5 }], product_sizes: [{ talla: 'M' }] }]);
  });

  it('moving the end date to yesterday hides a product, to today shows it again', async () => {
    await sql.query('update public.campaigns set fecha_fin = $1 where id = $2', [mexicoDate(-1), F.C_TODAY]);
    const hidden = await clients.anon.from('products').select('id').eq('id', F.P3);
    expect(hidden.data).toEqual([]);
    await sql.query('update public.campaigns set fecha_fin = $1 where id = $2', [mexicoDate(0), F.C_TODAY]);
    const shown = await clients.anon.from('products').select('id').eq('id', F.P3);
    expect(shown.data).toEqual([{ id: F.P3 }]);
  });
});

describe('public analytics inserts are checked', () => {
  beforeEach(F.loadFixture);

  const valid = {
    search_analytics: {
      search_term: 'tenis nike',
      session_id: session,
      user_agent: 'Mozilla/5.0',
      page_url: 'https://outlet.example/tienda?search=tenis',
    },
    filter_analytics: { filter_type: 'category', filter_value: F.CAT_ROPA, session_id: session, page_url: '/tienda' },
    product_click_analytics: {
      product_id: F.P1,
      product_name: 'Playera básica',
      product_permalink: 'nike-playera-basica',
      session_id: session,
      referrer_url: 'https://www.google.com/',
    },
  } as const;

  it('valid events are accepted from anon and from plain users', async () => {
    for (const role of ['anon', 'user'] as const) {
      for (const [table, row] of Object.entries(valid)) {
        const { error } = await clients[role].from(table).insert(row as Record<string, unknown>);
        expect(error, `${role} ${table}`).toBeNull();
      }
    }
    for (const table of Object.keys(valid)) expect(await countRows(table)).toBe(3);
  });

  const long = (n: number) => 'x'.repeat(n);
  const BAD: [string, string, Record<string, unknown>][] = [
    ['search_analytics', 'empty term', { ...valid.search_analytics, search_term: '' }],
    ['search_analytics', 'blank term', { ...valid.search_analytics, search_term: '   ' }],
    ['search_analytics', 'term of 201 chars', { ...valid.search_analytics, search_term: long(201) }],
    ['search_analytics', 'session id of 7 chars', { ...valid.search_analytics, session_id: 'abcdefg' }],
    ['search_analytics', 'session id of 101 chars', { ...valid.search_analytics, session_id: long(101) }],
    ['search_analytics', 'session id with markup', { ...valid.search_analytics, session_id: '<script>alert(1)</script>' }],
    ['search_analytics', 'user agent of 501 chars', { ...valid.search_analytics, user_agent: long(501) }],
    ['search_analytics', 'javascript: page url', { ...valid.search_analytics, page_url: 'javascript:alert(1)' }],
    ['search_analytics', 'page url of 2001 chars', { ...valid.search_analytics, page_url: `https://a.example/${long(1990)}` }],
    ['search_analytics', 'forged id', { ...valid.search_analytics, id: 999 }],
    ['filter_analytics', 'unknown filter type', { ...valid.filter_analytics, filter_type: 'hack' }],
    ['filter_analytics', 'empty filter value', { ...valid.filter_analytics, filter_value: '' }],
    ['filter_analytics', 'filter value of 201 chars', { ...valid.filter_analytics, filter_value: long(201) }],
    ['filter_analytics', 'missing session', { filter_type: 'brand', filter_value: 'Nike' }],
    [
      'product_click_analytics',
      'unknown product',
      { ...valid.product_click_analytics, product_id: '00000000-0000-4000-8000-999999999999' },
    ],
    ['product_click_analytics', 'product of an ended campaign', { ...valid.product_click_analytics, product_id: F.P5 }],
    ['product_click_analytics', 'no product', { ...valid.product_click_analytics, product_id: null }],
    ['product_click_analytics', 'referrer of 2001 chars', { ...valid.product_click_analytics, referrer_url: long(2001) }],
  ];
  for (const [table, what, row] of BAD) {
    it(`${table}: rejects ${what}`, async () => {
      const { error } = await clients.anon.from(table).insert(row);
      expect(error).not.toBeNull();
      expect(await countRows(table)).toBe(1);
    });
  }

  it('the public cannot read events back; an admin can', async () => {
    await clients.anon.from('search_analytics').insert(valid.search_analytics);
    const anonRead = await clients.anon.from('search_analytics').select('*');
    expect(anonRead.data ?? []).toEqual([]);
    const returning = await clients.anon.from('search_analytics').insert(valid.search_analytics).select();
    expect(returning.error).not.toBeNull();
    const userRead = await clients.user.from('search_analytics').select('*');
    expect(userRead.data).toEqual([]);
    const adminRead = await clients.admin.from('search_analytics').select('search_term, session_id').order('id');
    expect(adminRead.data).toEqual([
      { search_term: 'tenis', session_id: 'fixture-session-1' },
      { search_term: 'tenis nike', session_id: session },
    ]);
  });
});

describe('functions: who may execute what', () => {
  beforeAll(F.loadFixture);

  it('anon cannot execute admin RPCs, trigger functions or internal helpers beyond the shop', async () => {
    const merge = await clients.anon.rpc('merge_brands', { source_brand_id: F.B_ADIDAS, target_brand_id: F.B_NIKE });
    expect(merge.error).not.toBeNull();
    const { rows } = await sql.query<{ fn: string }>(`
      select p.oid::regprocedure::text as fn
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public' and has_function_privilege('anon', p.oid, 'execute')
      order by 1`);
    const names = rows.map((r) => r.fn.replace(/\(.*/, ''));
    expect(names.filter((n) => n.startsWith('merge_'))).toEqual([]);
    expect(names).not.toContain('sync_product_sizes');
    expect(names).toContain('shop_page');
    expect(names).toContain('get_available_categories');
  });

  it('every public function pins its search_path and no view runs with its owner’s rights', async () => {
    const fns = await sql.query(`
      select p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      left join pg_depend d on d.objid = p.oid and d.deptype = 'e'
      where n.nspname = 'public' and d.objid is null
        and not exists (select 1 from unnest(coalesce(p.proconfig, '{}')) c where c like 'search_path=%')`);
    expect(fns.rows).toEqual([]);
    const views = await sql.query(`
      select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'v'
        and not coalesce(c.reloptions, '{}') @> array['security_invoker=true']`);
    expect(views.rows).toEqual([]);
    const noRls = await sql.query(`
      select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' and not c.relrowsecurity`);
    expect(noRls.rows).toEqual([]);
  });
});
