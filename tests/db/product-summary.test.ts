/**
 * The same product is the same card everywhere: the shop grid (shop_page RPC), the home's featured query,
 * the product page (build and live) and related products map it to identical card objects, and all of
 * them name the linked brand, also after a brand merge and a brand rename.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getFeaturedProducts } from '../../src/data/home.ts';
import { detailToCard, getActiveProducts, getLiveProduct, getRelatedProducts } from '../../src/data/product.ts';
import type { CardProduct } from '../../src/data/product-summary.ts';
import { fetchShopPage } from '../../src/data/shop.ts';
import { createShopClient, type ShopClient } from '../../src/data/supabase.ts';
import { EMPTY_FILTERS } from '../../src/lib/filters.ts';
import { adminClient, mexicoDate, resetData, sql, stack } from './helpers.ts';

const CAMPAIGN = '00000000-0000-4000-8000-00000000c001';
const CATEGORY = '00000000-0000-4000-8000-00000000ca01';
const SUBCATEGORY = '00000000-0000-4000-8000-00000000cb01';
const SOURCE = '00000000-0000-4000-8000-00000000b001';
const TARGET = '00000000-0000-4000-8000-00000000b002';
/** Of the source brand, saved with its name as marca. */
const MERGED = '00000000-0000-4000-8000-00000000d001';
/** Of the target brand, with a free-text marca that differs from the brand's name (older data). */
const LEGACY = '00000000-0000-4000-8000-00000000d002';
/** No brand linked: its free-text marca is all there is. */
const UNBRANDED = '00000000-0000-4000-8000-00000000d003';
const IDS = [MERGED, LEGACY, UNBRANDED];

let anon: ShopClient;

beforeAll(() => {
  anon = createShopClient(stack.url, stack.anonKey);
});

beforeEach(async () => {
  await resetData();
  await sql.query(`
    insert into public.campaigns (id, nombre, fecha_inicio, fecha_fin) values
      ('${CAMPAIGN}', 'Fin de temporada', '${mexicoDate(-5)}', '${mexicoDate(10)}');
    insert into public.categories (id, nombre, orden, activa, show_in_header) values
      ('${CATEGORY}', 'Calzado', 1, true, true);
    insert into public.subcategories (id, category_id, nombre, activa) values
      ('${SUBCATEGORY}', '${CATEGORY}', 'Tenis', true);
    insert into public.brands (id, name, display_name, active) values
      ('${SOURCE}', 'nike sportswear', 'Nike Sportswear', true),
      ('${TARGET}', 'nike', 'Nike', true);
    insert into public.products (id, campaign_id, category_id, subcategory_id, brand_id, marca, nombre,
        precio_original, precio_venta, imagen_principal, permalink, destacado, created_at) values
      ('${MERGED}', '${CAMPAIGN}', '${CATEGORY}', '${SUBCATEGORY}', '${SOURCE}', 'Nike Sportswear', 'Tenis Court',
        2999.90, 1499.50, 'https://img.example/court.jpg', 'nike-sportswear-tenis-court', true, now() - interval '1 minute'),
      ('${LEGACY}', '${CAMPAIGN}', '${CATEGORY}', '${SUBCATEGORY}', '${TARGET}', 'NIKE outlet', 'Tenis Runner',
        1800, 1800, null, 'nike-tenis-runner', true, now() - interval '2 minutes'),
      ('${UNBRANDED}', '${CAMPAIGN}', '${CATEGORY}', null, null, 'Hecho a mano', 'Huaraches',
        950, 700, null, 'hecho-a-mano-huaraches', true, now() - interval '3 minutes');
    insert into public.product_sizes (product_id, talla) values
      ('${MERGED}', '26'), ('${MERGED}', '27'), ('${LEGACY}', '25');
  `);
});

const byId = (cards: CardProduct[]) => new Map(cards.filter((c) => IDS.includes(c.id)).map((c) => [c.id, c]));

/** Every product's card as each storefront read sees it. */
async function cardsEverywhere() {
  const shop = await fetchShopPage(anon, EMPTY_FILTERS, 0, 100);
  const home = await getFeaturedProducts(anon);
  const built = await getActiveProducts(anon);
  const live = await Promise.all(built.filter((p) => IDS.includes(p.id)).map((p) => getLiveProduct(anon, p.permalink)));
  const merged = built.find((p) => p.id === MERGED);
  if (!merged) throw new Error('the merged product is missing from the build');
  const related = await getRelatedProducts(anon, merged);
  return {
    shop: byId(shop.products),
    home: byId(home),
    page: byId(built.map(detailToCard)),
    live: byId(live.flatMap((p) => (p ? [detailToCard(p)] : []))),
    related: byId(related),
  };
}

async function mergeSourceIntoTarget() {
  const admin = await adminClient();
  const { error } = await admin.rpc('merge_brands', { source_brand_id: SOURCE, target_brand_id: TARGET });
  expect(error).toBeNull();
}

describe('one card per product', () => {
  it('the grid, the home, the product page (built and live) and related products give identical cards', async () => {
    const views = await cardsEverywhere();
    expect([...views.shop.keys()].sort()).toEqual([...IDS].sort());
    for (const id of IDS) {
      expect(views.home.get(id)).toEqual(views.shop.get(id));
      expect(views.page.get(id)).toEqual(views.shop.get(id));
      expect(views.live.get(id)).toEqual(views.shop.get(id));
    }
    expect(views.related.get(LEGACY)).toEqual(views.shop.get(LEGACY));
    expect(views.shop.get(MERGED)).toEqual({
      id: MERGED,
      nombre: 'Tenis Court',
      marca: 'Nike Sportswear',
      precio_original: 2999.9,
      precio_venta: 1499.5,
      imagen_principal: 'https://img.example/court.jpg',
      permalink: 'nike-sportswear-tenis-court',
      destacado: true,
      sizes: ['26', '27'],
      // when it was added, for the card's 'Nuevo'
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      category_nombre: 'Calzado',
      campaign: { nombre: 'Fin de temporada', fecha_fin: mexicoDate(10) },
    });
  });

  it("names the linked brand's display name everywhere, the free-text marca only without a brand", async () => {
    const views = await cardsEverywhere();
    for (const view of Object.values(views)) {
      if (view.has(LEGACY)) expect(view.get(LEGACY)?.marca).toBe('Nike');
    }
    expect(views.shop.get(UNBRANDED)?.marca).toBe('Hecho a mano');
    expect(views.home.get(UNBRANDED)?.marca).toBe('Hecho a mano');
    expect(views.page.get(UNBRANDED)?.marca).toBe('Hecho a mano');
  });

  it("after a brand merge every view names the merged brand for the source's and the target's products", async () => {
    await mergeSourceIntoTarget();
    const views = await cardsEverywhere();
    for (const [name, view] of Object.entries(views)) {
      for (const id of [MERGED, LEGACY]) {
        if (name === 'related' && id === MERGED) continue; // a product is never its own related product
        expect({ view: name, id, marca: view.get(id)?.marca }).toEqual({ view: name, id, marca: 'Nike' });
        expect(view.get(id)).toEqual(views.shop.get(id));
      }
    }
  });

  it('after renaming the merged brand every view shows the new name at once', async () => {
    await mergeSourceIntoTarget();
    await sql.query(`update public.brands set display_name = 'Nike México' where id = $1`, [TARGET]);
    const views = await cardsEverywhere();
    for (const view of [views.shop, views.home, views.page, views.live]) {
      expect([view.get(MERGED)?.marca, view.get(LEGACY)?.marca]).toEqual(['Nike México', 'Nike México']);
    }
  });
});
