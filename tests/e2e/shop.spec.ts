/** /tienda as a shopper uses it: filters with counts, chips and the URL, mobile filters, infinite scroll, empty state. */
import { expect, test, type Page, type TestInfo } from './test.ts';
import { anon, mexicoDate, service } from './fixtures.ts';
import { hydrated } from './islands.ts';

interface Option {
  id: string;
  nombre: string;
  product_count: number;
}
/** What shop_page answers; the RPC is declared as returning json, so its shape is stated here. */
interface ShopPageBody {
  total: number;
  products: { id: string; nombre: string; permalink: string }[];
  facets: Record<'categories' | 'subcategories' | 'campaigns' | 'sizes' | 'price_ranges' | 'brands', Option[]>;
}

/** What the shopper should see, straight from the RPC with the anon key. */
async function shopPage(args: Record<string, string | number | null> = {}): Promise<ShopPageBody> {
  const { data, error } = await anon().rpc('shop_page', { p_limit: 12, ...args });
  expect(error).toBeNull();
  return data as unknown as ShopPageBody;
}

const found = (n: number) => (n === 1 ? '1 producto encontrado' : `${n} productos encontrados`);

/**
 * The page shows the count of a filter as the catalogue stands when it is asked: tests running beside
 * this one sell and hold pieces (and give them back when they end), so the count is read again until
 * the page and the catalogue agree.
 */
async function expectShownCount(page: Page, args: Record<string, string | number | null> = {}): Promise<void> {
  await expect(async () => {
    await expect(page.getByText(found((await shopPage(args)).total))).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
}
const isPhone = (info: TestInfo) => info.project.name === 'phone';
const select = (page: Page, name: string) => page.getByRole('combobox', { name, exact: true });
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Buscar productos', exact: true });
const cards = (page: Page) => page.getByRole('list', { name: 'Productos' }).locator(':scope > li');

/** This page's analytics session id, so events recorded by other tests or viewports do not count. */
async function sessionOf(page: Page): Promise<string> {
  const id = await page.evaluate(() => sessionStorage.getItem('outlet_analytics_session'));
  expect(id).toBeTruthy();
  return id!;
}

/** The search terms this page sends to search_analytics, in order. */
function recordedSearches(page: Page): string[] {
  const terms: string[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'POST' || !new URL(request.url()).pathname.endsWith('/rest/v1/search_analytics')) return;
    const body = request.postDataJSON() as { search_term: string } | { search_term: string }[];
    for (const row of Array.isArray(body) ? body : [body]) terms.push(row.search_term);
  });
  return terms;
}

/** Opens /tienda with the browser clock under the test's control, paused once the grid is shown. */
async function openShopWithClock(page: Page): Promise<void> {
  const start = new Date(`${mexicoDate()}T12:00:00-06:00`);
  await page.clock.install({ time: start });
  await page.goto('/tienda');
  await expect(page.getByText(/productos encontrados/)).toBeVisible();
  // The box is enabled once the grid has hydrated and run its effects: the clock stops only after that.
  await expect(searchBox(page)).toBeEnabled();
  await page.clock.pauseAt(new Date(start.getTime() + 60_000));
}

/** On a phone the selectors sit behind the 'Filtros' toggle. */
async function showFilters(page: Page, info: TestInfo) {
  if (isPhone(info)) await page.getByRole('button', { name: /^Filtros/ }).click();
}

test('filters show counts, add chips, mirror the URL and record a filter event', async ({ page }, info) => {
  const all = await shopPage();
  const category = all.facets.categories.find((c) => c.product_count > 12) ?? all.facets.categories[0]!;
  const inCategory = await shopPage({ p_category_id: category.id });
  const size = inCategory.facets.sizes[0]!;
  const both = { p_category_id: category.id, p_size_name: size.id };

  await page.goto('/tienda');
  await expect(page.getByRole('heading', { level: 1, name: 'Tienda' })).toBeVisible();
  await expectShownCount(page);
  await expect(page.getByText('0 favoritos')).toBeVisible();
  await expect(searchBox(page)).toHaveAttribute('placeholder', 'Buscar productos...');

  await showFilters(page, info);
  await expect(select(page, 'Subcategoría')).toBeDisabled();
  const categorySelect = select(page, 'Categoría');
  await expect(categorySelect.locator('option', { hasText: `${category.nombre} (${category.product_count})` })).toHaveCount(1);
  await categorySelect.selectOption(category.id);
  await expect(page).toHaveURL(new RegExp(`[?&]category=${category.id}`));
  await expectShownCount(page, { p_category_id: category.id });
  await expect(page.getByRole('button', { name: `Quitar filtro Categoría: ${category.nombre}` })).toBeVisible();

  await showFilters(page, info);
  await expect(select(page, 'Subcategoría')).toBeEnabled();
  await select(page, 'Talla').selectOption(size.id);
  await expect(page).toHaveURL(new RegExp(`size=${encodeURIComponent(size.id)}`));
  await expectShownCount(page, both);
  await expect(page.getByRole('button', { name: `Quitar filtro Talla: ${size.nombre}` })).toBeVisible();
  await expect(cards(page)).toHaveCount(Math.min(12, (await shopPage(both)).total));

  // Back restores the previous URL's filters; the chip removes its filter.
  await page.goBack();
  await expectShownCount(page, { p_category_id: category.id });
  await expect(page.getByRole('button', { name: /Quitar filtro Talla/ })).toHaveCount(0);
  await page.getByRole('button', { name: `Quitar filtro Categoría: ${category.nombre}` }).click();
  await expect(page).toHaveURL(/\/tienda$/);
  await expectShownCount(page);

  const session = await sessionOf(page);
  const { data: events } = await service()
    .from('filter_analytics')
    .select('filter_type, filter_value')
    .eq('session_id', session)
    .eq('filter_type', 'category');
  expect(events).toEqual([{ filter_type: 'category', filter_value: category.id }]);
});

test('a category in the URL is applied, and Limpiar clears everything', async ({ page }, info) => {
  const all = await shopPage();
  const category = all.facets.categories.at(-1)!;
  const campaign = (await shopPage({ p_category_id: category.id })).facets.campaigns[0]!;

  await page.goto(`/tienda?category=${category.id}&campaign=${campaign.id}`);
  await expectShownCount(page, { p_category_id: category.id, p_campaign_id: campaign.id });
  await expect(page.getByRole('button', { name: `Quitar filtro Categoría: ${category.nombre}` })).toBeVisible();
  await expect(page.getByRole('button', { name: `Quitar filtro Tendencia: ${campaign.nombre}` })).toBeVisible();
  await showFilters(page, info);
  await expect(select(page, 'Categoría')).toHaveValue(category.id);

  await page.getByRole('button', { name: 'Limpiar' }).click();
  await expect(page).toHaveURL(/\/tienda$/);
  await expectShownCount(page);
  await expect(page.getByRole('list', { name: 'Filtros activos' })).toHaveCount(0);
});

test('on a phone the filters collapse behind a toggle with the active count', async ({ page }, info) => {
  const all = await shopPage();
  const price = all.facets.price_ranges[0]!;
  await page.goto('/tienda');
  const toggle = page.getByRole('button', { name: /^Filtros/ });
  if (!isPhone(info)) {
    await expect(toggle).toBeHidden();
    await expect(select(page, 'Precio')).toBeVisible();
    return;
  }
  await expect(select(page, 'Precio')).toBeHidden();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await select(page, 'Precio').selectOption(price.id);
  await expect(select(page, 'Precio')).toBeHidden(); // choosing closes the panel
  await expect(toggle).toHaveText(/Filtros\s*1/);
  await searchBox(page).fill('a');
  await expect(toggle).toHaveText(/Filtros\s*2/);
});

test('infinite scroll loads every product of the filter, then says there are no more', async ({ page }) => {
  const all = await shopPage();
  const category =
    all.facets.categories
      .filter((c) => c.product_count > 12 && c.product_count <= 36)
      .sort((a, b) => b.product_count - a.product_count)[0] ?? all.facets.categories[0]!;
  // Hold later pages back a little, so the loading message can be seen.
  await page.route('**/rest/v1/rpc/shop_page', async (route) => {
    if ((route.request().postDataJSON() as { p_offset: number }).p_offset > 0) await new Promise((r) => setTimeout(r, 400));
    await route.continue();
  });
  await page.goto(`/tienda?category=${category.id}`);
  // the category's own count, not the built unfiltered page the address replaces
  await expectShownCount(page, { p_category_id: category.id });
  await expect(cards(page)).toHaveCount(12);
  await page.mouse.wheel(0, 4000);
  await expect(page.getByText('Cargando más productos...')).toBeVisible();
  const end = page.getByText('No hay más productos para mostrar');
  await expect(async () => {
    await page.mouse.wheel(0, 4000);
    await expect(end).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(cards(page)).toHaveCount(category.product_count);
  await expect(page).toHaveURL(new RegExp(`page=${Math.ceil(category.product_count / 12)}$`));
});

test('a next page that fails says so and waits for the retry instead of asking again and again', async ({ page }) => {
  let down = false;
  let refused = 0;
  await page.route('**/rest/v1/rpc/shop_page', (route) => {
    if (down && (route.request().postDataJSON() as { p_offset: number }).p_offset > 0) {
      refused++;
      return route.fulfill({ status: 503, json: { message: 'Database client error. Retrying the connection.' } });
    }
    return route.fallback();
  });
  await page.goto('/tienda');
  await expect(cards(page)).toHaveCount(12);
  down = true;
  await page.mouse.wheel(0, 4000);
  await expect(page.getByText('No se pudieron cargar más productos')).toBeVisible();
  await page.mouse.wheel(0, 4000);
  await page.waitForTimeout(1000);
  expect(refused).toBe(1);
  await expect(cards(page)).toHaveCount(12);
  down = false;
  await page.getByRole('button', { name: 'Reintentar' }).click();
  await expect(cards(page)).toHaveCount(24);
  await expect(page.getByText('No se pudieron cargar más productos')).toHaveCount(0);
});

test('a search with no match shows the empty state and is recorded once', async ({ page }) => {
  const term = `sinresultados${Date.now()}`;
  const recorded = recordedSearches(page);
  await openShopWithClock(page);
  const box = searchBox(page);
  await box.fill(term);
  await box.press('Enter');
  await page.clock.runFor(2_000); // past the 800 ms wait: the typed term must not be recorded again
  await expect(page.getByText('No se encontraron productos')).toBeVisible();
  await expect(page.getByText('Intenta ajustar los filtros')).toBeVisible();
  await expect(page.getByRole('button', { name: `Quitar filtro Búsqueda: ${term}` })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`search=${term}`));
  await expect.poll(() => recorded).toEqual([term]);
  const { data } = await service()
    .from('search_analytics')
    .select('search_term')
    .eq('session_id', await sessionOf(page));
  expect(data).toEqual([{ search_term: term }]);
});

test('a search finds words typed without their accents or in capitals', async ({ page }, info) => {
  test.skip(isPhone(info), 'the same answer on every screen');
  const expected = await shopPage({ p_search_term: 'pantalón' });
  expect(expected.total).toBeGreaterThan(0);
  await page.goto('/tienda?search=PANTALON');
  await expect(page.getByText(found(expected.total))).toBeVisible();
  await expect(cards(page).getByRole('heading')).toHaveText(expected.products.map((p) => p.nombre));
});

test('a typed search is recorded 800 ms after the last keystroke, never the same term twice in a row', async ({ page }) => {
  const recorded = recordedSearches(page);
  await openShopWithClock(page);
  const box = searchBox(page);
  // Each new keystroke starts the wait over; a term left for 799 ms is not recorded (if it were, it
  // would show in the list before the next one: requests leave in order).
  await box.fill('cham');
  await page.clock.runFor(500);
  await box.fill('chamarra');
  await page.clock.runFor(799);
  await box.fill('chamarras');
  await page.clock.runFor(800);
  await expect.poll(() => recorded).toEqual(['chamarras']);

  // Submitting or typing the same term again records nothing; a different term is recorded.
  await box.press('Enter');
  await box.fill('Chamarras ');
  await page.clock.runFor(1_000);
  await box.fill('tenis');
  await page.clock.runFor(800);
  await expect.poll(() => recorded).toEqual(['chamarras', 'tenis']);
});

test('a card opens the product page in a new tab and records the click', async ({ page, context }) => {
  const first = (await shopPage()).products[0]!;
  await page.goto('/tienda');
  const card = cards(page).first();
  await expect(card.getByRole('heading', { name: first.nombre })).toBeVisible();
  const link = card.getByRole('link', { name: 'Ver producto' });
  await expect(link).toHaveAttribute('target', '_blank');
  // The link opens the page with or without JavaScript; the click is recorded once the grid has hydrated.
  await hydrated(page, link);
  const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
  await expect(tab).toHaveURL(new RegExp(`/producto/${first.permalink}$`));
  const session = await sessionOf(page);
  await expect(async () => {
    const { data } = await service().from('product_click_analytics').select('product_id').eq('session_id', session);
    expect(data).toEqual([{ product_id: first.id }]);
  }).toPass({ timeout: 5000 });
});

test('a failed shop request says so and offers a retry that loads the products once the server answers', async ({ page }) => {
  // The server down (Postgres restarting answers 503 through the gateway) until the shopper retries.
  let down = true;
  await page.route('**/rest/v1/rpc/shop_page', (route) =>
    down ? route.fulfill({ status: 503, json: { message: 'Database client error. Retrying the connection.' } }) : route.fallback(),
  );
  // The unfiltered first view is built into the page; a filtered one asks the server.
  const category = (await shopPage()).facets.categories[0]!;
  await page.goto(`/tienda?category=${category.id}`);
  await expect(page.getByText('Error al cargar las opciones de filtros')).toBeVisible();
  await expect(page.getByText('No se pudieron cargar las opciones de filtros')).toBeVisible();
  await expect(page.getByText('No se pudieron cargar los productos')).toBeVisible();
  await expect(page.getByText('No se encontraron productos')).toHaveCount(0);
  // no count is claimed for products that could not be read
  await expect(page.getByText(/productos? encontrados?$/)).toHaveCount(0);
  down = false;
  await page.getByRole('button', { name: 'Reintentar' }).click();
  await expect(cards(page).first()).toBeVisible();
  await expect(page.getByText(/^\d+ productos? encontrados?$/)).toBeVisible();
  await expect(page.getByText('No se pudieron cargar los productos')).toHaveCount(0);
  await expect(page.getByText('Error al cargar las opciones de filtros')).toHaveCount(0);
});

test('with JavaScript off /tienda shows the first products as links to their pages, with the count', async ({ browser }, info) => {
  test.skip(isPhone(info), 'the static page is the same on every screen');
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto('/tienda');
    // the catalogue the page was built from: read again until no test beside this one holds or has
    // sold a piece of it (each gives its pieces back when it ends)
    await expect(async () => {
      const expected = await shopPage();
      await expect(page.getByText(found(expected.total))).toBeVisible({ timeout: 1000 });
      await expect(cards(page)).toHaveCount(expected.products.length, { timeout: 1000 });
      for (const [i, p] of expected.products.entries()) {
        await expect(cards(page).nth(i).getByRole('link', { name: 'Ver producto' })).toHaveAttribute('href', `/producto/${p.permalink}`, {
          timeout: 1000,
        });
      }
    }).toPass({ timeout: 20_000 });
  } finally {
    await context.close();
  }
});

test('Ordenar por puts the grid in each order, keeps the filters, lives in the URL and survives a reload', async ({ page }, info) => {
  const all = await shopPage();
  const category = all.facets.categories.find((c) => c.product_count > 12) ?? all.facets.categories[0]!;
  const names = async () => cards(page).getByRole('heading').allTextContents();

  await page.goto(`/tienda?category=${category.id}`);
  await expectShownCount(page, { p_category_id: category.id });
  const sort = select(page, 'Ordenar por');
  await expect(sort).toHaveValue('relevancia');
  for (const [orden, label] of [
    ['precio-asc', 'Precio: de menor a mayor'],
    ['precio-desc', 'Precio: de mayor a menor'],
    ['descuento', 'Mayor descuento'],
    ['termina-pronto', 'Termina pronto'],
  ] as const) {
    const want = await shopPage({ p_category_id: category.id, p_sort: orden });
    await sort.selectOption({ label });
    await expect(page).toHaveURL(new RegExp(`category=${category.id}.*orden=${orden}`));
    await expect.poll(names).toEqual(want.products.map((p) => p.nombre));
  }
  // the order is no filter: no chip, not counted, kept by 'Limpiar'
  await expect(page.getByRole('button', { name: /Quitar filtro Orden/ })).toHaveCount(0);
  await page.reload();
  await expect(select(page, 'Ordenar por')).toHaveValue('termina-pronto');
  if (isPhone(info)) await page.getByRole('button', { name: /^Filtros/ }).click();
  await page.getByRole('button', { name: 'Limpiar' }).click();
  await expect(page).toHaveURL(/\/tienda\?orden=termina-pronto$/);
  const whole = await shopPage({ p_sort: 'termina-pronto' });
  await expect.poll(names).toEqual(whole.products.map((p) => p.nombre));
});
