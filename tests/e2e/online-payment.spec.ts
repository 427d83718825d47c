/**
 * Order to cash in a real browser: two products in Mi bolsa, the order sent, 'Pagar en línea',
 * Mercado Pago's checkout, the approved notice, and the order's page says 'Pagado' while both sizes
 * (each its last piece) are sold out in the shop; and a hold that ends unpaid puts its piece back on
 * sale by itself (the stack's scheduled job), which the product page shows.
 *
 * The shop's stack runs without Mercado Pago's secrets (payments off, as most tests expect), so this
 * file serves the payment functions itself, from the same source on the same database, with the
 * secrets switched on, and the browser's calls to `…/functions/v1/pay/…` reach them. Mercado Pago is
 * the stand-in of tests/fixtures/mercadopago.ts: its checkout page pays, it sends the signed notice to
 * the webhook function, and it sends the shopper back to the order's page.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serveGateway } from '../../scripts/stack/gateway/index.ts';
import { ROOT } from '../../scripts/stack/index.ts';
import { CHECKOUT_ORIGIN, type MercadoPagoStandIn, startMercadoPago } from '../fixtures/mercadopago.ts';
import { anon, sql } from './fixtures.ts';
import { expect, type Page, test } from './test.ts';

const WEBHOOK_SECRET = 'clave-secreta-de-prueba-e2e';

function env(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} no está definido`);
  return value;
}

/** A number from a text that sorts the catalogue in an order unlike the permalinks' own. */
function hash(text: string): number {
  let h = 7;
  for (const c of text) h = (h * 31 + c.charCodeAt(0)) % 1_000_003;
  return h;
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

interface LastPiece {
  id: string;
  nombre: string;
  permalink: string;
  precio_venta: number;
  talla: string;
}

/** A product as the shop reads it, with each size's pieces. */
type Row = {
  id: string;
  nombre: string;
  permalink: string;
  precio_venta: number;
  piezas: { talla: string | null; libres: number; apartadas: number }[];
};

/**
 * Live products with a size whose one piece left nobody holds, two of them, in no order the other
 * files use (they take the first or the last by permalink), so no other file's order holds them.
 */
async function twoLastPieces(): Promise<LastPiece[]> {
  const { data } = await anon().from('products').select('id, nombre, permalink, precio_venta, piezas').eq('agotado', false).throwOnError();
  const rows = (data ?? []) as unknown as Row[];
  const scrambled = rows.sort((x, y) => hash(x.permalink) - hash(y.permalink));
  const chosen: LastPiece[] = [];
  for (const p of scrambled) {
    const size = p.piezas.find((s) => s.talla !== null && s.libres === 1 && s.apartadas === 0);
    if (size?.talla)
      chosen.push({ id: p.id, nombre: p.nombre, permalink: p.permalink, precio_venta: Number(p.precio_venta), talla: size.talla });
    if (chosen.length === 2) break;
  }
  expect(chosen).toHaveLength(2);
  return chosen;
}

async function hydrated(page: Page): Promise<void> {
  await expect(page.locator('astro-island[component-url*="LiveCheck"]').first()).not.toHaveAttribute('ssr', /.*/);
}

let mp: MercadoPagoStandIn;
let functions: { close(): Promise<void> } | undefined;
let functionsUrl = '';
let storageDir = '';

/** This file's orders (other files place theirs on the same stack meanwhile). */
const placed: string[] = [];

/** Cancels this file's orders (a paid one gives its pieces back) and deletes them: they would count against this machine's limits. */
async function clearOrders(): Promise<void> {
  const references = placed.splice(0);
  await sql(`update public.orders set status = 'cancelado' where reference = any($1) and status <> 'cancelado'`, [references]);
  await sql('delete from public.orders where reference = any($1)', [references]);
}

test.afterEach(clearOrders);

test.beforeAll(async () => {
  // the stand-in reads where to notify when it notifies: the gateway's port is known once it listens
  const notify = { webhookSecret: WEBHOOK_SECRET, webhookUrl: '' };
  mp = await startMercadoPago(notify);
  storageDir = await mkdtemp(join(tmpdir(), 'outlet-pagos-'));
  const secrets = { MP_ACCESS_TOKEN: 'TEST-0000000000000000-112710-e2e', MP_WEBHOOK_SECRET: WEBHOOK_SECRET, MP_API_URL: mp.url };
  // a port found free may be taken by another process before the gateway listens on it: another one then
  for (let attempt = 1; !functions; attempt++) {
    const port = await freePort();
    functionsUrl = `http://127.0.0.1:${port}`;
    functions = await serveGateway({
      port,
      restUrl: env('E2E_REST_URL'),
      jwtSecret: env('E2E_JWT_SECRET'),
      anonKey: env('E2E_ANON_KEY'),
      serviceRoleKey: env('E2E_SERVICE_ROLE_KEY'),
      dbUrl: env('E2E_DB_URL'),
      storageDir,
      functionsDir: join(ROOT, 'supabase/functions'),
      publicUrl: functionsUrl,
      allowedOrigins: [env('E2E_BASE_URL')],
      functionSecrets: { pay: { ...secrets, SITE_URL: env('E2E_BASE_URL') }, 'mercadopago-webhook': secrets, 'refund-payment': secrets },
      log: () => undefined,
    }).catch((error: Error) => {
      if (attempt >= 5 || !/ocupado/.test(error.message)) throw error;
      return undefined;
    });
  }
  notify.webhookUrl = `${functionsUrl}/functions/v1/mercadopago-webhook`;
});

test.afterAll(async () => {
  await functions?.close();
  await mp?.stop();
  await rm(storageDir, { recursive: true, force: true });
});

/** The browser's calls to the payment functions reach this file's functions; Mercado Pago's checkout reaches the stand-in. */
async function wirePayments(page: Page): Promise<string[]> {
  const chats: string[] = [];
  const supabase = env('E2E_SUPABASE_URL');
  await page.context().route('https://wa.me/**', (route) => {
    chats.push(route.request().url());
    return route.fulfill({ contentType: 'text/html', body: '<title>chat</title>' });
  });
  await page
    .context()
    .route(`${supabase}/functions/v1/pay/**`, (route) => route.continue({ url: route.request().url().replace(supabase, functionsUrl) }));
  await page.context().route(`${CHECKOUT_ORIGIN}/**`, async (route) => {
    const url = route.request().url().replace(CHECKOUT_ORIGIN, mp.url);
    const response = await route.fetch({ url, maxRedirects: 0 });
    await route.fulfill({ response });
  });
  return chats;
}

test('two products in Mi bolsa paid online: the order page says Pagado and both sizes are sold out in the shop', async ({ page }) => {
  test.skip((page.viewportSize()?.width ?? 0) < 1024, 'one purchase of the last pieces per run: the desktop project makes it');
  const chats = await wirePayments(page);
  const [a, b] = (await twoLastPieces()) as [LastPiece, LastPiece];
  for (const p of [a, b]) {
    await page.goto(`/producto/${p.permalink}`);
    await hydrated(page);
    await page.getByRole('group', { name: 'Talla', exact: true }).getByRole('button', { name: p.talla, exact: true }).click();
    await page.getByRole('button', { name: 'Agregar a mi bolsa' }).first().click();
    await expect(page.getByRole('button', { name: 'En tu bolsa' }).first()).toBeVisible();
  }

  await page.goto('/bolsa');
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Enviar pedido por WhatsApp' }).click();
  const chat = await popup;
  await chat.waitForURL(/wa\.me/);
  await chat.close();
  const [order] = await sql<{ reference: string; page_token: string; total: string }>(
    `select o.reference, o.page_token, o.total::text from public.orders o
      where exists (select 1 from public.order_items i where i.order_id = o.id and i.product_id = $1 and i.talla = $2)`,
    [a.id, a.talla],
  );
  expect(order).toBeDefined();
  placed.push(order!.reference);
  // the chat message carries the payment link
  expect(decodeURIComponent(chats.at(-1) ?? '')).toContain(`/functions/v1/pay/${order!.page_token}`);

  // 'Pagar en línea' beside the chat: Mercado Pago's checkout, for the order's total
  const pay = page.getByRole('link', { name: 'Pagar en línea' });
  await expect(pay).toBeVisible();
  await pay.evaluate((link) => link.removeAttribute('target'));
  await pay.click();
  await page.waitForURL(`${CHECKOUT_ORIGIN}/**`);
  await expect(page.getByRole('heading', { name: `Pagar $${Number(order!.total)}` })).toBeVisible();
  const preference = [...mp.preferences.values()].at(-1)!;
  expect(preference.external_reference).toBe(order!.reference);

  // paid by card: the notice marks the order paid, and Mercado Pago sends the shopper to its page
  await page.getByRole('button', { name: 'Pagar con tarjeta', exact: true }).click();
  await page.waitForURL(/\/pedido\/\?t=/);
  await expect(page.getByText('Pagado', { exact: false }).first()).toBeVisible();
  await expect(page.getByText(order!.reference).first()).toBeVisible();
  expect((await sql<{ status: string }>('select status from public.orders where reference = $1', [order!.reference]))[0]?.status).toBe(
    'pagado',
  );

  // each size was its last piece: the product page says it is sold out, and it left the size filter
  for (const p of [a, b]) {
    await page.goto(`/producto/${p.permalink}`);
    await hydrated(page);
    await expect(
      page.getByRole('group', { name: 'Talla', exact: true }).getByRole('button', { name: p.talla, exact: true }),
    ).toHaveAccessibleDescription('Agotada');
    const { data } = await anon().from('products').select('sizes').eq('id', p.id).single().throwOnError();
    expect(data!.sizes).not.toContain(p.talla);
  }
});

test('a hold that ends unpaid puts its piece back on sale by itself', async ({ page }) => {
  test.skip((page.viewportSize()?.width ?? 0) < 1024, 'the scheduled job is the same for every screen');
  test.setTimeout(90_000);
  const [p] = (await twoLastPieces()) as [LastPiece];
  const held = await anon().rpc('place_order', { p_items: [{ product_id: p.id, talla: p.talla, precio_venta: p.precio_venta }] as never });
  const reference = (held.data as { ok: boolean; reference: string }).reference;
  expect((held.data as { ok: boolean }).ok).toBe(true);
  placed.push(reference);

  await page.goto(`/producto/${p.permalink}`);
  await hydrated(page);
  const size = page.getByRole('group', { name: 'Talla', exact: true }).getByRole('button', { name: p.talla, exact: true });
  await expect(size).toHaveAttribute('aria-disabled', 'true');
  await expect(size).toHaveAccessibleDescription(/Apartada/);

  // the hold's time runs out: within 60 seconds the stack's job gives the piece back
  await sql('update public.orders set held_until = now() where reference = $1', [reference]);
  await expect
    .poll(
      async () =>
        (await sql<{ held: boolean }>('select held_until is not null as held from public.orders where reference = $1', [reference]))[0]
          ?.held,
      {
        timeout: 60_000,
        intervals: [1_000],
      },
    )
    .toBe(false);
  await page.reload();
  await hydrated(page);
  await expect(size).not.toHaveAttribute('aria-disabled', 'true');
  await expect(size).not.toHaveAccessibleDescription(/Apartada/);
  expect(
    (await sql<{ reason: string }>('select hold_end_reason as reason from public.orders where reference = $1', [reference]))[0]?.reason,
  ).toBe('vencido');
});
