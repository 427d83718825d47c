/**
 * 'Pedidos' as an owner: an order a shopper sent holds its piece (a second shopper is told it is
 * apartada), is found by the reference as they quote it in the chat ('om 7k3f2'), says until when it
 * holds it, in the list and opened, and its hold is extended; marked paid with a note and a tracking
 * number, it sells the piece: the size leaves the product page and the shop's size filter and counts;
 * cancelling it puts the size on sale again. An order whose hold ran out says so and cannot be
 * extended, one whose hold ends while it is open is refused in Spanish, and cancelling an unpaid
 * order ends its hold.
 */
import { holdState, holdText, untilText } from '../../admin/orders/rules.ts';
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
  /** Another size of it, for the orders whose holds end. */
  other: string;
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
    other: p.sizes[2]!,
  };
}

/** What the shop's size filter says of `size` in a category right now: its product count (0 when absent). */
async function sizeCount(category: string, size: string): Promise<number> {
  const { data } = await anon().rpc('get_available_sizes', { p_category_id: category }).throwOnError();
  return (data ?? []).find((s) => s.nombre === size)?.product_count ?? 0;
}

function order(p: Product, talla: string) {
  return anon().rpc('place_order', { p_items: [{ product_id: p.id, talla, precio_venta: p.precio_venta }], p_channel: 'producto' });
}

async function placeOrder(p: Product, talla = p.size): Promise<string> {
  const { data } = await order(p, talla).throwOnError();
  const answer = data as { ok: boolean; reference: string };
  expect(answer.ok).toBe(true);
  return answer.reference;
}

type HoldRow = { id: string; status: string; held_until: string | null; hold_ended_at: string | null; hold_end_reason: string | null };

/** The order's hold as the back office reads it through the API (instants as ISO strings). */
async function orderRow(reference: string): Promise<HoldRow> {
  const [row] = await sql<{ [K in keyof HoldRow]: HoldRow[K] | Date }>(
    'select id, status, held_until, hold_ended_at, hold_end_reason from public.orders where reference = $1',
    [reference],
  );
  const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : (value as string | null));
  return {
    id: String(row!.id),
    status: String(row!.status),
    held_until: iso(row!.held_until),
    hold_ended_at: iso(row!.hold_ended_at),
    hold_end_reason: iso(row!.hold_end_reason),
  };
}

/** What the order's dialog says of its hold now, by the same rules the back office reads it with. */
async function holdLine(reference: string): Promise<string | null> {
  const now = new Date();
  return holdText(holdState(await orderRow(reference), now), now);
}

async function stock(p: Product, talla: string) {
  const [row] = await sql<{ existencias: number; apartadas: number }>(
    'select existencias, apartadas from public.product_sizes where product_id = $1 and talla = $2',
    [p.id, talla],
  );
  return row;
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

async function extend(page: Page, dialog: ReturnType<Page['getByRole']>, choice: string) {
  await dialog.getByRole('button', { name: 'Extender apartado' }).click();
  await page.getByRole('menuitem', { name: choice }).click();
}

let product: Product;

test.beforeAll(async () => {
  await createAccount(ADMIN);
  await sql(`update public.orders set status = 'cancelado' where status in ('pagado', 'enviado', 'entregado')`);
  await sql('delete from public.orders');
  product = await productAndSize();
  // one piece of each size the tests order
  await sql('update public.product_sizes set existencias = 1 where product_id = $1 and talla = any($2)', [
    product.id,
    [product.size, product.other],
  ]);
});

test.afterAll(async () => {
  await sql(`update public.orders set status = 'cancelado' where status in ('pagado', 'enviado', 'entregado')`);
  await sql('delete from public.orders');
});

test('an order holds its piece until a time the team extends; paid, it sells it in the shop; cancelling it puts it back', async ({
  page,
}) => {
  const before = await sizeCount(product.category_id, product.size);
  expect(before).toBeGreaterThan(0);
  const reference = await placeOrder(product);
  // the one piece is held: a second shopper is told so, and the size leaves the filter's count at once
  const { data: second } = await order(product, product.size).throwOnError();
  expect(second).toMatchObject({ ok: false, problems: [{ talla: product.size, motivo: 'apartada' }] });
  expect(await stock(product, product.size)).toEqual({ existencias: 1, apartadas: 1 });
  expect(await sizeCount(product.category_id, product.size)).toBe(before - 1);

  await signIn(page);
  await page.getByRole('menuitem', { name: 'Pedidos' }).click();
  const held = (await orderRow(reference)).held_until!;
  // the list says until when, compactly
  await expect(page.getByRole('row').filter({ hasText: reference })).toContainText(`Hasta ${untilText(held, new Date())}`);
  const typed = `${reference.slice(0, 2).toLowerCase()} ${reference.slice(3).toLowerCase()}`; // 'om 7k3f2'
  let dialog = await openOrder(page, typed, reference);
  await expect(dialog.getByRole('list', { name: 'Productos del pedido' })).toContainText(product.nombre);
  await expect(dialog.getByRole('list', { name: 'Productos del pedido' })).toContainText(`Talla ${product.size}`);
  const hold = dialog.getByTestId('order-hold');
  await expect(hold).toContainText(`Apartado hasta ${untilText(held, new Date())}`);

  // 24 hours more: the new time, in the dialog and the database
  await dialog.getByRole('textbox', { name: 'Notas' }).fill('Pagará por transferencia');
  await extend(page, dialog, '+24 h');
  await expect(page.getByText(/Apartado extendido hasta /)).toBeVisible();
  const extended = (await orderRow(reference)).held_until!;
  expect(new Date(extended).getTime() - new Date(held).getTime()).toBe(24 * 3600_000);
  await expect(page.getByText(`Apartado extendido hasta ${untilText(extended, new Date())}`)).toBeVisible();
  await expect(hold).toContainText(`Apartado hasta ${untilText(extended, new Date())}`);
  // what was typed before extending is still there
  await expect(dialog.getByRole('textbox', { name: 'Notas' })).toHaveValue('Pagará por transferencia');

  await setStatus(page, dialog, 'Pagado');
  await expect(dialog.getByRole('status')).toHaveText(
    'Al guardar, se venden las piezas apartadas de este pedido: las existencias de cada talla bajan en una.',
  );
  await dialog.getByRole('textbox', { name: 'Notas' }).fill('Pagó por transferencia');
  await dialog.getByRole('textbox', { name: 'Número de guía' }).fill('DHL 1234567890');
  await dialog.getByRole('button', { name: 'Actualizar' }).click();
  await expect(page.getByText('Pedido actualizado')).toBeVisible();
  const paidRow = page.getByRole('row').filter({ hasText: reference });
  await expect(paidRow).toContainText('Pagado');
  await expect(paidRow).not.toContainText('Hasta');
  // sold: the piece is gone, nothing is held
  expect(await stock(product, product.size)).toEqual({ existencias: 0, apartadas: 0 });
  expect(await orderRow(reference)).toMatchObject({ status: 'pagado', held_until: null });

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

  // cancelling the paid one puts the piece on sale again
  dialog = await openOrder(page, reference, reference);
  await expect(dialog.getByRole('textbox', { name: 'Notas' })).toHaveValue('Pagó por transferencia');
  await expect(dialog.getByTestId('order-hold')).toHaveCount(0);
  await setStatus(page, dialog, 'Cancelado');
  await expect(dialog.getByRole('status')).toHaveText('Al guardar, las piezas vendidas en este pedido vuelven a estar a la venta.');
  await dialog.getByRole('button', { name: 'Actualizar' }).click();
  await expect(page.getByRole('row').filter({ hasText: reference })).toContainText('Cancelado');
  expect(await stock(product, product.size)).toEqual({ existencias: 1, apartadas: 0 });
  expect(await sizeCount(product.category_id, product.size)).toBe(before);
});

test('a hold that ran out says so; one that ends while open cannot be extended; cancelling an unpaid order ends its hold', async ({
  page,
}) => {
  // a hold whose time ran out: its piece went back on sale
  const expired = await placeOrder(product, product.other);
  await sql(`update public.orders set held_until = now() - interval '1 second' where reference = $1`, [expired]);
  await sql('select private.release_expired_holds()');
  expect(await orderRow(expired)).toMatchObject({ held_until: null, hold_end_reason: 'vencido' });
  expect(await stock(product, product.other)).toEqual({ existencias: 1, apartadas: 0 });

  await signIn(page);
  await page.getByRole('menuitem', { name: 'Pedidos' }).click();
  await expect(page.getByRole('row').filter({ hasText: expired })).toContainText('Vencido');
  let dialog = await openOrder(page, expired, expired);
  const vencido = await holdLine(expired);
  expect(vencido).toMatch(/^Apartado vencido \(\d{2}:\d{2}\): las piezas volvieron a la venta$/);
  await expect(dialog.getByTestId('order-hold')).toHaveText(vencido!);
  await expect(dialog.getByRole('button', { name: 'Extender apartado' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Cancelar' }).click();

  // the hold ends while the team has the order open: the extension is refused in Spanish
  const ending = await placeOrder(product, product.other);
  await page.getByRole('textbox', { name: 'Buscar por referencia' }).fill('');
  dialog = await openOrder(page, ending, ending);
  await expect(dialog.getByTestId('order-hold')).toContainText('Apartado hasta');
  await sql(`update public.orders set held_until = now() - interval '1 second' where reference = $1`, [ending]);
  await sql('select private.release_expired_holds()');
  await extend(page, dialog, '+4 h');
  await expect(dialog.getByRole('alert')).toHaveText('Este pedido ya no tiene piezas apartadas.');
  await expect(dialog.getByTestId('order-hold')).toContainText('Apartado vencido');
  await expect(dialog.getByRole('button', { name: 'Extender apartado' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Cancelar' }).click();

  // cancelling an order that holds its piece ends the hold and puts the piece back on sale
  const cancelled = await placeOrder(product, product.other);
  expect(await stock(product, product.other)).toEqual({ existencias: 1, apartadas: 1 });
  await page.getByRole('textbox', { name: 'Buscar por referencia' }).fill('');
  dialog = await openOrder(page, cancelled, cancelled);
  await setStatus(page, dialog, 'Cancelado');
  await expect(dialog.getByRole('status')).toHaveText('Al guardar, termina el apartado y sus piezas vuelven a la venta.');
  await dialog.getByRole('button', { name: 'Actualizar' }).click();
  await expect(page.getByRole('row').filter({ hasText: cancelled })).toContainText('Cancelado');
  expect(await stock(product, product.other)).toEqual({ existencias: 1, apartadas: 0 });
  dialog = await openOrder(page, cancelled, cancelled);
  await expect(dialog.getByTestId('order-hold')).toHaveText('Apartado terminado al cancelar');
  await page.screenshot({ path: test.info().outputPath('pedido-cancelado.png') });
});
