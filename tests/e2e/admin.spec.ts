/**
 * The back office as an admin works it, against the real local stack: sign-in rules, campaigns,
 * brand and category merges, delete guards, hero images and banners. Desktop only.
 */
import { expect, test, type Page } from './test.ts';
import type { TablesInsert } from '../../src/data/database.types.ts';
import { todayInMexicoCity } from '../../src/lib/dates.ts';
import { createAccount, mexicoDate, service } from './fixtures.ts';
import { signIn } from './sign-in.ts';

const run = Date.now().toString(36);
const ADMIN = { email: `admin-${run}@e2e.local`, password: 'admin-e2e-password' };
const PLAIN = { email: `user-${run}@e2e.local`, password: 'user-e2e-password' };

/** A 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

test.beforeAll(async () => {
  await createAccount(ADMIN, 'owner');
  await createAccount(PLAIN, null);
});

async function openAsAdmin(page: Page, path: string) {
  await signIn(page, ADMIN, { at: path });
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[?]/g, '\\?')}$`));
}

/** Picks an option of a MUI select found by its label. */
async function choose(page: Page, label: string | RegExp, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

async function newCampaign(nombre: string) {
  const { data, error } = await service()
    .from('campaigns')
    .insert({ nombre, fecha_inicio: mexicoDate(-1), fecha_fin: mexicoDate(10) })
    .select('id')
    .single();
  if (error) throw error;
  return data.id;
}

async function newProduct(fields: Omit<TablesInsert<'products'>, 'precio_original' | 'precio_venta' | 'permalink'>) {
  const { error } = await service()
    .from('products')
    .insert({ precio_original: 1000, precio_venta: 600, permalink: `e2e-${run}-${Math.random().toString(36).slice(2)}`, ...fields });
  if (error) throw error;
}

test('sign-in: wrong password, back to the asked page, sign out, a non-admin refused', async ({ page }) => {
  await page.goto('/admin/campaigns');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByRole('heading', { name: 'Panel de Administración' })).toBeVisible();

  await signIn(page, { ...ADMIN, password: 'wrong-password' }, { at: null, panel: false });
  await expect(page.getByText('Credenciales incorrectas')).toBeVisible();

  await signIn(page, ADMIN, { at: null });
  await expect(page).toHaveURL(/\/admin\/campaigns$/);
  await expect(page.getByRole('heading', { level: 1, name: /Campañas/ })).toBeVisible();

  // The sidebar, in the spec's order.
  for (const item of [
    'Actividad',
    'Campañas',
    'Productos',
    'Destacados',
    'Categorías',
    'Marcas',
    'Analytics',
    'Reportes',
    'Configuración',
    'Cerrar Sesión',
  ]) {
    await expect(page.getByRole('menuitem', { name: item, exact: true })).toBeVisible();
  }
  await page.goto('/admin/reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Reportes' })).toBeVisible();
  await page.goto('/admin/detailed-reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Actividad de Usuarios' })).toBeVisible();

  await page.getByRole('menuitem', { name: 'Cerrar Sesión', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/login/);
  await page.goto('/admin/brands');
  await expect(page).toHaveURL(/\/admin\/login/);

  await signIn(page, PLAIN, { at: null, panel: false });
  await expect(page.getByText('No tienes acceso al panel de administración.')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login/);
});

test('a session older than 24 hours is over', async ({ page }) => {
  await openAsAdmin(page, '/admin/campaigns');
  await page.evaluate(() => localStorage.setItem('outlet_admin_timestamp', String(Date.now() - 86_400_000)));
  await page.reload();
  await expect(page).toHaveURL(/\/admin\/login/);
});

test('campaigns: create one with the dialog and see it in the table', async ({ page }) => {
  await openAsAdmin(page, '/admin/campaigns');
  await expect(page.getByLabel('Solo campañas activas')).toBeChecked();
  const nombre = `Campaña E2E ${run}`;
  await page.getByRole('button', { name: 'Nueva Campaña' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva Campaña' });
  await dialog.getByLabel('Nombre').fill(nombre);
  await dialog.getByLabel('Fecha de inicio').fill(mexicoDate(2));
  await dialog.getByLabel('Fecha de fin').fill(mexicoDate(9));
  await dialog.getByLabel('URL de imagen').fill('no es url');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  // refused: the URL field is invalid
  await expect(dialog.getByText('Ingresa una URL válida')).toBeVisible();
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('URL de imagen').fill('');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: nombre });
  await expect(row).toBeVisible();
  await expect(row.getByText('Próxima')).toBeVisible();
  const { data } = await service().from('campaigns').select('fecha_inicio, fecha_fin').eq('nombre', nombre).single();
  expect(data).toEqual({ fecha_inicio: mexicoDate(2), fecha_fin: mexicoDate(9) });

  await row.getByRole('button', { name: 'Acciones' }).click();
  await page.getByRole('menuitem', { name: 'Eliminar' }).click();
  await expect(page.getByText('¿Estás seguro de que quieres eliminar esta campaña?')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByRole('row').filter({ hasText: nombre })).toHaveCount(0);

  // a campaign without a start date (as SQL or an old import may leave it) starts the day it was created
  const sinInicio = `Campaña sin inicio ${run}`;
  const { error } = await service()
    .from('campaigns')
    .insert({ nombre: sinInicio, fecha_inicio: null, fecha_fin: mexicoDate(5) });
  expect(error).toBeNull();
  await page.getByRole('button', { name: 'Actualizar' }).first().click();
  const [y, m, d] = mexicoDate().split('-');
  const noStart = page.getByRole('row').filter({ hasText: sinInicio });
  await expect(noStart.getByRole('cell', { name: `${d}/${m}/${y}`, exact: true })).toBeVisible();
  await expect(noStart.getByText('Activa')).toBeVisible();
  await service().from('campaigns').delete().eq('nombre', sinInicio);
});

test('brands: create, merge two with a preview and a confirmation, see the migration report', async ({ page }) => {
  const db = service();
  const campaignId = await newCampaign(`Marcas E2E ${run}`);
  const { data: brands, error } = await db
    .from('brands')
    .insert([
      { name: `origen ${run}`, display_name: `Origen ${run}` },
      { name: `destino ${run}`, display_name: `Destino ${run}` },
    ])
    .select('id, display_name');
  if (error) throw error;
  const source = brands!.find((b) => b.display_name.startsWith('Origen'))!;
  const target = brands!.find((b) => b.display_name.startsWith('Destino'))!;
  await newProduct({ campaign_id: campaignId, brand_id: source.id, marca: source.display_name, nombre: 'Tenis uno' });
  await newProduct({ campaign_id: campaignId, brand_id: source.id, marca: source.display_name, nombre: 'Tenis dos' });
  await newProduct({ campaign_id: campaignId, brand_id: target.id, marca: target.display_name, nombre: 'Tenis tres' });

  await openAsAdmin(page, '/admin/brands');
  // New brand: trimmed display name, lowercased internal name, button disabled while blank.
  const create = page.getByRole('button', { name: 'Crear Marca' });
  await expect(page.getByPlaceholder('Nike, Adidas, etc.')).toBeVisible();
  await expect(create).toBeDisabled();
  await page.getByPlaceholder('Nike, Adidas, etc.').fill(`  Nueva ${run}  `);
  await create.click();
  await expect(page.getByText('Marca creada')).toBeVisible();
  await expect(page.getByText(`Nombre interno: nueva ${run}`)).toBeVisible();

  await page.getByRole('tab', { name: 'Fusionar Marcas' }).click();
  await choose(page, 'Marca de origen', new RegExp(`^Origen ${run}`));
  await page.getByRole('combobox', { name: 'Marca de destino' }).click();
  await expect(page.getByRole('option', { name: new RegExp(`^Origen ${run}`) })).toHaveCount(0);
  await page.getByRole('option', { name: new RegExp(`^Destino ${run}`) }).click();
  const preview = page.getByTestId('merge-preview');
  await expect(preview).toContainText(`2 producto(s) pasarán de Origen ${run} a Destino ${run}.`);
  await expect(preview).toContainText(`La marca Origen ${run} se eliminará.`);
  await expect(preview).toContainText(`Destino ${run} quedará con 3 producto(s).`);

  await page.getByRole('button', { name: 'Fusionar Marcas' }).click();
  const confirm = page.getByRole('dialog', { name: '¿Fusionar marcas?' });
  await expect(confirm).toBeVisible();
  await page.mouse.click(5, 5); // an outside click does not dismiss it
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Fusionar Marcas' }).click();
  await expect(page.getByText('Marcas fusionadas')).toBeVisible();
  const { count } = await db.from('products').select('id', { count: 'exact', head: true }).eq('brand_id', target.id);
  expect(count).toBe(3);

  await page.getByRole('tab', { name: 'Reporte de Migración' }).click();
  const row = page.getByRole('row').filter({ hasText: `Origen ${run}` });
  await expect(row.getByRole('cell')).toHaveText([`Origen ${run}`, `Destino ${run}`, '2', /\d/]);
});

test('categories: merge two, and the delete guards', async ({ page }) => {
  const db = service();
  const campaignId = await newCampaign(`Categorías E2E ${run}`);
  const mk = async (nombre: string) => {
    const { data, error } = await db.from('categories').insert({ nombre }).select('id').single();
    if (error) throw error;
    return data.id;
  };
  const source = await mk(`Fuente ${run}`);
  const target = await mk(`Meta ${run}`);
  const withSub = await mk(`ConSub ${run}`);
  const withProducts = await mk(`ConProd ${run}`);
  await mk(`Vacía ${run}`);
  await db.from('subcategories').insert({ category_id: withSub, nombre: `Sub ${run}` });
  await newProduct({ campaign_id: campaignId, category_id: target, nombre: 'Bolsa meta' });
  await newProduct({ campaign_id: campaignId, category_id: source, nombre: 'Bolsa fuente' });
  await newProduct({ campaign_id: campaignId, category_id: withProducts, nombre: 'Bolsa uno' });
  await newProduct({ campaign_id: campaignId, category_id: withProducts, nombre: 'Bolsa dos' });

  await openAsAdmin(page, '/admin/categories');
  const categoryRow = (name: string) =>
    page.getByRole('table', { name: 'Categorías', exact: true }).getByRole('row').filter({ hasText: name });

  // Merge
  await page.getByRole('button', { name: 'Fusionar Categorías' }).click();
  const merge = page.getByRole('dialog', { name: 'Fusionar Categorías' });
  await choose(page, 'Origen (se eliminará)', new RegExp(`^Fuente ${run}`));
  await page.getByRole('combobox', { name: 'Destino' }).click();
  await expect(page.getByRole('option', { name: new RegExp(`^Vacía ${run}`) })).toHaveCount(0); // no products
  await page.getByRole('option', { name: new RegExp(`^Meta ${run}`) }).click();
  await expect(merge.getByRole('button', { name: 'Fusionar' })).toBeDisabled();
  await merge.getByLabel('Entiendo que esta acción no se puede deshacer').check();
  await merge.getByRole('button', { name: 'Fusionar' }).click();
  await expect(page.getByText('Categorías fusionadas: 1 producto(s) movido(s)')).toBeVisible();
  await expect(categoryRow(`Fuente ${run}`)).toHaveCount(0);
  // the product count column: its own product and the one moved in
  await expect(categoryRow(`Meta ${run}`).getByRole('cell').nth(2)).toHaveText('2');

  // Delete guards
  const tryDelete = async (name: string) => {
    await categoryRow(name).getByRole('button', { name: 'Eliminar' }).click();
    await expect(page.getByText('¿Estás seguro de que quieres eliminar esta categoría?')).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
  };
  await tryDelete(`ConSub ${run}`);
  await expect(
    page.getByText('No se puede eliminar la categoría porque tiene 1 subcategoría(s) asociada(s). Elimina primero las subcategorías.'),
  ).toBeVisible();
  await tryDelete(`ConProd ${run}`);
  await expect(
    page.getByText('No se puede eliminar la categoría porque tiene 2 producto(s) asociado(s). Reasigna o elimina primero los productos.'),
  ).toBeVisible();
  await tryDelete(`Vacía ${run}`);
  await expect(page.getByText('Categoría eliminada correctamente')).toBeVisible();
  await expect(categoryRow(`Vacía ${run}`)).toHaveCount(0);

  // A subcategory pre-assigned from its category's row
  await categoryRow(`Meta ${run}`).getByRole('button', { name: 'Agregar subcategoría' }).click();
  const sub = page.getByRole('dialog', { name: 'Nueva Subcategoría' });
  await expect(sub.getByRole('combobox', { name: 'Categoría' })).toContainText(`Meta ${run}`);
  await sub.getByLabel('Nombre').fill(`Nueva sub ${run}`);
  await sub.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Subcategoría guardada correctamente')).toBeVisible();
  const { data: created } = await db.from('subcategories').select('category_id, activa, orden').eq('nombre', `Nueva sub ${run}`).single();
  expect(created).toEqual({ category_id: target, activa: true, orden: 0 });
});

test('settings: add a hero image by upload and manage a brand banner', async ({ page }) => {
  await openAsAdmin(page, '/admin/settings');
  await expect(page.getByRole('tab', { name: 'Gestión de Imágenes' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Imágenes del Hero Carousel')).toBeVisible();

  await page.getByRole('button', { name: 'Nueva Imagen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva Imagen' });
  await page.getByTestId('hero-file').setInputFiles({ name: 'nota.txt', mimeType: 'text/plain', buffer: Buffer.from('hola') });
  await expect(page.getByText('Por favor selecciona un archivo de imagen válido')).toBeVisible();
  await page.getByTestId('hero-file').setInputFiles({ name: 'hero.png', mimeType: 'image/png', buffer: PNG });
  await expect(dialog.getByLabel('URL de imagen')).toHaveValue(/\/storage\/v1\/object\/public\/hero-images\/.+\.png$/);
  await dialog.getByLabel('Título', { exact: false }).first().fill(`Hero ${run}`);
  await dialog.getByLabel('Orden').fill('7');
  await dialog.getByRole('button', { name: 'Crear' }).click();
  await expect(dialog).toBeHidden();
  const hero = page.getByTestId('hero-card').filter({ hasText: `Hero ${run}` });
  await expect(hero).toContainText('Activa');
  await expect(hero).toContainText('#7');
  const { data: heroRow } = await service()
    .from('hero_images')
    .select('image_url, button_text, button_link')
    .eq('title', `Hero ${run}`)
    .single();
  expect(heroRow?.button_text).toBe('Tienda');
  expect(heroRow?.button_link).toBe('/tienda');
  expect((await fetch(heroRow!.image_url)).status).toBe(200);
  // deleting the hero image removes its uploaded file too
  await hero.getByRole('button', { name: 'Eliminar' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
  await expect(hero).toHaveCount(0);
  await expect.poll(async () => (await fetch(heroRow!.image_url)).status).not.toBe(200);

  await page.getByRole('tab', { name: 'Banner de Marcas' }).click();
  await expect(page.getByText('Nuevo Banner')).toBeVisible();
  await expect(page.getByText('Banners Existentes')).toBeVisible();
  await page.getByLabel('Nombre').fill(`Banner ${run}`);
  await page.getByLabel('URL de imagen').fill('https://example.com/logo.png');
  await page.getByRole('button', { name: 'Crear' }).click();
  await expect(page.getByText('Banner guardado correctamente')).toBeVisible();
  const banner = page.getByTestId('banner-card').filter({ hasText: `Banner ${run}` });
  await expect(banner).toContainText('#1');

  await banner.getByRole('button', { name: 'Editar' }).click();
  await expect(page.getByText('Editar Banner')).toBeVisible();
  await page.getByLabel('Orden').fill('3');
  await page.getByRole('main').getByRole('button', { name: 'Actualizar', exact: true }).click();
  await expect(banner).toContainText('#3');

  await banner.getByRole('button', { name: 'Eliminar' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText('Banner eliminado correctamente')).toBeVisible();
  await expect(banner).toHaveCount(0);
});

test('settings: the hero form needs a title and an orden of at least 1', async ({ page }) => {
  const title = `Hero regla ${run}`;
  const saved = async () => (await service().from('hero_images').select('id', { count: 'exact', head: true }).eq('title', title)).count;
  await openAsAdmin(page, '/admin/settings');
  await page.getByRole('button', { name: 'Nueva Imagen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva Imagen' });
  const orden = dialog.getByLabel('Orden');
  await dialog.getByLabel('URL de imagen').fill('https://example.com/hero.png');
  await dialog.getByRole('button', { name: 'Crear' }).click();
  await expect(dialog.getByText('Requerido')).toBeVisible(); // the title
  await dialog.getByLabel('Título', { exact: false }).first().fill(title);
  await orden.fill('0');
  await dialog.getByRole('button', { name: 'Crear' }).click();
  // The browser itself refuses an orden under its minimum and the form is not sent.
  expect(await orden.evaluate((input: HTMLInputElement) => input.validity.rangeUnderflow)).toBe(true);
  await expect(dialog).toBeVisible();
  expect(await saved()).toBe(0);
  await orden.fill('1');
  await dialog.getByRole('button', { name: 'Crear' }).click();
  await expect(dialog).toBeHidden();
  const { data: created } = await service().from('hero_images').select('id, orden').eq('title', title).single().throwOnError();
  expect(created.orden).toBe(1);
  await service().from('hero_images').delete().eq('id', created.id).throwOnError();
});

test('settings: the featured-category form rules, Sin vincular stored as null, a delete that asks first', async ({ page }) => {
  const nombre = `Destacada ${run}`;
  await openAsAdmin(page, '/admin/settings');
  await page.getByRole('tab', { name: 'Categorías Destacadas' }).click();
  await page.getByRole('button', { name: 'Nueva Categoría Destacada' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva Categoría Destacada' });
  const orden = dialog.getByLabel('Orden');
  await expect(dialog.getByLabel('URL de imagen')).toBeVisible();
  await dialog.getByLabel('URL de imagen').fill('no es url');
  await dialog.getByRole('button', { name: 'Crear' }).click();
  await expect(dialog.getByText('Requerido')).toBeVisible(); // the name
  await expect(dialog.getByText('Ingresa una URL válida')).toBeVisible();
  await dialog.getByLabel('Nombre').fill(nombre);
  await dialog.getByLabel('URL de imagen').fill('https://example.com/destacada.png');
  await orden.fill('0');
  await dialog.getByRole('button', { name: 'Crear' }).click();
  // The browser itself refuses an orden under its minimum and the form is not sent.
  expect(await orden.evaluate((input: HTMLInputElement) => input.validity.rangeUnderflow)).toBe(true);
  await expect(dialog).toBeVisible();

  await orden.fill('2');
  await dialog.getByRole('button', { name: 'Crear' }).click();
  await expect(dialog).toBeHidden();
  const card = page.getByTestId('featured-category-card').filter({ hasText: nombre });
  await expect(card).toContainText('Sin vincular');
  const { data: row } = await service()
    .from('featured_categories')
    .select('image_url, category_id, orden')
    .eq('nombre', nombre)
    .single()
    .throwOnError();
  expect(row).toEqual({ image_url: 'https://example.com/destacada.png', category_id: null, orden: 2 });

  await card.getByRole('button', { name: 'Eliminar' }).click();
  const confirm = page.getByRole('dialog', { name: '¿Eliminar categoría destacada?' });
  await expect(confirm).toContainText('Esta acción no se puede deshacer. Se eliminará permanentemente la categoría destacada.');
  await page.mouse.click(5, 5); // an outside click does not dismiss it
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expect(card).toHaveCount(0);
  const { count } = await service().from('featured_categories').select('id', { count: 'exact', head: true }).eq('nombre', nombre);
  expect(count).toBe(0);
});

test('featured products: the total and grid of active featured products, or the empty message', async ({ page }) => {
  // The page decides "active" from the browser's date: hold its clock at this moment, so a Mexico City
  // midnight during the run cannot put the page and the expectation on different days.
  const now = new Date();
  await page.clock.setFixedTime(now);
  const today = todayInMexicoCity(now);
  const { data: featured } = await service()
    .from('products')
    .select('nombre, campaigns!inner(fecha_fin)')
    .eq('destacado', true)
    .gte('campaigns.fecha_fin', today)
    .throwOnError();
  // An ended featured product, so leaving it out is shown.
  const campaignId = await service()
    .from('campaigns')
    .insert({ nombre: `Destacados vencidos ${run}`, fecha_inicio: mexicoDate(-5), fecha_fin: mexicoDate(-1) })
    .select('id')
    .single()
    .throwOnError()
    .then(({ data }) => data.id);
  await newProduct({ campaign_id: campaignId, nombre: `Destacado vencido ${run}`, destacado: true });
  expect(featured!.length).toBeGreaterThan(1);

  await openAsAdmin(page, '/admin/featured-products');
  await expect(page.getByRole('heading', { level: 1, name: 'Productos Destacados' })).toBeVisible();
  await expect(page.getByTestId('featured-total')).toHaveText(`${featured!.length} productos destacados activos`);
  await expect(page.getByTestId('featured-card')).toHaveCount(featured!.length);
  await expect(page.getByTestId('featured-card').filter({ hasText: `Destacado vencido ${run}` })).toHaveCount(0);

  // With none, the empty message.
  const featuredRead = (url: URL) => url.pathname.endsWith('/rest/v1/products') && url.searchParams.get('destacado') === 'eq.true';
  await page.route(featuredRead, (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', headers: { 'content-range': '*/0' }, body: '[]' }),
  );
  await page.reload();
  await expect(page.getByText('No hay productos destacados.')).toBeVisible();
  await expect(page.getByTestId('featured-card')).toHaveCount(0);
});

test("an error toast is titled 'Error' and stays 5 seconds", async ({ page }) => {
  await page.route('**/rest/v1/categories_with_products?*', (route) =>
    route.request().method() === 'GET' ? route.fulfill({ status: 500, json: { message: 'fuera de servicio' } }) : route.fallback(),
  );
  await openAsAdmin(page, '/admin/categories');
  const error = page.getByRole('alert').filter({ hasText: 'No se pudieron cargar las categorías' });
  await expect(error).toBeVisible({ timeout: 20_000 });
  await expect(error).toContainText(/^Error/);
  await page.waitForTimeout(3_500);
  await expect(error).toBeVisible(); // react-admin's own toasts left after 4 s
  await expect(error).toBeHidden({ timeout: 4_000 });
});
