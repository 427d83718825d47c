/**
 * The order's own page (/pedido/?t=…) as a shopper opens it from the chat: an order placed through the
 * API shows its reference, its items and totals and 'Apartado hasta …'; paid through the payment rules
 * (record_payment, as the payment webhook calls it) it says 'Pagado' and how; shipped with a tracking
 * number it says 'Enviado' with a link to follow it, read again when the shopper comes back to the tab;
 * an unknown token says 'No encontramos este pedido', a failed read offers to try again. 'Pagar en
 * línea' shows only while the shop takes payments online; the page's token, the key to the order,
 * never leaves it in a link, a referrer or an analytics event.
 *
 * Each run holds and sells one piece of a demo product's size: that size gets one piece more for the
 * run and gives it back after, so the catalogue other tests read stays as it was.
 */
import AxeBuilder from '@axe-core/playwright';
import { todayInMexicoCity } from '../../src/lib/dates.ts';
import { anon, mexicoDate, service, shopSettings, sql } from './fixtures.ts';
import { expect, type Page, test } from './test.ts';

interface Piece {
  id: string;
  nombre: string;
  permalink: string;
  precio_venta: number;
  talla: string;
}

interface Placed {
  reference: string;
  page_token: string;
  held_until: string;
  subtotal: number;
  shipping: number;
  total: number;
}

const money = (n: number) => new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' }).format(n);

const MEXICO_CITY_CLOCK = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Mexico_City',
  hour: 'numeric',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** 'las 14:30' (or 'la 1:05') of an instant on the Mexico City clock. */
function clockOf(iso: string): string {
  const parts = MEXICO_CITY_CLOCK.formatToParts(new Date(iso));
  const hour = Number(parts.find((p) => p.type === 'hour')?.value);
  return `${hour === 1 ? 'la' : 'las'} ${hour}:${parts.find((p) => p.type === 'minute')?.value}`;
}

/** The hold as the page words it: today, or tomorrow when it runs past midnight in Mexico City. */
function heldPhrase(heldUntil: string): string {
  const today = todayInMexicoCity(new Date(heldUntil)) === todayInMexicoCity();
  return today ? `Apartado hasta ${clockOf(heldUntil)}` : `Apartado hasta mañana a ${clockOf(heldUntil)}`;
}

const status = (page: Page) => page.getByRole('region', { name: 'Estado del pedido' });
const payLink = (page: Page) => page.getByRole('link', { name: 'Pagar en línea' });

/** The shopper leaves the tab (to pay, to the chat) and comes back to it. */
async function leaveAndComeBack(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const state of ['hidden', 'visible']) {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
      document.dispatchEvent(new Event('visibilitychange'));
    }
  });
}

let piece: Piece;
const placed: string[] = [];

// biome-ignore lint/correctness/noEmptyPattern: Playwright reads a hook's fixtures from this pattern
test.beforeAll(async ({}, testInfo) => {
  // a live product with sizes and a name no other product has (the header search finds it alone);
  // the phone and desktop runs each take their own, and other files' orders never hold it
  const { data } = await anon()
    .from('products')
    .select('id, nombre, permalink, precio_venta, sizes, campaigns!inner(fecha_fin)')
    .eq('agotado', false)
    .gte('campaigns.fecha_fin', mexicoDate())
    .order('permalink')
    .throwOnError();
  const counts = new Map<string, number>();
  for (const p of data) counts.set(p.nombre, (counts.get(p.nombre) ?? 0) + 1);
  const candidates = data.filter((p) => counts.get(p.nombre) === 1 && p.sizes.length > 0);
  // from the middle of the catalogue: the bag's file takes the first products, the stock's the last
  const p = candidates[Math.floor(candidates.length / 2) + (testInfo.project.name === 'desktop' ? 1 : 0)];
  expect(p).toBeDefined();
  piece = { id: p!.id, nombre: p!.nombre, permalink: p!.permalink, precio_venta: Number(p!.precio_venta), talla: p!.sizes[0]! };
  await sql('update public.product_sizes set existencias = existencias + 1 where product_id = $1 and talla = $2', [piece.id, piece.talla]);
});

/** An order of the piece, placed through the API as a shopper places it. */
async function placeOrder(): Promise<Placed> {
  const { data, error } = await anon().rpc('place_order', {
    p_items: [{ product_id: piece.id, talla: piece.talla, precio_venta: piece.precio_venta }],
    p_channel: 'bolsa',
  });
  expect(error).toBeNull();
  const order = data as unknown as Placed & { ok: boolean };
  expect(order.ok).toBe(true);
  placed.push(order.reference);
  return order;
}

test.afterEach(async () => {
  // a sold piece goes back on sale when its order is cancelled; a deleted order's hold ends with it
  const references = placed.splice(0);
  await sql(`update public.orders set status = 'cancelado' where reference = any($1) and status in ('pagado', 'enviado', 'entregado')`, [
    references,
  ]);
  await sql('delete from public.orders where reference = any($1)', [references]);
});

test.afterAll(async () => {
  if (piece) {
    await sql('update public.product_sizes set existencias = existencias - 1 where product_id = $1 and talla = $2', [
      piece.id,
      piece.talla,
    ]);
  }
});

test('a held order: its reference, items and totals, until when it is held, and the chat with its reference', async ({ page }) => {
  const order = await placeOrder();
  const statusCall = page.waitForResponse('**/functions/v1/pay/status');
  await page.goto(`/pedido/?t=${order.page_token}`);

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Pedido ${order.reference}`);
  await expect(status(page).getByRole('heading')).toHaveText(heldPhrase(order.held_until));
  await expect(status(page)).toContainText('Paga antes de esa hora para que tus piezas sean tuyas; después vuelven a la venta.');

  const [item] = await sql<{ marca: string }>(
    'select i.marca from public.order_items i join public.orders o on o.id = i.order_id where o.reference = $1',
    [order.reference],
  );
  const lines = page.getByRole('list', { name: 'Productos del pedido' }).locator(':scope > li');
  await expect(lines).toHaveCount(1);
  await expect(lines.first()).toContainText(item!.marca);
  await expect(lines.first()).toContainText(`Talla: ${piece.talla}`);
  await expect(lines.first()).toContainText(money(piece.precio_venta));
  await expect(lines.first().getByRole('link', { name: piece.nombre })).toHaveAttribute('href', `/producto/${piece.permalink}`);

  const settings = await shopSettings();
  const shipping = settings.free_shipping_min !== null && piece.precio_venta >= settings.free_shipping_min ? 0 : settings.shipping_cost;
  const summary = page.getByRole('region', { name: 'Resumen del pedido' });
  await expect(summary).toContainText(`Subtotal (1 producto)${money(piece.precio_venta)}`);
  await expect(summary).toContainText(`Envío${shipping === 0 ? 'Gratis' : money(shipping)}`);
  await expect(summary).toContainText(`Total${money(piece.precio_venta + shipping)}`);

  // the chat names the order's reference, never its page
  const chat = new URL((await page.getByRole('link', { name: 'Escríbenos por WhatsApp' }).getAttribute('href'))!);
  expect(`${chat.origin}${chat.pathname}`).toBe(`https://wa.me/${settings.seller_phone}`);
  expect(chat.searchParams.get('text')).toBe(`Hola Outlet Moda MX! Te escribo por mi pedido ${order.reference}.`);

  // this shop takes no payments online (its payment function is off or absent): the chat is the way to pay
  const answer = await statusCall;
  expect(answer.ok() ? ((await answer.json()) as { enabled?: boolean }).enabled : false).toBe(false);
  await expect(summary).toContainText('Para pagar, escríbenos por el chat con tu número de pedido.');
  await expect(payLink(page)).toHaveCount(0);

  // the token stays on this page: no link carries it, and no referrer leaves it
  const hrefs = await page.locator('a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  expect(hrefs.filter((href) => href.includes(order.page_token))).toEqual([]);
  await expect(page.locator('meta[name="referrer"]')).toHaveAttribute('content', 'no-referrer');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');

  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
});

test('while the shop takes payments online, an unpaid held order offers "Pagar en línea"; paid, it says when and how', async ({ page }) => {
  // stands in for the payment function's status, which says whether the shop takes payments online
  await page.route('**/functions/v1/pay/status', (route) => route.fulfill({ json: { enabled: true } }));
  const order = await placeOrder();

  // back from Mercado Pago with a rejected payment: the page says so, and the address keeps only the token
  await page.goto(`/pedido/?t=${order.page_token}&status=rejected&payment_id=123&external_reference=${order.reference}`);
  await expect(status(page).getByRole('heading')).toHaveText(heldPhrase(order.held_until));
  await expect(status(page).getByRole('status')).toHaveText(
    'Mercado Pago no aprobó tu pago. Puedes intentarlo de nuevo, con otra tarjeta u otro medio.',
  );
  await expect(page).toHaveURL(new RegExp(`/pedido/\\?t=${order.page_token}$`));
  await expect(payLink(page)).toHaveAttribute('href', `${process.env.E2E_SUPABASE_URL}/functions/v1/pay/${order.page_token}`);

  // paid with a card in 3 installments, as Mercado Pago's API describes the payment
  const { data: result } = await service()
    .rpc('record_payment', {
      p_payment: {
        id: `e2e${Date.now()}`,
        status: 'approved',
        status_detail: 'accredited',
        external_reference: order.reference,
        transaction_amount: order.total,
        currency_id: 'MXN',
        payment_method_id: 'visa',
        payment_type_id: 'credit_card',
        installments: 3,
        date_approved: new Date().toISOString(),
        date_of_expiration: null,
        transaction_amount_refunded: 0,
      },
    })
    .throwOnError();
  expect(result).toMatchObject({ ok: true, result: 'pagado' });
  const [paid] = await sql<{ paid_at: Date }>('select paid_at from public.orders where reference = $1', [order.reference]);

  await page.reload();
  await expect(status(page).getByRole('heading')).toHaveText(`Pagado hoy a ${clockOf(paid!.paid_at.toISOString())}`);
  await expect(status(page)).toContainText('Tarjeta de crédito · 3 meses');
  await expect(status(page).getByRole('status')).toHaveCount(0);
  await expect(payLink(page)).toHaveCount(0);
});

test('shipped with tracking: "Enviado" with the tracking number and its link, also when the shopper comes back to the tab', async ({
  page,
}) => {
  const order = await placeOrder();
  await sql(`update public.orders set status = 'pagado' where reference = $1`, [order.reference]);
  await page.goto(`/pedido/?t=${order.page_token}`);
  await expect(status(page).getByRole('heading')).toHaveText(/^Pagado hoy a las? \d{1,2}:\d{2}$/);
  // paid by other means (the team marked it): no method to name
  await expect(status(page)).not.toContainText('Tarjeta');

  await sql(
    `update public.orders set status = 'enviado', tracking_number = 'MX7734002188', tracking_url = 'https://rastreo.example.com/MX7734002188'
      where reference = $1`,
    [order.reference],
  );
  await leaveAndComeBack(page);
  await expect(status(page).getByRole('heading')).toHaveText('Enviado');
  await expect(status(page)).toContainText('Número de guía: MX7734002188');
  const follow = status(page).getByRole('link', { name: 'Rastrear mi envío' });
  await expect(follow).toHaveAttribute('href', 'https://rastreo.example.com/MX7734002188');
  await expect(follow).toHaveAttribute('target', '_blank');

  await page.reload();
  await expect(status(page).getByRole('heading')).toHaveText('Enviado');
  await expect(status(page).getByRole('link', { name: 'Rastrear mi envío' })).toBeVisible();
});

test('an unknown, malformed or missing token: "No encontramos este pedido", with the chat and the shop', async ({ page }) => {
  for (const query of ['?t=00000000-0000-4000-8000-000000000000', '?t=OM-7K3F2', '']) {
    await page.goto(`/pedido/${query}`);
    await expect(page.getByRole('heading', { name: 'No encontramos este pedido' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Escríbenos por WhatsApp' })).toHaveAttribute('href', /^https:\/\/wa\.me\//);
    await expect(page.getByRole('link', { name: 'Ir a la tienda' })).toHaveAttribute('href', '/tienda');
  }
});

test('a read that fails (no connection) offers to try again, and trying again shows the order', async ({ page }) => {
  const order = await placeOrder();
  await page.route('**/rest/v1/rpc/order_page', (route) => route.abort('internetdisconnected'));
  await page.goto(`/pedido/?t=${order.page_token}`);
  await expect(page.getByRole('alert')).toContainText('No pudimos cargar tu pedido');
  await page.unroute('**/rest/v1/rpc/order_page');
  await page.getByRole('button', { name: 'Reintentar' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Pedido ${order.reference}`);
  await expect(status(page).getByRole('heading')).toHaveText(heldPhrase(order.held_until));
});

test('a product opened from the order page: the analytics event and the next page never see the token', async ({ page }) => {
  const order = await placeOrder();
  await page.goto(`/pedido/?t=${order.page_token}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Pedido ${order.reference}`);

  // the header search, on a phone behind its button
  if ((page.viewportSize()?.width ?? 0) < 1024) await page.getByRole('button', { name: 'Buscar productos' }).click();
  await page.getByRole('combobox', { name: 'Buscar productos' }).fill(piece.nombre);
  await page
    .getByRole('listbox', { name: 'Resultados de la búsqueda' })
    .getByRole('group', { name: 'Productos' })
    .getByRole('option', { name: new RegExp(piece.nombre) })
    .click();
  await expect(page).toHaveURL(new RegExp(`/producto/${piece.permalink}/?$`));
  expect(await page.evaluate(() => document.referrer)).toBe('');

  const session = await page.evaluate(() => sessionStorage.getItem('outlet_analytics_session'));
  const origin = new URL(page.url()).origin;
  await expect
    .poll(async () => (await service().from('product_click_analytics').select('page_url, referrer_url').eq('session_id', session!)).data)
    .toEqual([{ page_url: `${origin}/pedido/`, referrer_url: null }]);
});
