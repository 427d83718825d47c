/**
 * "Live campaign" is one rule in the database (private.live_campaign_ids: fecha_fin >= shop_today()
 * in Mexico City). The storefront's reads (src/data) no longer filter by date themselves: they read
 * with the anon key and RLS shows them only live campaigns and their products. These are those exact
 * reads against fixture.ts, where campaign ENDED (with P5 'Tenis viejo', featured) ended yesterday
 * and TODAY ends today: ENDED never shows, TODAY does.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { getActiveCampaignIds, getActiveCampaigns } from '../../src/data/campaigns.ts';
import { getHeaderCategories } from '../../src/data/categories.ts';
import { getFeaturedProducts } from '../../src/data/home.ts';
import { getActiveProducts, getLiveProduct } from '../../src/data/product.ts';
import { getSampleProduct } from '../../src/data/sample-product.ts';
import { getSitemapProducts } from '../../src/data/sitemap.ts';
import { createShopClient, type ShopClient } from '../../src/data/supabase.ts';
import * as F from './fixture.ts';
import { adminClient, sql, stack } from './helpers.ts';

let anon: ShopClient;
let endedPermalink: string;

beforeAll(async () => {
  await F.loadFixture();
  // the ended campaign's product is featured and the newest: only the live rule keeps it out
  await sql.query(`update public.products set destacado = true, created_at = now() where id = $1`, [F.P5]);
  endedPermalink = (await sql.query<{ permalink: string }>('select permalink from public.products where id = $1', [F.P5])).rows[0]!
    .permalink;
  anon = createShopClient(stack.url, stack.anonKey);
});

describe("the shop's reads show live campaigns only", () => {
  it('campaigns: TODAY and ACTIVE, never ENDED', async () => {
    expect((await getActiveCampaignIds(anon)).sort()).toEqual([F.C_ACTIVE, F.C_TODAY].sort());
    expect((await getActiveCampaigns(anon)).map((c) => c.id)).toEqual([F.C_TODAY, F.C_ACTIVE]);
  });

  it('products: every page, the product page, featured, the sitemap and the sample leave out ENDED', async () => {
    expect((await getActiveProducts(anon)).map((p) => p.id).sort()).toEqual([F.P1, F.P2, F.P3, F.P4].sort());
    expect(await getLiveProduct(anon, endedPermalink)).toBeNull();
    expect((await getFeaturedProducts(anon)).map((p) => p.id)).not.toContain(F.P5);
    expect((await getSitemapProducts(anon)).map((p) => p.permalink)).not.toContain(endedPermalink);
    expect((await getSampleProduct(anon))?.id).not.toBe(F.P5);
  });

  it('header categories count live products only', async () => {
    const calzado = (await getHeaderCategories(anon)).find((c) => c.id === F.CAT_CALZADO);
    expect(calzado?.product_count ?? 0).toBe(1); // P3 (TODAY); P5 (ENDED) is not counted
  });

  it('the back office reads the same rule: live_campaigns and campaigns_with_products.is_live', async () => {
    const admin = await adminClient();
    const { data: live } = await admin.from('live_campaigns').select('id');
    expect((live ?? []).map((c) => c.id).sort()).toEqual([F.C_ACTIVE, F.C_TODAY].sort());
    const { data: all } = await admin.from('campaigns_with_products').select('id, is_live');
    expect(Object.fromEntries((all ?? []).map((c) => [c.id, c.is_live]))).toEqual({
      [F.C_ACTIVE]: true,
      [F.C_TODAY]: true,
      [F.C_ENDED]: false,
    });
  });
});
