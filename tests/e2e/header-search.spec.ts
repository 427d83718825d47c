/**
 * The header's instant search: the published site's search index finds products, brands and
 * information pages; a product's price comes live, and a product that sold out since the index was
 * written is not offered.
 */
import { expect, test, type Locator, type Page } from './test.ts';
import { anon, mexicoDate, service } from './fixtures.ts';

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 0) < 1024;

/**
 * The search box (on phones behind the 'Buscar productos' button). Its island hydrates on the first
 * touch (client:interaction), so nothing is waited for: a tap or text that comes before hydration
 * is kept.
 */
async function openSearch(page: Page): Promise<Locator> {
  const box = page.getByRole('combobox', { name: 'Buscar productos' });
  if (isPhone(page)) await page.getByRole('button', { name: 'Buscar productos' }).click();
  return box;
}

const results = (page: Page) => page.getByRole('listbox', { name: 'Resultados de la búsqueda' });

/** Live products (as a shopper reads them) with a name no other product has, with their campaign and price. */
async function uniquelyNamed() {
  const { data } = await anon()
    .from('products')
    .select('id, nombre, permalink, precio_venta, campaign_id, campaigns!inner(fecha_fin)')
    .eq('agotado', false)
    .gte('campaigns.fecha_fin', mexicoDate())
    .order('nombre')
    .throwOnError();
  const counts = new Map<string, number>();
  for (const p of data) counts.set(p.nombre, (counts.get(p.nombre) ?? 0) + 1);
  return data.filter((p) => counts.get(p.nombre) === 1);
}

test('the header search finds a product, a brand and an information page', async ({ page }) => {
  const [product] = await uniquelyNamed();
  const { data: brands } = await anon()
    .from('products')
    .select('brand:brands!inner(id, display_name), campaigns!inner(fecha_fin)')
    .eq('agotado', false)
    .gte('campaigns.fecha_fin', mexicoDate())
    .throwOnError();
  const brand = brands[0]!.brand;

  await page.goto('/');
  let box = await openSearch(page);
  await expect(box).toHaveAttribute('placeholder', 'Buscar productos...');

  // a product, by its name: thumbnail and price, and it opens its page
  await box.fill(product!.nombre);
  const found = results(page)
    .getByRole('group', { name: 'Productos' })
    .getByRole('option', { name: new RegExp(product!.nombre) });
  await expect(found).toHaveCount(1);
  await expect(found.locator('img')).toHaveCount(1);
  await expect(found).toContainText('$');
  await found.click();
  await expect(page).toHaveURL(new RegExp(`/producto/${product!.permalink}/?$`));
  await expect(page.getByRole('heading', { level: 1, name: product!.nombre })).toBeVisible();

  // a brand, by its name: it opens the shop filtered by it
  box = await openSearch(page);
  await box.fill(brand.display_name.toLowerCase());
  const brandResult = results(page)
    .getByRole('group', { name: 'Marcas, categorías y páginas' })
    .getByRole('option', { name: `Marca ${brand.display_name}` });
  await expect(brandResult).toBeVisible();
  await brandResult.click();
  await expect(page).toHaveURL(new RegExp(`/tienda\\?brand=${brand.id}$`));
  await expect(page.getByText(/^\d+ productos? encontrados?$/)).toBeVisible();

  // an information page, by a word of its text in another form ('devoluciones' finds 'Devoluciones y garantía')
  await page.goto('/');
  box = await openSearch(page);
  await box.fill('devolucion');
  const terms = results(page).getByRole('option', { name: /^Información Términos y condiciones/ });
  await expect(terms).toBeVisible();
  await expect(terms.locator('mark').first()).toHaveText(/devoluci[oó]n/i);
  await box.press('ArrowDown');
  const options = results(page).getByRole('option');
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await terms.click();
  await expect(page).toHaveURL(/\/terminos\/?$/);

  // nothing at all
  await page.goto('/');
  box = await openSearch(page);
  await box.fill('zzzz-no-existe');
  await expect(page.getByText('No se encontraron resultados')).toBeVisible();
});

test('a result shows the price of now, and a product sold out since the index was written is not offered', async ({ page }) => {
  // (one whose campaign ended is dropped by the same live read: tests/db/search-index.test.ts)
  const [product] = (await uniquelyNamed()).slice(-1);
  const db = service();
  const option = () => results(page).getByRole('option', { name: new RegExp(product!.nombre) });
  try {
    await db.from('products').update({ precio_venta: 321 }).eq('id', product!.id).throwOnError();
    await page.goto('/');
    const box = await openSearch(page);
    await box.fill(product!.nombre);
    await expect(option()).toContainText('$321.00');

    await db.from('products').update({ agotado: true }).eq('id', product!.id).throwOnError();
    await box.fill('');
    await box.fill(product!.nombre);
    await expect(page.getByText(/^(\d+ resultados?|No se encontraron resultados)$/)).toBeAttached();
    await expect(option()).toHaveCount(0);
  } finally {
    await db.from('products').update({ agotado: false, precio_venta: product!.precio_venta }).eq('id', product!.id).throwOnError();
  }
});

test('the search loads nothing until the shopper touches it, and keeps a tap or text that comes before it is ready', async ({ page }) => {
  const loaded: string[] = [];
  page.on('request', (r) => {
    if (/HeaderSearch|site-search|\/pagefind\//.test(r.url())) loaded.push(new URL(r.url()).pathname);
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  expect(loaded).toEqual([]);

  // typed at once, while the island is still loading: the text stays and is searched
  const box = await openSearch(page);
  await box.pressSequentially('devolucion', { delay: 10 });
  await expect(results(page).getByRole('option', { name: /^Información Términos y condiciones/ })).toBeVisible();
  await expect(box).toHaveValue('devolucion');
  expect(loaded.some((path) => path.includes('HeaderSearch'))).toBe(true);
  expect(loaded).toContain('/pagefind/pagefind.js');
});
