/**
 * 'Avisos' in the back office, in the database (27_alerts_reports.sql): the people waiting for an
 * alert (per kind, per campaign, per size, by push and by email, people counted once however many
 * requests they hold), what the alerts sent in a period did (opened, followed by an order, with their
 * rates, in all, per kind, per channel and per campaign; the conversion funnel's alert steps), the
 * discount codes' orders, uses, discount and sales in a period; what the team sets there (a
 * campaign's code, one of the shop's codes, printed by an alert only while it can be used; the alert
 * settings, owners only, checked in Spanish); staff only, and never a contact in any answer.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as F from './fixture.ts';
import { anonClient, type Client, confirmedAlertEmails, mexicoDate, serviceClient, signedIn, sql, userClient } from './helpers.ts';

const ANNOUNCED = '00000000-0000-4000-8000-000000009101';
const UPCOMING = '00000000-0000-4000-8000-000000009102';
const OPENING = '00000000-0000-4000-8000-000000009103';

/** The week of Monday 2 March 2026, Mexico City days. */
const WEEK = { start_date: '2026-03-02', end_date: '2026-03-08' };
/** A Mexico City wall-clock time (UTC-6 all year) as an ISO instant. */
const mx = (local: string) => new Date(`${local}:00-06:00`).toISOString();
const md5 = (text: string) => createHash('md5').update(text).digest('hex');

const endpoint = (name: string) => `https://push.example/fcm/send/${name}`;
const KEYS = { p256dh: `B${'x'.repeat(86)}`, auth: 'a'.repeat(22) };

let owner: Client;
let editor: Client;
let analyst: Client;

type Rpc = (fn: string, args?: object) => PromiseLike<{ data: unknown; error: { message: string; code?: string } | null }>;
const call = (client: Client, fn: string, args: object = {}) => (client.rpc as unknown as Rpc)(fn, args);

/** Every answer the owner read, to look for contact data in them at the end. */
const answers: unknown[] = [];

async function report<T>(fn: string, args: object = {}, client: Client = owner): Promise<T[]> {
  const { data, error } = await call(client, fn, args);
  expect(error, fn).toBeNull();
  answers.push(data);
  return data as T[];
}

/** A request as subscribe_alert stores it, written directly (no rate limit, any size's state). */
async function waits(tipo: string, target: { campaign?: string; product?: string; size?: string | null }, contact: string) {
  const push = contact.startsWith('push:');
  await sql.query(
    `insert into private.alert_subscriptions (canal, endpoint, p256dh, auth, email, tipo, campaign_id, product_id, size_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      push ? 'push' : 'email',
      push ? endpoint(contact.slice(5)) : null,
      push ? KEYS.p256dh : null,
      push ? KEYS.auth : null,
      push ? null : contact,
      tipo,
      target.campaign ?? null,
      target.product ?? null,
      target.size ?? null,
    ],
  );
}

/** A delivery sent at `sentAt` (Mexico City wall clock), maybe opened, maybe followed by an order. */
async function delivered(d: { tipo: string; canal: 'push' | 'email'; campaign: string; sentAt: string; opened?: boolean; order?: string }) {
  const { rows } = await sql.query<{ id: string }>(
    `insert into private.alert_deliveries (contacto, clave, tipo, canal, campaign_id, destino, estado, sent_at, opened_at, order_id, ordered_at)
     values (md5(gen_random_uuid()::text), $1 || ':' || gen_random_uuid(), $1, $2, $3, '/tienda', 'enviado', $4::timestamptz,
             case when $5 then $4::timestamptz + interval '1 hour' end, $6, case when $6::uuid is not null then $4::timestamptz + interval '2 hours' end)
     returning id`,
    [d.tipo, d.canal, d.campaign, mx(d.sentAt), d.opened ?? false, d.order ?? null],
  );
  return rows[0]!.id;
}

let reference = 0;
/** An order placed with a code at `at` (Mexico City wall clock), its use counted or not. */
async function orderWithCode(o: { codigo: string; status: string; subtotal: number; descuento: number; at: string; counted: boolean }) {
  reference += 1;
  const shipping = o.subtotal - o.descuento >= 1500 ? 0 : 149;
  const { rows } = await sql.query<{ id: string; page_token: string }>(
    `insert into public.orders (reference, channel, item_count, subtotal, shipping, total, codigo, descuento, status, created_at, held_until)
     values ($1, 'bolsa', 1, $2::numeric, $3::numeric, $2::numeric - $4::numeric + $3::numeric, $5, $4::numeric, $6::text, $7,
             case when $6::text = 'nuevo' then now() + interval '1 hour' end)
     returning id, page_token`,
    [`OM-AVS${'23456789'[reference]}${'ABCDEFGH'[reference]}`.slice(0, 8), o.subtotal, shipping, o.descuento, o.codigo, o.status, mx(o.at)],
  );
  await sql.query(
    `insert into private.discount_code_uses (order_id, code_id, sender, counted)
     select $1, c.id, 'red-de-prueba', $2 from public.discount_codes c where c.codigo = $3`,
    [rows[0]!.id, o.counted, o.codigo],
  );
  return rows[0]!;
}

beforeAll(async () => {
  await F.loadFixture();
  await sql.query('delete from private.alert_rate');
  owner = await signedIn('owner@test.local', 'owner-password-123', 'owner');
  editor = await signedIn('editor@test.local', 'editor-password-123', 'editor');
  analyst = await signedIn('analyst@test.local', 'analyst-password-123', 'analyst');
  await sql.query('update public.alert_settings set piezas_por_aviso = 3, hora_aviso_fin = 10, dias_max = 60');
  await confirmedAlertEmails(['ana', 'beto', 'carla', 'dani', 'eva', 'fer', 'gabi'].map((n) => `${n}@correo.mx`));
  // announced today, opens tomorrow at 20:00; another whose announcement is still ahead
  await sql.query(
    `insert into public.campaigns (id, nombre, fecha_inicio, fecha_fin, anuncio_desde, hora_inicio) values
       ($1, 'Noche de tenis', $3, $4, $5, '20:00'),
       ($2, 'Navidad', $6, $7, $6, '10:00')`,
    [ANNOUNCED, UPCOMING, mexicoDate(1), mexicoDate(8), mexicoDate(0), mexicoDate(20), mexicoDate(30)],
  );
  // P3's size 27 sold out: people wait for it
  await sql.query('update public.product_sizes set existencias = 0 where id = $1', [F.SIZE_P3_27]);
});

afterAll(async () => {
  await sql.query('delete from private.alert_subscriptions');
  await sql.query('delete from private.alert_deliveries');
  await sql.query('delete from public.campaign_alerts');
  await sql.query('update public.alert_settings set piezas_por_aviso = 3, hora_aviso_fin = 10, dias_max = 60');
});

describe('who waits for an alert', () => {
  beforeAll(async () => {
    // the real way in, once by email and once by a device
    const ana = await anonClient().rpc('subscribe_alert', { p_tipo: 'campana', p_ids: [ANNOUNCED], p_email: 'ana@correo.mx' });
    expect(ana.error).toBeNull();
    const uno = await anonClient().rpc('subscribe_alert', {
      p_tipo: 'campana',
      p_ids: [ANNOUNCED],
      p_push: { endpoint: endpoint('uno'), keys: KEYS } as never,
    });
    expect(uno.error).toBeNull();
    await waits('campana', { campaign: ANNOUNCED }, 'beto@correo.mx');
    await waits('campana', { campaign: ANNOUNCED }, 'push:dos');
    // favourites of the live campaign: Ana's two are one person waiting for its end
    await waits('termina', { product: F.P1 }, 'ana@correo.mx');
    await waits('termina', { product: F.P2 }, 'ana@correo.mx');
    await waits('termina', { product: F.P1 }, 'push:uno');
    // sizes of the campaign that ends today
    await waits('talla', { product: F.P3, size: F.SIZE_P3_27 }, 'carla@correo.mx');
    await waits('talla', { product: F.P3, size: F.SIZE_P3_27 }, 'push:tres');
    await waits('talla', { product: F.P3, size: F.SIZE_P3_28 }, 'carla@correo.mx');
    await waits('talla', { product: F.P4 }, 'dani@correo.mx');
  });

  it('counts people per kind, by push and by email, and the requests they hold', async () => {
    expect(await report('get_alert_waiting_summary')).toEqual([
      { tipo: 'campana', personas: 4, push: 2, email: 2, solicitudes: 4, por_confirmar: 0 },
      { tipo: 'talla', personas: 3, push: 1, email: 2, solicitudes: 4, por_confirmar: 0 },
      { tipo: 'termina', personas: 2, push: 1, email: 1, solicitudes: 3, por_confirmar: 0 },
    ]);
    // an email not yet confirmed is counted apart, once however many requests it holds, and not among the people
    const ask = (ids: string[]) =>
      anonClient().rpc('subscribe_alert', { p_tipo: 'termina', p_ids: ids, p_email: 'sin.confirmar@correo.mx' });
    expect((await ask([F.P1, F.P2])).error).toBeNull();
    const summary = await report<Record<string, unknown>>('get_alert_waiting_summary');
    expect(summary.find((r) => r['tipo'] === 'termina')).toEqual({
      tipo: 'termina',
      personas: 2,
      push: 1,
      email: 1,
      solicitudes: 3,
      por_confirmar: 1,
    });
    await sql.query(`delete from private.alert_emails where email = 'sin.confirmar@correo.mx'`);
    await sql.query('delete from private.alert_rate');
  });

  it('lists every campaign not ended, those to open first, with its people waiting and its code', async () => {
    const rows = await report<Record<string, unknown>>('get_alert_campaigns_report');
    expect(rows.map((r) => [r['campana'], r['estado']])).toEqual([
      ['Noche de tenis', 'anunciada'],
      ['Navidad', 'por_anunciar'],
      ['Termina hoy', 'en_curso'],
      ['Temporada activa', 'en_curso'],
    ]);
    const none = { apertura_push: 0, apertura_email: 0, termina_push: 0, termina_email: 0, talla_push: 0, talla_email: 0 };
    expect(rows[0]).toMatchObject({ ...none, campaign_id: ANNOUNCED, apertura_push: 2, apertura_email: 2, fecha_fin: mexicoDate(8) });
    expect(rows[1]).toMatchObject({ ...none, anuncio_desde: mexicoDate(20), codigo_descuento: null, codigo_vigente: false });
    expect(rows[2]).toMatchObject({ ...none, campaign_id: F.C_TODAY, talla_push: 1, talla_email: 2 });
    expect(rows[3]).toMatchObject({ ...none, campaign_id: F.C_ACTIVE, termina_push: 1, termina_email: 1 });
    expect(new Date(String(rows[0]!['inicia_en'])).toISOString()).toBe(mx(`${mexicoDate(1)}T20:00`));
  });

  it('lists the sizes people wait for, most people first, and whether each is for sale again', async () => {
    expect(await report('get_alert_size_waits_report')).toEqual([
      expect.objectContaining({
        product_id: F.P3,
        producto: 'Tenis runner',
        marca: 'Nike',
        campana: 'Termina hoy',
        talla: '27',
        push: 1,
        email: 1,
        personas: 2,
        a_la_venta: false,
      }),
      expect.objectContaining({
        product_id: F.P4,
        producto: 'Chamarra piel',
        marca: 'Levis',
        talla: null,
        push: 0,
        email: 1,
        personas: 1,
        a_la_venta: true,
      }),
      expect.objectContaining({ product_id: F.P3, talla: '28', push: 0, email: 1, personas: 1, a_la_venta: true }),
    ]);
    expect(await report('get_alert_size_waits_report', { limit_count: 1 })).toHaveLength(1);
  });
});

describe('what the alerts sent did', () => {
  let ordered: { id: string; page_token: string };

  beforeAll(async () => {
    await sql.query(
      `insert into public.discount_codes (codigo, tipo, valor) values ('BIENVENIDA', 'porcentaje', 10), ('NUEVO', 'monto', 100)`,
    );
    await sql.query(`insert into public.discount_codes (codigo, tipo, valor, activo) values ('VIEJO', 'monto', 200, false)`);
    await sql.query(`insert into public.discount_codes (codigo, tipo, valor, activo) values ('DORMIDO', 'monto', 50, false)`);
    ordered = await orderWithCode({
      codigo: 'BIENVENIDA',
      status: 'pagado',
      subtotal: 1000,
      descuento: 100,
      at: '2026-03-03T13:00',
      counted: true,
    });
    // the campaign's opening: four alerts, three opened (both pushes), one followed by an order
    await delivered({ tipo: 'campana', canal: 'push', campaign: ANNOUNCED, sentAt: '2026-03-03T10:00', opened: true, order: ordered.id });
    await delivered({ tipo: 'campana', canal: 'push', campaign: ANNOUNCED, sentAt: '2026-03-03T10:00', opened: true });
    await delivered({ tipo: 'campana', canal: 'email', campaign: ANNOUNCED, sentAt: '2026-03-03T10:00', opened: true });
    await delivered({ tipo: 'campana', canal: 'email', campaign: ANNOUNCED, sentAt: '2026-03-03T10:00' });
    // favourites ending: late on the week's last day in Mexico City (already the 9th in UTC)
    await delivered({ tipo: 'termina', canal: 'email', campaign: F.C_ACTIVE, sentAt: '2026-03-08T23:30', opened: true });
    await delivered({ tipo: 'termina', canal: 'email', campaign: F.C_ACTIVE, sentAt: '2026-03-08T23:30' });
    // the day after the week
    await delivered({ tipo: 'talla', canal: 'push', campaign: F.C_TODAY, sentAt: '2026-03-09T00:10', opened: true });
    // never sent: not counted
    await sql.query(
      `insert into private.alert_deliveries (contacto, clave, tipo, canal, campaign_id, destino, estado, claimed_at)
       values (md5('perdido'), 'campana:perdido', 'campana', 'email', $1, '/tienda', 'perdido', $2)`,
      [ANNOUNCED, mx('2026-03-04T10:00')],
    );
  });

  it('counts sent, opened and followed by an order in the period, in all, per kind, per channel and per campaign, with rates', async () => {
    const rows = await report<Record<string, unknown>>('get_alert_deliveries_report', WEEK);
    const rate = (
      enviados: number,
      abiertos: number,
      con_pedido: number,
      apertura_pct: number,
      pedido_pct: number,
      pedido_abiertos_pct: number,
    ) => ({
      enviados,
      abiertos,
      con_pedido,
      apertura_pct,
      pedido_pct,
      pedido_abiertos_pct,
    });
    expect(rows).toEqual([
      { nivel: 'total', campaign_id: null, campana: null, tipo: null, canal: null, ...rate(6, 4, 1, 66.7, 16.7, 25) },
      { nivel: 'tipo', campaign_id: null, campana: null, tipo: 'campana', canal: null, ...rate(4, 3, 1, 75, 25, 33.3) },
      { nivel: 'tipo', campaign_id: null, campana: null, tipo: 'termina', canal: null, ...rate(2, 1, 0, 50, 0, 0) },
      { nivel: 'canal', campaign_id: null, campana: null, tipo: null, canal: 'email', ...rate(4, 2, 0, 50, 0, 0) },
      { nivel: 'canal', campaign_id: null, campana: null, tipo: null, canal: 'push', ...rate(2, 2, 1, 100, 50, 50) },
      { nivel: 'campana', campaign_id: ANNOUNCED, campana: 'Noche de tenis', tipo: 'campana', canal: null, ...rate(4, 3, 1, 75, 25, 33.3) },
      { nivel: 'campana', campaign_id: F.C_ACTIVE, campana: 'Temporada activa', tipo: 'termina', canal: null, ...rate(2, 1, 0, 50, 0, 0) },
    ]);
    // a period without alerts answers its total, zeros
    expect(await report('get_alert_deliveries_report', { start_date: '2026-01-01', end_date: '2026-01-31' })).toEqual([
      { nivel: 'total', campaign_id: null, campana: null, tipo: null, canal: null, ...rate(0, 0, 0, 0, 0, 0) },
    ]);
    // the whole history has the size's alert too
    const all = await report<Record<string, unknown>>('get_alert_deliveries_report');
    expect(all[0]).toMatchObject({ nivel: 'total', enviados: 7, abiertos: 5, con_pedido: 1 });
  });

  it('counts an alert sent, opened and followed by an order through the real functions, today', async () => {
    await sql.query(
      `insert into public.campaigns (id, nombre, fecha_inicio, fecha_fin, anuncio_desde, hora_inicio)
       values ($1, 'Abre ya', $2, $3, $2, ((now() - interval '1 minute') at time zone 'America/Mexico_City')::time)`,
      [OPENING, mexicoDate(0), mexicoDate(5)],
    );
    await waits('campana', { campaign: OPENING }, 'eva@correo.mx');
    const claimed = await serviceClient().rpc('claim_alerts', { p_limit: 10 });
    const [message] = (claimed.data as unknown as { mensajes: { id: string }[] }).mensajes;
    await serviceClient().rpc('finish_alerts', { p_results: [{ id: message!.id, estado: 'enviado' }] as never });
    expect((await serviceClient().rpc('record_alert_open', { p_delivery: message!.id })).data).toBe(`/tienda?campaign=${OPENING}`);
    const order = await orderWithCode({
      codigo: 'NUEVO',
      status: 'nuevo',
      subtotal: 600,
      descuento: 100,
      at: '2026-03-01T09:00',
      counted: true,
    });
    await sql.query('update public.orders set created_at = now() where id = $1', [order.id]);
    expect((await anonClient().rpc('record_alert_conversion', { p_delivery: message!.id, p_order_token: order.page_token })).data).toBe(
      true,
    );

    const today = { start_date: mexicoDate(0), end_date: mexicoDate(0) };
    const rows = await report<Record<string, unknown>>('get_alert_deliveries_report', today);
    expect(rows[0]).toMatchObject({ nivel: 'total', enviados: 1, abiertos: 1, con_pedido: 1, apertura_pct: 100, pedido_pct: 100 });
    expect(rows.find((r) => r['nivel'] === 'campana')).toMatchObject({ campaign_id: OPENING, campana: 'Abre ya', tipo: 'campana' });
    await sql.query('delete from public.campaigns where id = $1', [OPENING]);
    await sql.query('delete from public.orders where id = $1', [order.id]);
  });

  it("adds the alerts' steps to the conversion funnel, as shares of the alerts sent, the sessions' steps unchanged", async () => {
    expect(await report('get_conversion_funnel_report', WEEK)).toEqual([
      {
        total_sesiones: 0,
        sesiones_con_busqueda: 0,
        sesiones_con_filtro: 0,
        sesiones_con_click: 0,
        conversion_busqueda_pct: 0,
        conversion_filtro_pct: 0,
        conversion_click_pct: 0,
        sesiones_con_pedido: 0,
        conversion_pedido_pct: 0,
        avisos_enviados: 6,
        avisos_abiertos: 4,
        avisos_con_pedido: 1,
        apertura_avisos_pct: 66.7,
        pedido_avisos_pct: 16.7,
      },
    ]);
  });

  it("sums each code's orders, uses, paid orders, discount and sales in the period, active codes included", async () => {
    await orderWithCode({ codigo: 'BIENVENIDA', status: 'nuevo', subtotal: 500, descuento: 50, at: '2026-03-04T12:00', counted: true });
    await orderWithCode({
      codigo: 'BIENVENIDA',
      status: 'cancelado',
      subtotal: 800,
      descuento: 80,
      at: '2026-03-05T12:00',
      counted: false,
    });
    await orderWithCode({ codigo: 'VIEJO', status: 'entregado', subtotal: 2000, descuento: 200, at: '2026-03-06T12:00', counted: true });
    await orderWithCode({ codigo: 'BIENVENIDA', status: 'pagado', subtotal: 1000, descuento: 100, at: '2026-03-09T12:00', counted: true });
    const rows = await report<Record<string, unknown>>('get_discount_code_uses_report', WEEK);
    expect(rows.map(({ code_id: _, ...r }) => r)).toEqual([
      { codigo: 'BIENVENIDA', activo: true, pedidos: 3, usos: 2, pagados: 1, descuento: 100, ventas: 1049, desde_avisos: 1 },
      { codigo: 'VIEJO', activo: false, pedidos: 1, usos: 1, pagados: 1, descuento: 200, ventas: 1800, desde_avisos: 0 },
      { codigo: 'NUEVO', activo: true, pedidos: 0, usos: 0, pagados: 0, descuento: 0, ventas: 0, desde_avisos: 0 },
    ]);
    const all = await report<Record<string, unknown>>('get_discount_code_uses_report');
    expect(all[0]).toMatchObject({ codigo: 'BIENVENIDA', pedidos: 4, pagados: 2, descuento: 200, ventas: 2098 });
  });
});

describe('what the team sets', () => {
  const codeOf = async (campaign: string) =>
    (await sql.query('select codigo_descuento from public.campaign_alerts where campaign_id = $1', [campaign])).rows[0]?.codigo_descuento ??
    null;
  const setCode = (client: Client, campaign: string, code: string | null) =>
    client.from('campaign_alerts').upsert({ campaign_id: campaign, codigo_descuento: code }, { onConflict: 'campaign_id' });

  it("sets a campaign's code as one of the shop's codes, typed in any case; refuses one the shop does not have", async () => {
    expect((await setCode(editor, ANNOUNCED, ' bienvenida ')).error).toBeNull();
    expect(await codeOf(ANNOUNCED)).toBe('BIENVENIDA');
    const unknown = await setCode(owner, ANNOUNCED, 'NOEXISTE');
    expect(unknown.error?.message).toBe('Ese código no existe');
    expect(await codeOf(ANNOUNCED)).toBe('BIENVENIDA');
    // analysts read it and change nothing
    await setCode(analyst, ANNOUNCED, 'NUEVO');
    expect(await codeOf(ANNOUNCED)).toBe('BIENVENIDA');
    expect((await analyst.from('campaign_alerts').select('codigo_descuento').eq('campaign_id', ANNOUNCED)).data).toEqual([
      { codigo_descuento: 'BIENVENIDA' },
    ]);
    // an inactive code may be set (it goes in the alerts once active again); the reference holds: a
    // code a campaign's alerts carry cannot go
    expect((await setCode(owner, UPCOMING, 'dormido')).error).toBeNull();
    await expect(sql.query(`delete from public.discount_codes where codigo = 'DORMIDO'`)).rejects.toThrow(/campaign_alerts/);
    const rows = await report<Record<string, unknown>>('get_alert_campaigns_report');
    expect(rows.find((r) => r['campaign_id'] === ANNOUNCED)).toMatchObject({ codigo_descuento: 'BIENVENIDA', codigo_vigente: true });
    expect(rows.find((r) => r['campaign_id'] === UPCOMING)).toMatchObject({ codigo_descuento: 'DORMIDO', codigo_vigente: false });
  });

  it("prints a campaign's code in its alerts only while a shopper can use it", async () => {
    await sql.query(
      `insert into public.campaigns (id, nombre, fecha_inicio, fecha_fin, anuncio_desde, hora_inicio)
       values ($1, 'Abre ya', $2, $3, $2, ((now() - interval '1 minute') at time zone 'America/Mexico_City')::time)`,
      [OPENING, mexicoDate(0), mexicoDate(5)],
    );
    expect((await setCode(owner, OPENING, 'VIEJO')).error).toBeNull();
    await waits('campana', { campaign: OPENING }, 'fer@correo.mx');
    const claim = async () =>
      ((await serviceClient().rpc('claim_alerts', { p_limit: 10 })).data as unknown as { mensajes: { codigo: string | null }[] }).mensajes;
    expect((await claim()).map((m) => m.codigo)).toEqual([null]);
    expect((await report<Record<string, unknown>>('get_alert_campaigns_report')).find((r) => r['campaign_id'] === OPENING)).toMatchObject({
      codigo_descuento: 'VIEJO',
      codigo_vigente: false,
    });
    expect((await setCode(editor, OPENING, 'NUEVO')).error).toBeNull();
    await waits('campana', { campaign: OPENING }, 'gabi@correo.mx');
    expect((await claim()).map((m) => m.codigo)).toEqual(['NUEVO']);
    // a blank code is none
    expect((await setCode(editor, OPENING, '  ')).error).toBeNull();
    expect(await codeOf(OPENING)).toBeNull();
    await sql.query('delete from public.campaigns where id = $1', [OPENING]);
  });

  it('lets owners alone change the alert settings, each within its range, in Spanish', async () => {
    const settings = async () =>
      (await sql.query('select piezas_por_aviso, hora_aviso_fin, dias_max from public.alert_settings')).rows[0] as Record<string, number>;
    expect(
      (await owner.from('alert_settings').update({ piezas_por_aviso: 5, hora_aviso_fin: 9, dias_max: 90 }).eq('id', 1)).error,
    ).toBeNull();
    expect(await settings()).toEqual({ piezas_por_aviso: 5, hora_aviso_fin: 9, dias_max: 90 });
    const refusals = [
      [{ piezas_por_aviso: 0 }, 'Las personas avisadas por cada pieza que vuelve van de 1 a 50'],
      [{ hora_aviso_fin: 24 }, 'La hora del aviso de fin de campaña va de 0 a 23'],
      [{ dias_max: 400 }, 'Los días que se guarda una solicitud de aviso van de 7 a 365'],
    ] as const;
    for (const [change, message] of refusals) {
      const { error } = await owner.from('alert_settings').update(change).eq('id', 1);
      expect(error?.message).toBe(message);
    }
    for (const client of [editor, analyst]) await client.from('alert_settings').update({ piezas_por_aviso: 7 }).eq('id', 1);
    expect(await settings()).toEqual({ piezas_por_aviso: 5, hora_aviso_fin: 9, dias_max: 90 });
  });
});

describe('who may read it', () => {
  const REPORTS: [string, object][] = [
    ['get_alert_waiting_summary', {}],
    ['get_alert_campaigns_report', {}],
    ['get_alert_size_waits_report', {}],
    ['get_alert_deliveries_report', WEEK],
    ['get_discount_code_uses_report', WEEK],
  ];

  it('answers every staff role: owners, editors and analysts', async () => {
    for (const client of [owner, editor, analyst]) for (const [fn, args] of REPORTS) await report(fn, args, client);
  });

  it("refuses anon and a signed-in shopper with 'No autorizado'", async () => {
    for (const client of [anonClient(), await userClient()]) {
      for (const [fn, args] of REPORTS) {
        const { data, error } = await call(client, fn, args);
        expect(error?.message, fn).toBe('No autorizado');
        expect(data, fn).toBeNull();
      }
    }
  });

  it('never answers an email, a push endpoint, a key, a token or a contact hash', async () => {
    const { rows } = await sql.query<{ value: string }>(
      `select unnest(array[email, endpoint, p256dh, auth, token::text, contacto]) as value from private.alert_subscriptions
       union select unnest(array[contacto, token::text]) from private.alert_deliveries`,
    );
    const secrets = [
      ...rows.map((r) => r.value).filter(Boolean),
      'ana@correo.mx',
      endpoint('uno'),
      md5('ana@correo.mx'),
      KEYS.p256dh,
      KEYS.auth,
    ];
    expect(answers.length).toBeGreaterThan(20);
    const text = JSON.stringify(answers);
    for (const secret of secrets) expect(text.includes(secret), secret).toBe(false);
  });
});
