/**
 * The product cards' 'Nuevo' (added in the last 7 days) and 'Última talla' (one size left) badges, on the
 * live shop grid and on the built /tienda page: decided with the shopper's clock, following sales, beside the
 * discount and category badges without covering the favourite button.
 */
import { anon, mexicoDate, service } from './fixtures.ts';
import { hydrated } from './islands.ts';
import { expect, type Locator, type Page, test } from './test.ts';

const DAY = 86_400_000;
const now = Date.now();
const run = `${now}-${Math.random().toString(36).slice(2, 8)}`;

/** The test's products: how long ago each was added and its sizes. */
const PRODUCTS = {
  nueva: { nombre: `Playera Insignia Nueva ${run}`, ageMs: 2 * DAY, sizes: ['S', 'M', 'L'] },
  ultima: { nombre: `Playera Insignia Última ${run}`, ageMs: 30 * DAY, sizes: ['M'] },
  ambas: { nombre: `Playera Insignia Ambas ${run}`, ageMs: 3_600_000, sizes: ['XL'] },
  unitalla: { nombre: `Gorra Insignia Unitalla ${run}`, ageMs: 30 * DAY, sizes: ['Unitalla'] },
  vendida: { nombre: `Playera Insignia Vendida ${run}`, ageMs: 8 * DAY, sizes: ['S', 'M'] },
} as const;
type Key = keyof typeof PRODUCTS;

let campaignId = '';
let categoryName = '';
const ids: Partial<Record<Key, string>> = {};

test.beforeAll(async () => {
  const db = service();
  const { data: campaign } = await db
    .from('campaigns')
    .insert({ nombre: `Insignias ${run}`, fecha_inicio: mexicoDate(-40), fecha_fin: mexicoDate(30) })
    .select('id')
    .single()
    .throwOnError();
  campaignId = campaign.id;
  const { data: category } = await anon().from('categories').select('id, nombre').order('orden').limit(1).single().throwOnError();
  categoryName = category.nombre;
  for (const [key, p] of Object.entries(PRODUCTS) as [Key, (typeof PRODUCTS)[Key]][]) {
    const { data } = await db
      .from('products')
      .insert({
        campaign_id: campaignId,
        category_id: category.id,
        nombre: p.nombre,
        marca: 'Nike',
        precio_original: 2000,
        precio_venta: 1000,
        permalink: `insignia-${key}-${run}`,
        created_at: new Date(now - p.ageMs).toISOString(),
      })
      .select('id')
      .single()
      .throwOnError();
    ids[key] = data.id;
    await db
      .from('product_sizes')
      .insert(p.sizes.map((talla) => ({ product_id: data.id, talla })))
      .throwOnError();
  }
});

test.afterAll(async () => {
  const db = service();
  await db.from('products').delete().eq('campaign_id', campaignId).throwOnError();
  await db.from('campaigns').delete().eq('id', campaignId).throwOnError();
});

const grid = (page: Page) => page.getByRole('list', { name: 'Productos' });
const card = (page: Page, key: Key) =>
  grid(page)
    .locator(':scope > li')
    .filter({ has: page.getByRole('heading', { name: PRODUCTS[key].nombre, exact: true }) });

async function openCampaign(page: Page): Promise<void> {
  await page.goto(`/tienda?campaign=${campaignId}`);
  await expect(page.getByText(`${Object.keys(PRODUCTS).length} productos encontrados`)).toBeVisible();
}

async function badges(c: Locator): Promise<{ nuevo: boolean; ultima: boolean }> {
  await expect(c).toBeVisible();
  return {
    nuevo: (await c.getByText('Nuevo', { exact: true }).count()) > 0,
    ultima: (await c.getByText('Última talla', { exact: true }).count()) > 0,
  };
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test("'Nuevo' marks the last 7 days and 'Última talla' a single size left (not a one-size product)", async ({ page }) => {
  await openCampaign(page);
  expect(await badges(card(page, 'nueva'))).toEqual({ nuevo: true, ultima: false });
  expect(await badges(card(page, 'ultima'))).toEqual({ nuevo: false, ultima: true });
  expect(await badges(card(page, 'ambas'))).toEqual({ nuevo: true, ultima: true });
  expect(await badges(card(page, 'unitalla'))).toEqual({ nuevo: false, ultima: false });
  expect(await badges(card(page, 'vendida'))).toEqual({ nuevo: false, ultima: false });
});

test('the badges share the image with the discount, category and countdown, none covering another or the favourite button', async ({
  page,
}) => {
  await openCampaign(page);
  const c = card(page, 'ambas');
  const image = c.locator('article > div').first();
  const heart = c.getByRole('button', { name: 'Agregar a favoritos' });
  const pills = [
    c.getByText('50% OFF', { exact: true }),
    c.getByText(categoryName, { exact: true }),
    c.getByText('Nuevo', { exact: true }),
    c.getByText('Última talla', { exact: true }),
    c.getByText(/^Finaliza en \d+ días$/),
  ];
  const imageBox = await image.boundingBox();
  const heartBox = await heart.boundingBox();
  if (!imageBox || !heartBox) throw new Error('La tarjeta no se ve');
  const boxes: { name: string; box: NonNullable<Awaited<ReturnType<Locator['boundingBox']>>> }[] = [];
  for (const pill of pills) {
    await expect(pill).toBeVisible();
    const box = await pill.boundingBox();
    if (!box) throw new Error('Una insignia no se ve');
    const name = (await pill.textContent()) ?? '';
    expect(overlaps(box, heartBox), `${name} tapa el corazón`).toBe(false);
    expect(box.x, `${name} sale de la imagen`).toBeGreaterThanOrEqual(imageBox.x);
    expect(box.x + box.width, `${name} sale de la imagen`).toBeLessThanOrEqual(imageBox.x + imageBox.width);
    expect(box.y, `${name} sale de la imagen`).toBeGreaterThanOrEqual(imageBox.y);
    expect(box.y + box.height, `${name} sale de la imagen`).toBeLessThanOrEqual(imageBox.y + imageBox.height);
    for (const other of boxes) expect(overlaps(box, other.box), `${name} tapa ${other.name}`).toBe(false);
    boxes.push({ name, box });
  }
  // the favourite button still answers a tap, once its island has hydrated
  await hydrated(page, heart);
  await heart.click();
  await expect(c.getByRole('button', { name: 'Quitar de favoritos' })).toBeVisible();
  await c.getByRole('button', { name: 'Quitar de favoritos' }).click();
});

test("'Nuevo' is judged by the shopper's clock: 8 days on, the products are no longer new", async ({ page }) => {
  await page.clock.setFixedTime(new Date(now + 8 * DAY));
  await openCampaign(page);
  expect(await badges(card(page, 'nueva'))).toEqual({ nuevo: false, ultima: false });
  expect(await badges(card(page, 'ambas'))).toEqual({ nuevo: false, ultima: true });
});

test("'Última talla' follows sales: selling one of two sizes leaves the last one", async ({ page }) => {
  const db = service();
  await openCampaign(page);
  expect(await badges(card(page, 'vendida'))).toEqual({ nuevo: false, ultima: false });
  // S's one piece sold: none left
  await db.from('product_sizes').update({ existencias: 0 }).eq('product_id', ids.vendida!).eq('talla', 'S').throwOnError();
  try {
    await openCampaign(page);
    expect(await badges(card(page, 'vendida'))).toEqual({ nuevo: false, ultima: true });
    await expect(card(page, 'vendida').getByRole('list', { name: 'Tallas' })).toHaveText('M');
  } finally {
    await db.from('product_sizes').update({ existencias: 1 }).eq('product_id', ids.vendida!).throwOnError();
  }
});

test("the built /tienda page shows 'Nuevo' as of the build, and a shopper days later sees it gone", async ({ page }) => {
  // the demo's newest products were added in the days before the build: its first page prints them new
  const html = await (await page.request.get('/tienda')).text();
  expect(html.match(/>Nuevo</g)?.length ?? 0).toBeGreaterThan(0);

  await page.goto('/tienda');
  await hydrated(page, grid(page));
  await expect(grid(page).getByText('Nuevo', { exact: true }).first()).toBeVisible();

  // days later: the island hydrates with the build's day, keeping the built HTML (React reports an
  // error when it has to render an island anew), then the shopper's clock drops the badge
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.clock.setFixedTime(new Date(now + 8 * DAY));
  await page.goto('/tienda');
  await hydrated(page, grid(page));
  await expect(grid(page).getByText('Nuevo', { exact: true })).toHaveCount(0);
  expect(errors).toEqual([]);
  // hydration removed the badge itself: no other badge took its place (and its colour)
  await expect(grid(page).locator('.bg-sky-700')).toHaveCount(0);
  await expect(
    grid(page)
      .getByText(/% OFF$/)
      .first(),
  ).toHaveClass(/bg-lime-400/);
});
