/**
 * The analytics summaries, reports and user-activity lists against a hand-built fixture with known
 * answers: four browsing sessions in the week of Monday 2 March 2026 (Mexico City time), one of them
 * crossing midnight there, plus recent searches for the trend labels and 14-month-old events that
 * retention folds into daily totals. Only admins get anything back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, anonClient, type Client, mexicoDate, resetData, serviceClient, sql, userClient } from './helpers.ts';

const UA = {
  iphoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  windowsChrome: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  androidTablet: 'Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  windowsFirefox: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0',
};

const S1 = 'sesion-uno-0001';
const S2 = 'sesion-dos-0002';
const S3 = 'sesion-tres-0003';
const S4 = 'sesion-cuatro-04';
const OLD = 'sesion-vieja-005';

/** A Mexico City wall-clock time (UTC-6 all year since 2022) as an ISO instant. */
const mx = (local: string) => new Date(`${local}:00-06:00`).toISOString();

let admin: Client;
let brandId: string;
let categoryId: string;
let p1: string;
let p2: string;
const oldDay = mexicoDate(-420);

async function one<T>(text: string, params: unknown[] = []): Promise<T> {
  return (await sql.query(text, params)).rows[0] as T;
}

async function rpc<T>(fn: string, args: Record<string, unknown> = {}): Promise<T[]> {
  const { data, error } = await (admin.rpc as (f: string, a: object) => PromiseLike<{ data: unknown; error: { message: string } | null }>)(
    fn,
    args,
  );
  expect(error, fn).toBeNull();
  return data as T[];
}

const WEEK = { start_date: '2026-03-03', end_date: '2026-03-09' };

beforeAll(async () => {
  // something from an earlier test file, so the reset below must clear the reports too
  await serviceClient().from('search_analytics').insert({ session_id: 'sesion-previa-01', search_term: 'previo' });
  await resetData();
  admin = await adminClient();
  const campaign = await one<{ id: string }>(`insert into campaigns (nombre, fecha_fin) values ('Primavera', '2099-01-01') returning id`);
  brandId = (await one<{ id: string }>(`insert into brands (name, display_name) values ('nike', 'Nike') returning id`)).id;
  categoryId = (await one<{ id: string }>(`insert into categories (nombre) values ('Vestidos') returning id`)).id;
  const product = async (nombre: string, permalink: string) =>
    (
      await one<{ id: string }>(
        `insert into products (campaign_id, category_id, brand_id, marca, nombre, precio_original, precio_venta, permalink)
         values ($1, $2, $3, 'Nike', $4, 1000, 800, $5) returning id`,
        [campaign.id, categoryId, brandId, nombre, permalink],
      )
    ).id;
  p1 = await product('Vestido Midi Floral', 'nike-vestido-midi-floral');
  p2 = await product('Tenis Blancos', 'nike-tenis-blancos');

  const service = serviceClient();
  const search = (session_id: string, search_term: string, created_at: string, user_agent: string) => ({
    session_id,
    search_term,
    created_at,
    user_agent,
    page_url: '/tienda',
  });
  const filter = (session_id: string, filter_type: string, filter_value: string, created_at: string, user_agent: string) => ({
    session_id,
    filter_type,
    filter_value,
    created_at,
    user_agent,
    page_url: '/tienda',
  });
  const click = (session_id: string, product_id: string, created_at: string, user_agent: string) => ({
    session_id,
    product_id,
    created_at,
    user_agent,
    page_url: '/tienda',
  });
  const inserts = [
    service.from('search_analytics').insert([
      // 23:30 and 00:30 in Mexico City: two days there, one day in UTC
      search(S1, 'Vestido  Rojo', mx('2026-03-03T23:30'), UA.iphoneSafari),
      search(S1, 'vestido rojo', mx('2026-03-04T00:30'), UA.iphoneSafari),
      search(S2, 'tenis', mx('2026-03-04T10:10'), UA.windowsChrome),
      search(S4, 'TENIS', mx('2026-03-08T20:00'), UA.windowsFirefox),
      search(OLD, 'abrigo', `${oldDay}T18:00:00.000Z`, UA.windowsChrome),
      search(OLD, 'abrigo', `${oldDay}T19:00:00.000Z`, UA.windowsChrome),
    ]),
    service.from('filter_analytics').insert([
      filter(S1, 'brand', brandId, mx('2026-03-04T00:40'), UA.iphoneSafari),
      filter(S2, 'category', categoryId, mx('2026-03-04T10:00'), UA.windowsChrome),
      filter(S2, 'size', 'M', mx('2026-03-04T10:05'), UA.windowsChrome),
      // after this session's clicks: it does not count as converting
      filter(S3, 'category', categoryId, mx('2026-03-09T12:02'), UA.androidTablet),
    ]),
    service
      .from('product_click_analytics')
      .insert([
        click(S1, p1, mx('2026-03-04T00:45'), UA.iphoneSafari),
        click(S3, p1, mx('2026-03-09T12:00'), UA.androidTablet),
        click(S3, p2, mx('2026-03-09T12:01'), UA.androidTablet),
        click(OLD, p2, `${oldDay}T19:30:00.000Z`, UA.windowsChrome),
      ]),
  ];
  for (const res of await Promise.all(inserts)) expect(res.error).toBeNull();
}, 60_000);

afterAll(async () => {
  await resetData();
});

describe('summary and period reports', () => {
  it('totals a period of Mexico City days: searches, filters, clicks and unique sessions', async () => {
    expect(await rpc('get_analytics_summary', WEEK)).toEqual([
      { total_searches: 4, total_filters: 4, total_product_clicks: 3, unique_sessions: 4 },
    ]);
    // 3 March alone holds only the 23:30 search (its 00:30 twin is already the 4th there)
    expect(await rpc('get_analytics_summary', { start_date: '2026-03-03', end_date: '2026-03-03' })).toEqual([
      { total_searches: 1, total_filters: 0, total_product_clicks: 0, unique_sessions: 1 },
    ]);
  });

  it('counts every day of the window, zeros included, latest first', async () => {
    const days = await rpc<Record<string, unknown>>('get_daily_activity_report_by_date', WEEK);
    expect(
      days.map((d) => [d['fecha'], d['sesiones_unicas'], d['total_actividades'], d['busquedas'], d['filtros'], d['clicks_productos']]),
    ).toEqual([
      ['2026-03-09', 1, 3, 0, 1, 2],
      ['2026-03-08', 1, 1, 1, 0, 0],
      ['2026-03-07', 0, 0, 0, 0, 0],
      ['2026-03-06', 0, 0, 0, 0, 0],
      ['2026-03-05', 0, 0, 0, 0, 0],
      ['2026-03-04', 2, 6, 2, 3, 1],
      ['2026-03-03', 1, 1, 1, 0, 0],
    ]);
    const last3 = await rpc<{ fecha: string }>('get_daily_activity_report', { limit_count: 3, end_date: '2026-03-09' });
    expect(last3.map((d) => d.fecha)).toEqual(['2026-03-09', '2026-03-08', '2026-03-07']);
    const defaults = await rpc<{ fecha: string }>('get_daily_activity_report');
    expect(defaults).toHaveLength(30);
    expect(defaults[0]?.fecha).toBe(mexicoDate(0));
  });

  it('buckets hours with activity by their Mexico City hour of day', async () => {
    const hours = await rpc<Record<string, unknown>>('get_hourly_performance_report_by_date', WEEK);
    expect(hours.map((h) => [h['hora'], h['hora_del_dia'], h['sesiones_unicas'], h['total_actividades']])).toEqual([
      [new Date(mx('2026-03-09T12:00')).toISOString().replace('.000Z', '+00:00'), 12, 1, 3],
      [new Date(mx('2026-03-08T20:00')).toISOString().replace('.000Z', '+00:00'), 20, 1, 1],
      [new Date(mx('2026-03-04T10:00')).toISOString().replace('.000Z', '+00:00'), 10, 1, 3],
      [new Date(mx('2026-03-04T00:00')).toISOString().replace('.000Z', '+00:00'), 0, 1, 3],
      [new Date(mx('2026-03-03T23:00')).toISOString().replace('.000Z', '+00:00'), 23, 1, 1],
    ]);
    expect(await rpc('get_hourly_performance_report', { limit_count: 2, ...WEEK })).toHaveLength(2);
  });

  it('groups weeks starting on Monday, with the average activities per session', async () => {
    const weeks = await rpc<Record<string, unknown>>('get_weekly_trends_report_by_date', WEEK);
    expect(weeks).toEqual([
      {
        semana: '2026-03-09',
        sesiones_unicas: 1,
        total_actividades: 3,
        busquedas: 0,
        filtros: 1,
        clicks_productos: 2,
        promedio_actividades_por_sesion: 3,
      },
      {
        semana: '2026-03-02',
        sesiones_unicas: 3,
        total_actividades: 8,
        busquedas: 4,
        filtros: 3,
        clicks_productos: 1,
        promedio_actividades_por_sesion: 2.67,
      },
    ]);
    const last = await rpc<{ semana: string }>('get_weekly_trends_report', { limit_count: 3, end_date: '2026-03-09' });
    expect(last.map((w) => w.semana)).toEqual(['2026-03-09', '2026-03-02', '2026-02-23']);
  });

  it('computes the funnel as shares of all sessions, orders sent to the chat its last step', async () => {
    // two orders of one session in the week (one session counts once), one the day after it
    await sql.query(`
      insert into public.orders (reference, channel, item_count, subtotal, shipping, total, session_id, created_at) values
        ('OM-FUN22', 'bolsa', 1, 100, 149, 249, 'embudo-sesion-1', '2026-03-05 12:00-06'),
        ('OM-FUN23', 'producto', 1, 100, 149, 249, 'embudo-sesion-1', '2026-03-09 23:30-06'),
        ('OM-FUN24', 'producto', 1, 100, 149, 249, 'embudo-sesion-2', '2026-03-10 00:10-06')`);
    expect(await rpc('get_conversion_funnel_report', WEEK)).toEqual([
      {
        total_sesiones: 4,
        sesiones_con_busqueda: 3,
        sesiones_con_filtro: 3,
        sesiones_con_click: 2,
        conversion_busqueda_pct: 75,
        conversion_filtro_pct: 75,
        conversion_click_pct: 50,
        sesiones_con_pedido: 1,
        conversion_pedido_pct: 25,
        avisos_enviados: 0,
        avisos_abiertos: 0,
        avisos_con_pedido: 0,
        apertura_avisos_pct: 0,
        pedido_avisos_pct: 0,
      },
    ]);
    await sql.query(`delete from public.orders where reference like 'OM-FUN%'`);
    expect(await rpc('get_conversion_funnel_report', { start_date: '2026-01-01', end_date: '2026-01-31' })).toEqual([
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
        avisos_enviados: 0,
        avisos_abiertos: 0,
        avisos_con_pedido: 0,
        apertura_avisos_pct: 0,
        pedido_avisos_pct: 0,
      },
    ]);
  });

  it('splits sessions by device and browser from their user agent', async () => {
    const rows = await rpc<Record<string, unknown>>('get_device_browser_report', WEEK);
    expect(
      rows
        .map((r) => [r['tipo_dispositivo'], r['navegador'], r['sesiones_unicas'], r['total_actividades'], r['porcentaje_sesiones']])
        .sort(),
    ).toEqual([
      ['Desktop', 'Chrome', 1, 3, 25],
      ['Desktop', 'Firefox', 1, 1, 25],
      ['Mobile', 'Safari', 1, 4, 25],
      ['Tablet', 'Chrome', 1, 3, 25],
    ]);
  });

  it('lists products with clicks, sessions, days with activity and the current name', async () => {
    const rows = await rpc<Record<string, unknown>>('get_product_performance_report', WEEK);
    expect(
      rows.map((r) => [
        r['product_name'],
        r['product_permalink'],
        r['total_clicks'],
        r['sesiones_unicas'],
        r['promedio_clicks_por_sesion'],
        r['dias_con_actividad'],
      ]),
    ).toEqual([
      ['Vestido Midi Floral', 'nike-vestido-midi-floral', 2, 2, 1, 2],
      ['Tenis Blancos', 'nike-tenis-blancos', 1, 1, 1, 1],
    ]);
  });

  it('shows filters by name and counts sessions that clicked a product after using them', async () => {
    const rows = await rpc<Record<string, unknown>>('get_filter_effectiveness_report', WEEK);
    expect(
      rows.map((r) => [
        r['filter_type'],
        r['filter_value'],
        r['total_usos'],
        r['sesiones_unicas'],
        r['sesiones_con_click'],
        r['tasa_conversion_pct'],
      ]),
    ).toEqual([
      ['category', 'Vestidos', 2, 2, 0, 0],
      ['brand', 'Nike', 1, 1, 1, 100],
      ['size', 'M', 1, 1, 0, 0],
    ]);
  });

  it('groups search terms without case or extra spaces and counts their Mexico City days', async () => {
    const rows = await rpc<Record<string, unknown>>('get_search_trends_report', WEEK);
    expect(
      rows.map((r) => [
        r['search_term'],
        r['total_busquedas'],
        r['sesiones_unicas'],
        r['promedio_busquedas_por_sesion'],
        r['dias_con_busqueda'],
        r['tendencia'],
      ]),
    ).toEqual([
      ['tenis', 2, 2, 1, 2, 'Inactivo'],
      ['vestido rojo', 2, 1, 2, 2, 'Inactivo'],
    ]);
  });

  it('lists every term, readable filter and product of a period', async () => {
    const rows = await rpc<Record<string, unknown>>('get_analytics_by_period', WEEK);
    expect(rows.map((r) => [r['metric_type'], r['metric_value'], r['metric_label'], r['count'], r['unique_sessions']])).toEqual([
      ['filter_category', 'Vestidos', 'Vestidos', 2, 2],
      ['product_click', 'nike-vestido-midi-floral', 'Vestido Midi Floral', 2, 2],
      ['search', 'tenis', 'tenis', 2, 2],
      ['search', 'vestido rojo', 'vestido rojo', 2, 1],
      ['filter_brand', 'Nike', 'Nike', 1, 1],
      ['filter_size', 'M', 'M', 1, 1],
      ['product_click', 'nike-tenis-blancos', 'Tenis Blancos', 1, 1],
    ]);
  });

  it('says when each term, filter and product was first and last seen in the period', async () => {
    const at = (iso: unknown) => new Date(String(iso)).toISOString();
    const rows = await rpc<Record<string, unknown>>('get_analytics_by_period', WEEK);
    const times = Object.fromEntries(rows.map((r) => [`${r['metric_type']} ${r['metric_value']}`, [at(r['first_at']), at(r['last_at'])]]));
    expect(times['search vestido rojo']).toEqual([mx('2026-03-03T23:30'), mx('2026-03-04T00:30')]);
    expect(times['search tenis']).toEqual([mx('2026-03-04T10:10'), mx('2026-03-08T20:00')]);
    expect(times['filter_category Vestidos']).toEqual([mx('2026-03-04T10:00'), mx('2026-03-09T12:02')]);
    expect(times['product_click nike-vestido-midi-floral']).toEqual([mx('2026-03-04T00:45'), mx('2026-03-09T12:00')]);
    // one day of the week: only that day's searches
    const day = await rpc<Record<string, unknown>>('get_analytics_by_period', { start_date: '2026-03-08', end_date: '2026-03-08' });
    const tenis = day.find((r) => r['metric_value'] === 'tenis');
    expect([at(tenis?.['first_at']), at(tenis?.['last_at'])]).toEqual([mx('2026-03-08T20:00'), mx('2026-03-08T20:00')]);
  });

  it('labels recent searches Reciente (24 h) or Activo (7 days)', async () => {
    const service = serviceClient();
    const ago = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
    const { error } = await service.from('search_analytics').insert([
      { session_id: 'sesion-reciente-1', search_term: 'bolsa', created_at: ago(1) },
      { session_id: 'sesion-reciente-1', search_term: 'botas', created_at: ago(72) },
    ]);
    expect(error).toBeNull();
    const rows = await rpc<{ search_term: string; tendencia: string }>('get_search_trends_report', {
      start_date: mexicoDate(-10),
      end_date: mexicoDate(0),
    });
    expect(Object.fromEntries(rows.map((r) => [r.search_term, r.tendencia]))).toEqual({ bolsa: 'Reciente', botas: 'Activo' });
  });

  it('keeps all-time summaries per term, readable filter value and product', async () => {
    const { data: terms } = await admin.from('search_analytics_summary').select('*').eq('search_term', 'vestido rojo');
    expect(terms).toEqual([
      {
        search_term: 'vestido rojo',
        search_count: 2,
        unique_sessions: 1,
        first_search: expect.any(String),
        last_search: expect.any(String),
      },
    ]);
    const { data: filters } = await admin
      .from('filter_analytics_summary')
      .select('filter_type,filter_value,filter_count,unique_sessions')
      .order('filter_count', { ascending: false });
    expect(filters?.[0]).toEqual({ filter_type: 'category', filter_value: 'Vestidos', filter_count: 2, unique_sessions: 2 });
    const { data: products } = await admin
      .from('product_click_summary')
      .select('product_name,click_count,unique_sessions')
      .order('product_name');
    expect(products).toEqual([
      { product_name: 'Tenis Blancos', click_count: 2, unique_sessions: 2 },
      { product_name: 'Vestido Midi Floral', click_count: 2, unique_sessions: 2 },
    ]);
  });
});

describe('user activity', () => {
  it('shows filter activity by name, with the raw value kept', async () => {
    const rows = await rpc<Record<string, unknown>>('get_detailed_filter_analytics', { limit_count: 10, ...WEEK });
    expect(
      rows.map((r) => [r['action_value_readable'], r['filter_value_readable'], r['filter_value_original'] === r['action_value']]),
    ).toEqual([
      ['Categoría: Vestidos', 'Vestidos', true],
      ['Talla: M', 'M', true],
      ['Categoría: Vestidos', 'Vestidos', true],
      ['Marca: Nike', 'Nike', true],
    ]);
    expect(rows[0]).toMatchObject({
      id: expect.stringMatching(/^filter:\d+$/),
      action_type: 'filter',
      action_value: categoryId,
      tipo_dispositivo: 'Tablet',
      navegador: 'Chrome',
    });
  });

  it('merges all activity latest first, up to the limit', async () => {
    const rows = await rpc<Record<string, unknown>>('get_detailed_all_activities', { limit_count: 4, ...WEEK });
    expect(rows.map((r) => [r['action_type'], r['action_value_readable']])).toEqual([
      ['filter', 'Categoría: Vestidos'],
      ['product_click', 'Tenis Blancos'],
      ['product_click', 'Vestido Midi Floral'],
      ['search', 'TENIS'],
    ]);
    expect(rows[1]).toMatchObject({ action_value: p2, product_permalink: 'nike-tenis-blancos', session_id: S3 });
    const byDate = await rpc('get_detailed_activities_by_date', { ...WEEK, limit_count: 100 });
    expect(byDate).toHaveLength(11);
    expect(await rpc('get_detailed_search_analytics', WEEK)).toHaveLength(4);
    expect(await rpc('get_detailed_product_click_analytics', WEEK)).toHaveLength(3);
  });

  it('summarises sessions: counts, duration across midnight, device and browser', async () => {
    const rows = await rpc<Record<string, unknown>>('get_user_behavior_report', WEEK);
    expect(rows.map((r) => r['session_id'])).toEqual([S3, S4, S2, S1]);
    expect(rows[3]).toMatchObject({
      total_actividades: 4,
      busquedas: 2,
      filtros: 1,
      clicks_productos: 1,
      duracion_sesion_minutos: 75,
      tipo_dispositivo: 'Mobile',
      navegador: 'Safari',
    });
    const sessions = await rpc<Record<string, unknown>>('get_session_activities_detailed', { limit_count: 2, ...WEEK });
    expect(
      sessions.map((s) => [s['session_id'], s['duracion_minutos'], s['total_actividades'], s['tipo_dispositivo'], s['user_agent']]),
    ).toEqual([
      [S3, 2, 3, 'Tablet', UA.androidTablet],
      [S4, 0, 1, 'Desktop', UA.windowsFirefox],
    ]);
  });

  it('follows journeys session by session with numbered steps', async () => {
    const rows = await rpc<Record<string, unknown>>('get_user_journey_detailed', { limit_count: 6, ...WEEK });
    expect(rows.map((r) => [r['session_id'], r['step_number'], r['flow_step']])).toEqual([
      [S3, 1, 'Clic: Vestido Midi Floral'],
      [S3, 2, 'Clic: Tenis Blancos'],
      [S3, 3, 'Filtro Categoría: Vestidos'],
      [S4, 1, 'Búsqueda: TENIS'],
      [S2, 1, 'Filtro Categoría: Vestidos'],
      [S2, 2, 'Filtro Talla: M'],
    ]);
    expect(rows[0]?.['actividad_timestamp']).toBe(rows[0]?.['created_at']);
  });
});

describe('deleted products', () => {
  it('keep their clicks under the name and permalink they were recorded with', async () => {
    const { id: campaignId } = await one<{ id: string }>(`select campaign_id as id from products where id = $1`, [p1]);
    const { id } = await one<{ id: string }>(
      `insert into products (campaign_id, marca, nombre, precio_original, precio_venta, permalink)
       values ($1, 'Nike', 'Bolsa Antigua', 900, 500, 'nike-bolsa-antigua') returning id`,
      [campaignId],
    );
    const { error } = await serviceClient()
      .from('product_click_analytics')
      .insert({
        session_id: 'sesion-borrada-01',
        product_id: id,
        product_name: 'Bolsa Antigua',
        product_permalink: 'nike-bolsa-antigua',
        created_at: mx('2026-02-10T12:00'),
      });
    expect(error).toBeNull();
    await sql.query('delete from products where id = $1', [id]);
    const day = { start_date: '2026-02-10', end_date: '2026-02-10' };
    expect(await rpc('get_analytics_by_period', day)).toEqual([
      {
        metric_type: 'product_click',
        metric_value: 'nike-bolsa-antigua',
        metric_label: 'Bolsa Antigua',
        count: 1,
        unique_sessions: 1,
        first_at: expect.stringMatching(/^2026-02-10T18:00:00/),
        last_at: expect.stringMatching(/^2026-02-10T18:00:00/),
      },
    ]);
    const products = await rpc<Record<string, unknown>>('get_product_performance_report', day);
    expect(products.map((r) => [r['product_id'], r['product_name'], r['product_permalink'], r['total_clicks']])).toEqual([
      [null, 'Bolsa Antigua', 'nike-bolsa-antigua', 1],
    ]);
    const { data } = await admin.from('product_click_summary').select('product_name,product_permalink').eq('product_id', id);
    expect(data).toEqual([{ product_name: 'Bolsa Antigua', product_permalink: 'nike-bolsa-antigua' }]);
  });
});

describe('device and browser from the user agent', () => {
  it('classifies real user agents', async () => {
    const cases: [string, string, string][] = [
      [UA.iphoneSafari, 'Mobile', 'Safari'],
      [UA.windowsChrome, 'Desktop', 'Chrome'],
      [UA.androidTablet, 'Tablet', 'Chrome'],
      [UA.windowsFirefox, 'Desktop', 'Firefox'],
      [
        'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.122 Mobile Safari/537.36',
        'Mobile',
        'Chrome',
      ],
      [
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.68',
        'Desktop',
        'Edge',
      ],
      [
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36 EdgA/126.0.2592.80',
        'Mobile',
        'Edge',
      ],
      [
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
        'Mobile',
        'Chrome',
      ],
      [
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/127.0 Mobile/15E148 Safari/605.1.15',
        'Mobile',
        'Firefox',
      ],
      [
        'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
        'Tablet',
        'Safari',
      ],
      [
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
        'Desktop',
        'Safari',
      ],
      [
        'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
        'Mobile',
        'Otros',
      ],
      [
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 OPR/111.0.0.0',
        'Desktop',
        'Otros',
      ],
      [
        'Mozilla/5.0 (Linux; Android 9; KFTRWI) AppleWebKit/537.36 (KHTML, like Gecko) Silk/126.3.1 like Chrome/126.0.6478.126 Safari/537.36',
        'Tablet',
        'Chrome',
      ],
      [
        'Mozilla/5.0 (Windows Phone 10.0; Android 6.0.1; Microsoft; Lumia 950) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/52.0.2743.116 Mobile Safari/537.36 Edge/15.15063',
        'Mobile',
        'Edge',
      ],
      ['curl/8.5.0', 'Desktop', 'Otros'],
    ];
    const { rows } = await sql.query<{ device: string; browser: string }>(
      'select public.device_type(u) as device, public.browser_name(u) as browser from unnest($1::text[]) with ordinality as t(u, n) order by n',
      [cases.map((c) => c[0])],
    );
    expect(rows.map((r) => [r.device, r.browser])).toEqual(cases.map((c) => [c[1], c[2]]));
  });
});

describe('retention', () => {
  it('folds events older than 13 months into daily totals that the reports still count, once', async () => {
    const before = await rpc('get_daily_activity_report_by_date', { start_date: oldDay, end_date: oldDay });
    const result = await one<{ r: { days_folded: number; events_deleted: number } }>('select private.prune_analytics() as r');
    expect(result.r).toMatchObject({ days_folded: 1, events_deleted: 3 });
    const raw = await one<{ n: number }>(
      `select (select count(*) from search_analytics where session_id = $1)
      + (select count(*) from product_click_analytics where session_id = $1) as n`,
      [OLD],
    );
    expect(Number(raw.n)).toBe(0);
    const after = await rpc('get_daily_activity_report_by_date', { start_date: oldDay, end_date: oldDay });
    expect(after).toEqual(before);
    expect(after).toEqual([{ fecha: oldDay, sesiones_unicas: 1, total_actividades: 3, busquedas: 2, filtros: 0, clicks_productos: 1 }]);
    expect(await rpc('get_analytics_summary', { start_date: oldDay, end_date: oldDay })).toEqual([
      { total_searches: 2, total_filters: 0, total_product_clicks: 1, unique_sessions: 1 },
    ]);
    const again = await one<{ r: { days_folded: number; events_deleted: number } }>('select private.prune_analytics() as r');
    expect(again.r).toMatchObject({ days_folded: 0, events_deleted: 0 });
    expect(await rpc('get_daily_activity_report_by_date', { start_date: oldDay, end_date: oldDay })).toEqual(after);
    // the recent fixture is untouched
    expect((await rpc('get_analytics_summary', WEEK))[0]).toMatchObject({ total_searches: 4 });
  });
});

describe('access', () => {
  const calls: [string, Record<string, unknown>][] = [
    ['get_analytics_summary', {}],
    ['get_analytics_by_period', WEEK],
    ['get_daily_activity_report', {}],
    ['get_daily_activity_report_by_date', WEEK],
    ['get_hourly_performance_report', {}],
    ['get_hourly_performance_report_by_date', WEEK],
    ['get_weekly_trends_report', {}],
    ['get_weekly_trends_report_by_date', WEEK],
    ['get_user_behavior_report', {}],
    ['get_conversion_funnel_report', {}],
    ['get_device_browser_report', {}],
    ['get_product_performance_report', {}],
    ['get_filter_effectiveness_report', {}],
    ['get_search_trends_report', {}],
    ['get_detailed_search_analytics', {}],
    ['get_detailed_filter_analytics', {}],
    ['get_detailed_product_click_analytics', {}],
    ['get_detailed_all_activities', {}],
    ['get_detailed_activities_by_date', WEEK],
    ['get_session_activities_detailed', {}],
    ['get_user_journey_detailed', {}],
  ];
  const views = ['search_analytics_summary', 'filter_analytics_summary', 'product_click_summary'];

  it('gives admins every report and view', async () => {
    for (const [fn, args] of calls) await rpc(fn, args);
    for (const view of views) {
      const { data, error } = await admin.from(view as 'search_analytics_summary').select('*');
      expect(error, view).toBeNull();
      expect(data?.length, view).toBeGreaterThan(0);
    }
  });

  for (const who of ['anon', 'a signed-in shopper'] as const) {
    it(`gives ${who} an error or nothing from every report and view`, async () => {
      const client = who === 'anon' ? anonClient() : await userClient();
      for (const [fn, args] of calls) {
        const { data, error } = await (client.rpc as (f: string, a: object) => PromiseLike<{ data: unknown; error: unknown }>)(fn, args);
        expect(error !== null || (Array.isArray(data) && data.length === 0), `${who}: ${fn}`).toBe(true);
      }
      for (const view of views) {
        const { data, error } = await client.from(view as 'search_analytics_summary').select('*');
        expect(error !== null || data?.length === 0, `${who}: ${view}`).toBe(true);
      }
    });
  }
});

describe('reset', () => {
  it('empties every report when the event tables are emptied', async () => {
    const { data: before } = await admin.from('search_analytics_summary').select('search_term');
    expect(before?.length).toBeGreaterThan(0);
    await sql.query('truncate search_analytics, filter_analytics, product_click_analytics');
    const { data: after } = await admin.from('search_analytics_summary').select('search_term');
    expect(after).toEqual([]);
    expect(await rpc('get_analytics_summary', WEEK)).toEqual([
      { total_searches: 0, total_filters: 0, total_product_clicks: 0, unique_sessions: 0 },
    ]);
  });
});
