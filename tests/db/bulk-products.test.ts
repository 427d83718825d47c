/**
 * Bulk work on products (bulk_update_products): each action on chosen ids or on all the list's
 * filter matches, in one transaction, with the count the person confirmed; a selection that changed
 * meanwhile, a bad destination or a bad percent changes nothing; analysts may not; a bulk action is
 * one entry of the history.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as F from './fixture.ts';
import { signedIn, sql } from './helpers.ts';

let editor: SupabaseClient;
let analyst: SupabaseClient;

beforeAll(async () => {
  editor = await signedIn('editor@bulk.test', 'editor-password-123', 'editor');
  analyst = await signedIn('analyst@bulk.test', 'analyst-password-123', 'analyst');
});
beforeEach(F.loadFixture);

const bulk = (client: SupabaseClient, args: Record<string, unknown>) => client.rpc('bulk_update_products', args);
const products = async () =>
  (
    await sql.query(
      `select id, campaign_id, category_id, subcategory_id, brand_id, marca, precio_venta::float8 as precio_venta, destacado from public.products order by id`,
    )
  ).rows as Array<Record<string, unknown>>;

describe('bulk_update_products', () => {
  it('takes a percentage off the chosen products, rounded to the nearest hundred', async () => {
    const before = await products();
    const { data, error } = await bulk(editor, { p_ids: [F.P1, F.P2], p_action: 'discount', p_value: { percent: 20 }, p_expected: 2 });
    expect(error).toBeNull();
    const after = await products();
    for (const row of after) {
      const old = before.find((b) => b['id'] === row['id'])!;
      const expected = [F.P1, F.P2].includes(row['id'] as string)
        ? (await sql.query('select public.discounted_price($1, 20)::float8 as v', [old['precio_venta']])).rows[0].v
        : old['precio_venta'];
      expect(row['precio_venta'], String(row['id'])).toBe(expected);
    }
    expect((data as { changed: number }).changed).toBe(after.filter((r, i) => r['precio_venta'] !== before[i]!['precio_venta']).length);
  });

  it('moves every product the filter matches to another campaign, when the count is the one confirmed', async () => {
    const inActive = (await products()).filter((p) => p['campaign_id'] === F.C_ACTIVE).length;
    expect(inActive).toBeGreaterThan(1);
    const wrong = await bulk(editor, {
      p_filter: { campaign_id: F.C_ACTIVE },
      p_action: 'campaign',
      p_value: { campaign_id: F.C_TODAY },
      p_expected: inActive + 1,
    });
    expect(wrong.error?.code).toBe('PT409');
    expect(wrong.error?.message).toBe(`La selección cambió: ahora son ${inActive} productos. Revisa y confirma de nuevo.`);
    expect((await products()).filter((p) => p['campaign_id'] === F.C_ACTIVE)).toHaveLength(inActive);

    const { data, error } = await bulk(editor, {
      p_filter: { campaign_id: F.C_ACTIVE },
      p_action: 'campaign',
      p_value: { campaign_id: F.C_TODAY },
      p_expected: inActive,
    });
    expect(error).toBeNull();
    expect(data).toEqual({ changed: inActive, image_urls: [] });
    expect((await products()).filter((p) => p['campaign_id'] === F.C_ACTIVE)).toEqual([]);
  });

  it('changes the brand and its free-text name together; features and unfeatures', async () => {
    await bulk(editor, { p_ids: [F.P1, F.P2], p_action: 'brand', p_value: { brand_id: F.B_ADIDAS }, p_expected: 2 });
    const rows = (await products()).filter((p) => [F.P1, F.P2].includes(p['id'] as string));
    expect(rows.map((r) => [r['brand_id'], r['marca']])).toEqual([
      [F.B_ADIDAS, 'Adidas'],
      [F.B_ADIDAS, 'Adidas'],
    ]);
    await bulk(editor, { p_ids: [F.P3, F.P4], p_action: 'feature', p_expected: 2 });
    expect((await products()).filter((p) => p['destacado']).map((p) => p['id'])).toEqual(expect.arrayContaining([F.P3, F.P4]));
    await bulk(editor, { p_ids: [F.P3, F.P4], p_action: 'unfeature', p_expected: 2 });
    expect((await products()).filter((p) => [F.P3, F.P4].includes(p['id'] as string) && p['destacado'])).toEqual([]);
  });

  it('refuses a subcategory of another category, a percent out of range and an unknown action, changing nothing', async () => {
    const before = await products();
    const refusals = await Promise.all([
      bulk(editor, {
        p_ids: [F.P1],
        p_action: 'category',
        p_value: { category_id: F.CAT_CALZADO, subcategory_id: F.SUB_PLAYERAS },
        p_expected: 1,
      }),
      bulk(editor, { p_ids: [F.P1], p_action: 'discount', p_value: { percent: 100 }, p_expected: 1 }),
      bulk(editor, { p_ids: [F.P1], p_action: 'rename', p_expected: 1 }),
    ]);
    expect(refusals.map((r) => r.error?.message)).toEqual([
      'La subcategoría no es de esa categoría',
      'El descuento va de 1 a 99 %',
      'Acción desconocida: rename',
    ]);
    expect(await products()).toEqual(before);
  });

  it('deletes the chosen products with their sizes and images, and names the image files', async () => {
    const { data, error } = await bulk(editor, { p_ids: [F.P1, F.P3], p_action: 'delete', p_expected: 2 });
    expect(error).toBeNull();
    expect((data as { changed: number }).changed).toBe(2);
    expect((data as { image_urls: string[] }).image_urls.length).toBeGreaterThan(0);
    const { rows } = await sql.query('select count(*)::int as n from public.product_sizes where product_id = any($1)', [[F.P1, F.P3]]);
    expect(rows[0].n).toBe(0);
  });

  it('is refused to analysts, and a bulk action is one entry of the history', async () => {
    const refused = await bulk(analyst, { p_ids: [F.P1], p_action: 'feature', p_expected: 1 });
    expect(refused.error?.message).toBe('No autorizado');
    await bulk(editor, { p_ids: [F.P1, F.P2, F.P3], p_action: 'discount', p_value: { percent: 50 }, p_expected: 3 });
    const { rows } = await sql.query(`select request, changes from public.audit_entries where actor_email = 'editor@bulk.test'`);
    expect(rows).toEqual([{ request: 'POST /rpc/bulk_update_products', changes: 3 }]);
  });

  it("runs past the back office's 8 s statement limit, which any other request of an admin keeps", async () => {
    // Two other transactions hold the two products: the first for 5 s, the second for 9.5 s. The
    // bulk action locks them in id order, waiting 5 s and then 4.5 s (no single wait reaches the
    // 8 s lock limit) and finishes after 9.5 s with its own 50 s; an admin's plain edit of the
    // second one waits and is cancelled at 8 s.
    const [first, second] = [F.P1, F.P2].sort();
    const holders = [await sql.connect(), await sql.connect()];
    const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));
    try {
      for (const [i, id] of [first, second].entries()) {
        await holders[i]!.query('begin');
        await holders[i]!.query('select 1 from public.products where id = $1 for update', [id]);
      }
      // a query builder sends its request when awaited: both are sent now, while the products are held
      const edit = Promise.resolve(editor.from('products').update({ destacado: true }).eq('id', second!));
      const action = Promise.resolve(bulk(editor, { p_ids: [F.P1, F.P2], p_action: 'feature', p_expected: 2 }));
      await pause(5_000);
      await holders[0]!.query('commit');
      await pause(4_500);
      await holders[1]!.query('commit');
      const [edited, acted] = await Promise.all([edit, action]);
      expect(edited.error?.code).toBe('57014');
      expect(acted.error).toBeNull();
      expect((await products()).filter((p) => [F.P1, F.P2].includes(p['id'] as string)).map((p) => p['destacado'])).toEqual([true, true]);
    } finally {
      for (const holder of holders) {
        await holder.query('rollback').catch(() => undefined);
        holder.release();
      }
    }
  }, 30_000);
});
