/**
 * 'Avísame' in the database: what a shopper may ask for (subscribe_alert: its checks, limits and
 * Spanish refusals), the one-tap unsubscribe and 'Borrar mis avisos', and the sender's side
 * (claim_alerts, finish_alerts) as the send-alerts function calls them: a campaign's opening tells each
 * request once, however many runs claim at once; a size that comes back tells at most
 * piezas_por_aviso × pieces, oldest request first; favourites' campaigns ending tomorrow make one
 * message per contact and campaign; a gone push subscription is forgotten; opens and the order that
 * followed are recorded. The function itself, against a local push service and mail server, is
 * tests/db/alerts-send.test.ts.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as F from './fixture.ts';
import { anonClient, confirmedAlertEmails, mexicoDate, serviceClient, sql } from './helpers.ts';

const ANNOUNCED = '00000000-0000-4000-8000-000000009001';

const b64url = (bytes: Buffer) => bytes.toString('base64url');
/** A push subscription as a browser gives it (an https endpoint of a push service, its keys). */
function pushSubscription(name: string) {
  return {
    endpoint: `https://push.example/fcm/send/${name}`,
    keys: { p256dh: b64url(Buffer.concat([Buffer.from([4]), randomBytes(64)])), auth: b64url(randomBytes(16)) },
  };
}

type Ask = { tipo: 'campana' | 'talla' | 'termina'; ids: string[]; talla?: string; email?: string; push?: unknown };

async function ask(a: Ask) {
  return anonClient().rpc('subscribe_alert', {
    p_tipo: a.tipo,
    p_ids: a.ids,
    ...(a.talla === undefined ? {} : { p_talla: a.talla }),
    ...(a.email === undefined ? {} : { p_email: a.email }),
    ...(a.push === undefined ? {} : { p_push: a.push as never }),
  });
}

interface Message {
  id: string;
  tipo: string;
  canal: 'push' | 'email';
  email: string | null;
  endpoint: string | null;
  token: string;
  destino: string;
  codigo: string | null;
  campana: { nombre: string; fecha_fin: string };
  productos: { nombre: string; talla: string | null }[];
}

async function claim(limit = 200): Promise<Message[]> {
  const { data, error } = await serviceClient().rpc('claim_alerts', { p_limit: limit });
  expect(error).toBeNull();
  return (data as unknown as { mensajes: Message[] }).mensajes;
}

async function finish(results: { id: string; estado: string; error?: string }[]) {
  const { data, error } = await serviceClient().rpc('finish_alerts', { p_results: results as never });
  expect(error).toBeNull();
  return data;
}

const sent = (messages: Message[]) => finish(messages.map((m) => ({ id: m.id, estado: 'enviado' })));

async function waiting(): Promise<number> {
  return Number((await sql.query('select count(*) from private.alert_subscriptions')).rows[0].count);
}

/** An announced campaign ('Próximamente') that opens tomorrow, with P1 moved into it. */
async function announce(): Promise<void> {
  await sql.query(
    `insert into public.campaigns (id, nombre, fecha_inicio, fecha_fin, anuncio_desde, hora_inicio)
     values ($1, 'Noche de tenis', $2, $3, $4, '20:00')`,
    [ANNOUNCED, mexicoDate(1), mexicoDate(8), mexicoDate(0)],
  );
}

/** The announced campaign opened a minute ago. */
const open = () =>
  sql.query(
    `update public.campaigns set fecha_inicio = (now() - interval '1 minute') at time zone 'America/Mexico_City',
            hora_inicio = ((now() - interval '1 minute') at time zone 'America/Mexico_City')::time where id = $1`,
    [ANNOUNCED],
  );

beforeAll(async () => {
  await F.loadFixture();
});

/** The emails these tests ask with, confirmed by their owners (the confirmation itself is tested apart). */
const CONFIRMED = [
  'ana@correo.mx',
  'beto@correo.mx',
  'carla@correo.mx',
  'tarde@correo.mx',
  ...Array.from({ length: 21 }, (_, i) => `n${i}@correo.mx`),
  ...Array.from({ length: 8 }, (_, i) => `espera${i}@correo.mx`),
];

beforeEach(async () => {
  await sql.query('delete from private.alert_subscriptions');
  await sql.query('delete from private.alert_deliveries');
  await sql.query('delete from private.alert_returns');
  await sql.query('delete from private.alert_rate');
  await confirmedAlertEmails(CONFIRMED);
  await sql.query('delete from public.campaigns where id = $1', [ANNOUNCED]);
  await sql.query('update public.alert_settings set piezas_por_aviso = 3, hora_aviso_fin = 10');
  await announce();
});

afterAll(async () => {
  await sql.query('delete from private.alert_subscriptions');
  await sql.query('delete from public.campaigns where id = $1', [ANNOUNCED]);
});

describe('asking for an alert', () => {
  it('keeps only the contact, what was asked, a token and when; asking again adds nothing', async () => {
    const first = await ask({ tipo: 'campana', ids: [ANNOUNCED], email: ' Ana@Correo.MX ' });
    expect(first.error).toBeNull();
    expect(first.data).toBe(1);
    expect((await ask({ tipo: 'campana', ids: [ANNOUNCED], email: 'ana@correo.mx' })).data).toBe(1);
    const { rows } = await sql.query('select * from private.alert_subscriptions');
    expect(rows).toHaveLength(1);
    expect(Object.keys(rows[0]).sort()).toEqual(
      [
        'auth',
        'campaign_id',
        'canal',
        'contacto',
        'created_at',
        'email',
        'endpoint',
        'id',
        'p256dh',
        'product_id',
        'size_id',
        'tipo',
        'token',
      ].sort(),
    );
    expect(rows[0]).toMatchObject({ canal: 'email', email: 'ana@correo.mx', tipo: 'campana', campaign_id: ANNOUNCED, endpoint: null });
  });

  it('shoppers cannot read what anyone asked for', async () => {
    await ask({ tipo: 'campana', ids: [ANNOUNCED], email: 'ana@correo.mx' });
    const client = anonClient();
    const { error } = await client
      .schema('private' as never)
      .from('alert_subscriptions')
      .select('*');
    expect(error).not.toBeNull();
  });

  it('refuses, in Spanish, what cannot be asked, and stores nothing', async () => {
    const refusals = [
      [{ tipo: 'campana', ids: [ANNOUNCED], email: 'no-es-correo' }, 'Escribe un correo electrónico válido (p. ej. nombre@correo.com).'],
      [{ tipo: 'campana', ids: [ANNOUNCED] }, 'Elige cómo avisarte: en este dispositivo o por correo.'],
      [
        { tipo: 'campana', ids: [ANNOUNCED], push: { ...pushSubscription('x'), endpoint: 'http://push.example/x' } },
        'Este navegador no dio una suscripción válida para avisos. Elige el aviso por correo.',
      ],
      [
        {
          tipo: 'campana',
          ids: [ANNOUNCED],
          push: { endpoint: `https://push.example/${'x'.repeat(1000)}`, keys: pushSubscription('y').keys },
        },
        'Este navegador no dio una suscripción válida para avisos. Elige el aviso por correo.',
      ],
      [{ tipo: 'campana', ids: [F.C_ACTIVE], email: 'ana@correo.mx' }, 'No encontramos esa campaña.'],
      [{ tipo: 'talla', ids: [F.P1], talla: 'M', email: 'ana@correo.mx' }, 'La talla M está disponible: puedes comprarla ahora.'],
      [{ tipo: 'talla', ids: [F.P1], talla: 'XXL', email: 'ana@correo.mx' }, 'Este producto no tiene la talla XXL.'],
      [{ tipo: 'talla', ids: [F.P5], talla: 'M', email: 'ana@correo.mx' }, 'Este producto ya no está disponible.'],
      [{ tipo: 'talla', ids: [F.P4], email: 'ana@correo.mx' }, 'Este producto está disponible: puedes comprarlo ahora.'],
      [{ tipo: 'termina', ids: [F.P5], email: 'ana@correo.mx' }, 'Esos productos ya no están disponibles.'],
    ] as const;
    for (const [request, message] of refusals) {
      const { error } = await ask(request as unknown as Ask);
      expect(error?.message, JSON.stringify(request)).toBe(message);
    }
    await open();
    expect((await ask({ tipo: 'campana', ids: [ANNOUNCED], email: 'ana@correo.mx' })).error?.message).toBe(
      'Esta campaña ya empezó: entra a verla.',
    );
    expect(await waiting()).toBe(0);
  });

  it('a network asks at most 20 times in 10 minutes', async () => {
    for (let i = 0; i < 20; i++) expect((await ask({ tipo: 'campana', ids: [ANNOUNCED], email: `n${i}@correo.mx` })).error).toBeNull();
    const { error } = await ask({ tipo: 'campana', ids: [ANNOUNCED], email: 'n20@correo.mx' });
    expect(error?.code).toBe('PT429');
    expect(error?.message).toBe('Ya recibimos muchas solicitudes de avisos desde tu conexión. Intenta de nuevo en unos minutos.');
    expect(await waiting()).toBe(20);
  });

  it('one token per contact: its link deletes every request of that contact, and nothing of anyone else', async () => {
    await ask({ tipo: 'campana', ids: [ANNOUNCED], email: 'ana@correo.mx' });
    await ask({ tipo: 'termina', ids: [F.P1, F.P2], email: 'ana@correo.mx' });
    await ask({ tipo: 'campana', ids: [ANNOUNCED], email: 'beto@correo.mx' });
    const { rows } = await sql.query<{ token: string }>(
      `select distinct token from private.alert_subscriptions where email = 'ana@correo.mx'`,
    );
    expect(rows).toHaveLength(1);
    expect((await anonClient().rpc('unsubscribe_alerts', { p_token: rows[0]!.token })).data).toBe(3);
    expect((await anonClient().rpc('unsubscribe_alerts', { p_token: rows[0]!.token })).data).toBe(0);
    expect(await waiting()).toBe(1);
  });

  it("a message's link keeps deleting what its contact asks for after it", async () => {
    await ask({ tipo: 'campana', ids: [ANNOUNCED], email: 'ana@correo.mx' });
    await open();
    const [message] = await claim();
    await sent([message!]);
    expect(await waiting()).toBe(0);
    await ask({ tipo: 'termina', ids: [F.P1], email: 'ana@correo.mx' });
    expect((await anonClient().rpc('unsubscribe_alerts', { p_token: message!.token })).data).toBe(1);
  });

  it("'Borrar mis avisos' by email or by this browser's endpoint, answering the same either way", async () => {
    const device = pushSubscription('telefono-de-ana');
    await ask({ tipo: 'campana', ids: [ANNOUNCED], push: device });
    await ask({ tipo: 'termina', ids: [F.P1], push: device });
    await ask({ tipo: 'campana', ids: [ANNOUNCED], email: 'ana@correo.mx' });
    await ask({ tipo: 'campana', ids: [ANNOUNCED], email: 'beto@correo.mx' });
    expect((await anonClient().rpc('delete_my_alerts', { p_endpoint: device.endpoint })).error).toBeNull();
    expect((await anonClient().rpc('delete_my_alerts', { p_email: 'ANA@correo.mx' })).error).toBeNull();
    expect((await anonClient().rpc('delete_my_alerts', { p_email: 'nadie@correo.mx' })).error).toBeNull();
    // only one kind, as /favoritos's switch turned off does
    await ask({ tipo: 'campana', ids: [ANNOUNCED], email: 'carla@correo.mx' });
    await ask({ tipo: 'termina', ids: [F.P1], email: 'carla@correo.mx' });
    expect((await anonClient().rpc('delete_my_alerts', { p_email: 'carla@correo.mx', p_tipo: 'termina' })).error).toBeNull();
    expect((await sql.query(`select tipo from private.alert_subscriptions where email = 'carla@correo.mx'`)).rows).toEqual([
      { tipo: 'campana' },
    ]);
    await sql.query(`delete from private.alert_subscriptions where email = 'carla@correo.mx'`);
    const { rows } = await sql.query('select email from private.alert_subscriptions');
    expect(rows).toEqual([{ email: 'beto@correo.mx' }]);
  });
});

describe('an email is confirmed by its owner first', () => {
  type Confirmation = { email: string; token: string; pedidos: Record<string, string | null>[] };
  async function claimConfirmations(): Promise<Confirmation[]> {
    const { data, error } = await serviceClient().rpc('claim_alert_confirmations', {});
    expect(error).toBeNull();
    return data as unknown as Confirmation[];
  }
  const confirm = async (token: string) => (await anonClient().rpc('confirm_alert_email', { p_token: token })).data;
  const due = async () => (await sql.query<{ due: boolean }>('select private.alerts_due() as due')).rows[0]!.due;

  it('one message asks to confirm; nothing else is sent before; the link makes the waiting requests subscriptions', async () => {
    expect((await ask({ tipo: 'campana', ids: [ANNOUNCED], email: ' Nueva@Correo.mx' })).data).toBe(1);
    await sql.query(`update public.product_sizes set existencias = 0 where product_id = $1 and talla = 'M'`, [F.P1]);
    expect((await ask({ tipo: 'talla', ids: [F.P1], talla: 'M', email: 'nueva@correo.mx' })).data).toBe(1);
    expect(await waiting()).toBe(0);
    expect(await due()).toBe(true);
    const [message, ...others] = await claimConfirmations();
    expect(others).toEqual([]);
    // it names what was asked, oldest first, so its owner recognises the request
    expect(message).toEqual({
      email: 'nueva@correo.mx',
      token: expect.stringMatching(/^[0-9a-f-]{36}$/),
      pedidos: [
        { tipo: 'campana', campana: 'Noche de tenis', producto: null, talla: null },
        { tipo: 'talla', campana: null, producto: 'Playera básica', talla: 'M' },
      ],
    });
    // once: asking again within a day sends no second message
    expect(await claimConfirmations()).toEqual([]);
    expect((await ask({ tipo: 'campana', ids: [ANNOUNCED], email: 'nueva@correo.mx' })).data).toBe(1);
    expect(await claimConfirmations()).toEqual([]);
    expect(await due()).toBe(false);

    // the campaign opens and the size comes back: an email not confirmed is told nothing
    await open();
    await sql.query(`update public.product_sizes set existencias = 1 where product_id = $1 and talla = 'M'`, [F.P1]);
    expect(await claim()).toEqual([]);
    await sql.query(`update public.product_sizes set existencias = 0 where product_id = $1 and talla = 'M'`, [F.P1]);

    // the link: both requests become subscriptions, the opening is told now
    expect(await confirm(message!.token)).toBe('nueva@correo.mx');
    expect(await waiting()).toBe(2);
    const told = await claim();
    expect(told.map((m) => [m.tipo, m.email])).toEqual([['campana', 'nueva@correo.mx']]);
    // opened again, it changes nothing; a link the shop does not know answers nothing
    expect(await confirm(message!.token)).toBe('nueva@correo.mx');
    expect(await waiting()).toBe(2);
    expect(await confirm('00000000-0000-4000-8000-00000000dead')).toBeNull();
    // a confirmed email's next request is a subscription at once, and asks for no confirmation
    expect((await ask({ tipo: 'termina', ids: [F.P2], email: 'nueva@correo.mx' })).data).toBe(1);
    expect(await waiting()).toBe(3);
    expect(await claimConfirmations()).toEqual([]);
    await sql.query(`update public.product_sizes set existencias = 1 where product_id = $1 and talla = 'M'`, [F.P1]);
  });

  it('a day later a new request asks again; deleting or 7 days unconfirmed forget the email and what waited', async () => {
    expect((await ask({ tipo: 'campana', ids: [ANNOUNCED], email: 'otra@correo.mx' })).error).toBeNull();
    expect(await claimConfirmations()).toHaveLength(1);
    // a day passes
    await sql.query(
      `update private.alert_emails set pedida_en = now() - interval '26 hours', enviada_en = now() - interval '25 hours'
        where email = 'otra@correo.mx'`,
    );
    // no new request since the message: nothing to send
    expect(await claimConfirmations()).toEqual([]);
    expect((await ask({ tipo: 'campana', ids: [ANNOUNCED], email: 'otra@correo.mx' })).error).toBeNull();
    expect((await claimConfirmations()).map((c) => c.email)).toEqual(['otra@correo.mx']);

    // 'Borrar mis avisos' with the email: its waiting requests and the email itself are gone
    expect((await anonClient().rpc('delete_my_alerts', { p_email: 'otra@correo.mx' })).error).toBeNull();
    const left = async () =>
      (
        await sql.query(`select (select count(*)::int from private.alert_emails where email = 'otra@correo.mx') as emails,
                               (select count(*)::int from private.alert_email_requests where email = 'otra@correo.mx') as requests`)
      ).rows[0];
    expect(await left()).toEqual({ emails: 0, requests: 0 });

    // never confirmed: the daily pruning forgets both after 7 days
    expect((await ask({ tipo: 'campana', ids: [ANNOUNCED], email: 'otra@correo.mx' })).error).toBeNull();
    await sql.query('select private.prune_alerts()');
    expect(await left()).toEqual({ emails: 1, requests: 1 });
    await sql.query(`update private.alert_emails set pedida_en = now() - interval '8 days' where email = 'otra@correo.mx'`);
    await sql.query(`update private.alert_email_requests set created_at = now() - interval '8 days' where email = 'otra@correo.mx'`);
    await sql.query('select private.prune_alerts()');
    expect(await left()).toEqual({ emails: 0, requests: 0 });
  });

  it('a message the mail server refused is tried again a minute later, 3 tries in all; an address that does not exist is forgotten', async () => {
    const finish = async (email: string, estado: string) =>
      (await serviceClient().rpc('finish_alert_confirmations', { p_results: [{ email, estado }] as never })).data;
    const aMinuteLater = () =>
      sql.query(`update private.alert_emails set enviada_en = enviada_en - interval '61 seconds' where email = 'reintento@correo.mx'`);
    expect((await ask({ tipo: 'campana', ids: [ANNOUNCED], email: 'reintento@correo.mx' })).error).toBeNull();
    for (const attempt of [1, 2, 3]) {
      expect(
        (await claimConfirmations()).map((c) => c.email),
        `intento ${attempt}`,
      ).toEqual(['reintento@correo.mx']);
      expect(await finish('reintento@correo.mx', 'fallido')).toBe(1);
      // not at once: a minute later
      expect(await claimConfirmations()).toEqual([]);
      await aMinuteLater();
    }
    // three tries: given up until the shopper asks again
    expect(await claimConfirmations()).toEqual([]);

    // the server says the address does not exist: the email and what it asked for are gone
    expect((await ask({ tipo: 'campana', ids: [ANNOUNCED], email: 'no.existe@correo.mx' })).error).toBeNull();
    expect((await claimConfirmations()).map((c) => c.email)).toEqual(['no.existe@correo.mx']);
    expect(await finish('no.existe@correo.mx', 'sin_destino')).toBe(1);
    const { rows } = await sql.query(
      `select (select count(*)::int from private.alert_emails where email = 'no.existe@correo.mx') as emails,
              (select count(*)::int from private.alert_email_requests where email = 'no.existe@correo.mx') as requests`,
    );
    expect(rows[0]).toEqual({ emails: 0, requests: 0 });
    // only the service role records them
    expect((await anonClient().rpc('finish_alert_confirmations', { p_results: [] as never })).error).not.toBeNull();
  });

  it('shoppers cannot read the emails or what waits for them, nor claim the confirmations', async () => {
    expect((await ask({ tipo: 'campana', ids: [ANNOUNCED], email: 'privada@correo.mx' })).error).toBeNull();
    for (const table of ['alert_emails', 'alert_email_requests']) {
      const { data } = await anonClient()
        .schema('private' as never)
        .from(table)
        .select('*');
      expect(data ?? []).toEqual([]);
    }
    expect((await anonClient().rpc('claim_alert_confirmations', {})).error).not.toBeNull();
  });
});

describe('a campaign opens', () => {
  it('each request is told once, by its own channel, and runs at once share the work', async () => {
    await ask({ tipo: 'campana', ids: [ANNOUNCED], push: pushSubscription('uno') });
    await ask({ tipo: 'campana', ids: [ANNOUNCED], email: 'ana@correo.mx' });
    await ask({ tipo: 'campana', ids: [ANNOUNCED], email: 'beto@correo.mx' });
    await sql.query(
      `insert into public.discount_codes (codigo, tipo, valor)
       select 'NOCHE10', 'porcentaje', 10 where not exists (select from public.discount_codes where codigo = 'NOCHE10')`,
    );
    await sql.query(`insert into public.campaign_alerts (campaign_id, codigo_descuento) values ($1, 'NOCHE10')`, [ANNOUNCED]);
    expect(await claim()).toEqual([]);
    await open();
    // two runs claim at once: every request goes to exactly one of them
    const [a, b] = await Promise.all([claim(2), claim(2)]);
    const claimed = [...a!, ...b!];
    expect(claimed).toHaveLength(3);
    expect(claimed.map((m) => m.canal).sort()).toEqual(['email', 'email', 'push']);
    expect(claimed[0]).toMatchObject({ tipo: 'campana', destino: `/tienda?campaign=${ANNOUNCED}`, codigo: 'NOCHE10' });
    expect(claimed[0]!.campana.nombre).toBe('Noche de tenis');
    expect(await claim()).toEqual([]);
    expect(await sent(claimed)).toBe(3);
    expect(await waiting()).toBe(0);
    expect(await claim()).toEqual([]);
    // asked again after being told: it is over, nothing is sent twice
    expect((await ask({ tipo: 'campana', ids: [ANNOUNCED], email: 'ana@correo.mx' })).error?.message).toBe(
      'Esta campaña ya empezó: entra a verla.',
    );
    await sql.query('delete from public.campaign_alerts where campaign_id = $1', [ANNOUNCED]);
    await sql.query(`delete from public.discount_codes where codigo = 'NOCHE10'`);
  });

  it('the scheduled job asks for one run of the sender per 1,500 messages due, none when nothing is', async () => {
    const runs = async () => Number((await sql.query('select private.request_alerts_send() as n')).rows[0].n);
    expect(await runs()).toBe(0);
    await sql.query(
      `insert into private.alert_subscriptions (canal, email, tipo, campaign_id)
       select 'email', 'n' || i || '@correo.mx', 'campana', $1 from generate_series(1, 3100) i`,
      [ANNOUNCED],
    );
    expect(await runs()).toBe(0);
    await open();
    expect(await runs()).toBe(3);
  });

  it('a push subscription the push service reports gone is forgotten with every request of it', async () => {
    const device = pushSubscription('caducada');
    await ask({ tipo: 'campana', ids: [ANNOUNCED], push: device });
    await ask({ tipo: 'termina', ids: [F.P1], push: device });
    await open();
    const [message] = await claim();
    expect(await finish([{ id: message!.id, estado: 'sin_destino', error: 'El servicio de push respondió 410.' }])).toBe(1);
    expect(await waiting()).toBe(0);
  });

  it('a failed delivery is tried again later, and given up after three tries', async () => {
    await ask({ tipo: 'campana', ids: [ANNOUNCED], email: 'ana@correo.mx' });
    await open();
    let [message] = await claim();
    for (let attempt = 1; attempt <= 3; attempt++) {
      await finish([{ id: message!.id, estado: 'fallido', error: 'El servidor de correo no respondió.' }]);
      expect(await claim()).toEqual([]);
      await sql.query(`update private.alert_deliveries set claimed_at = now() - interval '2 minutes'`);
      if (attempt < 3) [message] = await claim();
    }
    expect(message).toBeDefined();
    expect(await claim()).toEqual([]);
    const { rows } = await sql.query('select estado, intentos from private.alert_deliveries');
    expect(rows).toEqual([{ estado: 'perdido', intentos: 3 }]);
    expect(await waiting()).toBe(0);
  });
});

describe('a size comes back', () => {
  const sizeM = async () =>
    (await sql.query<{ id: string }>(`select id from public.product_sizes where product_id = $1 and talla = 'M'`, [F.P1])).rows[0]!.id;

  it('tells at most piezas_por_aviso × pieces back, oldest request first, while it is for sale', async () => {
    await sql.query(`update public.product_sizes set existencias = 0 where product_id = $1 and talla = 'M'`, [F.P1]);
    for (let i = 0; i < 8; i++) {
      expect((await ask({ tipo: 'talla', ids: [F.P1], talla: 'm', email: `espera${i}@correo.mx` })).error).toBeNull();
      await sql.query(`update private.alert_subscriptions set created_at = now() - make_interval(mins => 100 - $1) where email = $2`, [
        i,
        `espera${i}@correo.mx`,
      ]);
    }
    // nothing changed that anyone waits for
    await sql.query(`update public.product_sizes set existencias = 0 where product_id = $1 and talla = 'L'`, [F.P1]);
    expect(await claim()).toEqual([]);
    // two pieces back: 2 × 3 = 6 told, the six who asked first
    await sql.query(`update public.product_sizes set existencias = 2 where id = $1`, [await sizeM()]);
    const told = await claim();
    expect(told.map((m) => m.email).sort()).toEqual([0, 1, 2, 3, 4, 5].map((i) => `espera${i}@correo.mx`));
    expect(told[0]).toMatchObject({ tipo: 'talla', destino: '/producto/nike-playera-basica?talla=M' });
    expect(told[0]!.productos).toEqual([{ nombre: 'Playera básica', marca: 'Nike', permalink: 'nike-playera-basica', talla: 'M' }]);
    await sent(told);
    expect(await claim()).toEqual([]);
    expect(await waiting()).toBe(2);
    await sql.query(`update public.product_sizes set existencias = 1 where product_id = $1`, [F.P1]);
  });

  it('a held piece freed by a cancelled order tells its waiting shopper; sold again first, it tells nobody', async () => {
    await sql.query(`update public.product_sizes set existencias = 1 where product_id = $1`, [F.P1]);
    const place = async () =>
      (
        await anonClient().rpc('place_order', {
          p_items: [{ product_id: F.P1, talla: 'S', precio_venta: 500 }] as never,
          p_channel: 'producto',
        })
      ).data as unknown as { ok: boolean; reference: string };
    const order = await place();
    expect(order.ok).toBe(true);
    expect((await ask({ tipo: 'talla', ids: [F.P1], talla: 'S', push: pushSubscription('espera-s') })).error).toBeNull();
    await sql.query(`update public.orders set status = 'cancelado' where reference = $1`, [order.reference]);
    const [message] = await claim();
    expect(message).toMatchObject({ tipo: 'talla', canal: 'push', destino: '/producto/nike-playera-basica?talla=S' });
    await sent([message!]);

    // held again before the sender ran: nobody is sent to a size they cannot buy
    const again = await place();
    expect((await ask({ tipo: 'talla', ids: [F.P1], talla: 'S', email: 'tarde@correo.mx' })).error).toBeNull();
    await sql.query(`update public.orders set status = 'cancelado' where reference = $1`, [again.reference]);
    const third = await place();
    expect(third.ok).toBe(true);
    expect(await claim()).toEqual([]);
    expect(await waiting()).toBe(1);
    await sql.query(`update public.orders set status = 'cancelado' where reference = $1`, [third.reference]);
    await sql.query('delete from public.orders');
  });

  it('a stock change nobody waits for records nothing', async () => {
    await sql.query(`update public.product_sizes set existencias = existencias + 1 where product_id = $1`, [F.P1]);
    expect(Number((await sql.query('select count(*) from private.alert_returns')).rows[0].count)).toBe(0);
    await sql.query(`update public.product_sizes set existencias = 1 where product_id = $1`, [F.P1]);
  });
});

describe("favourites' campaign ends tomorrow", () => {
  it('one message per contact and campaign, naming its favourites, from the hour set the day before', async () => {
    await ask({ tipo: 'termina', ids: [F.P1, F.P2, F.P5], email: 'ana@correo.mx' });
    expect(await waiting()).toBe(2);
    expect(await claim()).toEqual([]);
    const { rows } = await sql.query<{ fecha_fin: string }>('select fecha_fin::text from public.campaigns where id = $1', [F.C_ACTIVE]);
    try {
      await sql.query('update public.campaigns set fecha_fin = $2 where id = $1', [F.C_ACTIVE, mexicoDate(1)]);
      await sql.query('update public.alert_settings set hora_aviso_fin = 23');
      const hour = Number(
        new Intl.DateTimeFormat('en-US', { timeZone: 'America/Mexico_City', hour: 'numeric', hourCycle: 'h23' }).format(),
      );
      if (hour < 23) expect(await claim()).toEqual([]);
      await sql.query('update public.alert_settings set hora_aviso_fin = 0');
      const [message, ...rest] = await claim();
      expect(rest).toEqual([]);
      expect(message).toMatchObject({ tipo: 'termina', canal: 'email', destino: '/favoritos' });
      expect(message!.productos.map((p) => p.nombre).sort()).toEqual(['Pantalón cargo', 'Playera básica']);
      await sent([message!]);
      // a favourite of the same campaign asked after the message: nothing more to send
      await ask({ tipo: 'termina', ids: [F.P2], email: 'ana@correo.mx' });
      expect(await claim()).toEqual([]);
      expect(await waiting()).toBe(0);
    } finally {
      await sql.query('update public.campaigns set fecha_fin = $2 where id = $1', [F.C_ACTIVE, rows[0]!.fecha_fin]);
    }
  });

  it("gives each contact's favourites to one of the runs that claim at once, all in one message", async () => {
    // a thousand contacts with two favourites each, due now, claimed by four runs at once
    await sql.query(
      `insert into private.alert_subscriptions (canal, email, tipo, product_id)
       select 'email', 'fav' || i || '@correo.mx', 'termina', p from generate_series(1, 1000) i, unnest($1::uuid[]) p`,
      [[F.P1, F.P2]],
    );
    const { rows } = await sql.query<{ fecha_fin: string }>('select fecha_fin::text from public.campaigns where id = $1', [F.C_ACTIVE]);
    try {
      await sql.query('update public.campaigns set fecha_fin = $2 where id = $1', [F.C_ACTIVE, mexicoDate(1)]);
      await sql.query('update public.alert_settings set hora_aviso_fin = 0');
      const messages = (await Promise.all([claim(1000), claim(1000), claim(1000), claim(1000)])).flat();
      for (let more = await claim(1000); more.length > 0; more = await claim(1000)) messages.push(...more);
      expect(messages).toHaveLength(1000);
      const split = messages.filter((m) => m.productos.length !== 2);
      expect(split).toEqual([]);
    } finally {
      await sql.query('update public.campaigns set fecha_fin = $2 where id = $1', [F.C_ACTIVE, rows[0]!.fecha_fin]);
    }
  });
});

describe('opens and orders', () => {
  it('the first open is recorded, and an order placed after it counts for the alert', async () => {
    await ask({ tipo: 'campana', ids: [ANNOUNCED], email: 'ana@correo.mx' });
    await open();
    const [message] = await claim();
    const service = serviceClient();
    expect((await service.rpc('record_alert_open', { p_delivery: message!.id })).data).toBeNull();
    await sent([message!]);
    expect((await service.rpc('record_alert_open', { p_delivery: message!.id })).data).toBe(`/tienda?campaign=${ANNOUNCED}`);
    const { data: order } = await anonClient().rpc('place_order', {
      p_items: [{ product_id: F.P4, talla: null, precio_venta: 25000 }] as never,
      p_channel: 'producto',
    });
    const token = (order as unknown as { page_token: string }).page_token;
    expect((await anonClient().rpc('record_alert_conversion', { p_delivery: message!.id, p_order_token: token })).data).toBe(true);
    expect((await anonClient().rpc('record_alert_conversion', { p_delivery: message!.id, p_order_token: token })).data).toBe(false);
    const { rows } = await sql.query(
      'select d.opened_at is not null as opened, o.page_token::text as token from private.alert_deliveries d join public.orders o on o.id = d.order_id',
    );
    expect(rows).toEqual([{ opened: true, token }]);
    await sql.query(`update public.orders set status = 'cancelado'`);
    await sql.query('delete from public.orders');
  });

  it('only the service role claims, finishes and records opens', async () => {
    const anon = anonClient();
    expect((await anon.rpc('claim_alerts', { p_limit: 1 })).error).not.toBeNull();
    expect((await anon.rpc('finish_alerts', { p_results: [] as never })).error).not.toBeNull();
    expect((await anon.rpc('record_alert_open', { p_delivery: ANNOUNCED })).error).not.toBeNull();
  });
});
