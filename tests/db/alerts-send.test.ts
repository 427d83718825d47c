/**
 * The send-alerts function in Deno, as the scheduled job calls it (the service key, through a gateway
 * of this file's own on the test stack), sending web push signed with VAPID keys made here to a push
 * service on this machine (tests/fixtures/push-service.ts: it checks the signature and decrypts
 * each message as a browser would) and email through the gateway's own SMTP server into its outbox;
 * and the alerts function's links (the open link, the one-click unsubscribe, the VAPID key).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newVapidKeys } from '../../scripts/stack/vapid.ts';
import { type PushService, startPushService } from '../fixtures/push-service.ts';
import * as F from './fixture.ts';
import { anonClient, confirmedAlertEmails, mexicoDate, sql, stack } from './helpers.ts';
import { invoke } from './invoke.ts';
import { startGateway, type TestGateway } from './test-gateway.ts';

const SHOP = 'https://tienda.example';
const ANNOUNCED = '00000000-0000-4000-8000-000000009101';
const vapid = newVapidKeys('mailto:avisos@tienda.example');

let push: PushService;
let gateway: TestGateway;

interface Outboxed {
  to: string;
  subject: string;
  text: string;
  link: string;
  type: string;
  unsubscribe?: string;
}

async function outbox(): Promise<Outboxed[]> {
  return (await (await fetch(`${gateway.url}/outbox.json`)).json()) as Outboxed[];
}
const alertMails = async () => (await outbox()).filter((m) => m.type === 'aviso');

/** One run of the scheduled job: the function called with the service key. */
async function run(): Promise<{ enviados: number; fallidos: number; sin_destino: number }> {
  const res = await invoke('send-alerts', stack.serviceRoleKey, {}, gateway.url);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as { enviados: number; fallidos: number; sin_destino: number };
}

async function ask(tipo: string, ids: string[], contact: { email: string } | { push: unknown }, talla?: string) {
  const { error } = await anonClient().rpc('subscribe_alert', {
    p_tipo: tipo,
    p_ids: ids,
    ...(talla ? { p_talla: talla } : {}),
    ...('email' in contact ? { p_email: contact.email } : { p_push: contact.push as never }),
  });
  expect(error).toBeNull();
  await sql.query('delete from private.alert_rate');
}

const waiting = async () => Number((await sql.query('select count(*) from private.alert_subscriptions')).rows[0].count);

beforeAll(async () => {
  await F.loadFixture();
  push = await startPushService();
  gateway = await startGateway({
    functionSecrets: ({ mailPort }) => ({
      'send-alerts': {
        VAPID_PUBLIC_KEY: vapid.publicKey,
        VAPID_PRIVATE_KEY: vapid.privateKey,
        VAPID_SUBJECT: vapid.subject,
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(mailPort),
        SMTP_FROM: 'Outlet de moda MX <avisos@tienda.example>',
        SITE_URL: SHOP,
        ALERTS_PUSH_HOSTS: push.host,
      },
      alerts: { SITE_URL: SHOP, VAPID_PUBLIC_KEY: vapid.publicKey },
    }),
  });
});

afterAll(async () => {
  await gateway?.close();
  await push?.stop();
  await sql.query('delete from private.alert_subscriptions');
  await sql.query('delete from private.alert_deliveries');
  await sql.query('delete from public.campaigns where id = $1', [ANNOUNCED]);
});

beforeEach(async () => {
  await sql.query('delete from private.alert_subscriptions');
  await sql.query('delete from private.alert_deliveries');
  await sql.query('delete from private.alert_returns');
  await sql.query('delete from private.alert_rate');
  await confirmedAlertEmails(['ana@correo.mx', 'beto@correo.mx']);
  await sql.query('delete from public.campaigns where id = $1', [ANNOUNCED]);
  await sql.query('update public.alert_settings set piezas_por_aviso = 3, hora_aviso_fin = 10');
  await sql.query(
    `insert into public.campaigns (id, nombre, fecha_inicio, fecha_fin, anuncio_desde, hora_inicio)
     values ($1, 'Noche de tenis', $2, $3, $4, '20:00')`,
    [ANNOUNCED, mexicoDate(1), mexicoDate(8), mexicoDate(0)],
  );
});

/** The announced campaign opened a minute ago. */
const open = () =>
  sql.query(
    `update public.campaigns set fecha_inicio = (now() - interval '1 minute') at time zone 'America/Mexico_City',
            hora_inicio = ((now() - interval '1 minute') at time zone 'America/Mexico_City')::time where id = $1`,
    [ANNOUNCED],
  );

describe('send-alerts', () => {
  it('only the scheduled job (the service key) may run it', async () => {
    expect((await invoke('send-alerts', stack.anonKey, {}, gateway.url)).status).toBe(401);
  });

  it('a campaign opens: every subscriber gets exactly one push or one email, and a second run sends nothing', async () => {
    const phones = [await push.subscribe(vapid.publicKey), await push.subscribe(vapid.publicKey)];
    for (const phone of phones) await ask('campana', [ANNOUNCED], { push: phone });
    await ask('campana', [ANNOUNCED], { email: 'ana@correo.mx' });
    await ask('campana', [ANNOUNCED], { email: 'beto@correo.mx' });
    const before = (await alertMails()).length;
    expect(await run()).toMatchObject({ enviados: 0 });

    await open();
    expect(await run()).toMatchObject({ enviados: 4, fallidos: 0, sin_destino: 0 });
    for (const phone of phones) {
      const received = push.messages(phone.endpoint).map((m) => JSON.parse(m) as Record<string, string>);
      expect(received).toHaveLength(1);
      expect(received[0]).toMatchObject({ title: '¡Ya empezó «Noche de tenis»!' });
      expect(received[0]!['body']).toMatch(/^Termina el \d{1,2} de [a-z]+\. Entra antes de que se agoten tus tallas\.$/);
      expect(received[0]!['url']).toMatch(new RegExp(`^${gateway.url}/functions/v1/alerts/open/[0-9a-f-]{36}$`));
      expect(received[0]!['unsubscribe']).toMatch(new RegExp(`^${SHOP}/avisos/baja\\?t=[0-9a-f-]{36}$`));
    }
    const mails = (await alertMails()).slice(0, (await alertMails()).length - before);
    expect(mails.map((m) => m.to).sort()).toEqual(['ana@correo.mx', 'beto@correo.mx']);
    expect(mails[0]).toMatchObject({ subject: '¡Ya empezó «Noche de tenis»!' });
    expect(mails[0]!.text).toContain(`Para no recibir más avisos: ${SHOP}/avisos/baja?t=`);
    expect(mails[0]!.unsubscribe).toMatch(new RegExp(`^<${gateway.url}/functions/v1/alerts/unsubscribe\\?t=[0-9a-f-]{36}>$`));
    expect(await waiting()).toBe(0);

    expect(await run()).toMatchObject({ enviados: 0 });
    for (const phone of phones) expect(push.messages(phone.endpoint)).toHaveLength(1);
    expect((await alertMails()).length - before).toBe(2);
  });

  it('an email not confirmed gets one message with its confirmation link, and its alerts only once confirmed', async () => {
    const toNueva = async () => (await alertMails()).filter((m) => m.to === 'nueva@correo.mx');
    await ask('campana', [ANNOUNCED], { email: 'nueva@correo.mx' });
    expect(await run()).toMatchObject({ enviados: 0, fallidos: 0, confirmaciones: 1 });
    const [mail, ...more] = await toNueva();
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ subject: 'Confirma tu correo para recibir avisos' });
    expect(mail!.link).toMatch(/^https:\/\/tienda\.example\/avisos\/confirmar\?t=[0-9a-f-]{36}$/);
    expect(mail!.text).toContain('Pediste en Outlet de moda MX que te avisemos por correo:\n- cuando empiece «Noche de tenis»\n');
    expect(mail!.text).toContain('Si no fuiste tú, ignora este mensaje: no te escribiremos nada más.');
    expect(await run()).toMatchObject({ confirmaciones: 0 });

    // the campaign opens before the owner confirms: nothing is sent to the email
    await open();
    expect(await run()).toMatchObject({ enviados: 0 });
    const token = new URL(mail!.link).searchParams.get('t') ?? '';
    expect((await anonClient().rpc('confirm_alert_email', { p_token: token })).data).toBe('nueva@correo.mx');
    expect(await run()).toMatchObject({ enviados: 1 });
    expect((await toNueva()).map((m) => m.subject)).toEqual(['¡Ya empezó «Noche de tenis»!', 'Confirma tu correo para recibir avisos']);
  });

  it('a push subscription its service reports gone (410) is deleted with every request of it', async () => {
    const phone = await push.subscribe(vapid.publicKey);
    await ask('campana', [ANNOUNCED], { push: phone });
    await ask('termina', [F.P1], { push: phone });
    push.expire(phone.endpoint);
    await open();
    expect(await run()).toMatchObject({ enviados: 0, sin_destino: 1 });
    expect(await waiting()).toBe(0);
    const { rows } = await sql.query('select estado, error from private.alert_deliveries');
    expect(rows).toEqual([{ estado: 'sin_destino', error: 'El servicio de push respondió 410.' }]);
  });

  it('an endpoint outside the push services browsers use is never contacted', async () => {
    const phone = await push.subscribe(vapid.publicKey);
    await ask('campana', [ANNOUNCED], { push: { ...phone, endpoint: phone.endpoint.replace(push.host, '127.0.0.1:9') } });
    await open();
    expect(await run()).toMatchObject({ enviados: 0, sin_destino: 1 });
    expect(push.messages(phone.endpoint)).toEqual([]);
  });

  it("the message's unsubscribe link deletes every request of its contact; one-click from a mail client too", async () => {
    await ask('campana', [ANNOUNCED], { email: 'ana@correo.mx' });
    await ask('termina', [F.P1, F.P2], { email: 'ana@correo.mx' });
    await ask('campana', [ANNOUNCED], { email: 'beto@correo.mx' });
    await ask('termina', [F.P1], { email: 'beto@correo.mx' });
    await open();
    await run();
    const mails = await alertMails();
    const ana = mails.find((m) => m.to === 'ana@correo.mx')!;
    const token = /avisos\/baja\?t=([0-9a-f-]{36})/.exec(ana.text)![1]!;
    expect(await waiting()).toBe(3);
    expect((await anonClient().rpc('unsubscribe_alerts', { p_token: token })).data).toBe(2);
    expect(await waiting()).toBe(1);

    // a mail client's one-click unsubscribe (RFC 8058): POST to the List-Unsubscribe address
    const beto = mails.find((m) => m.to === 'beto@correo.mx')!;
    const oneClick = beto.unsubscribe!.slice(1, -1);
    const res = await fetch(oneClick, { method: 'POST', body: 'List-Unsubscribe=One-Click' });
    expect(res.status).toBe(200);
    expect(await waiting()).toBe(0);
    // the same link opened in a browser leads to the page that says so
    const page = await fetch(oneClick, { redirect: 'manual' });
    expect(page.status).toBe(303);
    expect(page.headers.get('location')).toMatch(new RegExp(`^${SHOP}/avisos/baja\\?t=`));
  });

  it('the open link records the open and leads to the shop page with ?aviso=', async () => {
    await ask('campana', [ANNOUNCED], { email: 'ana@correo.mx' });
    await open();
    await run();
    const mail = (await alertMails()).find((m) => m.to === 'ana@correo.mx')!;
    const res = await fetch(mail.link, { redirect: 'manual' });
    expect(res.status).toBe(303);
    const { rows } = await sql.query<{ id: string; opened: boolean }>(
      'select id, opened_at is not null as opened from private.alert_deliveries',
    );
    expect(rows).toEqual([{ id: expect.any(String), opened: true }]);
    expect(res.headers.get('location')).toBe(`${SHOP}/tienda?campaign=${ANNOUNCED}&aviso=${rows[0]!.id}`);
    // an unknown or malformed link still reaches the shop
    expect((await fetch(`${gateway.url}/functions/v1/alerts/open/nada`, { redirect: 'manual' })).headers.get('location')).toBe(`${SHOP}/`);
    const key = (await (await fetch(`${gateway.url}/functions/v1/alerts/key`)).json()) as { publicKey: string };
    expect(key.publicKey).toBe(vapid.publicKey);
  });

  it('a size back tells at most piezas_por_aviso × pieces subscribers, the first who asked, and nobody twice', async () => {
    await sql.query('update public.alert_settings set piezas_por_aviso = 1');
    await sql.query(`update public.product_sizes set existencias = 0 where product_id = $1 and talla = 'L'`, [F.P1]);
    const phones = [];
    for (let i = 0; i < 4; i++) {
      const phone = await push.subscribe(vapid.publicKey);
      phones.push(phone);
      await ask('talla', [F.P1], { push: phone }, 'L');
      await sql.query(`update private.alert_subscriptions set created_at = now() - make_interval(mins => 10 - $1) where endpoint = $2`, [
        i,
        phone.endpoint,
      ]);
    }
    await sql.query(`update public.product_sizes set existencias = 2 where product_id = $1 and talla = 'L'`, [F.P1]);
    expect(await run()).toMatchObject({ enviados: 2 });
    expect(phones.map((p) => push.messages(p.endpoint).length)).toEqual([1, 1, 0, 0]);
    expect(JSON.parse(push.messages(phones[0]!.endpoint)[0]!)).toMatchObject({
      title: '«Playera básica» talla L volvió',
      body: 'Nike. Está otra vez a la venta: apártala antes de que se vaya.',
    });
    expect(await run()).toMatchObject({ enviados: 0 });
    expect(await waiting()).toBe(2);
    await sql.query(`update public.product_sizes set existencias = 1 where product_id = $1`, [F.P1]);
  });

  it("favourites' campaign ends tomorrow: one email naming them", async () => {
    const { rows } = await sql.query<{ fecha_fin: string }>('select fecha_fin::text from public.campaigns where id = $1', [F.C_ACTIVE]);
    try {
      await ask('termina', [F.P1, F.P2], { email: 'ana@correo.mx' });
      await sql.query('update public.campaigns set fecha_fin = $2 where id = $1', [F.C_ACTIVE, mexicoDate(1)]);
      await sql.query('update public.alert_settings set hora_aviso_fin = 0');
      expect(await run()).toMatchObject({ enviados: 1 });
      const mail = (await alertMails()).find((m) => m.to === 'ana@correo.mx')!;
      const { rows: name } = await sql.query<{ nombre: string }>('select nombre from public.campaigns where id = $1', [F.C_ACTIVE]);
      expect(mail.subject).toBe(`«${name[0]!.nombre}» termina mañana`);
      expect(mail.text).toMatch(
        /^Tus favoritos «(Playera básica|Pantalón cargo)» y «(Playera básica|Pantalón cargo)» siguen disponibles hasta el /,
      );
    } finally {
      await sql.query('update public.campaigns set fecha_fin = $2 where id = $1', [F.C_ACTIVE, rows[0]!.fecha_fin]);
    }
  });
});
