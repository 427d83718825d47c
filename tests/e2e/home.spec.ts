import { expect, test } from './test.ts';
import { mexicoDate, pinToday, service } from './fixtures.ts';
import { hydrated } from './islands.ts';

test('the home page lists exactly the campaigns that are active today in Mexico City', async ({ page }) => {
  const { data: campaigns, error } = await service().from('campaigns').select('nombre, fecha_inicio, fecha_fin');
  expect(error).toBeNull();
  const today = mexicoDate();
  const active = campaigns!.filter((c) => c.fecha_fin >= today);
  const ended = campaigns!.filter((c) => c.fecha_fin < today);
  expect(active.length).toBeGreaterThan(0);
  expect(ended.length).toBeGreaterThan(0);

  await pinToday(page); // 'Finaliza hoy' is decided in the browser from its clock
  await page.goto('/');
  // The section shows the three nearest; the dialog lists them all.
  const all = page.getByRole('button', { name: /^Ver todas las campañas/ });
  await hydrated(page, all);
  await all.click();
  for (const c of active) await expect(page.getByText(c.nombre, { exact: true }).first()).toBeVisible();
  for (const c of ended) await expect(page.getByText(c.nombre, { exact: true })).toHaveCount(0);
  await expect(page.getByText('Finaliza hoy').first()).toBeVisible();
});

test('an unknown address shows the not-found page with a way home', async ({ page }) => {
  const response = await page.goto('/no-existe-esta-pagina');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('Página no encontrada')).toBeVisible();
  await page
    .getByRole('link', { name: /inicio|volver/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/$/);
});

test('home and information pages share as a 1200x630 card and tell search engines who the shop is', async ({ page, request }) => {
  test.skip((page.viewportSize()?.width ?? 0) < 1024, 'head tags do not depend on the screen');
  for (const path of ['/', '/como-comprar']) {
    await page.goto(path);
    const meta = (attr: string, name: string) => page.locator(`head meta[${attr}="${name}"]`).getAttribute('content');
    const canonical = await page.locator('head link[rel="canonical"]').getAttribute('href');
    expect(await meta('property', 'og:type'), path).toBe('website');
    expect(await meta('property', 'og:url'), path).toBe(canonical);
    expect(await meta('name', 'twitter:card'), path).toBe('summary_large_image');
    const image = await meta('property', 'og:image');
    expect(image, path).toMatch(/\/og-image\.png$/);
    expect(await meta('name', 'twitter:image'), path).toBe(image);
    expect([await meta('property', 'og:image:width'), await meta('property', 'og:image:height')]).toEqual(['1200', '630']);
    await expect(page.locator('head meta[property="og:type"]')).toHaveCount(1);
  }

  // the picture itself: a PNG whose header says 1200 x 630
  const png = Buffer.from(await (await request.get('/og-image.png')).body());
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);

  await page.goto('/');
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const types = blocks.map((b) => (JSON.parse(b) as { '@type': string })['@type']);
  expect(types).toEqual(['Organization', 'WebSite']);
  const site = JSON.parse(blocks[1]!) as { potentialAction: { target: { urlTemplate: string } } };
  expect(site.potentialAction.target.urlTemplate).toMatch(/\/tienda\?search=\{search_term_string\}$/);
});
