/** Product page /producto/{permalink}: gallery, buying through chat, sharing, head tags, live checks, the 404 fallback. */
import { expect, test, type Page } from './test.ts';
import { anon, mexicoDate, pinToday, service, sql } from './fixtures.ts';

/**
 * Active demo products with a piece for sale as a shopper reads them (sizes: those with a piece for
 * sale), in a stable order. Buying holds a piece: a product another test bought is left out.
 */
async function demoProducts() {
  const { data, error } = await anon()
    .from('products')
    .select('id, nombre, marca, permalink, precio_venta, campaign_id, sizes, product_images(id), campaigns!inner(fecha_fin)')
    .gte('campaigns.fecha_fin', mexicoDate())
    .eq('agotado', false)
    .order('permalink');
  expect(error).toBeNull();
  return data ?? [];
}

type DemoProduct = Awaited<ReturnType<typeof demoProducts>>[number];

/** The products this file's tests took: their orders are undone after each test. */
const picked = new Set<string>();

async function pick(rule: (p: DemoProduct) => boolean): Promise<DemoProduct> {
  const found = (await demoProducts()).find(rule);
  if (!found) throw new Error('La demo no tiene un producto así');
  picked.add(found.id);
  return found;
}

// Buying holds a piece: each test's orders are cancelled (the piece is for sale again) and deleted,
// so the shop the next files read (its lists, its counts) is the one the pages were built from.
test.afterEach(async () => {
  const ids = [...picked];
  picked.clear();
  const mine = 'exists (select 1 from public.order_items i where i.order_id = o.id and i.product_id = any($1::uuid[]))';
  await sql(`update public.orders o set status = 'cancelado' where o.status <> 'cancelado' and ${mine}`, [ids]);
  await sql(`delete from public.orders o where ${mine}`, [ids]);
});

/** Waits until Astro has hydrated the island (it drops the `ssr` attribute). */
async function hydrated(page: Page, component: string): Promise<void> {
  await expect(page.locator(`astro-island[component-url*="${component}"]`).first()).not.toHaveAttribute('ssr', /.*/);
}

/** Chat links open in a new window; answer them locally instead of going to the internet. */
async function stubChat(page: Page): Promise<void> {
  await page.context().route('https://wa.me/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>chat</title>' }));
}

async function canonicalOf(page: Page): Promise<string> {
  return (await page.locator('link[rel="canonical"]').getAttribute('href')) ?? '';
}

async function buyAndReadChat(page: Page, click: () => Promise<void>): Promise<{ raw: string; text: string }> {
  const popupPromise = page.waitForEvent('popup');
  await click();
  const popup = await popupPromise;
  await popup.waitForURL(/wa\.me/);
  const raw = popup.url();
  await popup.close();
  return { raw, text: new URL(raw).searchParams.get('text') ?? '' };
}

test('the gallery starts with the main image and its arrows wrap around', async ({ page }) => {
  const p = await pick((x) => x.product_images.length >= 2);
  const total = p.product_images.length + 1;
  await page.goto(`/producto/${p.permalink}`);
  await expect(page.getByRole('heading', { level: 1, name: p.nombre })).toBeVisible();
  await hydrated(page, 'Gallery');
  const gallery = page.getByRole('region', { name: 'Galería de imágenes' });
  await expect(gallery.getByText(`1 / ${total}`)).toBeVisible();
  await gallery.getByRole('button', { name: 'Imagen anterior' }).click();
  await expect(gallery.getByText(`${total} / ${total}`)).toBeVisible();
  await expect(gallery.getByRole('button', { name: `Ver imagen ${total} de ${total}` })).toHaveAttribute('aria-current', 'true');
  await gallery.getByRole('button', { name: 'Imagen siguiente' }).click();
  await expect(gallery.getByText(`1 / ${total}`)).toBeVisible();
  await gallery.getByRole('button', { name: `Ver imagen 2 de ${total}` }).click();
  await expect(gallery.getByText(`2 / ${total}`)).toBeVisible();
});

test('buying without a size asks for one; choosing it opens the chat with brand, name, size and link', async ({ page }, info) => {
  const p = await pick((x) => x.sizes.length >= 2 && x.marca !== '');
  const size = p.sizes[1]!;
  await stubChat(page);
  await page.goto(`/producto/${p.permalink}`);
  await hydrated(page, 'LiveCheck');
  const link = await canonicalOf(page);

  await page.getByRole('link', { name: 'Comprar ahora' }).click();
  const dialog = page.getByRole('dialog', { name: 'Selecciona tu talla' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  const buyButton =
    info.project.name === 'phone'
      ? page.getByRole('link', { name: 'Comprar', exact: true })
      : page.getByRole('link', { name: 'Comprar ahora' });
  await buyButton.click();
  await expect(dialog).toBeVisible();
  const chat = await buyAndReadChat(page, () => dialog.getByRole('button', { name: size, exact: true }).click());
  await expect(dialog).toBeHidden();
  expect(chat.raw).toContain(encodeURIComponent(link));
  expect(chat.raw).toContain(encodeURIComponent(p.nombre).replace(/'/g, '%27').slice(0, 12));
  expect(chat.text).toContain(p.nombre);
  expect(chat.text).toContain(`Marca: ${p.marca}`);
  expect(chat.text).toContain(`Talla: ${size}`);
  expect(chat.text).toContain(link);
  await expect(page.getByRole('group', { name: 'Talla', exact: true }).getByRole('button', { name: size, exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  if (info.project.name === 'phone')
    await expect(page.getByRole('region', { name: 'Barra de compra' }).getByText(`Talla: ${size}`)).toBeVisible();
});

test('a product without sizes shows no size grid and buys straight away', async ({ page }) => {
  const p = await pick((x) => x.sizes.length === 0);
  await stubChat(page);
  await page.goto(`/producto/${p.permalink}`);
  await hydrated(page, 'LiveCheck');
  await expect(page.getByRole('group', { name: 'Talla', exact: true })).toHaveCount(0);
  const chat = await buyAndReadChat(page, () => page.getByRole('link', { name: 'Comprar ahora' }).click());
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(chat.text).toContain(p.nombre);
  expect(chat.text).not.toContain('Talla:');
});

test('Comprar ahora is a link to the chat in the built page: it works with JavaScript off or not yet loaded', async ({ browser }) => {
  const p = await pick((x) => x.sizes.length === 0);
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto(`/producto/${p.permalink}`);
    const buy = page.getByRole('link', { name: 'Comprar ahora' });
    await expect(buy).toHaveAttribute('target', '_blank');
    const href = new URL((await buy.getAttribute('href')) ?? '');
    expect(href.hostname).toBe('wa.me');
    expect(href.searchParams.get('text')).toContain(p.nombre);
    expect(href.searchParams.get('text')).toContain(`/producto/${p.permalink}`);
  } finally {
    await context.close();
  }
});

test('with JavaScript off the share button still opens the share options, real share links', async ({ browser }) => {
  const p = await pick(() => true);
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto(`/producto/${p.permalink}`);
    const link = await canonicalOf(page);
    await page.getByRole('button', { name: 'Compartir' }).click();
    const dialog = page.getByRole('dialog', { name: 'Compartir producto' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute(
      'href',
      new RegExp(`^https://wa\\.me/\\?text=.*${encodeURIComponent(link)}`),
    );
    await expect(dialog.getByRole('link', { name: 'Facebook' })).toHaveAttribute(
      'href',
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(link)}`,
    );
  } finally {
    await context.close();
  }
});

test('the share dialog copies the link, says Copiado for 2 seconds and offers each network', async ({ page, context }) => {
  const p = await pick(() => true);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(`/producto/${p.permalink}`);
  await hydrated(page, 'LiveCheck');
  const link = await canonicalOf(page);
  await page.getByRole('button', { name: 'Compartir' }).click();
  const dialog = page.getByRole('dialog', { name: 'Compartir producto' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute(
    'href',
    new RegExp(`^https://wa\\.me/\\?text=.*${encodeURIComponent(link)}`),
  );
  await expect(dialog.getByRole('link', { name: 'Facebook' })).toHaveAttribute(
    'href',
    `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(link)}`,
  );
  await expect(dialog.getByRole('link', { name: 'Twitter' })).toHaveAttribute(
    'href',
    new RegExp(`^https://twitter\\.com/intent/tweet\\?.*url=${encodeURIComponent(link)}`),
  );

  await dialog.getByRole('button', { name: 'Copiar enlace' }).click();
  await expect(dialog.getByRole('button', { name: 'Copiado' })).toBeVisible();
  await expect(page.getByText('¡Copiado!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await expect(dialog.getByRole('button', { name: 'Copiar enlace' })).toBeVisible({ timeout: 4000 });

  await dialog.getByRole('button', { name: 'Instagram' }).click();
  await expect(page.getByText('Abre Instagram y pega el enlace manualmente.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('the head carries title, Open Graph, Twitter, canonical and product JSON-LD (a group of sizes) without ratings', async ({ page }) => {
  const p = await pick((x) => x.product_images.length > 0 && x.sizes.length > 0);
  await page.goto(`/producto/${p.permalink}`);
  const meta = (attr: string, name: string) => page.locator(`head meta[${attr}="${name}"]`).getAttribute('content');
  await expect(page).toHaveTitle(new RegExp(p.nombre));
  const canonical = await canonicalOf(page);
  expect(canonical).toMatch(new RegExp(`/producto/${p.permalink}$`));
  expect(await meta('property', 'og:url')).toBe(canonical);
  expect(await meta('property', 'og:type')).toBe('product');
  expect(await meta('property', 'og:locale')).toBe('es_MX');
  // no other language version exists, so no page names one (as on every other page)
  await expect(page.locator('head meta[property="og:locale:alternate"]')).toHaveCount(0);
  expect(await meta('property', 'og:title')).toContain(p.nombre);
  expect(await meta('property', 'og:image')).toMatch(/\/storage\/v1\/render\/image\/public\/.*width=1200&height=630/);
  expect(await meta('property', 'og:image:width')).toBe('1200');
  expect(await meta('property', 'og:image:height')).toBe('630');
  expect(await meta('property', 'product:price:currency')).toBe('MXN');
  expect(Number(await meta('property', 'product:price:amount'))).toBe(Number(p.precio_venta));
  expect(await meta('name', 'theme-color')).toBe('#84cc16');
  expect(await meta('name', 'twitter:card')).toBe('summary_large_image');
  expect(await meta('name', 'twitter:image')).toBe(await meta('property', 'og:image'));
  const description = (await meta('name', 'description')) ?? '';
  expect(description.length).toBeGreaterThan(0);
  expect(description.length).toBeLessThanOrEqual(200);
  expect(await meta('name', 'twitter:description')).toBe(description);

  const scripts = page.locator('script[type="application/ld+json"]');
  await expect(scripts).toHaveCount(2);
  // a product with sizes is a group of variants, one per size, each with its own address and offer
  const ld = JSON.parse((await scripts.first().textContent()) ?? '{}');
  expect(ld).toMatchObject({
    '@type': 'ProductGroup',
    name: p.nombre,
    url: canonical,
    productGroupID: p.id,
    variesBy: 'https://schema.org/size',
  });
  type Variant = { '@type': string; size: string; sku: string; url: string; offers: Record<string, string> };
  const variants = ld.hasVariant as Variant[];
  // built before any test bought a piece: every size the product has for sale now is there, in stock
  expect(variants.map((v) => v.size)).toEqual(expect.arrayContaining(p.sizes));
  expect(new Set(variants.map((v) => v.sku)).size).toBe(variants.length);
  for (const v of variants) {
    expect(v['@type']).toBe('Product');
    expect(v.sku.startsWith(`${p.id}-`)).toBe(true);
    const address = new URL(v.url);
    expect(`${address.origin}${address.pathname}`).toBe(canonical);
    expect(address.searchParams.get('talla')).toBe(v.size);
    expect(v.offers).toMatchObject({
      '@type': 'Offer',
      url: v.url,
      priceCurrency: 'MXN',
      availability: 'https://schema.org/InStock',
      priceValidUntil: mexicoDate(30),
    });
    expect(Number(v.offers.price)).toBe(Number(p.precio_venta));
  }
  expect(ld).not.toHaveProperty('aggregateRating');
  expect(ld).not.toHaveProperty('review');

  // the trail the page shows, for search engines: Inicio, Tienda, [category], the product
  const trail = JSON.parse((await scripts.nth(1).textContent()) ?? '{}');
  expect(trail['@type']).toBe('BreadcrumbList');
  const names = (trail.itemListElement as { name: string; position: number }[]).map((i) => i.name);
  expect(names[0]).toBe('Inicio');
  expect(names[1]).toBe('Tienda');
  expect(names.at(-1)).toBe(p.nombre);
  await expect(page.getByRole('navigation', { name: 'Ruta de navegación' }).getByRole('listitem').filter({ hasNotText: '/' })).toHaveText(
    names,
  );
});

test("a product without sizes is one Product with one offer; a size's address chooses that size", async ({ page }) => {
  const single = await pick((x) => x.product_images.length > 0 && x.sizes.length === 0);
  await page.goto(`/producto/${single.permalink}`);
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}');
  expect(ld).toMatchObject({ '@type': 'Product', name: single.nombre, sku: single.id });
  expect(ld).not.toHaveProperty('hasVariant');
  expect(ld.offers).toMatchObject({ '@type': 'Offer', priceCurrency: 'MXN', availability: 'https://schema.org/InStock' });

  const sized = await pick((x) => x.sizes.length >= 2);
  const size = sized.sizes[1]!;
  await page.goto(`/producto/${sized.permalink}?talla=${encodeURIComponent(size.toLowerCase())}`);
  await hydrated(page, 'LiveCheck');
  await expect(page.getByRole('group', { name: 'Talla', exact: true }).getByRole('button', { name: size, exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // the page's canonical address stays the product's
  expect(await canonicalOf(page)).toMatch(new RegExp(`/producto/${sized.permalink}$`));
});

test('a product imported without photos shares the shop picture and shows no broken image, on its page and its card', async ({
  page,
  request,
}) => {
  const { data, error } = await anon()
    .from('products')
    .select('nombre, permalink, product_images(id), campaigns!inner(fecha_fin)')
    .is('imagen_principal', null)
    .gte('campaigns.fecha_fin', mexicoDate());
  expect(error).toBeNull();
  expect(data).toHaveLength(1);
  const p = data![0]!;
  expect(p.product_images).toHaveLength(0);

  await page.goto(`/producto/${p.permalink}`);
  await expect(page.getByRole('heading', { level: 1, name: p.nombre })).toBeVisible();
  const meta = (attr: string, name: string) => page.locator(`head meta[${attr}="${name}"]`).getAttribute('content');
  const image = await meta('property', 'og:image');
  expect(image).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/og-image\.png$/);
  expect([await meta('property', 'og:image:width'), await meta('property', 'og:image:height')]).toEqual(['1200', '630']);
  expect(await meta('name', 'twitter:card')).toBe('summary_large_image');
  expect(await meta('name', 'twitter:image')).toBe(image);
  const png = await request.get(new URL(image!).pathname);
  expect(png.status()).toBe(200);
  expect(png.headers()['content-type']).toContain('image/png');
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}');
  expect(ld.image ?? []).toEqual([]);

  // The gallery says there is no photo instead of drawing an empty or broken picture.
  await expect(page.getByText('Sin imagen', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Galería de imágenes' })).toHaveCount(0);
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  const broken = await page.$$eval('img', (imgs) =>
    imgs.filter((i) => i.complete && i.naturalWidth === 0).map((i) => i.currentSrc || i.src),
  );
  expect(broken).toEqual([]);

  // Its card in the shop, found by its name, shows the same placeholder.
  await page.goto(`/tienda?search=${encodeURIComponent(p.nombre)}`);
  const card = page.getByRole('article').filter({ has: page.locator(`a[href="/producto/${p.permalink}"]`) });
  await expect(card).toHaveCount(1);
  await expect(card.getByText('Sin imagen', { exact: true })).toBeVisible();
  await expect(card.locator('img')).toHaveCount(0);
});

test('the live check: an expired campaign hides the buy button, a changed price shows live', async ({ page }, info) => {
  const p = await pick((x) => x.sizes.length > 0);
  const db = service();
  // A campaign of this test's own that ended yesterday: valid dates on any day, and no demo campaign changes.
  const { data: ended } = await db
    .from('campaigns')
    .insert({ nombre: `Vencida E2E ${info.project.name} ${Date.now()}`, fecha_inicio: mexicoDate(-10), fecha_fin: mexicoDate(-1) })
    .select('id')
    .single()
    .throwOnError();
  await pinToday(page);
  try {
    await db.from('products').update({ precio_venta: 123 }).eq('id', p.id).throwOnError();
    await page.goto(`/producto/${p.permalink}`);
    await expect(page.getByText('$123.00').first()).toBeVisible();
    await expect(page.getByText('Precio actualizado.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Comprar ahora' })).toBeVisible();

    await db.from('products').update({ campaign_id: ended.id }).eq('id', p.id).throwOnError();
    await page.reload();
    await expect(page.getByText('Producto no encontrado o campaña expirada')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Volver a la tienda' })).toHaveAttribute('href', '/tienda');
    await expect(page.getByRole('button', { name: /Comprar/ })).toHaveCount(0);
  } finally {
    await db.from('products').update({ campaign_id: p.campaign_id, precio_venta: p.precio_venta }).eq('id', p.id).throwOnError();
    await db.from('campaigns').delete().eq('id', ended.id).throwOnError();
  }
});

test('a product created after the build is shown live from the not-found route', async ({ page }, info) => {
  const campaign = await pick(() => true);
  const permalink = `e2e-producto-nuevo-${info.project.name}-${Date.now()}`;
  const db = service();
  const { data: created } = await db
    .from('products')
    .insert({
      campaign_id: campaign.campaign_id,
      nombre: 'Chamarra Recién Llegada',
      marca: 'Nike',
      precio_original: 2000,
      precio_venta: 1000,
      permalink,
      descripcion: '<p>Recién llegada <script>alert(1)</script><strong>al outlet</strong>.</p>',
    })
    .select('id')
    .single()
    .throwOnError();
  await db.from('product_sizes').insert({ product_id: created!.id, talla: 'M' }).throwOnError();
  try {
    const response = await page.goto(`/producto/${permalink}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Chamarra Recién Llegada' })).toBeVisible();
    await expect(page.getByText('50% OFF').first()).toBeVisible();
    await expect(page.getByText('Página no encontrada')).toHaveCount(0);
    await expect(page.locator('strong', { hasText: 'al outlet' })).toBeVisible();
    await expect(page.locator('details script')).toHaveCount(0);
    await expect(page).toHaveTitle(/Chamarra Recién Llegada/);
    await page.getByRole('link', { name: 'Comprar ahora' }).click();
    await expect(page.getByRole('dialog', { name: 'Selecciona tu talla' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('heading', { name: 'Productos relacionados' })).toBeVisible();
  } finally {
    await db.from('products').delete().eq('id', created!.id).throwOnError();
  }
});

test('unknown and malformed permalinks show the not-found view with the reason; an unreadable one a retry', async ({ page }) => {
  await page.goto('/producto/no-existe-este-producto');
  await expect(page.getByRole('heading', { name: 'Producto no encontrado' })).toBeVisible();
  await expect(page.getByText('Producto no encontrado o campaña expirada')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Volver a la tienda' })).toBeVisible();

  await page.goto('/producto/Mal%20Enlace');
  await expect(page.getByText('Permalink no válido')).toBeVisible();

  // A read that fails (supabase-js first retries a 503 for about 7 s, so a 500 keeps this short): a
  // retry state, then the answer once the server is back.
  await page.route('**/rest/v1/products**', (route) => route.fulfill({ status: 500, json: { message: 'fallo simulado' } }));
  await page.goto('/producto/otro-producto-cualquiera');
  await expect(page.getByRole('heading', { name: 'No se pudo cargar el producto' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Producto no encontrado' })).toHaveCount(0);
  await page.unroute('**/rest/v1/products**');
  await page.getByRole('button', { name: 'Reintentar' }).click();
  await expect(page.getByText('Producto no encontrado o campaña expirada')).toBeVisible();
});
