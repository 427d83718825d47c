/**
 * Whatever loads many products at once leaves the shop's statistics current before it returns, so
 * the planner chooses the shop's plans for the catalogue as it now is, not as it was before the
 * load: the bulk seed (vacuumed and analyzed right after it commits), a CSV import batch and a bulk
 * action (analyzed in their own transaction when the change is large). Checked as the planner sees
 * it: its estimate of the products of a campaign is the real count right after the load.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { seedBulkProducts, seedDemo } from '../../scripts/seed/index.ts';
import { adminClient, mexicoDate, resetData, sql, stack } from './helpers.ts';
import { emptyCatalogue, importRow } from './load-fixture.ts';

/** The planner's estimate and the real number of products of a campaign in the shop's copy of the catalogue. */
async function campaignRows(campaignId: string): Promise<{ estimate: number; actual: number }> {
  const literal = (await sql.query<{ q: string }>('select quote_literal($1::text) as q', [campaignId])).rows[0]!.q;
  const plan = await sql.query<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
    `explain (format json) select 1 from private.shop_catalogue where campaign_id = ${literal}::uuid`,
  );
  const actual = await sql.query<{ n: number }>('select count(*)::int as n from private.shop_catalogue where campaign_id = $1', [
    campaignId,
  ]);
  return { estimate: plan.rows[0]!['QUERY PLAN'][0].Plan['Plan Rows'], actual: actual.rows[0]!.n };
}

/** When the shop's copy of the catalogue was last analyzed by hand (not by autovacuum), in ms since the epoch. */
async function lastAnalyzed(): Promise<number> {
  const { rows } = await sql.query<{ at: Date | null }>(
    `select last_analyze as at from pg_stat_user_tables where relid = 'private.shop_catalogue'::regclass`,
  );
  return rows[0]?.at?.getTime() ?? 0;
}

/** The database's clock (the statistics' timestamps are its own). */
const dbNow = async () => (await sql.query<{ at: Date }>('select clock_timestamp() as at')).rows[0]!.at.getTime();

const row = (n: number) => importRow(n, 'carga-grande');

describe('statistics after a load', () => {
  let campaignId = '';
  let brandId = '';

  beforeEach(async () => {
    ({ campaignId, brandId } = await emptyCatalogue());
  });

  it('a CSV import batch that grows the catalogue by more than 5% leaves the planner counting its products; a small one does not analyze', async () => {
    const admin = await adminClient();
    const before = await dbNow();
    const big = await admin.rpc('import_products_batch', {
      p_campaign_id: campaignId,
      p_brand_id: brandId,
      p_products: Array.from({ length: 120 }, (_, i) => row(i + 1)),
    });
    expect(big.error).toBeNull();
    expect(await lastAnalyzed()).toBeGreaterThanOrEqual(before);
    expect(await campaignRows(campaignId)).toEqual({ estimate: 120, actual: 120 });

    const analyzed = await lastAnalyzed();
    const small = await admin.rpc('import_products_batch', { p_campaign_id: campaignId, p_brand_id: brandId, p_products: [row(500)] });
    expect(small.error).toBeNull();
    expect(await lastAnalyzed()).toBe(analyzed);
  });

  it('a bulk action over many products leaves the planner knowing where they went', async () => {
    const admin = await adminClient();
    await admin.rpc('import_products_batch', {
      p_campaign_id: campaignId,
      p_brand_id: brandId,
      p_products: Array.from({ length: 120 }, (_, i) => row(i + 1)),
    });
    const other = await sql.query<{ id: string }>(
      `insert into public.campaigns (nombre, fecha_inicio, fecha_fin) values ('Fin de temporada', $1, $2) returning id`,
      [mexicoDate(-1), mexicoDate(20)],
    );
    const otherId = other.rows[0]!.id;
    const before = await dbNow();
    const { data, error } = await admin.rpc('bulk_update_products', {
      p_filter: { campaign_id: campaignId },
      p_action: 'campaign',
      p_value: { campaign_id: otherId },
      p_expected: 120,
    });
    expect(error).toBeNull();
    expect(data).toEqual({ changed: 120, image_urls: [] });
    expect(await lastAnalyzed()).toBeGreaterThanOrEqual(before);
    expect(await campaignRows(otherId)).toEqual({ estimate: 120, actual: 120 });
  });

  it('the bulk seed returns with every table it wrote vacuumed and analyzed, the shop copy all-visible', async () => {
    await resetData();
    await seedDemo({ url: stack.url, serviceRoleKey: stack.serviceRoleKey, dbUrl: stack.dbUrl, today: mexicoDate(0) });
    const before = await dbNow();
    await seedBulkProducts({ url: stack.url, serviceRoleKey: stack.serviceRoleKey, dbUrl: stack.dbUrl, count: 400 });
    const { rows } = await sql.query<{ table: string; vacuumed: Date | null; analyzed: Date | null }>(
      `select t::text as table, s.last_vacuum as vacuumed, s.last_analyze as analyzed
         from unnest(private.shop_tables() || '{public.products,public.product_sizes,public.product_images,public.product_private}'::regclass[]) as t
         left join pg_stat_user_tables s on s.relid = t`,
    );
    for (const r of rows) {
      expect(r.vacuumed?.getTime() ?? 0, `${r.table} vacuumed`).toBeGreaterThanOrEqual(before);
      expect(r.analyzed?.getTime() ?? 0, `${r.table} analyzed`).toBeGreaterThanOrEqual(before);
    }
    const copy = await sql.query<{ pages: number; visible: number; estimate: number; actual: number }>(
      `select c.relpages as pages, c.relallvisible as visible, c.reltuples::int as estimate,
              (select count(*)::int from private.shop_catalogue) as actual
         from pg_class c where c.oid = 'private.shop_catalogue'::regclass`,
    );
    const { pages, visible, estimate, actual } = copy.rows[0]!;
    expect(visible).toBe(pages);
    expect(estimate).toBe(actual);
    const biggest = await sql.query<{ id: string }>(
      'select campaign_id::text as id from private.shop_catalogue group by 1 order by count(*) desc, 1 limit 1',
    );
    const { estimate: e, actual: a } = await campaignRows(biggest.rows[0]!.id);
    expect(e).toBe(a);
  }, 180_000);
});
