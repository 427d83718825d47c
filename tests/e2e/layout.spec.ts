/** Everywhere: header categories, mobile menu, favourites badge, help widget, promo popup, sitemap and robots. */
import type { Response } from '@playwright/test';
import { expect, test, type Page } from './test.ts';
import { SHOP, shopChat } from '../../src/config/shop.ts';
import { helpChatLink, problemChatLink } from '../../src/lib/chat.ts';
import { anon, mexicoDate, service, shopSettings } from './fixtures.ts';
import { hydrated } from './islands.ts';

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 0) < 1024;

/** Header categories by the spec's rule (7): show_in_header, by orden, with products in active campaigns. */
async function expectedHeaderCategories(): Promise<{ id: string; nombre: string }[]> {
  const db = service();
  // the live campaigns, as a shopper reads them (an announced one only once it opened)
  const { data: campaigns } = await anon().from('campaigns').select('id').gte('fecha_fin', mexicoDate());
  const ids = campaigns!.map((c) => c.id);
  const { data: categories } = await db
    .from('categories')
    .select('id, nombre')
    .eq('show_in_header', true)
    .eq('activa', true)
    .order('orden')
    .order('nombre');
  const counted = await Promise.all(
    categories!.map(async (c) => {
      const { count } = await db
        .from('products')
        .select('id', { count: 'exact', head: true })
        .eq('category_id', c.id)
        .in('campaign_id', ids);
      return { ...c, count: count ?? 0 };
    }),
  );
  return counted.filter((c) => c.count > 0).map(({ id, nombre }) => ({ id, nombre }));
}

test('the header shows exactly the categories of the DB rule, in order, linking to the shop', async ({ page }) => {
  const expected = await expectedHeaderCategories();
  expect(expected.length).toBeGreaterThan(1);
  await page.goto('/');
  const nav = isPhone(page)
    ? page.getByRole('navigation', { name: 'Menú principal' })
    : page.getByRole('navigation', { name: 'Categorías' });
  if (isPhone(page)) await page.getByLabel('Menú', { exact: true }).click();
  const links = nav.getByRole('list').first().getByRole('link');
  await expect(links).toHaveText(expected.map((c) => c.nombre));
  for (const [i, c] of expected.entries()) await expect(links.nth(i)).toHaveAttribute('href', `/tienda?category=${c.id}`);
  await expect(page.getByRole('banner').getByRole('link', { name: `${SHOP.name}, inicio` })).toHaveAttribute('href', '/');
});

test('the mobile menu closes when a link is picked', async ({ page }) => {
  test.skip(!isPhone(page), 'the menu exists below 1024 px');
  await page.goto('/');
  const menu = page.getByRole('navigation', { name: 'Menú principal' });
  const toggle = page.getByLabel('Menú', { exact: true });
  await toggle.click();
  await expect(menu).toBeVisible();
  // Keep the page where it is, so only the menu's own reaction to the pick is seen.
  await menu.getByRole('link', { name: 'Cómo comprar' }).evaluate((a) => a.addEventListener('click', (e) => e.preventDefault()));
  await menu.getByRole('link', { name: 'Cómo comprar' }).click();
  await expect(menu).toBeHidden();
  await toggle.click();
  await expect(menu).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await toggle.click();
  const first = (await expectedHeaderCategories())[0]!;
  await menu.getByRole('link', { name: first.nombre, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/tienda\\?category=${first.id}$`));
  await expect(page.getByRole('navigation', { name: 'Menú principal' })).toBeHidden();
});

test('the favourites badge counts saved products and pops when the count rises', async ({ page }) => {
  const saved = [1, 2].map((n) => ({
    id: `00000000-0000-4000-8000-00000000000${n}`,
    nombre: `Producto ${n}`,
    marca: 'Marca',
    precio_original: 1000,
    precio_venta: 500,
    imagen_principal: null,
    permalink: `producto-${n}`,
    addedAt: Date.now(),
  }));
  await page.addInitScript((list) => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('outlet_favorites', JSON.stringify(list));
      sessionStorage.setItem('seeded', '1');
    }
  }, saved);
  await page.goto('/');
  const link = page.getByRole('banner').getByRole('link', { name: /Favoritos/ });
  await expect(link).toHaveAttribute('href', '/favoritos');
  await expect(link).toContainText('2');
  const badge = link.locator('span', { hasText: /^\d+$/ });
  await expect(badge).not.toHaveAttribute('data-bumping');

  const heart = page
    .getByRole('region', { name: 'Carrusel de productos destacados' })
    .getByRole('button', { name: 'Agregar a favoritos' })
    .first();
  await hydrated(page, heart);
  await heart.click();
  await expect(badge).toHaveText('3');
  await expect(badge).toHaveAttribute('data-bumping', 'true');
  await expect(badge).not.toHaveAttribute('data-bumping', { timeout: 1500 });

  await page.reload();
  await expect(page.getByRole('banner').getByRole('link', { name: /Favoritos/ })).toContainText('3');
});

test('the help widget opens, closes on an outside click, Escape or its button, and each option opens the chat', async ({
  page,
  context,
}) => {
  await context.route('https://wa.me/**', (route) => route.fulfill({ body: 'chat', contentType: 'text/plain' }));
  const chat = shopChat((await shopSettings()).seller_phone);
  await page.goto('/');
  const toggle = page.getByRole('button', { name: '¿Necesitas ayuda?' });
  const panel = page.getByRole('dialog', { name: 'Cómo podemos ayudarte?' });
  await expect(panel).toHaveCount(0);

  await hydrated(page, toggle);
  await toggle.click();
  await expect(panel).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(panel.getByText('Te ayudamos con tu pedido')).toBeVisible();
  await expect(panel.getByText('Reportar problema con la página')).toBeVisible();
  await page.mouse.click(10, 400);
  await expect(panel).toBeHidden();

  await toggle.click();
  await panel.getByRole('button', { name: 'Cerrar' }).click();
  await expect(panel).toBeHidden();

  await toggle.click();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();

  for (const [option, href] of [
    ['Asistente de compra', helpChatLink(chat)],
    ['Tengo un problema', problemChatLink(chat)],
  ] as const) {
    await toggle.click();
    const popup = page.waitForEvent('popup');
    await panel.getByRole('link', { name: new RegExp(option) }).click();
    const chatPage = await popup;
    expect(chatPage.url()).toBe(href);
    await chatPage.close();
    await expect(panel).toBeHidden();
  }
  expect(helpChatLink(chat)).toContain(encodeURIComponent('Necesito ayuda con mi compra. ¿Podrían asistirme?'));
});

test('with JavaScript off the help widget still opens and its options are links to the chat', async ({ browser }) => {
  const chat = shopChat((await shopSettings()).seller_phone);
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('button', { name: '¿Necesitas ayuda?' }).click();
    const panel = page.getByRole('dialog', { name: 'Cómo podemos ayudarte?' });
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('link', { name: /Asistente de compra/ })).toHaveAttribute('href', helpChatLink(chat));
    await expect(panel.getByRole('link', { name: /Tengo un problema/ })).toHaveAttribute('href', problemChatLink(chat));
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
  } finally {
    await context.close();
  }
});

test('the promo popup never opens by itself; closing it stores the time', async ({ page }) => {
  // The browser clock is the test's: a minute passes in an instant, so any timer that would open the
  // popup has fired before the check.
  await page.clock.install();
  await page.goto('/');
  const trigger = page.getByRole('button', { name: /10% extra/ });
  await hydrated(page, trigger);
  await page.clock.runFor(60_000);
  const promo = page.getByRole('dialog', { name: 'Descuento extra en tu primera compra' });
  await expect(promo).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('outlet_promo_closed_at'))).toBeNull();

  await trigger.click();
  await expect(promo).toBeVisible();
  await expect(promo.getByText(/Síguenos en Instagram y obtén 10% de descuento extra en tu primera compra/)).toBeVisible();
  await expect(promo.getByText(/menciona el producto/)).toBeVisible();
  await expect(promo.getByRole('link', { name: 'Seguir en Instagram' })).toHaveAttribute(
    'href',
    (await shopSettings()).instagram_url ?? '',
  );
  const before = await page.evaluate(() => Date.now());
  await promo.getByRole('button', { name: 'Cerrar' }).click();
  await expect(promo).toHaveCount(0);
  // the dialog's close event, which stores it, is dispatched just after the dialog hides
  const closedAt = async () => Number(await page.evaluate(() => localStorage.getItem('outlet_promo_closed_at')));
  await expect.poll(closedAt).toBeGreaterThanOrEqual(before);
  const stored = await closedAt();
  expect(stored).toBeLessThanOrEqual(await page.evaluate(() => Date.now()));

  await page.reload();
  await hydrated(page, trigger);
  await page.clock.runFor(60_000);
  await expect(promo).toHaveCount(0);
});

test('sitemap.xml lists every shopper page and active product; robots.txt keeps admin and test pages out', async ({ request, page }) => {
  test.skip(isPhone(page), 'no browser involved: once is enough');
  const sitemap = await (await request.get('/sitemap.xml')).text();
  const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  for (const path of ['/', '/tienda', '/favoritos', '/como-comprar', '/preguntas-frecuentes', '/contacto', '/terminos', '/privacidad']) {
    expect(locs).toContain(path);
  }
  for (const path of ['/test-metatags', '/test-dashboard', '/404', '/home-v1', '/tienda-reactive']) expect(locs).not.toContain(path);
  expect(locs.some((l) => l.startsWith('/admin'))).toBe(false);

  const { data: products } = await anon()
    .from('products')
    .select('permalink, updated_at, campaigns!inner(fecha_fin)')
    .gte('campaigns.fecha_fin', mexicoDate());
  const productLocs = locs.filter((l) => l.startsWith('/producto/'));
  expect(productLocs.sort()).toEqual(products!.map((p) => `/producto/${encodeURIComponent(p.permalink)}`).sort());
  // each product's lastmod is its last change as of the build (other tests may have edited some
  // since); home carries the newest of them
  const lastmods = [...sitemap.matchAll(/\/producto\/([^<]+)<\/loc><lastmod>([^<]+)<\/lastmod>/g)];
  expect(lastmods).toHaveLength(productLocs.length);
  const changed = new Map(products!.map((p) => [encodeURIComponent(p.permalink), new Date(p.updated_at).toISOString()]));
  for (const [, permalink, lastmod] of lastmods) expect(lastmod! <= changed.get(permalink!)!).toBe(true);
  const newest = lastmods
    .map((m) => m[2]!)
    .sort()
    .at(-1);
  expect(sitemap).toMatch(new RegExp(`<loc>[^<]+/</loc><lastmod>${newest}</lastmod>`));
  expect(sitemap).not.toContain('<sitemapindex');

  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('User-agent: *');
  expect(robots).toMatch(/^Disallow: \/admin$/m);
  expect(robots).toMatch(/^Disallow: \/test-$/m);
  expect(robots).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap\.xml$/m);
});

test('the shop runs on React: every shopper page hydrates its islands with one shared React runtime, cached for good', async ({ page }) => {
  test.skip(isPhone(page), 'the scripts a page loads do not depend on the screen');
  /** The scripts a page loads that carry React DOM (its production build names its error page) or Preact. */
  const runtimes = async (path: string) => {
    const scripts: Promise<{ url: string; body: string; cache: string }>[] = [];
    const onResponse = (r: Response) => {
      if (r.request().resourceType() === 'script')
        scripts.push(
          r.text().then(
            (body) => ({ url: r.url(), body, cache: r.headers()['cache-control'] ?? '' }),
            () => ({ url: r.url(), body: '', cache: '' }),
          ),
        );
    };
    page.on('response', onResponse);
    await page.goto(path);
    await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
    page.off('response', onResponse);
    const bodies = await Promise.all(scripts);
    expect(bodies.length, path).toBeGreaterThan(0);
    expect(
      bodies.filter((s) => /preact/i.test(s.body)).map((s) => s.url),
      path,
    ).toEqual([]);
    return bodies.filter((s) => s.body.includes('react.dev/errors'));
  };
  const { data } = await anon()
    .from('products')
    .select('permalink, campaigns!inner(fecha_fin)')
    .gte('campaigns.fecha_fin', mexicoDate())
    .limit(1);
  const perPage: string[][] = [];
  for (const path of ['/', '/tienda', `/producto/${data![0]!.permalink}`, '/favoritos', '/contacto']) {
    const react = await runtimes(path);
    expect(react.length, path).toBeGreaterThan(0);
    for (const s of react) expect(s.cache, s.url).toContain('immutable');
    perPage.push(react.map((s) => new URL(s.url).pathname).sort());
  }
  // the same React files on every page, which the browser fetches once for the whole shop
  for (const files of perPage) expect(files).toEqual(perPage[0]);
});

test('every shopper page declares the one locale the shop has, and no alternate', async ({ request, page }) => {
  test.skip(isPhone(page), 'no browser involved: once is enough');
  const { data } = await anon()
    .from('products')
    .select('permalink, campaigns!inner(fecha_fin)')
    .gte('campaigns.fecha_fin', mexicoDate())
    .limit(1);
  const paths = [
    '/',
    '/tienda',
    `/producto/${data![0]!.permalink}`,
    '/favoritos',
    '/como-comprar',
    '/preguntas-frecuentes',
    '/contacto',
    '/terminos',
    '/privacidad',
  ];
  for (const path of paths) {
    const html = await (await request.get(path)).text();
    expect(html, path).toContain('<meta property="og:locale" content="es_MX">');
    expect(html, path).not.toContain('og:locale:alternate');
  }
});
