/**
 * Related products as the product page asks for them live (src/data/product.ts), with the anon key:
 * the first of same campaign + category + subcategory, same campaign + category, same campaign, same
 * brand (or the same free-text brand when there is no brand) that has any active product; newest
 * first, 4 at most, never the product itself, never a product of an ended campaign.
 * Expected lists are hand-computed from fixture.ts.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { getRelatedProducts } from '../../src/data/product.ts';
import { createShopClient } from '../../src/data/supabase.ts';
import * as F from './fixture.ts';
import { sql, stack } from './helpers.ts';

const keys = {
  P1: { id: F.P1, campaign_id: F.C_ACTIVE, category_id: F.CAT_ROPA, subcategory_id: F.SUB_PLAYERAS, brand_id: F.B_NIKE, marca: 'Nike' },
  P3: { id: F.P3, campaign_id: F.C_TODAY, category_id: F.CAT_CALZADO, subcategory_id: F.SUB_TENIS, brand_id: F.B_NIKE, marca: 'Nike' },
  P5: { id: F.P5, campaign_id: F.C_ENDED, category_id: F.CAT_CALZADO, subcategory_id: F.SUB_TENIS, brand_id: F.B_ADIDAS, marca: 'Adidas' },
};

async function related(product: Parameters<typeof getRelatedProducts>[1]): Promise<string[]> {
  return (await getRelatedProducts(createShopClient(stack.url, stack.anonKey), product)).map((p) => p.id);
}

/** Adds products to the fixture; returns their ids in the order given. */
async function addProducts(rows: { campaign: string; subcategory: string | null; minutesAgo: number }[]): Promise<string[]> {
  const ids: string[] = [];
  for (const [i, r] of rows.entries()) {
    const { rows: inserted } = await sql.query<{ id: string }>(
      `insert into public.products (campaign_id, category_id, subcategory_id, brand_id, marca, nombre, precio_original, precio_venta, permalink, created_at)
       values ($1, $2, $3, $4, 'Nike', $5, 900, 500, $6, now() - make_interval(mins => $7)) returning id`,
      [r.campaign, F.CAT_ROPA, r.subcategory, F.B_NIKE, `Extra ${i}`, `extra-${i}`, r.minutesAgo],
    );
    ids.push(inserted[0]!.id);
  }
  return ids;
}

describe('related products, live', () => {
  beforeEach(F.loadFixture);

  it('falls back from the subcategory to the category of the same campaign', async () => {
    expect(await related(keys.P1)).toEqual([F.P2]);
  });

  it('falls back to the same campaign when nothing shares the category', async () => {
    expect(await related(keys.P3)).toEqual([F.P4]);
  });

  it('falls back to the same brand, leaving out products of ended campaigns', async () => {
    // P5's campaign ended: nothing of it is public, so the brand group answers (P2, Adidas, active).
    expect(await related(keys.P5)).toEqual([F.P2]);
  });

  it('without a brand, uses the same free-text brand', async () => {
    const noBrand = { id: F.P5, campaign_id: F.C_ENDED, category_id: null, subcategory_id: null, brand_id: null, marca: 'Nike' };
    expect(await related(noBrand)).toEqual([F.P1, F.P3]);
  });

  it('gives the 4 newest of the first group with any, and never the product itself', async () => {
    // The newest of them all is in an ended campaign and the oldest is fifth: neither is shown.
    const [, newest, middle, older, newer] = await addProducts([
      { campaign: F.C_ACTIVE, subcategory: F.SUB_PLAYERAS, minutesAgo: 50 },
      { campaign: F.C_ACTIVE, subcategory: F.SUB_PLAYERAS, minutesAgo: 0 },
      { campaign: F.C_ACTIVE, subcategory: F.SUB_PLAYERAS, minutesAgo: 20 },
      { campaign: F.C_ACTIVE, subcategory: F.SUB_PLAYERAS, minutesAgo: 30 },
      { campaign: F.C_ACTIVE, subcategory: F.SUB_PLAYERAS, minutesAgo: 10 },
      { campaign: F.C_ENDED, subcategory: F.SUB_PLAYERAS, minutesAgo: 0 },
    ]);
    expect(await related(keys.P1)).toEqual([newest, newer, middle, older]);
  });
});
