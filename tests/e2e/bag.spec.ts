/**
 * Mi bolsa as a shopper: three products added with their sizes (one through 'Selecciona tu talla'),
 * the header count, the totals with the shop's shipping rule, one product whose campaign ends while it
 * sits in the bag (flagged, nothing sent), then the one chat message listing every item with the
 * order's reference, word for word, and the order as the database recorded it.
 */
import { anon, service, shopSettings, sql } from './fixtures.ts';
import { expect, type Page, test } from './test.ts';

interface Pick {
  id: string;
  nombre: string;
  marca: string;
  permalink: string;
  precio_venta: number;
  campaign_id: string;
  sizes: string[];
}

const money = (n: number) => new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' }).format(n);

/** Three live demo products with at least two sizes each, of three brands, as a shopper reads them. */
async function threeProducts(): Promise<Pick[]> {
  const { data } = await anon()
    .from('products')
    .select('id, nombre, marca, permalink, precio_venta, campaign_id, sizes, brand:brands(display_name)')
    .eq('agotado', false)
    .order('permalink')
    .throwOnError();
  const chosen: Pick[] = [];
  for (const p of data ?? []) {
    const marca = p.brand?.display_name ?? p.marca;
    if (p.sizes.length < 2 || chosen.some((c) => c.marca === marca)) continue;
    chosen.push({ ...p, marca, precio_venta: Number(p.precio_venta) });
    if (chosen.length === 3) break;
  }
  expect(chosen).toHaveLength(3);
  return chosen;
}

async function hydrated(page: Page): Promise<void> {
  await expect(page.locator('astro-island[component-url*="LiveCheck"]').first()).not.toHaveAttribute('ssr', /.*/);
}

const bagBadge = (page: Page) => page.locator('[data-bag-badge]');

let products: Pick[];
let endedCampaign: string;

test.beforeAll(async () => {
  // orders from earlier runs would count against this machine's limit of orders per address
  await sql(`update public.orders set status = 'cancelado' where status in ('pagado', 'enviado', 'entregado')`);
  await sql('delete from public.orders');
  products = await threeProducts();
  const { data } = await service()
    .from('campaigns')
    .insert({ nombre: 'Terminó mientras tanto', fecha_inicio: '2026-01-01', fecha_fin: '2026-01-31' })
    .select('id')
    .single()
    .throwOnError();
  endedCampaign = data!.id;
});

test.afterAll(async () => {
  const ended = products[1];
  if (ended) await service().from('products').update({ campaign_id: ended.campaign_id }).eq('id', ended.id).throwOnError();
  await service().from('campaigns').delete().eq('id', endedCampaign).throwOnError();
  await sql('delete from public.orders');
});

test('three products in the bag, one ends meanwhile, the rest go in one chat with the order reference', async ({ page, context }) => {
  const chats: string[] = [];
  await context.route('https://wa.me/**', (route) => {
    chats.push(route.request().url());
    return route.fulfill({ contentType: 'text/html', body: '<title>chat</title>' });
  });
  const [a, b, c] = products as [Pick, Pick, Pick];

  // A and B: size chosen on the page, then 'Agregar a mi bolsa'
  for (const [p, size] of [
    [a, a.sizes[0]!],
    [b, b.sizes[1]!],
  ] as const) {
    await page.goto(`/producto/${p.permalink}`);
    await hydrated(page);
    await page.getByRole('group', { name: 'Talla', exact: true }).getByRole('button', { name: size, exact: true }).click();
    await page.getByRole('button', { name: 'Agregar a mi bolsa' }).first().click();
    await expect(page.getByText('Agregado a tu bolsa')).toBeVisible();
    await expect(page.getByRole('button', { name: 'En tu bolsa' }).first()).toBeVisible();
  }
  // C: no size chosen, so 'Selecciona tu talla' asks first
  await page.goto(`/producto/${c.permalink}`);
  await hydrated(page);
  await page.getByRole('button', { name: 'Agregar a mi bolsa' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Selecciona tu talla' });
  await expect(dialog.getByText('Elige tu talla para agregarla a tu bolsa.')).toBeVisible();
  await dialog.getByRole('button', { name: c.sizes[0]!, exact: true }).click();
  await expect(page.getByText('Agregado a tu bolsa')).toBeVisible();
  await expect(bagBadge(page)).toHaveText('3');

  await page.goto('/bolsa');
  await expect(page.getByRole('heading', { level: 1, name: 'Mi bolsa' })).toBeVisible();
  const lines = page.getByRole('list', { name: 'Productos en tu bolsa' }).locator(':scope > li');
  await expect(lines).toHaveCount(3);
  await expect(page.getByText('3 productos', { exact: true })).toBeVisible();
  const settings = await shopSettings();
  const subtotal = a.precio_venta + b.precio_venta + c.precio_venta;
  const shipping = settings.free_shipping_min !== null && subtotal >= settings.free_shipping_min ? 0 : settings.shipping_cost;
  const summary = page.getByRole('region', { name: 'Resumen del pedido' });
  await expect(summary).toContainText(`Subtotal (3 productos)${money(subtotal)}`);
  await expect(summary).toContainText(`Total${money(subtotal + shipping)}`);

  // B's campaign ends while it sits in the bag: sending flags it and opens no chat
  await service().from('products').update({ campaign_id: endedCampaign }).eq('id', b.id).throwOnError();
  await page.getByRole('button', { name: 'Enviar pedido por WhatsApp' }).click();
  await expect(page.getByRole('alert')).toHaveText('Un producto de tu bolsa cambió. Revísalo antes de enviar tu pedido.');
  const flagged = lines.filter({ hasText: b.nombre });
  await expect(flagged).toContainText('La campaña de este producto terminó.');
  expect(chats).toEqual([]);
  expect(await sql('select id from public.orders')).toEqual([]);

  // removed, the other two go as one order in one chat
  await flagged.getByRole('button', { name: `Quitar ${b.nombre} talla ${b.sizes[1]} de tu bolsa` }).click();
  await expect(lines).toHaveCount(2);
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Enviar pedido por WhatsApp' }).click();
  const chat = await popup;
  await chat.waitForURL(/wa\.me/);
  const url = new URL(chat.url());
  await chat.close();

  const [order] = await sql<{ reference: string; channel: string; total: string; items: number }>(
    `select o.reference, o.channel, o.total::text, (select count(*)::int from public.order_items i where i.order_id = o.id) as items
       from public.orders o`,
  );
  expect(order).toBeDefined();
  expect(order!.reference).toMatch(/^OM-[2-9A-HJKMNP-Z]{5}$/);
  const site = new URL(page.url()).origin;
  const sub2 = a.precio_venta + c.precio_venta;
  const ship2 = settings.free_shipping_min !== null && sub2 >= settings.free_shipping_min ? 0 : settings.shipping_cost;
  expect(url.pathname).toBe(`/${settings.seller_phone}`);
  expect(url.searchParams.get('text')).toBe(
    [
      `Hola Outlet Moda MX! Quiero hacer el pedido ${order!.reference}:`,
      '',
      `1. ${a.marca} - ${a.nombre}`,
      `Talla: ${a.sizes[0]} · ${money(a.precio_venta)}`,
      `${site}/producto/${a.permalink}`,
      '',
      `2. ${c.marca} - ${c.nombre}`,
      `Talla: ${c.sizes[0]} · ${money(c.precio_venta)}`,
      `${site}/producto/${c.permalink}`,
      '',
      `Subtotal (2 productos): ${money(sub2)}`,
      `Envío: ${ship2 === 0 ? 'Gratis' : money(ship2)}`,
      `Total: ${money(sub2 + ship2)} (IVA incluido)`,
    ].join('\n'),
  );
  expect(order).toMatchObject({ channel: 'bolsa', items: 2 });
  expect(Number(order!.total)).toBe(sub2 + ship2);

  // the bag is empty and the order stays at hand
  await expect(page.getByText(`Enviamos tu pedido ${order!.reference}`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Abrir el chat' })).toHaveAttribute('href', chat.url());
  await expect(page.getByText('Tu bolsa está vacía')).toBeVisible();
  await expect(bagBadge(page)).toBeHidden();
});

test('Comprar ahora records a one-item order and names it in the chat', async ({ page, context }) => {
  await context.route('https://wa.me/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>chat</title>' }));
  const p = products[2]!;
  await page.goto(`/producto/${p.permalink}`);
  await hydrated(page);
  await page.getByRole('group', { name: 'Talla', exact: true }).getByRole('button', { name: p.sizes[1]!, exact: true }).click();
  const popup = page.waitForEvent('popup');
  await page.getByRole('link', { name: 'Comprar ahora' }).click();
  const chat = await popup;
  await chat.waitForURL(/wa\.me/);
  const text = new URL(chat.url()).searchParams.get('text') ?? '';
  await chat.close();
  const [order] = await sql<{ reference: string; talla: string }>(
    `select o.reference, i.talla from public.orders o join public.order_items i on i.order_id = o.id
      where o.channel = 'producto' order by o.created_at desc limit 1`,
  );
  expect(order?.talla).toBe(p.sizes[1]);
  expect(text).toContain(`Talla: ${p.sizes[1]}`);
  expect(text.endsWith(`\nPedido: ${order?.reference}`)).toBe(true);
});
