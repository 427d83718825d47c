/**
 * The back office's bulk actions go through the bulk-update-products function: the action as the
 * admin (the database function's own checks and Spanish refusals), then the shop's tables left ready
 * for the shoppers' filters before it answers: a large change leaves every page of the shop's copy
 * of the catalogue marked all-visible (VACUUM, which no transaction can run), where autovacuum would
 * take a minute or more. A CSV import batch that grows the catalogue as much does the same.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminClient, sql, userClient } from './helpers.ts';
import { invoke } from './invoke.ts';
import { emptyCatalogue, importRow } from './load-fixture.ts';
import { startGateway, type TestGateway } from './test-gateway.ts';

let gateway: TestGateway;

beforeAll(async () => {
  gateway = await startGateway();
});

afterAll(async () => {
  await gateway?.close();
});

/** A call of a function through this file's gateway, as the back office makes it. */
const call = (name: string, token: string | null, body: unknown) => invoke(name, token, body, gateway.url);

async function tokenOf(client: Awaited<ReturnType<typeof adminClient>>): Promise<string> {
  const { data } = await client.auth.getSession();
  return data.session!.access_token;
}

/** Pages of the shop's copy of the catalogue and how many are marked all-visible, as VACUUM and ANALYZE last counted them. */
async function catalogueVisibility(): Promise<{ pages: number; allVisible: number }> {
  const { rows } = await sql.query<{ pages: number; all_visible: number }>(
    `select relpages as pages, relallvisible as all_visible from pg_class where oid = 'private.shop_catalogue'::regclass`,
  );
  return { pages: rows[0]!.pages, allVisible: rows[0]!.all_visible };
}

let importRun = 0;

/** 600 products in three batches of 200, as the import wizard sends a large file. */
async function importSixHundred(token: string, campaignId: string, brandId: string): Promise<unknown[]> {
  const answers: unknown[] = [];
  // rows already imported (same import key) are skipped: each import has keys of its own
  importRun += 1;
  for (const first of [1, 201, 401]) {
    const res = await call('bulk-import-products-batch', token, {
      campaign_id: campaignId,
      brand_id: brandId,
      products: Array.from({ length: 200 }, (_, i) => importRow(first + i, `vacuum:${importRun}`)),
    });
    answers.push(await res.json());
  }
  return answers;
}

describe('bulk actions through the function', () => {
  let campaignId = '';
  let brandId = '';

  beforeEach(async () => {
    ({ campaignId, brandId } = await emptyCatalogue());
    // autovacuum must not do the work this test expects of the function
    await sql.query(`alter table private.shop_catalogue set (autovacuum_enabled = false)`);
  });

  afterAll(async () => {
    await sql.query(`alter table private.shop_catalogue reset (autovacuum_enabled)`);
  });

  it('a CSV import batch and a bulk discount over many products answer with the shop copy all-visible', async () => {
    const token = await tokenOf(await adminClient());
    const batch = { success_count: 200, error_count: 0, errors: [] };
    expect(await importSixHundred(token, campaignId, brandId)).toEqual([batch, batch, batch]);
    const afterImport = await catalogueVisibility();
    expect(afterImport.pages).toBeGreaterThan(10);
    expect(afterImport.allVisible).toBe(afterImport.pages);

    const res = await call('bulk-update-products', token, {
      p_filter: { campaign_id: campaignId },
      p_action: 'discount',
      p_value: { percent: 10 },
      p_expected: 600,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ changed: 600, image_urls: [] });
    const { rows } = await sql.query<{ precio_venta: string }>('select distinct precio_venta::text from private.shop_catalogue');
    expect(rows).toEqual([{ precio_venta: '700.00' }]);
    const afterDiscount = await catalogueVisibility();
    expect(afterDiscount.allVisible).toBe(afterDiscount.pages);
  });

  it('a small bulk action answers without vacuuming: the counts stay as the last large change left them', async () => {
    const token = await tokenOf(await adminClient());
    const batch = { success_count: 200, error_count: 0, errors: [] };
    expect(await importSixHundred(token, campaignId, brandId)).toEqual([batch, batch, batch]);
    const { rows } = await sql.query<{ id: string }>('select id from public.products order by id limit 2');
    expect(rows).toHaveLength(2);
    const before = await sql.query<{ at: Date | null }>(
      `select last_vacuum as at from pg_stat_user_tables where relid = 'private.shop_catalogue'::regclass`,
    );
    const res = await call('bulk-update-products', token, {
      p_ids: rows.map((r) => r.id),
      p_action: 'feature',
      p_value: {},
      p_expected: 2,
    });
    expect(await res.json()).toEqual({ changed: 2, image_urls: [] });
    const after = await sql.query<{ at: Date | null }>(
      `select last_vacuum as at from pg_stat_user_tables where relid = 'private.shop_catalogue'::regclass`,
    );
    expect(after.rows[0]!.at?.getTime()).toBe(before.rows[0]!.at?.getTime());
  });

  it("passes the database's Spanish refusals on, the changed selection as a conflict, and changes nothing", async () => {
    const token = await tokenOf(await adminClient());
    await sql.query(
      `insert into public.products (campaign_id, brand_id, marca, nombre, precio_original, precio_venta, permalink)
       select $1, $2, 'Nike', 'Playera ' || i, 1000, 800, 'playera-' || i from generate_series(1, 3) as i`,
      [campaignId, brandId],
    );
    const changedSelection = await call('bulk-update-products', token, {
      p_filter: { campaign_id: campaignId },
      p_action: 'discount',
      p_value: { percent: 10 },
      p_expected: 5,
    });
    expect(changedSelection.status).toBe(409);
    expect(await changedSelection.json()).toEqual({
      error: 'La selección cambió: ahora son 3 productos. Revisa y confirma de nuevo.',
      code: 'PT409',
    });
    const badDiscount = await call('bulk-update-products', token, {
      p_filter: { campaign_id: campaignId },
      p_action: 'discount',
      p_value: { percent: 100 },
      p_expected: 3,
    });
    expect(badDiscount.status).toBe(400);
    expect((await badDiscount.json()).error).toBe('El descuento va de 1 a 99 %');
    const { rows } = await sql.query<{ precio_venta: string }>('select distinct precio_venta::text from public.products');
    expect(rows).toEqual([{ precio_venta: '800.00' }]);
  });

  it('refuses a shopper without a session and a signed-in person who is not an admin', async () => {
    const body = { p_filter: { campaign_id: campaignId }, p_action: 'delete', p_value: {}, p_expected: 0 };
    expect((await call('bulk-update-products', null, body)).status).toBe(401);
    const user = await call('bulk-update-products', await tokenOf(await userClient()), body);
    expect(user.status).toBe(403);
    expect(await user.json()).toEqual({ error: 'No autorizado' });
  });
});
