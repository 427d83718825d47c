/**
 * The analytics screens as an admin reads them, against a hand-built fixture of events inserted with
 * the service key: three recent sessions (yesterday, Mexico City time, inside every default window)
 * whose distinctive terms, brand, size and products carry known counts, and two sessions on a day 45
 * days ago that nothing else touches, read through Actividad's date range. Whole-screen figures that
 * demo events would also move (totals, funnel, day rows) are compared with what the database
 * functions return for the same window.
 */
import { readFile } from 'node:fs/promises';
import { createClient } from '@supabase/supabase-js';
import { formatMexicoCityDateTime } from '../../src/lib/dates.ts';
import { createAccount, mexicoDate, service } from './fixtures.ts';
import { signIn } from './sign-in.ts';
import { expect, type Locator, type Page, test } from './test.ts';

const run = Date.now().toString(36);
const ADMIN = { email: `analytics-${run}@e2e.local`, password: 'analytics-e2e-password' };

const hex8 = () => Math.random().toString(16).slice(2, 10).padEnd(8, '0');
const session = (tag: string) => `${hex8()}-e2e-${tag}-${run}`;
const S = { a: session('a'), b: session('b'), c: session('c'), d: session('d'), e: session('e') };

const UA = {
  desktop: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  android: 'Mozilla/5.0 (Android 14; Mobile; rv:126.0) Gecko/126.0 Firefox/126.0',
};
const UA_OF: Record<string, string> = { [S.a]: UA.desktop, [S.b]: UA.iphone, [S.c]: UA.android, [S.d]: UA.desktop, [S.e]: UA.iphone };

const TERM = { dress: `vestido ${run}`, formula: `=1+1 ${run}`, comma: `rojo, azul ${run}`, coat: `abrigo ${run}`, cmd: `=cmd ${run}` };
const SIZE = `T${run}`.slice(0, 20);
const BRAND = `Marca E2E ${run}`;
const PRODUCT = { a: `Producto E2E ${run} A`, b: `Producto E2E ${run} B` };

const YESTERDAY = mexicoDate(-1);
const OLD_DAY = mexicoDate(-45);
/** An instant at a Mexico City wall-clock time (UTC-6 all year). */
const at = (day: string, time: string) => new Date(`${day}T${time}-06:00`).toISOString();
const shown = (instant: string, time: 'minutes' | 'seconds' = 'seconds') => formatMexicoCityDateTime(instant, time);
const dayShown = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

let brandId = '';
const productIds = { a: '', b: '', permalinkA: `e2e-analytics-${run}-a`, permalinkB: `e2e-analytics-${run}-b` };
/** First and last search of the 'vestido' term (for the all-time view). */
let dressTimes: { first: string; last: string };

type Event =
  | { kind: 'search'; session: string; at: string; term: string }
  | { kind: 'filter'; session: string; at: string; type: string; value: string }
  | { kind: 'click'; session: string; at: string; product: 'a' | 'b' };

/**
 * How many times each recent fixture event repeats: enough for the fixture's terms, brand, size and
 * products to stay in the top 20 of every list even beside a month of demo events.
 */
const K = 25;

function recentEvents(): Event[] {
  const plan: [string, number, (when: string, session: string) => Event][] = [];
  const search =
    (term: string) =>
    (when: string, session: string): Event => ({ kind: 'search', session, at: when, term });
  const filter =
    (type: string, value: () => string) =>
    (when: string, session: string): Event => ({ kind: 'filter', session, at: when, type, value: value() });
  const click =
    (product: 'a' | 'b') =>
    (when: string, session: string): Event => ({ kind: 'click', session, at: when, product });
  // searches first, then filters, then clicks: every filtering session clicks after it filtered
  plan.push([S.a, 5, search(TERM.dress)], [S.b, 4, search(TERM.dress)], [S.c, 3, search(TERM.dress)]);
  plan.push([S.a, 5, search(TERM.formula)], [S.b, 4, search(TERM.formula)], [S.c, 6, search(TERM.comma)]);
  plan.push([S.a, 8, filter('brand', () => brandId)], [S.b, 7, filter('brand', () => brandId)], [S.c, 10, filter('size', () => SIZE)]);
  plan.push([S.a, 6, click('a')], [S.c, 5, click('a')], [S.b, 7, click('b')]);
  // one event every 2 seconds from 08:00:00 yesterday, Mexico City time
  const start = new Date(at(YESTERDAY, '08:00:00')).getTime();
  let i = 0;
  return plan.flatMap(([session, times, make]) =>
    Array.from({ length: times * K }, () => make(new Date(start + 2000 * i++).toISOString(), session)),
  );
}

function oldEvents(): Event[] {
  return [
    { kind: 'search', session: S.d, at: at(OLD_DAY, '09:05:10'), term: TERM.coat },
    { kind: 'filter', session: S.d, at: at(OLD_DAY, '09:06:00'), type: 'brand', value: brandId },
    { kind: 'click', session: S.d, at: at(OLD_DAY, '09:07:30'), product: 'a' },
    { kind: 'search', session: S.e, at: at(OLD_DAY, '18:20:45'), term: TERM.cmd },
    { kind: 'click', session: S.e, at: at(OLD_DAY, '18:21:00'), product: 'b' },
  ];
}

async function insertEvents(events: Event[]) {
  const db = service();
  const common = (e: Event) => ({
    session_id: e.session,
    created_at: e.at,
    user_agent: UA_OF[e.session] ?? null,
    page_url: 'http://127.0.0.1/tienda',
  });
  const searches = events.flatMap((e) => (e.kind === 'search' ? [{ ...common(e), search_term: e.term }] : []));
  const filters = events.flatMap((e) => (e.kind === 'filter' ? [{ ...common(e), filter_type: e.type, filter_value: e.value }] : []));
  const clicks = events.flatMap((e) =>
    e.kind === 'click'
      ? [
          {
            ...common(e),
            product_id: e.product === 'a' ? productIds.a : productIds.b,
            product_name: e.product === 'a' ? PRODUCT.a : PRODUCT.b,
            product_permalink: e.product === 'a' ? productIds.permalinkA : productIds.permalinkB,
          },
        ]
      : [],
  );
  await db.from('search_analytics').insert(searches).throwOnError();
  await db.from('filter_analytics').insert(filters).throwOnError();
  await db.from('product_click_analytics').insert(clicks).throwOnError();
}

test.beforeAll(async () => {
  await createAccount(ADMIN, 'owner');
  const db = service();
  const { data: brand } = await db
    .from('brands')
    .insert({ name: `marca-e2e-${run}`, display_name: BRAND, active: true })
    .select('id')
    .single()
    .throwOnError();
  brandId = brand.id;
  const { data: campaign } = await db
    .from('campaigns')
    .insert({ nombre: `Campaña analytics ${run}`, fecha_inicio: mexicoDate(-60), fecha_fin: mexicoDate(30) })
    .select('id')
    .single()
    .throwOnError();
  for (const key of ['a', 'b'] as const) {
    const { data } = await db
      .from('products')
      .insert({
        nombre: PRODUCT[key],
        permalink: key === 'a' ? productIds.permalinkA : productIds.permalinkB,
        campaign_id: campaign.id,
        precio_original: 1000,
        precio_venta: 600,
      })
      .select('id')
      .single()
      .throwOnError();
    productIds[key] = data.id;
  }
  const recent = recentEvents();
  const dress = recent
    .filter((e) => e.kind === 'search' && e.term === TERM.dress)
    .map((e) => e.at)
    .sort();
  dressTimes = { first: dress[0]!, last: dress.at(-1)! };
  await insertEvents([...recent, ...oldEvents()]);
});

/** The database's own answer for a report, asked as the signed-in admin. */
async function report<T = Record<string, unknown>>(name: string, args: Record<string, unknown>): Promise<T[]> {
  const client = createClient(process.env['E2E_SUPABASE_URL']!, process.env['E2E_ANON_KEY']!, { auth: { persistSession: false } });
  const { error: signInError } = await client.auth.signInWithPassword(ADMIN);
  if (signInError) throw signInError;
  const { data, error } = await (client.rpc as unknown as (n: string, a: object) => Promise<{ data: T[] | null; error: Error | null }>)(
    name,
    args,
  );
  if (error) throw error;
  return data ?? [];
}

/** The cells of the one row of `table` that contains `text`. */
async function rowCells(table: Locator, text: string): Promise<string[]> {
  const row = table.getByRole('row').filter({ hasText: text });
  await expect(row).toHaveCount(1);
  return (await row.getByRole('cell').allInnerTexts()).map((t) => t.trim());
}

const figure = (page: Page, label: string) => page.getByRole('region', { name: label, exact: true }).locator('[data-figure]');
const n = (value: unknown) => Number(value).toLocaleString('es-MX');

test('Actividad: the range and limit, every tab with the fixture of one quiet day', async ({ page }) => {
  await signIn(page, ADMIN, { at: '/admin' });
  await expect(page.getByRole('heading', { level: 1, name: 'Actividad de Usuarios' })).toBeVisible();
  await expect(page.getByLabel('Desde')).toHaveValue(mexicoDate(-6));
  await expect(page.getByLabel('Hasta')).toHaveValue(mexicoDate(0));
  await expect(page.getByRole('combobox', { name: 'Registros' })).toHaveText('100');
  await page.getByLabel('Desde').fill(OLD_DAY);
  await page.getByLabel('Hasta').fill(OLD_DAY);

  const all = page.getByRole('table', { name: 'Todas' });
  await expect(all.getByRole('row')).toHaveCount(1 + 5);
  // newest first, Mexico City clock with seconds, sessions by their first 8 characters
  expect(await all.getByRole('row').nth(1).getByRole('cell').allInnerTexts()).toEqual(
    expect.arrayContaining([`${dayShown(OLD_DAY)} 18:21:00`, 'Click', PRODUCT.b, S.e.slice(0, 8), 'Mobile', 'Safari']),
  );
  expect(await rowCells(all, TERM.cmd)).toEqual(expect.arrayContaining([`${dayShown(OLD_DAY)} 18:20:45`, 'Búsqueda', S.e.slice(0, 8)]));
  expect(await rowCells(all, `Marca: ${BRAND}`)).toEqual(
    expect.arrayContaining([`${dayShown(OLD_DAY)} 09:06:00`, 'Filtro', S.d.slice(0, 8), 'Desktop', 'Chrome']),
  );
  await expect(page.getByText(S.d)).toHaveCount(0);

  await page.getByRole('tab', { name: 'Búsquedas' }).click();
  await expect(page.getByRole('table', { name: 'Búsquedas' }).getByRole('row')).toHaveCount(1 + 2);
  await page.getByRole('tab', { name: 'Filtros' }).click();
  await expect(page.getByRole('table', { name: 'Filtros' }).getByRole('row')).toHaveCount(1 + 1);
  await page.getByRole('tab', { name: 'Clicks' }).click();
  const clicks = page.getByRole('table', { name: 'Clicks' });
  await expect(clicks.getByRole('row')).toHaveCount(1 + 2);
  await expect(clicks.getByText(PRODUCT.a)).toBeVisible();

  await page.getByRole('tab', { name: 'Sesiones' }).click();
  const sessions = page.getByRole('table', { name: 'Sesiones' });
  await expect(sessions.getByRole('row')).toHaveCount(1 + 2);
  const d = await rowCells(sessions, S.d.slice(0, 8));
  expect(d).toEqual([
    S.d.slice(0, 8),
    `${dayShown(OLD_DAY)} 09:05:10`,
    `${dayShown(OLD_DAY)} 09:07:30`,
    expect.any(String),
    '3',
    '1',
    '1',
    '1',
    'Desktop',
    'Chrome',
    expect.any(String),
  ]);
  expect(Number(d[3]!.replace(',', '.'))).toBeCloseTo(2.3, 1);

  await page.getByRole('tab', { name: 'Journeys' }).click();
  const journey = page.getByRole('region', { name: S.d.slice(0, 8) });
  await expect(journey.getByRole('listitem')).toHaveText([
    new RegExp(`^1\\.\\s*Búsqueda: ${TERM.coat}\\s*${dayShown(OLD_DAY)} 09:05:10$`),
    new RegExp(`^2\\.\\s*Filtro Marca: ${BRAND}\\s*${dayShown(OLD_DAY)} 09:06:00$`),
    new RegExp(`^3\\.\\s*Clic: ${PRODUCT.a}\\s*${dayShown(OLD_DAY)} 09:07:30$`),
  ]);
  await expect(page.getByRole('region', { name: S.e.slice(0, 8) }).getByRole('listitem')).toHaveCount(2);

  // a failing read shows its tab's own text
  await page.route('**/rest/v1/rpc/get_user_journey_detailed*', (route) => route.fulfill({ status: 500, json: { message: 'boom' } }));
  await page.getByRole('combobox', { name: 'Registros' }).click();
  await page.getByRole('option', { name: '50', exact: true }).click();
  await expect(page.getByText('Error al cargar journeys de usuarios')).toBeVisible();
});

test('Analytics: cards, top lists and CSV files for the last 30 days, and the whole history', async ({ page }) => {
  const range = { start_date: mexicoDate(-29), end_date: mexicoDate(0) };
  const [summary] = await report<Record<string, number>>('get_analytics_summary', range);
  await signIn(page, ADMIN, { at: '/admin/analytics' });
  await expect(page.getByRole('combobox', { name: 'Período' })).toHaveText('Últimos 30 días');
  await expect(figure(page, 'Búsquedas')).toHaveText(n(summary!['total_searches']));
  await expect(figure(page, 'Filtros aplicados')).toHaveText(n(summary!['total_filters']));
  await expect(figure(page, 'Clicks en productos')).toHaveText(n(summary!['total_product_clicks']));
  await expect(figure(page, 'Sesiones únicas')).toHaveText(n(summary!['unique_sessions']));
  expect(Number(summary!['total_searches'])).toBeGreaterThanOrEqual(27 * K);

  // first and last times within the period, Mexico City time to the minute
  const time = expect.stringMatching(/^\d\d\/\d\d\/\d{4} \d\d:\d\d$/);
  const dress = [shown(dressTimes.first, 'minutes'), shown(dressTimes.last, 'minutes')];
  const searches = page.getByRole('table', { name: 'Búsquedas' });
  expect(await rowCells(searches, TERM.dress)).toEqual([TERM.dress, n(12 * K), '3', ...dress]);
  expect(await rowCells(searches, TERM.formula)).toEqual([TERM.formula, n(9 * K), '2', time, time]);
  expect(await rowCells(searches, TERM.comma)).toEqual([TERM.comma, n(6 * K), '1', time, time]);
  await expect(searches.getByText(TERM.coat)).toHaveCount(0);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar búsquedas' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`busquedas_populares_${mexicoDate(0)}.csv`);
  const csv = await readFile((await file.path())!, 'utf8');
  const lines = csv.replace(/^\uFEFF/, '').split('\r\n');
  expect(lines[0]).toBe('Término de búsqueda,Búsquedas,Sesiones únicas,Primera búsqueda,Última búsqueda');
  expect(lines).toEqual(
    expect.arrayContaining([
      `${TERM.dress},${12 * K},3,${dress.join(',')}`,
      expect.stringMatching(new RegExp(`^"'=1\\+1 ${run}",${9 * K},2,\\d\\d/`)),
      expect.stringMatching(new RegExp(`^"${TERM.comma}",${6 * K},1,\\d\\d/`)),
    ]),
  );

  await page.getByRole('tab', { name: 'Filtros' }).click();
  const filters = page.getByRole('table', { name: 'Filtros' });
  expect(await rowCells(filters, BRAND)).toEqual(['Marca', BRAND, n(15 * K), '2', time, time]);
  expect(await rowCells(filters, SIZE)).toEqual(['Talla', SIZE, n(10 * K), '1', time, time]);

  await page.getByRole('tab', { name: 'Productos' }).click();
  const products = page.getByRole('table', { name: 'Productos' });
  expect(await rowCells(products, PRODUCT.a)).toEqual([PRODUCT.a, productIds.permalinkA, n(11 * K), '2', time, time]);
  expect(await rowCells(products, PRODUCT.b)).toEqual([PRODUCT.b, productIds.permalinkB, n(7 * K), '1', time, time]);

  // the whole history: the old day counts too
  await page.getByRole('combobox', { name: 'Período' }).click();
  await page.getByRole('option', { name: 'Todo el historial' }).click();
  expect(await rowCells(page.getByRole('table', { name: 'Productos' }), PRODUCT.a)).toEqual([
    PRODUCT.a,
    productIds.permalinkA,
    n(11 * K + 1),
    '3',
    expect.any(String),
    expect.any(String),
  ]);
  await page.getByRole('tab', { name: 'Búsquedas' }).click();
  expect(await rowCells(page.getByRole('table', { name: 'Búsquedas' }), TERM.dress)).toEqual([
    TERM.dress,
    n(12 * K),
    '3',
    shown(dressTimes.first, 'minutes'),
    shown(dressTimes.last, 'minutes'),
  ]);
  const allDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar todo' }).click();
  const allFile = await allDownload;
  expect(allFile.suggestedFilename()).toBe(`todas_las_estadisticas_${mexicoDate(0)}.csv`);
  const allLines = (await readFile((await allFile.path())!, 'utf8')).replace(/^\uFEFF/, '').split('\r\n');
  expect(allLines[0]).toBe('Tipo,Elemento,Cantidad,Sesiones únicas,Primera vez,Última vez');
  expect(allLines).toEqual(
    expect.arrayContaining([
      `Búsqueda,${TERM.dress},${12 * K},3,${shown(dressTimes.first, 'minutes')},${shown(dressTimes.last, 'minutes')}`,
      expect.stringMatching(new RegExp(`^Búsqueda,"'=1\\+1 ${run}",${9 * K},2,\\d\\d/`)),
      expect.stringMatching(new RegExp(`^Filtro: Marca,${BRAND},${15 * K + 1},3,`)),
      expect.stringMatching(new RegExp(`^Producto,${PRODUCT.b},${7 * K + 1},2,`)),
    ]),
  );
});

test('Analytics: loading, empty panels, nothing to export, and the error in place of the screen', async ({ page }) => {
  await signIn(page, ADMIN, { at: '/admin/featured-products' });
  await page.route('**/rest/v1/rpc/get_analytics_by_period*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.fulfill({ json: [] });
  });
  await page.getByRole('menuitem', { name: 'Analytics', exact: true }).click();
  await expect(page.getByText('Cargando estadísticas...')).toBeVisible();
  for (const text of [
    'No hay datos de búsquedas disponibles',
    'No hay datos de filtros disponibles',
    'No hay datos de productos disponibles',
  ]) {
    await expect(page.getByRole('region').getByText(text)).toBeVisible();
  }
  await page.getByRole('button', { name: 'Exportar todo' }).click();
  await expect(page.getByText('No hay datos para exportar')).toBeVisible();

  await page.unroute('**/rest/v1/rpc/get_analytics_by_period*');
  await page.route('**/rest/v1/rpc/get_analytics_by_period*', (route) => route.fulfill({ status: 500, json: { message: 'boom' } }));
  await page.getByRole('combobox', { name: 'Período' }).click();
  await page.getByRole('option', { name: 'Últimos 90 días' }).click();
  await expect(page.getByText('Error: Error al cargar estadísticas por período', { exact: true })).toBeVisible();
  await expect(page.getByText('boom')).toHaveCount(0);

  await page.route('**/rest/v1/rpc/get_analytics_summary*', (route) => route.fulfill({ status: 500, json: { message: 'boom' } }));
  await page.getByRole('combobox', { name: 'Período' }).click();
  await page.getByRole('option', { name: 'Últimos 7 días' }).click();
  const error = page.getByText('Error: Error al cargar estadísticas', { exact: true });
  await expect(error).toBeVisible();
  await expect(error).toHaveCSS('color', 'rgb(211, 47, 47)');
  await expect(page.getByRole('tab')).toHaveCount(0);
});

test('Reportes: funnel, every tab with the fixture, charts, and the empty and error texts', async ({ page }) => {
  const range = { start_date: mexicoDate(-29), end_date: mexicoDate(0) };
  const [funnel] = await report<Record<string, number>>('get_conversion_funnel_report', range);
  const daily = await report<Record<string, number | string>>('get_daily_activity_report', { limit_count: 30, ...range });
  const behavior = await report<{ session_id: string }>('get_user_behavior_report', { limit_count: 100, ...range });
  await signIn(page, ADMIN, { at: '/admin/reports' });
  await expect(figure(page, 'Sesiones totales')).toHaveText(n(funnel!['total_sesiones']));
  await expect(figure(page, 'Sesiones con búsqueda')).toHaveText(n(funnel!['sesiones_con_busqueda']));
  await expect(figure(page, 'Sesiones con click')).toHaveText(n(funnel!['sesiones_con_click']));
  await expect(page.getByRole('region', { name: 'Sesiones con filtro' })).toContainText(
    `${n(funnel!['conversion_filtro_pct'])}% de las sesiones`,
  );
  await expect(page.getByRole('figure', { name: 'Embudo de conversión' }).locator('svg').first()).toBeVisible();

  // Actividad: the charts and yesterday's row as the database counts it
  await expect(page.getByRole('figure', { name: 'Actividad por día' }).locator('svg').first()).toBeVisible();
  await expect(page.getByRole('figure', { name: 'Actividad por hora del día' }).locator('svg').first()).toBeVisible();
  const yesterday = daily.find((d) => d['fecha'] === YESTERDAY)!;
  expect(await rowCells(page.getByRole('table', { name: 'Actividad por día' }), dayShown(YESTERDAY))).toEqual([
    dayShown(YESTERDAY),
    n(yesterday['sesiones_unicas']),
    n(yesterday['total_actividades']),
    n(yesterday['busquedas']),
    n(yesterday['filtros']),
    n(yesterday['clicks_productos']),
  ]);
  expect(Number(yesterday['total_actividades'])).toBeGreaterThanOrEqual(70 * K);

  await page.getByRole('tab', { name: 'Tendencias' }).click();
  await expect(page.getByRole('figure', { name: 'Tendencias semanales' }).locator('svg').first()).toBeVisible();

  await page.getByRole('tab', { name: 'Usuarios' }).click();
  const users = page.getByRole('table', { name: 'Comportamiento de usuarios' });
  await expect(users.getByRole('row')).toHaveCount(1 + Math.min(20, behavior.length));
  await expect(users.getByRole('row').nth(1).getByRole('cell').first()).toHaveText(behavior[0]!.session_id.slice(0, 8));

  await page.getByRole('tab', { name: 'Dispositivos' }).click();
  await expect(page.getByRole('figure', { name: 'Navegadores' }).locator('svg').first()).toBeVisible();
  await expect(page.getByRole('table', { name: 'Dispositivos' }).getByRole('row').filter({ hasText: 'Firefox' }).first()).toBeVisible();

  await page.getByRole('tab', { name: 'Productos' }).click();
  expect(await rowCells(page.getByRole('table', { name: 'Rendimiento de productos' }), PRODUCT.a)).toEqual([
    PRODUCT.a,
    n(11 * K),
    '2',
    n((11 * K) / 2),
    '1',
    expect.any(String),
  ]);
  expect(await rowCells(page.getByRole('table', { name: 'Efectividad de filtros' }), BRAND)).toEqual([
    'Marca',
    BRAND,
    n(15 * K),
    '2',
    '2',
    '100',
    expect.any(String),
  ]);

  await page.getByRole('tab', { name: 'Búsquedas' }).click();
  expect(await rowCells(page.getByRole('table', { name: 'Tendencias de búsqueda' }), TERM.dress)).toEqual([
    TERM.dress,
    n(12 * K),
    '3',
    n(4 * K),
    '1',
    expect.any(String),
    expect.any(String),
  ]);

  // every report empty, then every report failing (the default period, then another one)
  await page.route('**/rest/v1/rpc/get_*', (route) => route.fulfill({ json: [] }));
  await page.reload();
  await expect(
    page.getByText('No hay datos de analytics disponibles. Los reportes aparecerán cuando los usuarios interactúen con la tienda.'),
  ).toBeVisible();
  await page.unrouteAll();
  await page.route('**/rest/v1/rpc/get_*', (route) => route.fulfill({ status: 500, json: { message: 'boom' } }));
  await page.reload();
  await expect(page.getByText('Error al cargar reportes. Verifica la conexión a la base de datos.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Período' }).click();
  await page.getByRole('option', { name: 'Últimos 7 días' }).click();
  await expect(page.getByText('Error al cargar reportes por fecha. Verifica la conexión a la base de datos.')).toBeVisible();
});
