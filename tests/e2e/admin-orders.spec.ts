/**
 * 'Pedidos' as an owner: an order a shopper sent is found by the reference as they quote it in the
 * chat ('om 7k3f2'), opened with its items and totals, and marked paid with a note and a tracking
 * number. Paid, its size leaves the product page and the shop's size filter and counts; a second order
 * for the same size cannot be paid; cancelling the first puts the size on sale again.
 */
import { anon, createAccount, sql } from './fixtures.ts';
import { expect, type Page, test } from './test.ts';

const ADMIN = { email: `admin-orders-${Date.now().toString(36)}@e2e.local`, password: 'admin-e2e-password' };

interface Product {
  id: string;
  nombre: string;
  permalink: string;
  precio_venta: number;
  category_id: string;
  size: string;
}

/** A live product with several sizes, and the size of it fewest other products share. */
async function productAndSize(): Promise<Product> {
  const { data } = await anon()
    .from('products')
    .select('id, nombre, permalink, precio_venta, category_id, sizes')
    .eq('agotado', false)
    .not('category_id', 'is', null)
    .order('permalink')
    .throwOnError();
  const p = (data ?? []).find((x) => x.sizes.length >= 3);
  if (!p) throw new Error('La demo no tiene un producto con tres tallas');
  return {
    id: p.id,
    nombre: p.nombre,
    permalink: p.permalink,
    precio_venta: Number(p.precio_venta),
    category_id: p.category_id!,
    size: p.sizes[1]!,
  };
}

/** What the shop's size filter says of `size` in a category right now: its product count (0 when absent). */
async function sizeCount(category: string, size: string): Promise<number> {
  const { data } = await anon().rpc('get_available_sizes', { p_category_id: category }).throwOnError();
  return (data ?? []).find((s) => s.nombre === size)?.product_count ?? 0;
}

async function placeOrder(p: Product): Promise<string> {
  const { data } = await anon()
    .rpc('place_order', { p_items: [{ product_id: p.id, talla: p.size, precio_venta: p.precio_venta }], p_channel: 'producto' })
    .throwOnError();
  const answer = data as { ok: boolean; reference: string };
  expect(answer.ok).toBe(true);
  return answer.reference;
}

async function signIn(page: Page) {
  await page.goto('/admin/login');
  await page.getByLabel('Usuario').fill(ADMIN.email);
  await page.getByLabel('Contraseña').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(page.getByRole('menuitem', { name: 'Mi cuenta' })).toBeVisible();
}

async function openOrder(page: Page, typed: string, reference: string) {
  await page.getByRole('menuitem', { name: 'Pedidos' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Pedidos/ })).toBeVisible();
  await page.getByRole('textbox', { name: 'Buscar por referencia' }).fill(typed);
  const rows = page.getByRole('row').filter({ hasText: reference });
  await expect(rows).toHaveCount(1);
  await expect(page.getByRole('row')).toHaveCount(2); // the header and the one order
  await rows.click();
  const dialog = page.getByRole('dialog', { name: `Pedido ${reference}` });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function setStatus(page: Page, dialog: ReturnType<Page['getByRole']>, status: string) {
  await dialog.getByRole('combobox', { name: 'Estado' }).click();
  await page.getByRole('option', { name: status, exact: true }).click();
}

let product: Product;

test.beforeAll(async () => {
  await createAccount(ADMIN);
  await sql(`update public.orders set status = 'cancelado' where status in ('pagado', 'enviado', 'entregado')`);
  await sql('delete from public.orders');
  product = await productAndSize();
});

test.afterAll(async () => {
  await sql(`update public.orders set status = 'cancelado' where status in ('pagado', 'enviado', 'entregado')`);
  await sql('delete from public.orders');
});

test('an order found by its quoted reference, marked paid, sells its size in the shop; cancelling it puts it back', async ({ page }) => {
  const reference = await placeOrder(product);
  const second = await placeOrder(product);
  const before = await sizeCount(product.category_id, product.size);
  expect(before).toBeGreaterThan(0);

  await signIn(page);
  const typed = `${reference.slice(0, 2).toLowerCase()} ${reference.slice(3).toLowerCase()}`; // 'om 7k3f2'
  let dialog = await openOrder(page, typed, reference);
  await expect(dialog.getByRole('list', { name: 'Productos del pedido' })).toContainText(product.nombre);
  await expect(dialog.getByRole('list', { name: 'Productos del pedido' })).toContainText(`Talla ${product.size}`);
  await setStatus(page, dialog, 'Pagado');
  await expect(dialog.getByRole('status')).toHaveText(
    'Al guardar, las tallas de este pedido se marcan como vendidas y salen de la tienda.',
  );
  await dialog.getByRole('textbox', { name: 'Notas' }).fill('Pagó por transferencia');
  await dialog.getByRole('textbox', { name: 'Número de guía' }).fill('DHL 1234567890');
  await dialog.getByRole('button', { name: 'Actualizar' }).click();
  await expect(page.getByText('Pedido actualizado')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: reference })).toContainText('Pagado');

  // the size is gone live: from the product page and the size filter's count
  expect(await sizeCount(product.category_id, product.size)).toBe(before - 1);
  const shop = await page.context().newPage();
  await shop.goto(`/producto/${product.permalink}`);
  await expect(shop.locator('astro-island[component-url*="LiveCheck"]').first()).not.toHaveAttribute('ssr', /.*/);
  const sizes = shop.getByRole('group', { name: 'Talla', exact: true });
  await expect(sizes.getByRole('button').first()).toBeVisible();
  await expect(sizes.getByRole('button', { name: product.size, exact: true })).toHaveCount(0);
  await shop.goto(`/tienda?category=${product.category_id}`);
  const sizeSelect = shop.getByRole('combobox', { name: 'Talla', exact: true });
  if (before - 1 === 0) await expect(sizeSelect.locator('option', { hasText: `${product.size} (` })).toHaveCount(0);
  else await expect(sizeSelect.locator('option', { hasText: `${product.size} (${before - 1})` })).toHaveCount(1);
  await shop.close();

  // the second order of the same size cannot be paid: the database names the first
  await page.getByRole('textbox', { name: 'Buscar por referencia' }).fill('');
  dialog = await openOrder(page, second, second);
  await setStatus(page, dialog, 'Pagado');
  await dialog.getByRole('button', { name: 'Actualizar' }).click();
  await expect(page.getByText(`La talla ${product.size} de ${product.nombre} ya se vendió en el pedido ${reference}.`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancelar' }).click();

  // cancelling the paid one puts the size on sale again
  dialog = await openOrder(page, reference, reference);
  await expect(dialog.getByRole('textbox', { name: 'Notas' })).toHaveValue('Pagó por transferencia');
  await setStatus(page, dialog, 'Cancelado');
  await expect(dialog.getByRole('status')).toHaveText('Al guardar, las tallas de este pedido vuelven a estar a la venta.');
  await dialog.getByRole('button', { name: 'Actualizar' }).click();
  await expect(page.getByRole('row').filter({ hasText: reference })).toContainText('Cancelado');
  expect(await sizeCount(product.category_id, product.size)).toBe(before);
});
