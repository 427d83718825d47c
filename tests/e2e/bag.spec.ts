/**
 * Mi bolsa as a shopper: three products added with their sizes (one through 'Selecciona tu talla'),
 * the header count, the totals with the shop's shipping rule, one product whose campaign ends while it
 * sits in the bag (flagged, nothing sent), then the one chat message listing every item with the
 * order's reference and its page's link, word for word, the order as the database recorded it, and
 * what the shopper is offered then: until when the order is held, 'Ver mi pedido', the chat again.
 *
 * Online payment: this stack has no Mercado Pago secrets, so payments are off and nothing about them
 * shows; with the `pay` function's status answered `{"enabled": true}` (intercepted here: the real
 * function and a real payment are tested elsewhere), 'Pagar en línea' goes to the order's payment link
 * and the chat message carries it, from the bag and from 'Comprar ahora'.
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Orders of this file's three products: other files place orders on the same stack (at the same time,
 * in the other worker), so this file reads and clears only its own.
 */
const MINE = 'exists (select 1 from public.order_items i where i.order_id = o.id and i.product_id = any($1::uuid[]))';
const ids = () => products.map((p) => p.id);

/** Cancels this file's orders (a paid one gives its pieces back) and deletes them. */
async function clearMyOrders(): Promise<void> {
  await sql(`update public.orders o set status = 'cancelado' where o.status <> 'cancelado' and ${MINE}`, [ids()]);
  await sql(`delete from public.orders o where ${MINE}`, [ids()]);
}

/** The newest order of a channel as the database recorded it: reference, page token and hold's end. */
async function newestOrder(channel: 'bolsa' | 'producto') {
  const [order] = await sql<{ reference: string; page_token: string; held_until: Date }>(
    `select reference, page_token::text, held_until from public.orders o where channel = $2 and ${MINE} order by created_at desc limit 1`,
    [ids(), channel],
  );
  expect(order?.page_token).toMatch(UUID);
  return order!;
}

/** '14:30' ('9:05': no leading zero on the hour) of an instant on the Mexico City clock. */
function mexicoClock(at: Date): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/Mexico_City',
    hour: 'numeric',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return `${get('hour') % 24}:${String(get('minute')).padStart(2, '0')}`;
}

/** What the confirmation says of an order held until `at` (the default hold, 4 hours: today or, late at night, mañana). */
const heldText = (reference: string, at: Date) =>
  new RegExp(`^Tu pedido ${reference} está apartado hasta (mañana a )?las? ${mexicoClock(at)}$`);

/** Answers the pay function's status as a shop with Mercado Pago configured does; counts the calls. */
async function paymentsOn(page: Page): Promise<{ calls: number }> {
  const seen = { calls: 0 };
  await page.route('**/functions/v1/pay/status', (route) => {
    seen.calls += 1;
    return route.fulfill({
      status: 200,
      contentType: 'application/json',
      headers: { 'access-control-allow-origin': '*' },
      body: JSON.stringify({ enabled: true }),
    });
  });
  return seen;
}

/** Ends the holds of this file's earlier orders (of its three products), so their pieces are for sale again. */
async function releaseHolds(): Promise<void> {
  await sql(
    `update public.orders o set status = 'cancelado'
      where o.status in ('nuevo', 'confirmado')
        and exists (select 1 from public.order_items i where i.order_id = o.id and i.product_id = any($1::uuid[]))`,
    [products.map((p) => p.id)],
  );
}

let products: Pick[];
let endedCampaign: string;

test.beforeAll(async () => {
  products = await threeProducts();
  // orders of an earlier run would count against this machine's limits of orders and held pieces
  await clearMyOrders();
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
  await clearMyOrders();
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
  expect(await sql(`select o.id from public.orders o where ${MINE}`, [ids()])).toEqual([]);

  // removed, the other two go as one order in one chat
  await flagged.getByRole('button', { name: `Quitar ${b.nombre} talla ${b.sizes[1]} de tu bolsa` }).click();
  await expect(lines).toHaveCount(2);
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Enviar pedido por WhatsApp' }).click();
  const chat = await popup;
  await chat.waitForURL(/wa\.me/);
  const url = new URL(chat.url());
  await chat.close();

  const [order] = await sql<{ reference: string; channel: string; total: string; items: number; page_token: string; held_until: Date }>(
    `select o.reference, o.channel, o.total::text, (select count(*)::int from public.order_items i where i.order_id = o.id) as items,
            o.page_token::text, o.held_until
       from public.orders o where ${MINE}`,
    [ids()],
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
      '',
      `Tu pedido: ${site}/pedido/?t=${order!.page_token}`,
    ].join('\n'),
  );
  expect(order).toMatchObject({ channel: 'bolsa', items: 2 });
  expect(order!.page_token).toMatch(UUID);
  expect(Number(order!.total)).toBe(sub2 + ship2);

  // the bag is empty and the order stays at hand: held until when, its page, its chat; nothing of paying online
  const confirmation = page.getByRole('region', { name: 'Último pedido' });
  await expect(confirmation.locator('p').first()).toHaveText(heldText(order!.reference, order!.held_until));
  await expect(confirmation).toContainText('Continúa en el chat para confirmar disponibilidad y pago.');
  await expect(confirmation.getByRole('link', { name: 'Ver mi pedido' })).toHaveAttribute('href', `/pedido/?t=${order!.page_token}`);
  await expect(confirmation.getByRole('link', { name: 'Abrir el chat' })).toHaveAttribute('href', chat.url());
  await expect(page.getByRole('link', { name: 'Pagar en línea' })).toHaveCount(0);
  await expect(page.getByText(/en línea|Mercado Pago|OXXO/)).toHaveCount(0);
  await expect(page.getByText('Tu bolsa está vacía')).toBeVisible();
  await expect(bagBadge(page)).toBeHidden();

  // it is still offered after a reload
  await page.reload();
  await expect(confirmation.getByRole('link', { name: 'Ver mi pedido' })).toHaveAttribute('href', `/pedido/?t=${order!.page_token}`);
  await expect(confirmation.locator('p').first()).toHaveText(heldText(order!.reference, order!.held_until));
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
  const [order] = await sql<{ reference: string; talla: string; page_token: string; held_until: Date }>(
    `select o.reference, i.talla, o.page_token::text, o.held_until from public.orders o join public.order_items i on i.order_id = o.id
      where o.channel = 'producto' and ${MINE} order by o.created_at desc limit 1`,
    [ids()],
  );
  expect(order?.talla).toBe(p.sizes[1]);
  expect(text).toContain(`Talla: ${p.sizes[1]}`);
  const site = new URL(page.url()).origin;
  expect(text.endsWith(`\nPedido: ${order?.reference}\n\nTu pedido: ${site}/pedido/?t=${order?.page_token}`)).toBe(true);
  expect(text).not.toContain('Paga en línea');

  // under the buy buttons: held until when, its page, its chat again; no online payment
  const confirmation = page.getByRole('region', { name: 'Tu pedido' });
  await expect(confirmation.locator('p').first()).toHaveText(heldText(order!.reference, order!.held_until));
  await expect(confirmation.getByRole('link', { name: 'Ver mi pedido' })).toHaveAttribute('href', `/pedido/?t=${order!.page_token}`);
  await expect(confirmation.getByRole('link', { name: 'Abrir el chat' })).toHaveAttribute('href', chat.url());
  await expect(page.getByRole('link', { name: 'Pagar en línea' })).toHaveCount(0);
});

test('with online payment on, the bag offers Pagar en línea and the chat message carries the payment link', async ({ page, context }) => {
  await releaseHolds();
  await context.route('https://wa.me/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>chat</title>' }));
  const status = await paymentsOn(page);
  const a = products[0]!;
  await page.goto(`/producto/${a.permalink}`);
  await hydrated(page);
  await page.getByRole('group', { name: 'Talla', exact: true }).getByRole('button', { name: a.sizes[1]!, exact: true }).click();
  await page.getByRole('button', { name: 'Agregar a mi bolsa' }).first().click();
  await expect(page.getByText('Agregado a tu bolsa')).toBeVisible();

  await page.goto('/bolsa');
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Enviar pedido por WhatsApp' }).click();
  const chat = await popup;
  await chat.waitForURL(/wa\.me/);
  const text = new URL(chat.url()).searchParams.get('text') ?? '';
  await chat.close();

  const order = await newestOrder('bolsa');
  const pay = `${process.env.E2E_SUPABASE_URL}/functions/v1/pay/${order.page_token}`;
  const site = new URL(page.url()).origin;
  expect(text).toContain(`Quiero hacer el pedido ${order.reference}:`);
  expect(text.endsWith(`(IVA incluido)\n\nTu pedido: ${site}/pedido/?t=${order.page_token}\nPaga en línea: ${pay}`)).toBe(true);

  const confirmation = page.getByRole('region', { name: 'Último pedido' });
  await expect(confirmation.locator('p').first()).toHaveText(heldText(order.reference, order.held_until));
  await expect(confirmation).toContainText('Págalo en línea con tarjeta, OXXO o Mercado Pago, o continúa en el chat.');
  await expect(confirmation.getByRole('link', { name: 'Pagar en línea' })).toHaveAttribute('href', pay);
  await expect(confirmation.getByRole('link', { name: 'Ver mi pedido' })).toHaveAttribute('href', `/pedido/?t=${order.page_token}`);
  await expect(confirmation.getByRole('link', { name: 'Abrir el chat' })).toHaveAttribute('href', chat.url());

  // the status was asked once, and this session keeps it a while: a reload does not ask again
  expect(status.calls).toBe(1);
  await page.reload();
  await expect(confirmation.getByRole('link', { name: 'Pagar en línea' })).toHaveAttribute('href', pay);
  expect(status.calls).toBe(1);
});

test('with online payment on, Comprar ahora offers Pagar en línea under the buy buttons and in the chat', async ({ page, context }) => {
  await releaseHolds();
  await context.route('https://wa.me/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>chat</title>' }));
  await paymentsOn(page);
  const p = products[2]!;
  await page.goto(`/producto/${p.permalink}`);
  await hydrated(page);
  await page.getByRole('group', { name: 'Talla', exact: true }).getByRole('button', { name: p.sizes[0]!, exact: true }).click();
  const popup = page.waitForEvent('popup');
  await page.getByRole('link', { name: 'Comprar ahora' }).click();
  const chat = await popup;
  await chat.waitForURL(/wa\.me/);
  const text = new URL(chat.url()).searchParams.get('text') ?? '';
  await chat.close();

  const order = await newestOrder('producto');
  const pay = `${process.env.E2E_SUPABASE_URL}/functions/v1/pay/${order.page_token}`;
  const site = new URL(page.url()).origin;
  expect(text.endsWith(`\nPedido: ${order.reference}\n\nTu pedido: ${site}/pedido/?t=${order.page_token}\nPaga en línea: ${pay}`)).toBe(
    true,
  );

  const confirmation = page.getByRole('region', { name: 'Tu pedido' });
  await expect(confirmation.locator('p').first()).toHaveText(heldText(order.reference, order.held_until));
  await expect(confirmation.getByRole('link', { name: 'Pagar en línea' })).toHaveAttribute('href', pay);
  await expect(confirmation.getByRole('link', { name: 'Ver mi pedido' })).toHaveAttribute('href', `/pedido/?t=${order.page_token}`);
  await expect(confirmation.getByRole('link', { name: 'Abrir el chat' })).toHaveAttribute('href', chat.url());
});

test('a payment status that never answers delays the chat a moment at most, and the order goes as without online payment', async ({
  page,
  context,
}) => {
  await releaseHolds();
  await context.route('https://wa.me/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>chat</title>' }));
  // the status request hangs: never answered
  await page.route('**/functions/v1/pay/status', () => undefined);
  const p = products[0]!;
  await page.goto(`/producto/${p.permalink}`);
  await hydrated(page);
  await page.getByRole('group', { name: 'Talla', exact: true }).getByRole('button', { name: p.sizes[0]!, exact: true }).click();
  const popup = page.waitForEvent('popup');
  const clicked = Date.now();
  await page.getByRole('link', { name: 'Comprar ahora' }).click();
  const chat = await popup;
  await chat.waitForURL(/wa\.me/, { timeout: 6_000 });
  expect(Date.now() - clicked).toBeLessThan(5_000);
  const text = new URL(chat.url()).searchParams.get('text') ?? '';
  await chat.close();

  const order = await newestOrder('producto');
  expect(text.endsWith(`\nPedido: ${order.reference}\n\nTu pedido: ${new URL(page.url()).origin}/pedido/?t=${order.page_token}`)).toBe(
    true,
  );
  const confirmation = page.getByRole('region', { name: 'Tu pedido' });
  await expect(confirmation.getByRole('link', { name: 'Ver mi pedido' })).toHaveAttribute('href', `/pedido/?t=${order.page_token}`);
  await expect(page.getByRole('link', { name: 'Pagar en línea' })).toHaveCount(0);
});

test('an order kept from an earlier visit whose hold ran out offers its page and chat, not payment', async ({ page }) => {
  await paymentsOn(page);
  const token = '3f0c9a52-8d1e-4b7a-9c2f-5e6d7a8b9c01';
  const order = { reference: 'OM-7K3F2', link: 'https://wa.me/5215512345678?text=Hola', at: Date.now() - 86_400_000 };
  await page.addInitScript((last) => localStorage.setItem('outlet_last_order', JSON.stringify(last)), {
    ...order,
    token,
    heldUntil: new Date(Date.now() - 3_600_000).toISOString(),
  });
  await page.goto('/bolsa');
  const confirmation = page.getByRole('region', { name: 'Último pedido' });
  await expect(confirmation.locator('p').first()).toHaveText('Enviamos tu pedido OM-7K3F2');
  await expect(confirmation.getByRole('link', { name: 'Ver mi pedido' })).toHaveAttribute('href', `/pedido/?t=${token}`);
  await expect(confirmation.getByRole('link', { name: 'Abrir el chat' })).toHaveAttribute('href', order.link);
  await expect(page.getByRole('link', { name: 'Pagar en línea' })).toHaveCount(0);
});
