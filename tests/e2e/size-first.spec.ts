/**
 * Size first, as a shopper: a size chosen on /tienda in a category of a known kind is saved as
 * "mi talla" (on the device: it survives a reload), and the shop then offers it as a one-tap chip
 * that filters the grid; a product page opens its size guide (a sheet on a phone, a dialog on a
 * laptop), whose stars save a size too.
 */
import { anon, service } from './fixtures.ts';
import { hydrated } from './islands.ts';
import { expect, type Page, test, type TestInfo } from './test.ts';

interface Option {
  id: string;
  nombre: string;
  product_count: number;
}

async function shopPage(args: Record<string, string | null>): Promise<{ total: number; facets: { sizes: Option[] } }> {
  const { data, error } = await anon().rpc('shop_page', { p_limit: 12, ...args });
  expect(error).toBeNull();
  return data as unknown as { total: number; facets: { sizes: Option[] } };
}

async function categoryId(nombre: string): Promise<string> {
  const { data } = await service().from('categories').select('id').eq('nombre', nombre).single().throwOnError();
  return data.id;
}

const found = (n: number) => (n === 1 ? '1 producto encontrado' : `${n} productos encontrados`);
const isPhone = (info: TestInfo) => info.project.name === 'phone';
const cards = (page: Page) => page.getByRole('list', { name: 'Productos' }).locator(':scope > li');

async function openShop(page: Page, query: string) {
  await page.goto(`/tienda${query}`);
  await hydrated(page, page.getByRole('heading', { level: 1, name: 'Tienda' }));
  await expect(page.getByText(/productos? encontrados?$/)).toBeVisible();
}

test('a size saved as mi talla comes back after a reload as a chip that filters the grid', async ({ page }) => {
  const calzado = await categoryId('Calzado');
  // the size with the most shoes, so the chip has products to offer
  const inCalzado = await shopPage({ p_category_id: calzado });
  const size = [...inCalzado.facets.sizes].sort((a, b) => b.product_count - a.product_count)[0]!;
  const both = await shopPage({ p_category_id: calzado, p_size_name: size.id });

  // choosing a size in Calzado offers to save it
  await openShop(page, `?category=${calzado}&size=${encodeURIComponent(size.id)}`);
  await expect(page.getByText(found(both.total))).toBeVisible();
  await page.getByRole('button', { name: `Guardar ${size.id} como mi talla de calzado` }).click();
  await expect(page.getByText('Guardamos tu talla')).toBeVisible();
  await expect(page.getByText('Es tu talla de calzado')).toBeVisible();

  // a fresh visit of the category, after a reload: the chip, which applies the size filter
  await openShop(page, `?category=${calzado}`);
  await page.reload();
  await expect(page.getByText(found(inCalzado.total))).toBeVisible();
  const chip = page.getByRole('button', { name: `Filtrar por mi talla de calzado: ${size.id}` });
  await expect(chip).toHaveText(`Mi talla: ${size.id}`);
  await chip.click();
  await expect(page).toHaveURL(new RegExp(`[?&]size=${encodeURIComponent(size.id)}`));
  await expect(page.getByText(found(both.total))).toBeVisible();
  await expect(page.getByRole('button', { name: `Quitar filtro Talla: ${size.id}` })).toBeVisible();
  await expect(cards(page)).toHaveCount(Math.min(12, both.total));
  // the filter is on: the chip has done its work
  await expect(chip).toHaveCount(0);

  // with no category chosen the chip names the kind
  await openShop(page, '');
  await expect(page.getByRole('button', { name: `Filtrar por mi talla de calzado: ${size.id}` })).toHaveText(
    `Mi talla de calzado: ${size.id}`,
  );

  // a category without sizes offers nothing
  await openShop(page, `?category=${await categoryId('Bolsas')}`);
  await expect(page.getByRole('button', { name: /Filtrar por mi talla/ })).toHaveCount(0);
});

test('the size guide opens from a product page, and a star saves a size from it', async ({ page }, info) => {
  const { data: guide } = await service().from('size_guides').select('id, filas').eq('nombre', 'Nike calzado').single().throwOnError();
  const { data: products } = await anon()
    .from('products')
    .select('permalink, sizes, agotado, size_guide_id')
    .eq('marca', 'Nike')
    .limit(500);
  const product = (products as unknown as { permalink: string; sizes: string[]; agotado: boolean; size_guide_id: string | null }[]).find(
    (p) => p.size_guide_id === guide.id && p.sizes.length > 0 && !p.agotado,
  );
  expect(product, 'a Nike shoe with sizes in the demo').toBeDefined();

  await page.goto(`/producto/${product!.permalink}`);
  const link = page.getByRole('button', { name: 'Guía de tallas' });
  await hydrated(page, link);
  await link.click();
  const dialog = page.getByRole('dialog', { name: 'Guía de tallas' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Nike calzado', { exact: true })).toBeVisible();
  const table = dialog.getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText(['MX', 'US', 'EU', 'Largo del pie', 'Mi talla']);
  // the whole table fits the screen: no sideways scrolling
  const scroller = table.locator('xpath=..');
  expect(await scroller.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await expect(table.getByRole('row')).toHaveCount(1 + (guide.filas as unknown[]).length);
  await expect(table.getByRole('row', { name: /^26 8 41 26/ })).toBeVisible();

  // a sheet as tall as the phone; a centred dialog narrower than the laptop's window
  const box = (await dialog.boundingBox())!;
  const viewport = page.viewportSize()!;
  if (isPhone(info)) expect(box.height).toBeGreaterThanOrEqual(viewport.height - 1);
  else {
    expect(box.width).toBeLessThanOrEqual(700);
    expect(box.height).toBeLessThan(viewport.height);
  }

  const star = dialog.getByRole('button', { name: 'Guardar 26 como mi talla de calzado' });
  await star.click();
  await expect(page.getByText('Guardamos tu talla')).toBeVisible();
  await expect(dialog.getByRole('button', { name: '26 es tu talla de calzado: toca para olvidarla' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  expect(await page.evaluate(() => localStorage.getItem('outlet_my_size'))).toBe('{"calzado":"26"}');

  await dialog.getByRole('button', { name: 'Cerrar' }).click();
  await expect(dialog).toBeHidden();
});

test('a product without a guide shows no link', async ({ page }) => {
  const { data } = await anon().from('products').select('permalink, size_guide_id').limit(500);
  const product = (data as unknown as { permalink: string; size_guide_id: string | null }[]).find((p) => p.size_guide_id === null);
  expect(product).toBeDefined();
  await page.goto(`/producto/${product!.permalink}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Guía de tallas' })).toHaveCount(0);
});
