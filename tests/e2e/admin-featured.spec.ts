/**
 * 'Destacados' where the featured products are listed: an admin changes a sale price in place
 * ('No se pudo actualizar el precio' when the save fails), moves a product to the front, which is
 * the order the home carousel reads, removes one from the featured, and is told which products the
 * home leaves out once there are more than it shows.
 */
import { getFeaturedProducts } from '../../src/data/home.ts';
import { createShopClient } from '../../src/data/supabase.ts';
import { HOME_FEATURED_MAX } from '../../src/lib/featured.ts';
import { createAccount, mexicoDate, service } from './fixtures.ts';
import { signIn } from './sign-in.ts';
import { expect, type Page, test } from './test.ts';

const ADMIN = { email: `admin-featured-${Date.now().toString(36)}@e2e.local`, password: 'admin-e2e-password' };
let original: { id: string; precio_venta: number; destacado: boolean; orden_destacado: number | null }[] = [];

/** Featured products of live campaigns (ending today or later), in the home's order. */
async function featured() {
  const { data } = await service()
    .from('products')
    .select('id, nombre, precio_venta, destacado, orden_destacado, campaigns!inner(fecha_fin)')
    .eq('destacado', true)
    .gte('campaigns.fecha_fin', mexicoDate())
    .order('orden_destacado', { ascending: true, nullsFirst: false })
    .order('created_at', { ascending: false })
    .throwOnError();
  return data;
}

test.beforeAll(async () => {
  await createAccount(ADMIN);
  const { data } = await service().from('products').select('id, precio_venta, destacado, orden_destacado').throwOnError();
  original = data;
});

test.afterAll(async () => {
  for (const p of original.filter((row) => row.destacado)) {
    await service()
      .from('products')
      .update({ precio_venta: p.precio_venta, destacado: true, orden_destacado: p.orden_destacado })
      .eq('id', p.id)
      .throwOnError();
  }
  const wasFeatured = new Set(original.filter((p) => p.destacado).map((p) => p.id));
  const extra = original.filter((p) => !wasFeatured.has(p.id)).map((p) => p.id);
  await service().from('products').update({ destacado: false }).in('id', extra).throwOnError();
});

async function open(page: Page) {
  await signIn(page, ADMIN, { at: '/admin/featured-products' });
  await expect(page.getByRole('heading', { level: 1, name: 'Productos Destacados' })).toBeVisible();
}

test.describe.configure({ mode: 'serial' });

test('an admin edits a featured price in place, moves one to the front and removes one', async ({ page }) => {
  const [first, second, third] = await featured();
  expect(third).toBeDefined();
  await open(page);
  await expect(page.getByText(`La página de inicio muestra los primeros ${HOME_FEATURED_MAX} en este orden.`)).toBeVisible();
  const cards = page.getByTestId('featured-card');
  await expect(cards.first()).toHaveAccessibleName(first!.nombre);

  // The price, in place: something that is not a price is refused; Enter saves.
  const price = page.getByRole('textbox', { name: `Guardar precio de ${first!.nombre}` });
  await price.fill('gratis');
  await price.press('Enter');
  await expect(page.getByText('Escribe un precio mayor a 0.')).toBeVisible();
  await price.fill('777');
  await price.press('Enter');
  await expect(page.getByText('Precio actualizado correctamente')).toBeVisible();
  await expect.poll(async () => (await featured())[0]!.precio_venta).toBe(777);

  // A save the server refuses: the spec's message, and the field shows the saved price again.
  await page.route(
    (url) => url.pathname.endsWith('/rest/v1/products'),
    (route) =>
      route.request().method() === 'PATCH' ? route.fulfill({ status: 500, json: { message: 'fuera de servicio' } }) : route.fallback(),
  );
  await price.fill('555');
  await price.press('Enter');
  // A new toast closes the one before at once: the refusal shows as soon as it comes.
  await expect(page.getByText('No se pudo actualizar el precio')).toBeVisible();
  await expect(price).toHaveValue('777.00');
  await page.unrouteAll();

  // The third to the front: the order the home reads.
  await page.getByRole('button', { name: `Mover ${third!.nombre} al inicio` }).click();
  await expect(page.getByText('Orden guardado')).toBeVisible();
  await expect(cards.first()).toHaveAccessibleName(third!.nombre);
  await expect(cards.nth(1)).toHaveAccessibleName(first!.nombre);
  const home = await getFeaturedProducts(createShopClient(process.env['E2E_SUPABASE_URL']!, process.env['E2E_ANON_KEY']!));
  expect(home.slice(0, 3).map((p) => p.nombre)).toEqual([third!.nombre, first!.nombre, second!.nombre]);

  // Removed from the featured: gone from the list, and no longer featured in the database.
  const before = await cards.count();
  await cards.nth(1).getByRole('button', { name: 'Quitar de destacados' }).click();
  await expect(page.getByText('Producto quitado de destacados')).toBeVisible();
  await expect(cards).toHaveCount(before - 1);
  const { data } = await service().from('products').select('destacado, orden_destacado').eq('id', first!.id).single().throwOnError();
  expect(data).toEqual({ destacado: false, orden_destacado: null });
});

test('past the home’s 24, the page names how many the carousel leaves out', async ({ page }) => {
  const { data: more } = await service()
    .from('products')
    .select('id, campaigns!inner(fecha_fin)')
    .eq('destacado', false)
    .gte('campaigns.fecha_fin', mexicoDate(1))
    .limit(30)
    .throwOnError();
  await service()
    .from('products')
    .update({ destacado: true })
    .in(
      'id',
      more.map((p) => p.id),
    )
    .throwOnError();
  const total = (await featured()).length;
  expect(total).toBeGreaterThan(HOME_FEATURED_MAX);
  await open(page);
  await expect(page.getByText(`${total - HOME_FEATURED_MAX} productos destacados más no aparecen en el carrusel del inicio`)).toBeVisible();
  await expect(
    page
      .getByTestId('featured-card')
      .nth(HOME_FEATURED_MAX - 1)
      .getByText('No aparece en el inicio'),
  ).toHaveCount(0);
  await expect(page.getByTestId('featured-card').nth(HOME_FEATURED_MAX).getByText('No aparece en el inicio')).toBeVisible();
});
