/**
 * Hostile text in the catalogue shows as text in every live view: a product named
 * `<script>alert(1)</script>`, with a description that injects an image with an onerror handler,
 * of a brand and a category with such names. The shop grid (live island), the product page of a
 * product the build has not seen yet (loaded live), its chat message, and the back office's list
 * and edit dialog all show the text literally, put none of it in the page as markup, and no script
 * of it ever runs (a dialog would open). The static page, its meta tags, JSON-LD and the search
 * index are checked on a built site in tests/hardening/hostile-text.test.ts. Runs with the back
 * office (laptop viewport, last): it adds a product of its own and removes it afterwards.
 */
import { createAccount, mexicoDate, service } from './fixtures.ts';
import { signIn } from './sign-in.ts';
import { expect, type Page, test } from './test.ts';

const run = Date.now().toString(36);
const ADMIN = { email: `admin-hostile-${run}@e2e.local`, password: 'admin-e2e-password' };
const NAME = '<script>alert(1)</script>';
const DESCRIPTION = '<img src=x onerror=alert(1)><script>alert(2)</script>';
const BRAND = `<img src=x onerror=alert(3)> ${run}`;
const CATEGORY = `<script>alert(4)</script> ${run}`;
const PERMALINK = `producto-hostil-${run}`;

const ids = { campaign: '', brand: '', category: '', product: '' };

test.beforeAll(async () => {
  const db = service();
  await createAccount(ADMIN);
  ids.campaign = (
    await db
      .from('campaigns')
      .insert({ nombre: `Campaña hostil ${run}`, fecha_inicio: mexicoDate(-1), fecha_fin: mexicoDate(20) })
      .select('id')
      .single()
      .throwOnError()
  ).data.id;
  ids.brand = (
    await db
      .from('brands')
      .insert({ name: `hostil-${run}`, display_name: BRAND })
      .select('id')
      .single()
      .throwOnError()
  ).data.id;
  ids.category = (await db.from('categories').insert({ nombre: CATEGORY, orden: 99 }).select('id').single().throwOnError()).data.id;
  ids.product = (
    await db
      .from('products')
      .insert({
        campaign_id: ids.campaign,
        category_id: ids.category,
        brand_id: ids.brand,
        marca: BRAND,
        nombre: NAME,
        descripcion: DESCRIPTION,
        precio_original: 900,
        precio_venta: 500,
        permalink: PERMALINK,
      })
      .select('id')
      .single()
      .throwOnError()
  ).data.id;
});

test.afterAll(async () => {
  const db = service();
  if (ids.product) await db.from('products').delete().eq('id', ids.product).throwOnError();
  if (ids.category) await db.from('categories').delete().eq('id', ids.category).throwOnError();
  if (ids.brand) await db.from('brands').delete().eq('id', ids.brand).throwOnError();
  if (ids.campaign) await db.from('campaigns').delete().eq('id', ids.campaign).throwOnError();
});

/** Fails the test when any script of the hostile text runs (each would open an alert). */
function noDialogs(page: Page): string[] {
  const opened: string[] = [];
  page.on('dialog', async (dialog) => {
    opened.push(dialog.message());
    await dialog.dismiss();
  });
  return opened;
}

/** No element the hostile text could have made: its image, or a script with its code. */
async function expectNoInjectedMarkup(page: Page) {
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  const scripts = await page.locator('script').evaluateAll((nodes) => nodes.map((n) => n.textContent ?? ''));
  expect(scripts.filter((s) => s.includes('alert('))).toEqual([]);
}

test('the shop grid and a live product page show the names as text, and the chat message carries them', async ({ page }) => {
  const opened = noDialogs(page);
  await page.goto(`/tienda?search=${encodeURIComponent(run)}`);
  const card = page.getByRole('article').filter({ hasText: NAME });
  await expect(card.getByRole('heading', { name: NAME, exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(card).toContainText(BRAND);
  await expectNoInjectedMarkup(page);

  // a product published after the build: its page is loaded live
  await page.goto(`/producto/${PERMALINK}`);
  await expect(page.getByRole('heading', { level: 1, name: NAME, exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(BRAND).first()).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`^${NAME.replace(/[()]/g, '\\$&')}`));
  await expectNoInjectedMarkup(page);

  await page.context().route('https://wa.me/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>chat</title>' }));
  const chat = page.waitForEvent('popup');
  await page.getByRole('link', { name: 'Comprar ahora' }).first().click();
  const popup = await chat;
  await popup.waitForURL(/wa\.me/);
  const message = new URL(popup.url()).searchParams.get('text') ?? '';
  await popup.close();
  expect(message).toContain(`Me interesa este producto: ${NAME}`);
  expect(message).toContain(`Marca: ${BRAND}`);
  expect(opened).toEqual([]);
});

test('the back office lists and edits the product with its names as text', async ({ page }) => {
  const opened = noDialogs(page);
  await signIn(page, ADMIN);
  await page.goto('/admin/products');
  await page.getByPlaceholder('Buscar por nombre, marca, descripción, permalink o código interno').fill(PERMALINK);
  const card = page.getByTestId('product-card').filter({ hasText: NAME });
  await expect(card).toHaveCount(1, { timeout: 15_000 });
  await expect(card).toContainText(BRAND);
  await expectNoInjectedMarkup(page);

  await card.getByRole('button', { name: 'Acciones del producto' }).click();
  await page.getByRole('menuitem', { name: 'Editar' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Nombre del producto')).toHaveValue(NAME);
  await expect(dialog.getByLabel('Descripción')).toHaveValue(DESCRIPTION);
  await expectNoInjectedMarkup(page);
  expect(opened).toEqual([]);
});
