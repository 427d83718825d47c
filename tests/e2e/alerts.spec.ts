/**
 * 'Avísame' in a real browser, end to end on the shop's stack (its send-alerts and alerts functions,
 * its VAPID keys, its mail catcher): a shopper asks to be told when an announced campaign opens, on
 * this device (web push) and, on a browser without push, by email (confirmed first, through the link
 * of the message that asks for it); the campaign opens, the sender
 * runs, and the push shows as a notification of the shop's service worker and the email reaches the
 * outbox, once. The unsubscribe link of that email stops what the same shopper asked for afterwards,
 * while a size freed by a cancelled order tells the device that waited for it. A size whose pieces all
 * sold shows 'Agotada' and takes an email for when it comes back, which new stock sends.
 *
 * The browser's own push service is on the internet, so PushManager.subscribe is answered in the
 * page with a subscription of the push service on this machine (tests/fixtures/push-service.ts),
 * which receives the encrypted message, checks its VAPID signature and decrypts it; the message is
 * then delivered to the service worker through the DevTools protocol
 * (ServiceWorker.deliverPushMessage), as the browser's push service would.
 */
import { randomUUID } from 'node:crypto';
import type { CDPSession } from '@playwright/test';
import { type PushService, type PushSubscriptionJson, startPushService } from '../fixtures/push-service.ts';
import { anon, mexicoDate, sql } from './fixtures.ts';
import { hydrated } from './islands.ts';
import { expect, type Page, test } from './test.ts';

function env(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} no está definido`);
  return value;
}

let push: PushService;
const campaign = randomUUID();
const placed: string[] = [];

test.beforeAll(async () => {
  push = await startPushService();
});

test.afterAll(async () => {
  await sql(`update public.orders set status = 'cancelado' where reference = any($1) and status <> 'cancelado'`, [placed]);
  await sql('delete from public.orders where reference = any($1)', [placed]);
  await sql('delete from public.campaigns where id = $1', [campaign]);
  await push?.stop();
});

/** This page's PushManager answers with a subscription of the push service on this machine. */
async function withLocalPush(page: Page): Promise<PushSubscriptionJson> {
  const { publicKey } = (await (await fetch(`${env('E2E_SUPABASE_URL')}/functions/v1/alerts/key`)).json()) as { publicKey: string };
  const subscription = await push.subscribe(publicKey);
  await page.context().grantPermissions(['notifications']);
  await page.addInitScript((json) => {
    PushManager.prototype.subscribe = async function subscribe() {
      return { endpoint: json.endpoint, toJSON: () => json } as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async () => null;
  }, subscription);
  return subscription;
}

/** One run of the scheduled sender (the stack's job runs the same every 10 seconds). */
async function runSender(): Promise<void> {
  const res = await fetch(`${env('E2E_SUPABASE_URL')}/functions/v1/send-alerts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${env('E2E_SERVICE_ROLE_KEY')}`, 'content-type': 'application/json' },
    body: '{}',
  });
  expect(res.status).toBe(200);
}

interface Mail {
  to: string;
  subject: string;
  text: string;
  link: string;
  type: string;
}
const mailsTo = async (to: string) =>
  ((await (await fetch(`${env('E2E_SUPABASE_URL')}/outbox.json`)).json()) as Mail[]).filter((m) => m.type === 'aviso' && m.to === to);

/** The shop's service worker registration, as the DevTools protocol names it. */
async function registrationId(page: Page, cdp: CDPSession): Promise<string> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  const origin = new URL(page.url()).origin;
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const mine = registrations.find((r) => r.scopeURL.startsWith(origin) && !r.isDeleted);
      if (mine) resolve(mine.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return found;
}

const notifications = (page: Page) =>
  page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body })),
  );

test('told once when an announced campaign opens, by push and by email; the email unsubscribes; a cancelled order tells the waiting device', async ({
  page,
  freshPage,
}, info) => {
  test.skip(info.project.name !== 'desktop', 'one run of the alerts per test run: the desktop project makes it');
  test.slow();
  await sql(
    `insert into public.campaigns (id, nombre, fecha_inicio, fecha_fin, anuncio_desde, hora_inicio)
     values ($1, 'Noche de tenis', $2, $3, $4, '20:00')`,
    [campaign, mexicoDate(1), mexicoDate(8), mexicoDate(0)],
  );

  // this device: one tap, web push
  const device = await withLocalPush(page);
  await page.goto(`/avisos?campana=${campaign}`);
  const ask = page.getByRole('button', { name: 'Avísame cuando empiece' });
  await hydrated(page, ask);
  await ask.click();
  await expect(page.getByText('Listo: te avisaremos en este dispositivo.')).toBeVisible();

  // a browser without web push (an iPhone outside the installed app): the dialog asks for an email
  const other = await freshPage();
  await other.addInitScript(() => {
    delete (window as { PushManager?: unknown }).PushManager;
  });
  await other.goto(`/avisos?campana=${campaign}`);
  const askByMail = other.getByRole('button', { name: 'Avísame cuando empiece' });
  await hydrated(other, askByMail);
  await askByMail.click();
  const dialog = other.getByRole('dialog', { name: 'Te avisamos por correo' });
  await dialog.getByLabel('Correo electrónico').fill('luisa@correo.mx');
  await dialog.getByRole('button', { name: 'Avisarme' }).click();
  await expect(other.getByText('Listo: te escribiremos a luisa@correo.mx.')).toBeVisible();

  // nothing is sent to an email before its owner confirms it: one message asks, its link confirms
  await runSender();
  await expect
    .poll(async () => (await mailsTo('luisa@correo.mx')).map((m) => m.subject))
    .toEqual(['Confirma tu correo para recibir avisos']);
  const confirmLink = new URL((await mailsTo('luisa@correo.mx'))[0]!.link);
  expect(confirmLink.pathname).toBe('/avisos/confirmar');
  await other.goto(`${confirmLink.pathname}${confirmLink.search}`);
  await expect(other.getByText('Listo: confirmaste tu correo.')).toBeVisible();
  await expect(other.getByText('Te avisaremos en luisa@correo.mx de lo que pediste.', { exact: false })).toBeVisible();

  // the campaign opens; the sender runs (twice: the second sends nothing)
  await sql(
    `update public.campaigns set fecha_inicio = (now() - interval '1 minute') at time zone 'America/Mexico_City',
            hora_inicio = ((now() - interval '1 minute') at time zone 'America/Mexico_City')::time where id = $1`,
    [campaign],
  );
  await runSender();
  await expect.poll(() => push.messages(device.endpoint).length).toBe(1);
  await expect.poll(async () => (await mailsTo('luisa@correo.mx')).length).toBe(2);
  await runSender();

  // the push reaches the service worker, which shows it
  const [pushed] = push.messages(device.endpoint);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(page.url()).origin,
    registrationId: await registrationId(page, cdp),
    data: pushed!,
  });
  await expect
    .poll(() => notifications(page))
    .toEqual([{ title: '¡Ya empezó «Noche de tenis»!', body: expect.stringMatching(/^Termina el /) }]);
  const [mail] = await mailsTo('luisa@correo.mx');
  expect(mail!.subject).toBe('¡Ya empezó «Noche de tenis»!');
  expect(push.messages(device.endpoint)).toHaveLength(1);

  // a size held by another shopper's order: this device asks for it, and so does the email
  const [product] = await sql<{ id: string; nombre: string; permalink: string; precio: number; talla: string }>(
    `select p.id, p.nombre, p.permalink, p.precio_venta::float8 as precio, s.talla
       from public.products p join public.product_sizes s on s.product_id = p.id
      where p.campaign_id in (select private.live_campaign_ids()) and not p.agotado
        and s.existencias = 1 and s.apartadas = 0
        and (select count(*) from public.product_sizes x where x.product_id = p.id and x.existencias > x.apartadas) >= 3
      order by md5(p.permalink || 'avisos') limit 1`,
  );
  const { data } = await anon().rpc('place_order', {
    p_items: [{ product_id: product!.id, talla: product!.talla, precio_venta: product!.precio }],
    p_channel: 'producto',
  });
  const order = data as { ok: boolean; reference: string };
  expect(order.ok).toBe(true);
  placed.push(order.reference);
  await page.goto(`/producto/${product!.permalink}`);
  const size = page.getByRole('group', { name: 'Talla', exact: true }).getByRole('button', { name: product!.talla, exact: true });
  await hydrated(page, size);
  await expect(size).toHaveAttribute('aria-disabled', 'true');
  await size.click({ force: true });
  await page.getByRole('button', { name: 'Avísame cuando vuelva' }).click();
  await expect(page.getByText('Listo: te avisaremos en este dispositivo.')).toBeVisible();
  expect(
    (await anon().rpc('subscribe_alert', { p_tipo: 'talla', p_ids: [product!.id], p_talla: product!.talla, p_email: 'luisa@correo.mx' }))
      .error,
  ).toBeNull();

  // the email's one-tap unsubscribe: nothing more for luisa
  const unsubscribe = /(\/avisos\/baja\?t=[0-9a-f-]{36})/.exec(mail!.text)![1]!;
  await other.goto(unsubscribe);
  await expect(other.getByText('Listo: no te enviaremos más avisos.')).toBeVisible();

  // the order is cancelled: its piece is back on sale, and the device that waited is told
  await sql(`update public.orders set status = 'cancelado' where reference = $1`, [order.reference]);
  await runSender();
  await expect.poll(() => push.messages(device.endpoint).length).toBe(2);
  expect(JSON.parse(push.messages(device.endpoint)[1]!)).toMatchObject({ title: `«${product!.nombre}» talla ${product!.talla} volvió` });
  await runSender();
  expect(await mailsTo('luisa@correo.mx')).toHaveLength(2);
});

test("a sold-out size says 'Agotada' and takes an email; new stock of it sends the email", async ({ freshPage }, info) => {
  test.skip(info.project.name !== 'desktop', 'one run of the alerts per test run: the desktop project makes it');
  const [product] = await sql<{ id: string; nombre: string; permalink: string; talla: string }>(
    `select p.id, p.nombre, p.permalink, s.talla
       from public.products p join public.product_sizes s on s.product_id = p.id
      where p.campaign_id in (select private.live_campaign_ids()) and not p.agotado
        and s.existencias = 1 and s.apartadas = 0
        and (select count(*) from public.product_sizes x where x.product_id = p.id and x.existencias > x.apartadas) >= 3
      order by md5(p.permalink || 'agotada') limit 1`,
  );
  const { id, nombre, permalink, talla } = product!;
  // every piece of the size sold (as a paid order leaves it); the email was confirmed before (the
  // confirmation itself is the test above's)
  await sql('update public.product_sizes set existencias = 0 where product_id = $1 and talla = $2', [id, talla]);
  await sql(
    `insert into private.alert_emails (email, confirmada_en) values ('ana.agotada@correo.mx', now())
     on conflict (email) do update set confirmada_en = now()`,
  );
  try {
    const page = await freshPage();
    await page.addInitScript(() => {
      delete (window as { PushManager?: unknown }).PushManager;
    });
    // the size's own address (its variant's in the structured data, out of stock)
    await page.goto(`/producto/${permalink}?talla=${encodeURIComponent(talla)}`);
    const size = page.getByRole('group', { name: 'Talla', exact: true }).getByRole('button', { name: talla, exact: true });
    await hydrated(page, size);
    // built while the size was for sale; the live check shows it sold out, still in its place, not chosen
    await expect(size).toHaveAccessibleDescription('Agotada');
    await expect(size).toHaveAttribute('aria-disabled', 'true');
    await expect(size).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByText(`La talla ${talla} se agotó: si vuelve a la venta, te avisamos.`)).toBeVisible();
    await page.getByRole('button', { name: 'Avísame cuando vuelva' }).click();
    const dialog = page.getByRole('dialog', { name: 'Te avisamos por correo' });
    await dialog.getByLabel('Correo electrónico').fill('ana.agotada@correo.mx');
    await dialog.getByRole('button', { name: 'Avisarme' }).click();
    await expect(page.getByText('Listo: te escribiremos a ana.agotada@correo.mx.')).toBeVisible();
    expect(await mailsTo('ana.agotada@correo.mx')).toHaveLength(0);

    // new stock of that size: the email goes out, once
    await sql('update public.product_sizes set existencias = 1 where product_id = $1 and talla = $2', [id, talla]);
    await runSender();
    await expect
      .poll(async () => (await mailsTo('ana.agotada@correo.mx')).map((m) => m.subject))
      .toEqual([`«${nombre}» talla ${talla} volvió`]);
    await runSender();
    expect(await mailsTo('ana.agotada@correo.mx')).toHaveLength(1);
  } finally {
    await sql('update public.product_sizes set existencias = 1 where product_id = $1 and talla = $2 and existencias = 0', [id, talla]);
    await sql(`delete from private.alert_emails where email = 'ana.agotada@correo.mx'`);
  }
});
