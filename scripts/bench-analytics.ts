/**
 * `npm run bench:analytics` (also the last part of `npm run bench`): every analytics view and report
 * over 1,000,000 events (BENCH_EVENTS to change) on a throwaway local stack, called BENCH_RUNS times
 * (default 15, after 2 warm-up calls) as an admin through the API with the screens' default
 * parameters (last 30 days; last 7 days and 100 rows for user activity). Beside each, a baseline
 * measured in the same run: the same answer computed straight from the three event tables with
 * plain GROUP BY queries (no rollups), sent directly to Postgres — so the table shows what the
 * rollups buy. Prints a Markdown table of p50/p95 and writes bench/results/<date>-analytics.json.
 * Ports: BENCH_DB_PORT, BENCH_API_PORT, BENCH_REST_PORT (default 63522, 63521, 63529).
 * Not part of `npm test`.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { todayInMexicoCity } from '../src/lib/dates.ts';
import { ensureAdmin } from './lib/admin-user.ts';
import { seedEvents } from './seed/index.ts';
import { ROOT, startStack } from './stack/index.ts';

const EVENTS = Number(process.env['BENCH_EVENTS'] ?? 1_000_000);
const RUNS = Number(process.env['BENCH_RUNS'] ?? 15);
const GOAL_MS = 200;
const port = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

interface Case {
  name: string;
  call: (admin: SupabaseClient) => PromiseLike<{ error: unknown }>;
  /** The same answer from the raw event tables, $1/$2 = the window's first and last day. */
  baseline?: string;
  days: 30 | 7 | 0;
}

const started = performance.now();
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(0)} s`;
const progress = (m: string) => console.log(`[${elapsed()}] ${m}`);

// ── baselines: plain GROUP BY over the raw events ─────────────────────────────────────────────
const WINDOW = `$1::date::timestamp at time zone 'America/Mexico_City'`;
const WINDOW_END = `($2::date + 1)::timestamp at time zone 'America/Mexico_City'`;
const inWindow = `created_at >= ${WINDOW} and created_at < ${WINDOW_END}`;
const EVENTS_SQL = `(
  select session_id, created_at, user_agent, ip_address, 's' as k from public.search_analytics where ${inWindow}
  union all select session_id, created_at, user_agent, ip_address, 'f' from public.filter_analytics where ${inWindow}
  union all select session_id, created_at, user_agent, ip_address, 'c' from public.product_click_analytics where ${inWindow}
)`;
const SESSIONS_SQL = `(select session_id, count(*) as n, count(*) filter (where k = 's') as b, count(*) filter (where k = 'f') as f,
  count(*) filter (where k = 'c') as c, min(created_at) as first_at, max(created_at) as last_at,
  (array_agg(user_agent order by created_at))[1] as ua, (array_agg(ip_address order by created_at))[1] as ip
  from ${EVENTS_SQL} e group by session_id)`;
const PER_BUCKET = (bucket: string) =>
  `select ${bucket} as bucket, count(distinct session_id), count(*), count(*) filter (where k = 's'),
     count(*) filter (where k = 'f'), count(*) filter (where k = 'c') from ${EVENTS_SQL} e group by 1 order by 1 desc`;
const LOCAL = `(created_at at time zone 'America/Mexico_City')`;
const TERM = `lower(btrim(regexp_replace(search_term, '\\s+', ' ', 'g')))`;

const rpc = (fn: string, args: Record<string, unknown>) => (admin: SupabaseClient) => admin.rpc(fn, args);
const CASES = (today: string, d30: string, d7: string): Case[] => {
  const p30 = { start_date: d30, end_date: today };
  const p7 = { start_date: d7, end_date: today };
  return [
    {
      name: 'search_analytics_summary (top 20)',
      days: 0,
      call: (a) => a.from('search_analytics_summary').select('*').order('search_count', { ascending: false }).limit(20),
      baseline: `select ${TERM}, count(*), count(distinct session_id), min(created_at), max(created_at) from public.search_analytics where $1::date is not null and $2::date is not null group by 1 order by 2 desc limit 20`,
    },
    {
      name: 'filter_analytics_summary (top 20)',
      days: 0,
      call: (a) => a.from('filter_analytics_summary').select('*').order('filter_count', { ascending: false }).limit(20),
      baseline: `select filter_type, filter_value, count(*), count(distinct session_id), min(created_at), max(created_at) from public.filter_analytics where $1::date is not null and $2::date is not null group by 1, 2 order by 3 desc limit 20`,
    },
    {
      name: 'product_click_summary (top 20)',
      days: 0,
      call: (a) => a.from('product_click_summary').select('*').order('click_count', { ascending: false }).limit(20),
      baseline: `select product_id, count(*), count(distinct session_id), min(created_at), max(created_at) from public.product_click_analytics where $1::date is not null and $2::date is not null group by 1 order by 2 desc limit 20`,
    },
    {
      name: 'get_analytics_summary',
      days: 30,
      call: rpc('get_analytics_summary', p30),
      baseline: `select count(*) filter (where k = 's'), count(*) filter (where k = 'f'), count(*) filter (where k = 'c'), count(distinct session_id) from ${EVENTS_SQL} e`,
    },
    { name: 'get_analytics_by_period', days: 30, call: rpc('get_analytics_by_period', p30) },
    {
      name: 'get_daily_activity_report',
      days: 30,
      call: rpc('get_daily_activity_report', { limit_count: 30, ...p30 }),
      baseline: PER_BUCKET(`${LOCAL}::date`),
    },
    {
      name: 'get_daily_activity_report_by_date',
      days: 30,
      call: rpc('get_daily_activity_report_by_date', p30),
      baseline: PER_BUCKET(`${LOCAL}::date`),
    },
    {
      name: 'get_hourly_performance_report',
      days: 7,
      call: rpc('get_hourly_performance_report', { limit_count: 168, ...p7 }),
      baseline: PER_BUCKET(`date_trunc('hour', ${LOCAL})`),
    },
    {
      name: 'get_hourly_performance_report_by_date',
      days: 7,
      call: rpc('get_hourly_performance_report_by_date', p7),
      baseline: PER_BUCKET(`date_trunc('hour', ${LOCAL})`),
    },
    {
      name: 'get_weekly_trends_report',
      days: 30,
      call: rpc('get_weekly_trends_report', { limit_count: 12, ...p30 }),
      baseline: PER_BUCKET(`date_trunc('week', ${LOCAL})`),
    },
    {
      name: 'get_weekly_trends_report_by_date',
      days: 30,
      call: rpc('get_weekly_trends_report_by_date', p30),
      baseline: PER_BUCKET(`date_trunc('week', ${LOCAL})`),
    },
    {
      name: 'get_user_behavior_report',
      days: 30,
      call: rpc('get_user_behavior_report', { limit_count: 100, ...p30 }),
      baseline: `select session_id, n, b, f, c, first_at, last_at, public.device_type(ua), public.browser_name(ua) from ${SESSIONS_SQL} s order by last_at desc limit 100`,
    },
    {
      name: 'get_conversion_funnel_report',
      days: 30,
      call: rpc('get_conversion_funnel_report', p30),
      baseline: `select count(*), count(*) filter (where b > 0), count(*) filter (where f > 0), count(*) filter (where c > 0) from ${SESSIONS_SQL} s`,
    },
    {
      name: 'get_device_browser_report',
      days: 30,
      call: rpc('get_device_browser_report', p30),
      baseline: `select public.device_type(ua), public.browser_name(ua), count(*), sum(n) from ${SESSIONS_SQL} s group by 1, 2 order by 3 desc`,
    },
    { name: 'get_product_performance_report', days: 30, call: rpc('get_product_performance_report', { limit_count: 50, ...p30 }) },
    { name: 'get_filter_effectiveness_report', days: 30, call: rpc('get_filter_effectiveness_report', { limit_count: 50, ...p30 }) },
    { name: 'get_search_trends_report', days: 30, call: rpc('get_search_trends_report', { limit_count: 50, ...p30 }) },
    { name: 'get_detailed_search_analytics', days: 7, call: rpc('get_detailed_search_analytics', { limit_count: 100, ...p7 }) },
    { name: 'get_detailed_filter_analytics', days: 7, call: rpc('get_detailed_filter_analytics', { limit_count: 100, ...p7 }) },
    {
      name: 'get_detailed_product_click_analytics',
      days: 7,
      call: rpc('get_detailed_product_click_analytics', { limit_count: 100, ...p7 }),
    },
    { name: 'get_detailed_all_activities', days: 7, call: rpc('get_detailed_all_activities', { limit_count: 100, ...p7 }) },
    { name: 'get_detailed_activities_by_date', days: 7, call: rpc('get_detailed_activities_by_date', { ...p7, limit_count: 100 }) },
    {
      name: 'get_session_activities_detailed',
      days: 7,
      call: rpc('get_session_activities_detailed', { limit_count: 100, ...p7 }),
      baseline: `select session_id, first_at, last_at, n, b, f, c, public.device_type(ua), public.browser_name(ua), ip, ua from ${SESSIONS_SQL} s order by last_at desc limit 100`,
    },
    {
      name: 'get_user_journey_detailed',
      days: 7,
      call: rpc('get_user_journey_detailed', { limit_count: 100, ...p7 }),
      baseline: `with recent as (select session_id, last_at from ${SESSIONS_SQL} s order by last_at desc limit 100)
        select e.*, row_number() over (partition by e.session_id order by e.created_at) from ${EVENTS_SQL} e join recent r using (session_id)
        order by r.last_at desc, e.session_id, e.created_at limit 100`,
    },
  ];
};

async function sample(call: () => PromiseLike<unknown>): Promise<{ p50: number; p95: number }> {
  const samples: number[] = [];
  for (let i = 0; i < RUNS + 2; i++) {
    const t = performance.now();
    await call();
    if (i >= 2) samples.push(performance.now() - t); // two warm-up calls
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => Math.round(samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] as number);
  return { p50: at(0.5), p95: at(0.95) };
}

const work = await mkdtemp(join(tmpdir(), 'outlet-bench-analytics-'));
// Postgres runs as its own user and must reach its data folder inside.
await chmod(work, 0o755);
progress('Iniciando una pila local desechable con el catálogo demo…');
const stack = await startStack({
  dataDir: join(work, 'data'),
  dbPort: port('BENCH_DB_PORT', 63522),
  apiPort: port('BENCH_API_PORT', 63521),
  restPort: port('BENCH_REST_PORT', 63529),
  seed: true,
  durable: false,
  log: () => undefined,
});
const db = new pg.Client({ connectionString: stack.dbUrl });
try {
  await db.connect();
  progress(`Generando ${EVENTS.toLocaleString('es-MX')} eventos en los últimos 13 meses…`);
  let last = 0;
  await seedEvents({
    dbUrl: stack.dbUrl,
    count: EVENTS,
    days: 395,
    log: () => undefined,
  }).then((n) => (last = n));
  progress(`${last.toLocaleString('es-MX')} eventos; vacuum analyze (lo que haría autovacuum)…`);
  await db.query('vacuum analyze public.search_analytics, public.filter_analytics, public.product_click_analytics');
  await db.query('vacuum analyze');

  await ensureAdmin(stack.url, stack.serviceRoleKey, 'bench-analytics@outlet.local', 'bench-password-1');
  const admin = createClient(stack.url, stack.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
  const { error: signInError } = await admin.auth.signInWithPassword({
    email: 'bench-analytics@outlet.local',
    password: 'bench-password-1',
  });
  if (signInError) throw signInError;

  const today = todayInMexicoCity();
  const back = (days: number) => new Date(Date.parse(`${today}T12:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
  const cases = CASES(today, back(29), back(6));
  const rows: { name: string; window: string; p50: number; p95: number; baseline_p50: number | null; baseline_p95: number | null }[] = [];
  for (const [i, c] of cases.entries()) {
    const ours = await sample(async () => {
      const { error } = await c.call(admin);
      if (error) throw new Error(`${c.name}: ${JSON.stringify(error)}`);
    });
    const from = c.days === 7 ? back(6) : back(29);
    const base = c.baseline ? await sample(() => db.query(c.baseline as string, [from, today])) : null;
    rows.push({
      name: c.name,
      window: c.days === 0 ? 'todo' : `${c.days} días`,
      ...ours,
      baseline_p50: base?.p50 ?? null,
      baseline_p95: base?.p95 ?? null,
    });
    progress(`${i + 1}/${cases.length} ${c.name}: p95 ${ours.p95} ms${base ? ` (sin rollups: ${base.p95} ms)` : ''}`);
  }

  const fmt = (n: number | null) => (n === null ? '—' : `${n} ms`);
  const table = [
    `| consulta | periodo | p50 | p95 | p95 ≤ ${GOAL_MS} ms | sin rollups p50 | sin rollups p95 |`,
    '|---|---|---:|---:|:---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.window} | ${fmt(r.p50)} | ${fmt(r.p95)} | ${r.p95 <= GOAL_MS ? 'sí' : 'NO'} | ${fmt(r.baseline_p50)} | ${fmt(r.baseline_p95)} |`,
    ),
  ].join('\n');
  console.log(
    `\n${last.toLocaleString('es-MX')} eventos, ${RUNS} llamadas por consulta como admin vía la API (sin rollups: SQL directo a Postgres, agrupando los eventos)\n`,
  );
  console.log(table);

  const dir = join(ROOT, 'bench/results');
  await mkdir(dir, { recursive: true });
  const file = join(dir, `${today}-analytics.json`);
  await writeFile(file, `${JSON.stringify({ date: today, events: last, runs: RUNS, goal_ms: GOAL_MS, results: rows }, null, 2)}\n`);
  progress(`Resultados en ${file}`);
} finally {
  await db.end().catch(() => undefined);
  await stack.stop();
  await rm(work, { recursive: true, force: true });
}
