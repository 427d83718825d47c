/**
 * Admin products as an admin works them, against the real local stack (demo data): create a product
 * with sizes and gallery images, see it listed and searched, edit its price through the margin
 * dialog, toggle featured, delete it (rows and storage files), and the empty state; the pieces of
 * each size (edited, refused below what unpaid orders hold, sold out and restocked) and of a product
 * without sizes. Desktop only.
 */
import { signIn } from './sign-in.ts';
import { expect, test, type Page } from './test.ts';
import { isVariantPath, variantPaths } from '../../src/lib/image-variants.ts';
import { anon, createAccount, mexicoDate, service, sql } from './fixtures.ts';

const run = Date.now().toString(36);
const ADMIN = { email: `admin-products-${run}@e2e.local`, password: 'admin-e2e-password' };
const CAMPAIGN = `Campaña productos ${run}`;
const NAME = `Chamarra prueba ${run}`;

/** A small valid PNG (1x1). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

let campaignId = '';

test.beforeAll(async () => {
  const db = service();
  await createAccount(ADMIN);
  const { data, error: cErr } = await db
    .from('campaigns')
    .insert({ nombre: CAMPAIGN, fecha_inicio: mexicoDate(-1), fecha_fin: mexicoDate(20) })
    .select('id')
    .single();
  if (cErr) throw cErr;
  campaignId = data.id;
});

async function openProducts(page: Page, query = '') {
  await signIn(page, ADMIN, { at: `/admin/products${query}` });
  await expect(page.getByRole('heading', { name: /^Productos/ })).toBeVisible();
}

async function choose(page: Page, label: string | RegExp, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

async function productRow(nombre: string) {
  const { data, error } = await service()
    .from('products')
    .select('id, precio_venta, destacado, permalink, imagen_principal, sizes')
    .eq('nombre', nombre)
    .maybeSingle();
  if (error) throw error;
  return data;
}

/** Campaigns of the demo that ended and that are running, as the run's today sees them. */
async function demoCampaigns() {
  const { data } = await service()
    .from('campaigns')
    .select('id, fecha_fin, products(count)')
    .neq('nombre', CAMPAIGN)
    .order('fecha_fin')
    .throwOnError();
  const withProducts = data.filter((c) => (c.products[0]?.count ?? 0) > 0);
  const ended = withProducts.find((c) => c.fecha_fin < mexicoDate());
  const running = withProducts.find((c) => c.fecha_fin > mexicoDate());
  if (!ended || !running) throw new Error('La demo no tiene una campaña vencida y una vigente con productos');
  return { ended, running };
}

test('the list: counts, views, campaign from the URL, search line and Top 1000', async ({ page }) => {
  test.setTimeout(60_000);
  const { count: total } = await service().from('products').select('id', { count: 'exact', head: true });
  expect(total).toBeGreaterThan(50);
  await openProducts(page);
  await expect(page.getByTestId('products-subtitle')).toHaveText(`Mostrando ${total} de ${total} totales`);
  await expect(page.getByText('Solo productos activos')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Importar CSV' })).toBeVisible();
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  await expect(page.getByTestId('product-card')).toHaveCount(50);
  await expect(page.getByTestId('products-footer')).toContainText(`Mostrando 50 de ${total} productos`);

  await page.getByRole('button', { name: 'Tabla', exact: true }).click();
  const headers = await page.getByRole('columnheader').allTextContents();
  expect(headers).toEqual([
    // the column of the boxes that choose products for bulk work
    'Seleccionar',
    'Imagen',
    'Producto',
    'Marca',
    'Campaña',
    'Destacado',
    'Precio Original',
    'Costo',
    'Precio Venta',
    'Ganancia',
    'Margen %',
    'Acciones',
  ]);
  await page.getByRole('button', { name: 'Lista', exact: true }).click();
  await expect(page.getByTestId('product-row').first()).toContainText('Fin: ');

  await page.getByRole('button', { name: 'Top 1000 Ganancias' }).click();
  await expect(page.getByText('Top 1000 productos con mayor ganancia')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Top 1000 Ganancias' }).click();

  await page.getByRole('button', { name: 'Importar CSV' }).click();
  await expect(page.getByRole('dialog')).toContainText('Importación Masiva de Productos');
  await page.getByRole('button', { name: 'Cerrar' }).click();

  // ?campaign={id} preselects the campaign: title and subtitle name it
  await page.goto(`/admin/products?campaign=${campaignId}`);
  await expect(page.getByRole('heading', { name: new RegExp(`^Productos\\s*· ${CAMPAIGN}$`) })).toBeVisible();
  await expect(page.getByTestId('products-subtitle')).toContainText(`en ${CAMPAIGN}`);
});

test("a product of an ended campaign says 'Vencido', one of a running campaign 'Activo'", async ({ page }) => {
  const { ended, running } = await demoCampaigns();
  await openProducts(page, `?campaign=${ended.id}`);
  await page.getByRole('button', { name: 'Lista', exact: true }).click();
  const rows = page.getByTestId('product-row');
  await expect(rows.first()).toBeVisible();
  await expect(rows.filter({ hasText: 'Vencido' })).toHaveCount(await rows.count());
  await expect(rows.filter({ hasText: 'Activo' })).toHaveCount(0);

  await page.goto(`/admin/products?campaign=${running.id}`);
  await expect(rows.first()).toBeVisible();
  await expect(rows.filter({ hasText: 'Activo' })).toHaveCount(await rows.count());
  await expect(rows.filter({ hasText: 'Vencido' })).toHaveCount(0);
});

test('create with sizes and gallery, margin dialog, featured, delete', async ({ page }) => {
  test.setTimeout(120_000);
  await openProducts(page, `?campaign=${campaignId}`);
  await page.getByRole('button', { name: 'Nuevo Producto' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Nuevo Producto' })).toBeVisible();
  await expect(dialog.getByRole('tab', { name: 'Información Básica' })).toBeVisible();

  // sizes and gallery need a saved product
  await dialog.getByRole('tab', { name: 'Galería' }).click();
  await expect(dialog).toContainText('Guarda el producto primero para agregar imágenes');
  await dialog.getByRole('tab', { name: 'Información Básica' }).click();

  // required fields
  await dialog.getByRole('button', { name: 'Crear' }).click();
  await expect(dialog.getByText('Requerido').first()).toBeVisible();

  await choose(page, 'Marca', /^Nike$/);
  await dialog.getByLabel('Nombre del producto').fill(NAME);
  await dialog.getByLabel('Precio original').fill('3000');
  await dialog.getByLabel('Costo de compra').fill('1000');
  // smart price: (3000 - 1000) / 3000 >= 0.5 → 60% of 3000 rounded up to the hundred
  await expect(dialog.getByLabel('Precio de venta')).toHaveValue('1800.00');
  await expect(dialog.getByLabel('Permalink')).toHaveValue(`nike-chamarra-prueba-${run}`);
  await dialog.getByTestId('main-image-input').setInputFiles({ name: 'main.png', mimeType: 'image/png', buffer: PNG });
  await expect(dialog.getByLabel('URL de la imagen principal')).toHaveValue(
    /\/storage\/v1\/object\/public\/product-images\/\d+-[a-z0-9]+\.png$/,
  );
  await dialog.getByRole('button', { name: 'Crear' }).click();
  await expect(page.getByText('Producto creado correctamente')).toBeVisible({ timeout: 20_000 });
  // the dialog stays open, so the toast behind it is outside what assistive technology reads
  const toast = page.getByRole('alert', { includeHidden: true }).filter({ hasText: 'Producto creado correctamente' });
  await expect(toast).toContainText(/^Éxito/);
  await expect(dialog.getByRole('heading', { name: 'Editar Producto' })).toBeVisible();
  const created = await productRow(NAME);
  expect(created).toMatchObject({ precio_venta: 1800, permalink: `nike-chamarra-prueba-${run}` });

  // sizes: trimmed, duplicates refused
  await dialog.getByRole('tab', { name: 'Tallas' }).click();
  for (const talla of [' M ', 'L', 'XL', 'S', '2XL']) {
    await dialog.getByLabel('Talla', { exact: true }).fill(talla);
    await dialog.getByRole('button', { name: 'Agregar talla' }).click();
    await expect(dialog.getByRole('button', { name: `Eliminar talla ${talla.trim()}` })).toBeVisible();
  }
  await dialog.getByLabel('Talla', { exact: true }).fill('m');
  await expect(dialog.getByText('Esta talla ya existe')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Agregar talla' })).toBeEnabled();
  await dialog.getByLabel('Talla', { exact: true }).fill('');

  // gallery: two uploads and one URL, numbered; the URL button is disabled while empty
  await dialog.getByRole('tab', { name: 'Galería' }).click();
  await expect(dialog.getByRole('button', { name: 'Agregar', exact: true })).toBeDisabled();
  await dialog.getByTestId('gallery-input').setInputFiles([
    { name: 'a.png', mimeType: 'image/png', buffer: PNG },
    { name: 'b.png', mimeType: 'image/png', buffer: PNG },
  ]);
  await expect(dialog.getByTestId('gallery-image')).toHaveCount(2);
  await dialog.getByTestId('gallery-input').setInputFiles({ name: 'doc.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
  await expect(page.getByText('Por favor selecciona un archivo de imagen válido')).toBeVisible({ timeout: 20_000 });
  await dialog.getByLabel('URL de la imagen').fill('https://example.invalid/roto.jpg');
  await dialog.getByRole('button', { name: 'Agregar', exact: true }).click();
  await expect(dialog.getByTestId('gallery-image')).toHaveCount(3);
  await expect(dialog.getByText('#3')).toBeVisible();
  await expect(dialog.getByText('Imagen no disponible')).toBeVisible(); // broken-image placeholder
  const { data: images } = await service().from('product_images').select('image_url, orden').eq('product_id', created!.id).order('orden');
  expect(images!.map((i) => i.orden)).toEqual([1, 2, 3]);
  expect(images![0]!.image_url).toContain(`/product-images/${created!.id}/`);
  // delete the URL image
  await dialog.getByRole('button', { name: 'Eliminar imagen #3' }).click();
  await expect(page.getByText('Imagen eliminada correctamente')).toBeVisible({ timeout: 20_000 });
  await expect(dialog.getByTestId('gallery-image')).toHaveCount(2);
  await dialog.getByRole('button', { name: 'Cancelar' }).click();

  // listed, with the first 4 sizes and +1, found by search
  const card = page.getByTestId('product-card').filter({ hasText: NAME });
  await expect(card).toBeVisible();
  await expect(card).toContainText('+1');
  await expect(card).toContainText('40% OFF');
  expect((await productRow(NAME))!.sizes).toEqual(['S', 'M', 'L', 'XL', '2XL']);
  await page.getByRole('searchbox').fill(`nike-chamarra-prueba-${run}`);
  await expect(page.getByTestId('search-line')).toContainText('1 resultado para');
  await expect(page.getByTestId('search-line')).toContainText(`Permalink exacto encontrado: nike-chamarra-prueba-${run}`);

  // margin dialog: 1800 on a cost of 1000 = 80%; simulate a 30% target and update to $1,300
  await card.getByRole('button', { name: 'Acciones del producto' }).click();
  await page.getByRole('menuitem', { name: 'Análisis de margen' }).click();
  const margin = page.getByRole('dialog');
  await expect(margin.getByRole('heading', { name: 'Análisis de Margen' })).toBeVisible();
  await expect(margin.getByTestId('current-margin')).toHaveText('80%');
  await margin.getByRole('button', { name: 'Simulador de precios' }).click();
  await expect(margin.getByText('Margen objetivo: 30%')).toBeVisible();
  await margin.getByLabel('Precio de venta simulado').first().fill('900');
  await expect(margin.getByRole('button', { name: /^Actualizar Precio a/ })).toBeDisabled();
  await margin.getByLabel('Precio de venta simulado').first().fill('1300');
  await margin.getByRole('button', { name: 'Actualizar Precio a $1,300.00' }).click();
  await expect(page.getByText('Precio actualizado correctamente')).toBeVisible({ timeout: 20_000 });
  await expect.poll(async () => (await productRow(NAME))!.precio_venta).toBe(1300);

  // featured star
  await card.getByRole('button', { name: 'Marcar como destacado' }).click();
  await expect(card.getByRole('button', { name: 'Quitar de destacados' })).toBeVisible();
  await expect.poll(async () => (await productRow(NAME))!.destacado).toBe(true);

  // delete: rows and storage files go
  const before = (await productRow(NAME))!;
  const mainPath = before.imagen_principal!.split('/product-images/')[1]!;
  const storage = service().storage.from('product-images');
  const uploaded = await storage.list(before.id);
  expect(uploaded.error).toBeNull();
  // the two gallery images (with PUBLIC_IMAGE_TRANSFORMS=off, each also has its prepared sizes beside it)
  expect(uploaded.data?.filter((file) => !isVariantPath(file.name))).toHaveLength(2);
  await card.getByRole('button', { name: 'Acciones del producto' }).click();
  await page.getByRole('menuitem', { name: 'Eliminar' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText('Producto eliminado correctamente')).toBeVisible({ timeout: 20_000 });
  await expect(card).toHaveCount(0);
  expect(await productRow(NAME)).toBeNull();
  const { data: folder, error: listError } = await storage.list(before.id);
  expect(listError).toBeNull();
  expect(folder).toEqual([]);
  for (const path of [mainPath, ...variantPaths('product-images', mainPath)]) {
    const { error: gone } = await storage.download(path);
    expect(gone, path).not.toBeNull();
  }
});

test('empty state: no products yet', async ({ page }) => {
  await page.route('**/rest/v1/rpc/admin_products', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ total: 0, total_all: 0, rows: [], permalink_match: null }),
    }),
  );
  await openProducts(page);
  await expect(page.getByText('No hay productos creados aún')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Crear Primer Producto' }).click();
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Nuevo Producto' })).toBeVisible();
});

/** A shopper's order of one piece (a size, or null for a product without sizes): it holds that piece. */
async function holdPiece(productId: string, talla: string | null, precio: number): Promise<string> {
  const { data } = await anon()
    .rpc('place_order', { p_items: [{ product_id: productId, talla, precio_venta: precio }], p_channel: 'producto' })
    .throwOnError();
  const answer = data as { ok: boolean; reference: string };
  expect(answer, JSON.stringify(answer)).toMatchObject({ ok: true });
  return answer.reference;
}

async function openSizes(page: Page, nombre: string) {
  const card = page.getByTestId('product-card').filter({ hasText: nombre });
  await card.getByRole('button', { name: 'Acciones del producto' }).click();
  await page.getByRole('menuitem', { name: 'Editar' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('tab', { name: 'Tallas' }).click();
  return dialog;
}

test('pieces per size: edited, refused below what orders hold, sold out and restocked; a product without sizes', async ({ page }) => {
  test.setTimeout(90_000);
  const db = service();
  const sized = `Pantalón existencias ${run}`;
  const sizeless = `Bolsa existencias ${run}`;
  const { data: products } = await db
    .from('products')
    .insert(
      [sized, sizeless].map((nombre, i) => ({
        campaign_id: campaignId,
        nombre,
        marca: "Levi's",
        permalink: `existencias-${run}-${i}`,
        precio_original: 1200,
        precio_venta: 600,
      })),
    )
    .select('id, nombre')
    .throwOnError();
  const sizedId = products.find((p) => p.nombre === sized)!.id;
  const sizelessId = products.find((p) => p.nombre === sizeless)!.id;
  await db
    .from('product_sizes')
    .insert(['S', 'M', 'L'].map((talla) => ({ product_id: sizedId, talla })))
    .throwOnError();
  const pieces = async (talla: string) =>
    (await db.from('product_sizes').select('existencias').eq('product_id', sizedId).eq('talla', talla).single().throwOnError()).data
      .existencias;
  // a shopper's order holds the one piece of L
  const orders = [await holdPiece(sizedId, 'L', 600)];

  await openProducts(page, `?campaign=${campaignId}`);
  let dialog = await openSizes(page, sized);
  const field = (talla: string) => dialog.getByRole('spinbutton', { name: `Existencias de la talla ${talla}` });
  const row = (talla: string) =>
    dialog.getByTestId('size-row').filter({ has: page.getByRole('spinbutton', { name: `Existencias de la talla ${talla}` }) });
  // L is held: it says so and cannot be deleted
  await expect(row('L')).toContainText('1 apartada');
  await expect(dialog.getByRole('button', { name: 'Eliminar talla L' })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Eliminar talla M' })).toBeEnabled();

  // M gets 3 pieces (Enter saves)
  await field('M').fill('3');
  await field('M').press('Enter');
  await expect(page.getByText('Existencias guardadas')).toBeVisible();
  await expect(row('M')).toContainText('3 a la venta');
  expect(await pieces('M')).toBe(3);

  // not a count: said in the form, nothing sent
  await field('M').fill('-2');
  await field('M').blur();
  await expect(row('M').getByRole('alert')).toHaveText('Escribe un número entero de 0 a 9999.');
  expect(await pieces('M')).toBe(3);
  await field('M').fill('3');
  await field('M').blur();
  await expect(row('M').getByRole('alert')).toHaveCount(0);

  // L below what the order holds: the database refuses, in its own words
  await field('L').fill('0');
  await field('L').blur();
  await expect(row('L').getByRole('alert')).toHaveText(
    '1 pieza(s) están apartadas en pedidos sin pagar: las existencias no pueden ser menos. Cancela esos pedidos primero.',
  );
  expect(await pieces('L')).toBe(1);
  await field('L').press('Escape');
  await expect(field('L')).toHaveValue('1');

  // S sold out: struck through, gone from the shop's sizes; then restocked
  await field('S').fill('0');
  await field('S').press('Enter');
  await expect(row('S')).toContainText('Agotada');
  await expect(row('S').getByText('S', { exact: true })).toHaveCSS('text-decoration-line', 'line-through');
  await expect.poll(async () => (await productRow(sized))!.sizes).toEqual(['M']);
  await field('S').fill('2');
  await field('S').press('Enter');
  await expect(row('S')).toContainText('2 a la venta');
  await expect(row('S').getByText('S', { exact: true })).not.toHaveCSS('text-decoration-line', 'line-through');
  await expect.poll(async () => (await productRow(sized))!.sizes).toEqual(['S', 'M']);

  // a new size with its pieces
  await dialog.getByLabel('Talla', { exact: true }).fill('XL');
  await dialog.getByRole('spinbutton', { name: 'Existencias', exact: true }).fill('4');
  await dialog.getByRole('button', { name: 'Agregar talla' }).click();
  await expect(row('XL')).toContainText('4 a la venta');
  expect(await pieces('XL')).toBe(4);
  await dialog.getByRole('button', { name: 'Cancelar' }).click();

  // a product without sizes is its own stock
  dialog = await openSizes(page, sizeless);
  await expect(dialog).toContainText('Este producto no tiene tallas: sus existencias son las del producto.');
  const own = dialog.getByRole('spinbutton', { name: 'Existencias del producto' });
  await expect(own).toHaveValue('1');
  await own.fill('2');
  await own.press('Enter');
  await expect(dialog.getByTestId('product-stock')).toContainText('2 a la venta');
  await expect
    .poll(async () => (await db.from('products').select('existencias').eq('id', sizelessId).single().throwOnError()).data.existencias)
    .toBe(2);
  orders.push(await holdPiece(sizelessId, null, 600));
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  dialog = await openSizes(page, sizeless);
  await expect(dialog.getByTestId('product-stock')).toContainText('1 a la venta');
  await expect(dialog.getByTestId('product-stock')).toContainText('1 apartada');
  await dialog.getByRole('spinbutton', { name: 'Existencias del producto' }).fill('0');
  await dialog.getByRole('spinbutton', { name: 'Existencias del producto' }).press('Enter');
  await expect(dialog.getByTestId('product-stock').getByRole('alert')).toHaveText(
    '1 pieza(s) están apartadas en pedidos sin pagar: las existencias no pueden ser menos. Cancela esos pedidos primero.',
  );
  await page.screenshot({ path: test.info().outputPath('existencias.png') });

  await sql('delete from public.orders where reference = any($1)', [orders]);
});
