/**
 * A discount code in Mi bolsa, as a shopper on a phone: a code that does not exist is refused in
 * Spanish and changes nothing; one typed in lower case with spaces applies, and the bag's totals show
 * its discount from the database; the order sent opens one chat whose message names the code and
 * what it took off, the database records the code, the discount and the totals, one use is counted,
 * and the order's page shows the discount. (The rules themselves: tests/db/discount-codes.test.ts.)
 */
import { anon, service, shopSettings, sql } from './fixtures.ts';
import { expect, test } from './test.ts';

interface Pick {
  id: string;
  nombre: string;
  marca: string;
  permalink: string;
  precio_venta: number;
  precio_original: number;
  sizes: string[];
}

const CODE = `E2E${Date.now().toString(36).toUpperCase()}`;
const money = (n: number) => new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' }).format(n);

let products: Pick[];
const ids = () => products.map((p) => p.id);
const MINE = 'exists (select 1 from public.order_items i where i.order_id = o.id and i.product_id = any($1::uuid[]))';

/** Two live demo products with sizes, of two brands, from the end of the list (the bag's test takes the first). */
async function twoProducts(): Promise<Pick[]> {
  const { data } = await anon()
    .from('products')
    .select('id, nombre, marca, permalink, precio_venta, precio_original, sizes, brand:brands(display_name)')
    .eq('agotado', false)
    .order('permalink', { ascending: false })
    .throwOnError();
  const chosen: Pick[] = [];
  for (const p of data ?? []) {
    const marca = p.brand?.display_name ?? p.marca;
    if (p.sizes.length < 1 || chosen.some((c) => c.marca === marca)) continue;
    chosen.push({ ...p, marca, precio_venta: Number(p.precio_venta), precio_original: Number(p.precio_original) });
    if (chosen.length === 2) break;
  }
  expect(chosen).toHaveLength(2);
  return chosen;
}

async function clearMyOrders(): Promise<void> {
  await sql(`update public.orders o set status = 'cancelado' where o.status <> 'cancelado' and ${MINE}`, [ids()]);
  await sql(`delete from public.orders o where ${MINE}`, [ids()]);
}

test.beforeAll(async () => {
  products = await twoProducts();
  await clearMyOrders();
  await service().from('discount_codes').insert({ codigo: CODE, tipo: 'porcentaje', valor: 10, usos_maximos: 5 }).throwOnError();
});

test.afterAll(async () => {
  await clearMyOrders();
  await service().from('discount_codes').delete().eq('codigo', CODE).throwOnError();
});

test('a code changes the bag’s total, the chat message and the order', async ({ page, context }) => {
  const chats: string[] = [];
  await context.route('https://wa.me/**', (route) => {
    chats.push(route.request().url());
    return route.fulfill({ contentType: 'text/html', body: '<title>chat</title>' });
  });
  // the bag as 'Agregar a mi bolsa' keeps it (tests/e2e/bag.spec.ts adds through the product pages)
  const bag = products.map((p, i) => ({
    product_id: p.id,
    permalink: p.permalink,
    nombre: p.nombre,
    marca: p.marca,
    talla: p.sizes[0],
    precio_venta: p.precio_venta,
    precio_original: p.precio_original,
    imagen_principal: null,
    added_at: Date.now() + i,
  }));
  await page.addInitScript((value) => {
    if (!sessionStorage.getItem('bag-seeded')) {
      localStorage.setItem('outlet_bag', value);
      sessionStorage.setItem('bag-seeded', '1');
    }
  }, JSON.stringify(bag));

  await page.goto('/bolsa');
  const [a, b] = products as [Pick, Pick];
  const settings = await shopSettings();
  const subtotal = a.precio_venta + b.precio_venta;
  const summary = page.getByRole('region', { name: 'Resumen del pedido' });
  await expect(summary).toContainText(`Subtotal (2 productos)${money(subtotal)}`);

  // a code that does not exist: said so, nothing changes
  const field = summary.getByLabel('Código de descuento');
  await field.fill('NOEXISTE');
  await summary.getByRole('button', { name: 'Aplicar' }).click();
  await expect(summary.getByRole('alert')).toHaveText('Este código no existe');
  await expect(summary).not.toContainText('Descuento (');

  // the shop's code, typed in lower case with spaces
  await field.fill(`  ${CODE.toLowerCase()} `);
  await summary.getByRole('button', { name: 'Aplicar' }).click();
  await expect(summary.getByText('10% de descuento')).toBeVisible();
  const discount = Math.round(subtotal * 10) / 100;
  const after = subtotal - discount;
  const shipping = settings.free_shipping_min !== null && after >= settings.free_shipping_min ? 0 : settings.shipping_cost;
  await expect(summary).toContainText(`Descuento (${CODE})-${money(discount)}`);
  await expect(summary).toContainText(`Total${money(after + shipping)}`);

  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Enviar pedido por WhatsApp' }).click();
  const chat = await popup;
  await chat.waitForURL(/wa\.me/);
  const text = new URL(chat.url()).searchParams.get('text') ?? '';
  await chat.close();

  const [order] = await sql<{ reference: string; codigo: string; subtotal: string; descuento: string; total: string; page_token: string }>(
    `select o.reference, o.codigo, o.subtotal::text, o.descuento::text, o.total::text, o.page_token::text from public.orders o where ${MINE}`,
    [ids()],
  );
  expect(order).toMatchObject({
    codigo: CODE,
    subtotal: subtotal.toFixed(2),
    descuento: discount.toFixed(2),
    total: (after + shipping).toFixed(2),
  });
  expect(text).toContain(
    [
      `Subtotal (2 productos): ${money(subtotal)}`,
      `Descuento (${CODE}): -${money(discount)}`,
      `Envío: ${shipping === 0 ? 'Gratis' : money(shipping)}`,
      `Total: ${money(after + shipping)} (IVA incluido)`,
    ].join('\n'),
  );
  expect(text).toContain(`Quiero hacer el pedido ${order!.reference}:`);
  expect(chats).toHaveLength(1);
  const [code] = await sql<{ usos: number }>('select usos from public.discount_codes where codigo = $1', [CODE]);
  expect(code?.usos).toBe(1);

  // the bag is empty and forgot the code; the order's page shows the discount
  await expect(page.getByText('Tu bolsa está vacía')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('outlet_bag_code'))).toBeFalsy();
  await page.goto(`/pedido/?t=${order!.page_token}`);
  const pageSummary = page.getByRole('region', { name: 'Resumen del pedido' });
  await expect(pageSummary).toContainText(`Descuento (${CODE})-${money(discount)}`);
  await expect(pageSummary).toContainText(`Total${money(after + shipping)}`);
});
