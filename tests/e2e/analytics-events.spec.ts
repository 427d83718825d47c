/**
 * The analytics events a shopper's browsing leaves behind, read back from the database: searching
 * (typed, debounced, submitted; in the shop and in the header), choosing filters and opening products
 * (shop grid, home carousel, related products, header search results) record exactly the expected
 * rows, with the time, the product's name and permalink and the client network set by the database.
 * Rows are those of the page's own analytics session, so other tests' events do not count.
 */
import pg from 'pg';
import { hydrated } from './islands.ts';
import { anon, mexicoDate, service } from './fixtures.ts';
import { expect, test, type Locator, type Page, type TestInfo } from './test.ts';

/** The e2e gateway listens on 127.0.0.1: the browser's requests come from that network. */
const BROWSER_NETWORK = '127.0.0.0/24';

interface Events {
  searches: string[];
  filters: [string, string][];
  clicks: { product_id: string | null; product_name: string | null; product_permalink: string | null }[];
}

async function sessionOf(page: Page): Promise<string> {
  const id = await page.evaluate(() => sessionStorage.getItem('outlet_analytics_session'));
  expect(id, 'la página aún no tiene sesión de analytics').toBeTruthy();
  return id!;
}

/** Every event of a session, in the order recorded; also checks what the database set on each. */
async function eventsOf(session: string): Promise<Events> {
  const db = service();
  const [s, f, c] = await Promise.all([
    db.from('search_analytics').select('search_term, ip_address, created_at').eq('session_id', session).order('id'),
    db.from('filter_analytics').select('filter_type, filter_value, ip_address, created_at').eq('session_id', session).order('id'),
    db
      .from('product_click_analytics')
      .select('product_id, product_name, product_permalink, ip_address, created_at')
      .eq('session_id', session)
      .order('id'),
  ]);
  for (const row of [...s.data!, ...f.data!, ...c.data!]) {
    expect(row.ip_address).toBe(BROWSER_NETWORK);
    expect(Math.abs(Date.now() - Date.parse(row.created_at))).toBeLessThan(120_000);
  }
  return {
    // Sorted: two events sent a moment apart may reach the database in either order (the order they
    // leave the browser in is shop.spec.ts's to check).
    searches: s.data!.map((r) => r.search_term).sort(),
    filters: f.data!.map((r) => [r.filter_type, r.filter_value]),
    clicks: c.data!.map(({ product_id, product_name, product_permalink }) => ({ product_id, product_name, product_permalink })),
  };
}

/** Exactly these events: they arrive, and nothing else follows a moment later. */
async function expectEvents(page: Page, events: Events): Promise<void> {
  const expected = { ...events, searches: [...events.searches].sort() };
  const session = await sessionOf(page);
  await expect.poll(() => eventsOf(session), { timeout: 10_000 }).toEqual(expected);
  await page.waitForTimeout(1_200);
  expect(await eventsOf(session)).toEqual(expected);
}

/** A product as the click row should name it, found by the permalink of the page that opened. */
async function clickOf(url: string) {
  const permalink = decodeURIComponent(new URL(url).pathname.replace(/^\/producto\//, '').replace(/\/$/, ''));
  const { data } = await service().from('products').select('id, nombre, permalink').eq('permalink', permalink).single().throwOnError();
  return { product_id: data.id, product_name: data.nombre, product_permalink: data.permalink };
}

/** Opens a card's 'Ver producto' (a new tab) and returns the click row it should record. */
async function openCard(page: Page, card: Locator) {
  const [tab] = await Promise.all([page.context().waitForEvent('page'), card.getByRole('link', { name: 'Ver producto' }).click()]);
  await tab.waitForURL(/\/producto\//);
  const click = await clickOf(tab.url());
  await tab.close();
  return click;
}

const isPhone = (info: TestInfo) => info.project.name === 'phone';

/** On a phone the shop's selectors sit behind the 'Filtros' toggle. */
async function showFilters(page: Page, info: TestInfo): Promise<void> {
  if (isPhone(info)) await page.getByRole('button', { name: /^Filtros/ }).click();
}

/**
 * The header search box (on a phone behind the 'Buscar productos' button). Its island hydrates on
 * the first touch (client:interaction): a tap or text that comes before hydration is kept.
 */
async function headerSearch(page: Page, info: TestInfo): Promise<Locator> {
  if (isPhone(info)) await page.getByRole('button', { name: 'Buscar productos' }).click();
  return page.getByRole('combobox', { name: 'Buscar productos' });
}

const none: Events = { searches: [], filters: [], clicks: [] };

/** The shop has loaded the current filters: the count is shown again instead of 'Buscando productos...'. */
async function settled(page: Page): Promise<void> {
  await expect(page.getByText(/^\d+ productos? encontrados?$/)).toBeVisible();
}

test.beforeEach(async () => {
  // Every browser test comes from one address: start each with the per-address minute budget unused.
  const db = new pg.Client({ connectionString: process.env['E2E_DB_URL'] });
  await db.connect();
  try {
    await db.query('delete from private.analytics_rate');
  } finally {
    await db.end();
  }
});

test('the shop records the settled and submitted searches, each filter chosen and the card opened', async ({ page }, info) => {
  const start = new Date(`${mexicoDate()}T12:00:00-06:00`);
  await page.clock.install({ time: start });
  await page.goto('/tienda');
  await expect(page.getByText(/productos encontrados/)).toBeVisible();
  const box = page.getByRole('searchbox', { name: 'Buscar productos', exact: true });
  // The box is enabled once the grid has hydrated and run its effects: the clock stops only after that.
  await expect(box).toBeEnabled();
  await page.clock.pauseAt(new Date(start.getTime() + 60_000));

  // typed: only a term left alone for 800 ms counts; the same term again (any case or spacing) does not
  await box.fill('cham');
  await page.clock.runFor(500);
  await box.fill('chamarra');
  await page.clock.runFor(799);
  await box.fill('chamarras');
  await page.clock.runFor(800);
  await box.fill(' Chamarras ');
  await page.clock.runFor(1_000);
  // submitted: at once, and the pending wait does not record it a second time
  await box.fill('tenis');
  await box.press('Enter');
  await page.clock.runFor(2_000);
  await page.clock.resume(); // the grid loads on timers of its own
  await box.fill('');
  await expect(page).not.toHaveURL(/search=/);
  await settled(page);

  // Each selector's options are read once the previous change has loaded: until then they are the
  // previous view's, and a size from there may not exist in the chosen category.
  await showFilters(page, info);
  const category = page.getByRole('combobox', { name: 'Categoría', exact: true });
  const categoryId = await category.locator('option').nth(1).getAttribute('value');
  await category.selectOption(categoryId!);
  await expect(page).toHaveURL(new RegExp(`category=${categoryId}`));
  await settled(page);
  await showFilters(page, info);
  const size = page.getByRole('combobox', { name: 'Talla', exact: true });
  const sizeValue = await size.locator('option').nth(1).getAttribute('value');
  await size.selectOption(sizeValue!);
  await expect(page).toHaveURL(/size=/);

  const card = page.getByRole('list', { name: 'Productos' }).locator(':scope > li').first();
  const click = await openCard(page, card);

  await expectEvents(page, {
    searches: ['chamarras', 'tenis'],
    filters: [
      ['category', categoryId!],
      ['size', sizeValue!],
    ],
    clicks: [click],
  });
});

test('opening a card of the home carousel records the click, and only the product id leaves the browser', async ({ page }) => {
  const bodies: Record<string, unknown>[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/rest/v1/product_click_analytics'))
      bodies.push(r.postDataJSON() as Record<string, unknown>);
  });
  await page.goto('/');
  const carousel = page.getByRole('region', { name: 'Carrusel de productos destacados' });
  const card = carousel.getByRole('group').first();
  await hydrated(page, card);
  const click = await openCard(page, card);
  await expectEvents(page, { ...none, clicks: [click] });
  expect(bodies).toHaveLength(1);
  expect(Object.keys(bodies[0]!).sort()).toEqual(['page_url', 'product_id', 'referrer_url', 'session_id', 'user_agent']);
});

test('opening a related product on a product page records the click', async ({ page }) => {
  const { data } = await anon()
    .from('products')
    .select('permalink, campaigns!inner(fecha_fin)')
    .gte('campaigns.fecha_fin', mexicoDate())
    .limit(1);
  await page.goto(`/producto/${data![0]!.permalink}`);
  const related = page.getByRole('region', { name: 'Productos relacionados' }).getByRole('listitem');
  await hydrated(page, related.first().getByRole('link', { name: 'Ver producto' }));
  const click = await openCard(page, related.first());
  await expectEvents(page, { ...none, clicks: [click] });
});

test('the header search records the settled term and the result opened; a submitted term at once', async ({ page }, info) => {
  const { data } = await anon().from('products').select('nombre, campaigns!inner(fecha_fin)').gte('campaigns.fecha_fin', mexicoDate());
  const counts = new Map<string, number>();
  for (const p of data!) counts.set(p.nombre, (counts.get(p.nombre) ?? 0) + 1);
  const name = data!.find((p) => counts.get(p.nombre) === 1)!.nombre;

  await page.goto('/');
  const box = await headerSearch(page, info);
  await box.pressSequentially(name.slice(0, 4), { delay: 50 });
  await box.fill(name); // within 800 ms of the last keystroke: the partial term is not recorded
  const option = page
    .getByRole('listbox', { name: 'Resultados de la búsqueda' })
    .getByRole('option', { name: new RegExp(name) })
    .first();
  await expect(option).toBeVisible();
  // the term is recorded once it has settled (800 ms without a keystroke), before the result is opened
  // (the page's analytics session starts with its first event)
  const recorded = async () => {
    const session = await page.evaluate(() => sessionStorage.getItem('outlet_analytics_session'));
    return session ? (await eventsOf(session)).searches : [];
  };
  await expect.poll(recorded, { timeout: 10_000 }).toEqual([name]);
  await option.click(); // a result opens in the same tab
  await page.waitForURL(/\/producto\//);
  const click = await clickOf(page.url());
  await expectEvents(page, { searches: [name], filters: [], clicks: [click] });

  // Enter without choosing a result goes to the shop's search, recorded before the page changes
  const header = await headerSearch(page, info);
  await header.fill('bolsa roja');
  await header.press('Enter');
  await page.waitForURL(/\/tienda\?search=bolsa/);
  await expectEvents(page, { searches: [name, 'bolsa roja'], filters: [], clicks: [click] });
});

test('when events cannot be recorded the shopper notices nothing', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.route('**/rest/v1/*_analytics', (route) => route.fulfill({ status: 503, json: { message: 'fuera de servicio' } }));
  await page.goto('/tienda');
  await expect(page.getByText(/productos encontrados/)).toBeVisible();
  const box = page.getByRole('searchbox', { name: 'Buscar productos', exact: true });
  await box.fill('zzzz-no-existe');
  await box.press('Enter');
  await expect(page.getByText('No se encontraron productos')).toBeVisible();
  await box.fill('');
  const card = page.getByRole('list', { name: 'Productos' }).locator(':scope > li').first();
  await expect(card).toBeVisible();
  await openCard(page, card);
  expect(errors).toEqual([]);
});
