/**
 * The REST API probed as an attacker with the anon key, and as a signed-in user without the admin
 * claim. The requests are generated from the database's catalogue: every table and view the API
 * serves, each of its columns, each foreign key (embedded from both sides), and every function
 * with its arguments, through PostgREST's query language (select lists, embedding, filters, `or`,
 * ordering, paging, `Range`, `Prefer` headers, every method, bulk bodies, plausible and garbage
 * RPC arguments). Whatever the request, the answer must never:
 *   - be a server error (5xx);
 *   - carry a hidden column (cost price, supplier link, anything of product_private, an analytics
 *     event's address, user agent or session id), as a key or as a value;
 *   - carry a product, image or size of a campaign that has ended;
 *   - have written anything except new analytics events and remembered shop answers (every table is checksummed by the
 *     postgres, which bypasses RLS, before and after; the analytics tables' existing rows must stay as they were, and
 *     the private rollups their triggers keep may grow).
 * HARDENING_FULL=1 tries every filter operator on every column and every RPC argument value.
 */
import { writeFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import * as F from '../db/fixture.ts';
import { mexicoDate, sql, stack, userClient } from '../db/helpers.ts';

const FULL = process.env['HARDENING_FULL'] === '1';
const CONCURRENCY = 6;

const ANALYTICS = ['search_analytics', 'filter_analytics', 'product_click_analytics'];
/** Private tables kept by the analytics tables' triggers (rate limits and rollups). */
const ANALYTICS_ROLLUP = /^private\.(analytics_|search_term_|filter_value_|product_click_)/;
/** Keys that must never appear in an answer's data. */
const HIDDEN_KEYS = new Set(['costo_compra', 'link_externo', 'ip_address', 'user_agent', 'session_id']);
// Values only hidden columns hold (set below), so finding them anywhere in an answer is a leak.
const SECRET_COST = '97531.86';
const SECRET_AGENT = 'ProbeSecretAgent/9.9';
const SECRET_SESSION = 'probe-secret-session-77';
const SECRET_NETWORK = '10.98.76.0';
const SECRETS = [SECRET_COST, F.LINK, 'proveedor.example', SECRET_AGENT, SECRET_SESSION, SECRET_NETWORK];
/** Values of the product of the ended campaign (P5), its image and its size. */
let endedMarkers: string[] = [];

interface Column {
  name: string;
  type: string;
}
interface Relation {
  name: string;
  kind: 'table' | 'view';
  columns: Column[];
  /** primary key column, when there is a single one */
  key: string | null;
  /** sample values per column, as postgres sees them (it bypasses RLS) (hidden columns excluded) */
  samples: Record<string, unknown[]>;
  /** one whole row as postgres reads it */
  row: Record<string, unknown> | null;
}
interface ForeignKey {
  name: string;
  from: string;
  to: string;
}
interface Fn {
  name: string;
  args: Column[];
  volatile: boolean;
}
interface Probe {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
}

let relations: Relation[] = [];
let foreignKeys: ForeignKey[] = [];
let functions: Fn[] = [];
let userToken = '';

/** Columns no sample value is taken from (their values are the secrets looked for). */
const secretColumn = (relation: string, column: string) =>
  relation === 'product_private' || (ANALYTICS.includes(relation) && HIDDEN_KEYS.has(column));

async function readCatalogue(): Promise<void> {
  const cols = await sql.query<{ rel: string; kind: string; col: string; type: string }>(`
    select c.relname as rel, case when c.relkind in ('r', 'p') then 'table' else 'view' end as kind,
           a.attname as col, format_type(a.atttypid, a.atttypmod) as type
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
      join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
     where c.relkind in ('r', 'p', 'v', 'm')
     order by c.relname, a.attnum`);
  const pks = await sql.query<{ rel: string; col: string }>(`
    select c.relname as rel, min(a.attname) as col
      from pg_constraint k
      join pg_class c on c.oid = k.conrelid
      join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
      join pg_attribute a on a.attrelid = c.oid and a.attnum = any (k.conkey)
     where k.contype = 'p' group by c.relname having count(*) = 1`);
  const keyOf = new Map(pks.rows.map((r) => [r.rel, r.col]));
  const byName = new Map<string, Relation>();
  for (const r of cols.rows) {
    let rel = byName.get(r.rel);
    if (!rel) {
      rel = { name: r.rel, kind: r.kind as Relation['kind'], columns: [], key: keyOf.get(r.rel) ?? null, samples: {}, row: null };
      byName.set(r.rel, rel);
    }
    rel.columns.push({ name: r.col, type: r.type });
  }
  relations = [...byName.values()];
  for (const rel of relations) {
    const { rows } = await sql.query(`select * from public.${JSON.stringify(rel.name)} limit 200`);
    rel.row = rows[0] ?? null;
    for (const c of rel.columns) {
      if (secretColumn(rel.name, c.name)) continue;
      const values = [...new Set(rows.map((r) => r[c.name]).filter((v) => v !== null && v !== undefined))];
      rel.samples[c.name] = values.slice(0, FULL ? 6 : 2).map((v) => (v instanceof Date ? v.toISOString() : v));
    }
  }
  const fks = await sql.query<ForeignKey>(`
    select k.conname as name, c.relname as "from", t.relname as "to"
      from pg_constraint k
      join pg_class c on c.oid = k.conrelid
      join pg_class t on t.oid = k.confrelid
      join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
      join pg_namespace m on m.oid = t.relnamespace and m.nspname = 'public'
     where k.contype = 'f'`);
  foreignKeys = fks.rows;
  const fns = await sql.query<{ name: string; names: string[] | null; types: string[]; modes: string[] | null; volatile: string }>(`
    select p.proname as name, p.proargnames as names, p.provolatile as volatile, p.proargmodes::text[] as modes,
           array(select format_type(t, null) from unnest(p.proargtypes) t) as types
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace and n.nspname in ('public', 'graphql_public')
     where p.prokind = 'f' and p.prorettype <> 'trigger'::regtype
       and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
     order by p.proname`);
  functions = fns.rows.map((f) => ({
    name: f.name,
    // input arguments only (proargnames also lists OUT and TABLE columns)
    args: f.types.map((type, i) => ({ name: (f.names ?? [])[inputIndex(f.modes, i)] ?? `arg${i}`, type })),
    volatile: f.volatile === 'v',
  }));
}

/** Position in proargnames of the i-th input argument (proargtypes lists inputs only). */
function inputIndex(modes: string[] | null, i: number): number {
  if (!modes) return i;
  let seen = -1;
  for (let k = 0; k < modes.length; k++) {
    if (modes[k] === 'i' || modes[k] === 'b' || modes[k] === 'v') seen++;
    if (seen === i) return k;
  }
  return i;
}

/** Everything postgres (bypassing RLS) sees of every table, as row counts and checksums. */
async function snapshot(analyticsMax: Map<string, number>): Promise<Map<string, string>> {
  const { rows: tables } = await sql.query<{ name: string; rel: string }>(`
    select format('%I.%I', n.nspname, c.relname) as name, c.relname as rel
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p') and n.nspname in ('public', 'private', 'auth', 'storage')
     order by 1`);
  const parts = tables
    // shop_page's remembered answers (a minute of computed results) are written by every shop read, and
    // the alerts' request counts by every request of 'Borrar mis avisos' (the limit counts them all)
    .filter((t) => !ANALYTICS_ROLLUP.test(t.name) && t.name !== 'private.shop_answers' && t.name !== 'private.alert_rate')
    .map((t) => {
      // analytics: new events are allowed, the ones already there must not change
      const where = t.name.startsWith('public.') && ANALYTICS.includes(t.rel) ? `where t.id <= ${analyticsMax.get(t.rel) ?? 0}` : '';
      return `select '${t.name}' as name, count(*) || ':' || coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as sum from ${t.name} t ${where}`;
    });
  const { rows } = await sql.query<{ name: string; sum: string }>(parts.join(' union all '));
  return new Map(rows.map((r) => [r.name, r.sum]));
}

async function analyticsMaxIds(): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const t of ANALYTICS) {
    const { rows } = await sql.query<{ n: number }>(`select coalesce(max(id), 0)::int as n from public.${t}`);
    out.set(t, rows[0]?.n ?? 0);
  }
  return out;
}

// ─── Request generation ─────────────────────────────────────────────────────────────────────

const enc = encodeURIComponent;
/** A value inside PostgREST's in.(...) / or=(...) lists, double-quoted. */
const listValue = (v: unknown) => `"${String(typeof v === 'object' ? JSON.stringify(v) : v).replace(/["\\]/g, '\\$&')}"`;
const isText = (type: string) => /^(text|character|citext|varchar)/.test(type);

function selectProbes(rel: Relation): Probe[] {
  const path = `/rest/v1/${rel.name}`;
  const all = rel.columns.map((c) => c.name).join(',');
  const probes: Probe[] = [
    { method: 'GET', path: `${path}?select=*` },
    { method: 'GET', path: `${path}?select=${all}` },
    { method: 'GET', path: `${path}?select=*,${[...HIDDEN_KEYS].join(',')}` },
    { method: 'HEAD', path: `${path}?select=*`, headers: { Prefer: 'count=exact' } },
    { method: 'GET', path: `${path}?select=*`, headers: { Prefer: 'count=exact', 'Range-Unit': 'items', Range: '0-1' } },
    { method: 'GET', path: `${path}?select=*&limit=2&offset=1` },
    { method: 'GET', path: `${path}?select=*&limit=1000000&offset=-1` },
    { method: 'GET', path: `${path}?select=*`, headers: { Accept: 'text/csv' } },
    { method: 'GET', path: `${path}?select=*`, headers: { Accept: 'application/vnd.pgrst.object+json' } },
    { method: 'GET', path: `${path}?select=*`, headers: { 'Accept-Profile': 'private' } },
  ];
  for (const c of rel.columns) {
    const name = c.name;
    const samples = rel.samples[name] ?? [];
    const value = samples[0] ?? 'x';
    probes.push({ method: 'GET', path: `${path}?select=${name}&order=${name}.desc.nullslast` });
    probes.push({ method: 'GET', path: `${path}?select=*&${name}=eq.${enc(String(value))}` });
    probes.push({ method: 'GET', path: `${path}?select=*&${name}=in.(${enc([...samples, 'x'].map(listValue).join(','))})` });
    probes.push({ method: 'GET', path: `${path}?select=*&${name}=not.is.null` });
    if (isText(c.type) || FULL) probes.push({ method: 'GET', path: `${path}?select=*&${name}=like.*${enc('a')}*` });
    probes.push({ method: 'GET', path: `${path}?select=*&or=(${name}.is.null,${name}.eq.${enc(listValue(value))})` });
    if (FULL) {
      for (const op of ['neq', 'gt', 'lt', 'gte', 'lte', 'ilike', 'match', 'imatch', 'fts', 'cs', 'cd', 'ov', 'is']) {
        for (const v of [...samples, '%', '*', 'null', 'true', '{}', '()']) {
          probes.push({ method: 'GET', path: `${path}?select=*&${name}=${op}.${enc(String(v))}` });
        }
      }
      probes.push({ method: 'GET', path: `${path}?select=${name}&${name}=is.null`, headers: { Prefer: 'count=exact' } });
      probes.push({ method: 'GET', path: `${path}?select=count(),${name}` });
      probes.push({ method: 'GET', path: `${path}?select=${name}::text` });
    }
  }
  // every ended-campaign value tried as a filter on every column that could hold it
  for (const marker of endedMarkers) {
    for (const c of rel.columns.filter((c) => c.type === 'uuid' || isText(c.type))) {
      probes.push({ method: 'GET', path: `${path}?select=*&${c.name}=eq.${enc(marker)}` });
    }
  }
  return probes;
}

function embedProbes(rel: Relation): Probe[] {
  const probes: Probe[] = [];
  const path = `/rest/v1/${rel.name}`;
  for (const fk of foreignKeys) {
    const other = fk.from === rel.name ? fk.to : fk.to === rel.name ? fk.from : null;
    if (!other) continue;
    probes.push({ method: 'GET', path: `${path}?select=*,${other}(*)` });
    probes.push({ method: 'GET', path: `${path}?select=*,${other}!${fk.name}(*)` });
    probes.push({ method: 'GET', path: `${path}?select=*,${other}!inner(*)`, headers: { Prefer: 'count=exact' } });
    probes.push({ method: 'GET', path: `${path}?select=*,x:${other}(*)&order=created_at.desc` });
    if (fk.from === rel.name) probes.push({ method: 'GET', path: `${path}?select=*,...${other}(*)` });
    // an embedded relation's hidden rows reached through a filter on it
    probes.push({ method: 'GET', path: `${path}?select=*,${other}!inner(*)&${other}.id=not.is.null` });
  }
  return probes;
}

/** A copy of a row with new values where they must be unique, as a write body. */
function newRow(rel: Relation, n: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(rel.row ?? {})) {
    if (k === 'id' || k === 'created_at' || k === 'updated_at') continue;
    if (k === 'ip_address') continue; // set by the database
    if (secretColumn(rel.name, k)) out[k] = v === null ? null : `probe-${n}`;
    else if (typeof v === 'string' && !/^[0-9a-f-]{36}$/.test(v) && !/^\d{4}-\d\d-\d\d/.test(v)) out[k] = `${v}-probe${n}`;
    else out[k] = v instanceof Date ? v.toISOString() : v;
  }
  if (ANALYTICS.includes(rel.name)) out['session_id'] = `probe-session-${n}-abcdef`;
  return out;
}

function writeProbes(rel: Relation): Probe[] {
  const path = `/rest/v1/${rel.name}`;
  const rep = { Prefer: 'return=representation' };
  const key = rel.key ?? rel.columns[0]?.name ?? 'id';
  const keyValue = rel.samples[key]?.[0] ?? '00000000-0000-4000-8000-000000000000';
  const where = `${key}=eq.${enc(String(keyValue))}`;
  const change: Record<string, unknown> = {};
  for (const c of rel.columns) if (isText(c.type) && c.name !== key) change[c.name] = 'probe-change';
  const full = { ...(rel.row ?? {}), ...change };
  const probes: Probe[] = [
    { method: 'POST', path, body: newRow(rel, 1) },
    { method: 'POST', path, body: newRow(rel, 2), headers: rep },
    { method: 'POST', path, body: [newRow(rel, 3), newRow(rel, 4)], headers: rep },
    {
      method: 'POST',
      path: `${path}?on_conflict=${key}`,
      body: [rel.row ?? {}],
      headers: { Prefer: 'resolution=merge-duplicates,return=representation' },
    },
    {
      method: 'POST',
      path: `${path}?columns=${enc(Object.keys(newRow(rel, 5)).join(','))}`,
      body: [newRow(rel, 5), newRow(rel, 6)],
      headers: { Prefer: 'missing=default' },
    },
    { method: 'PATCH', path: `${path}?${where}`, body: change, headers: rep },
    { method: 'PATCH', path: `${path}?${key}=not.is.null`, body: change },
    { method: 'PATCH', path: `${path}?${where}`, body: [change, change] },
    { method: 'PUT', path: `${path}?${where}`, body: full, headers: rep },
    { method: 'DELETE', path: `${path}?${where}`, headers: rep },
    { method: 'DELETE', path: `${path}?${key}=not.is.null` },
    { method: 'DELETE', path },
    { method: 'POST', path, body: 'not json', headers: { 'Content-Type': 'application/json' } },
    { method: 'POST', path, body: [], headers: rep },
  ];
  if (FULL) {
    for (const c of rel.columns) {
      probes.push({ method: 'PATCH', path: `${path}?${where}`, body: { [c.name]: rel.row?.[c.name] ?? 'x' }, headers: rep });
      probes.push({ method: 'POST', path, body: { ...newRow(rel, 7), [c.name]: 'x'.repeat(10_000) } });
    }
  }
  return probes;
}

/** Plausible and garbage values for an RPC argument of the given type. */
function argValues(type: string): { plausible: unknown[]; garbage: unknown[] } {
  const base = type.replace(/\[\]$/, '');
  const array = type.endsWith('[]');
  const one = ((): { plausible: unknown[]; garbage: unknown[] } => {
    if (base === 'uuid') return { plausible: [F.P1, F.P5, F.C_ENDED], garbage: ['no-es-uuid', 12] };
    if (/^(integer|bigint|smallint)$/.test(base)) return { plausible: [1, 0, 100], garbage: [-1, 2 ** 40, 'x'] };
    if (/^(numeric|double|real)/.test(base)) return { plausible: [1.5], garbage: ['NaN', -1e308] };
    if (base === 'boolean') return { plausible: [true, false], garbage: ['quizá'] };
    if (base === 'date') return { plausible: [mexicoDate(0), mexicoDate(-400)], garbage: ['2026-13-45', '-infinity'] };
    if (base.startsWith('timestamp')) return { plausible: [new Date().toISOString()], garbage: ['ayer', 'infinity'] };
    if (base === 'interval') return { plausible: ['1 day'], garbage: ['siempre', '-100000 years'] };
    if (base === 'inet') return { plausible: ['127.0.0.1'], garbage: ['x'] };
    if (base === 'jsonb' || base === 'json') return { plausible: [{}, []], garbage: ['no json', { a: 'x'.repeat(10_000) }] };
    return {
      plausible: ['tenis', 'nike-playera-basica', 'adidas-tenis-viejo', 'recent', 'categories'],
      garbage: ['', "'; drop table public.products; --", 'x'.repeat(10_000), '%_\\', '\u0000'],
    };
  })();
  if (!array) return one;
  return { plausible: [one.plausible, []], garbage: ['no-es-arreglo', [one.garbage[0]]] };
}

function rpcProbes(fn: Fn): Probe[] {
  const path = `/rest/v1/rpc/${fn.name}`;
  const probes: Probe[] = [
    { method: 'POST', path, body: {} },
    { method: 'POST', path, body: { desconocido: 1 } },
    { method: 'POST', path, body: 'no json', headers: { 'Content-Type': 'application/json' } },
    { method: 'POST', path, body: [{}, {}] },
  ];
  const values = fn.args.map((a) => argValues(a.type));
  const plausible = Object.fromEntries(fn.args.map((a, i) => [a.name, values[i]?.plausible[0]]));
  probes.push({ method: 'POST', path, body: plausible, headers: { Prefer: 'count=exact' } });
  probes.push({ method: 'POST', path, body: Object.fromEntries(fn.args.map((a, i) => [a.name, values[i]?.garbage[0]])) });
  probes.push({ method: 'POST', path, body: Object.fromEntries(fn.args.map((a) => [a.name, null])) });
  fn.args.forEach((a, i) => {
    const v = values[i];
    if (!v) return;
    const tried = FULL ? [...v.plausible, ...v.garbage] : [...v.plausible.slice(1), ...v.garbage.slice(0, 2)];
    for (const x of tried) probes.push({ method: 'POST', path, body: { ...plausible, [a.name]: x } });
  });
  if (!fn.volatile) {
    const qs = fn.args.map((a, i) => `${a.name}=${enc(String(values[i]?.plausible[0] ?? ''))}`).join('&');
    probes.push({ method: 'GET', path: `${path}?${qs}` });
    probes.push({ method: 'HEAD', path: `${path}?${qs}` });
  } else {
    probes.push({ method: 'GET', path });
  }
  return probes;
}

// ─── Running and judging ────────────────────────────────────────────────────────────────────

interface Finding {
  who: string;
  probe: Probe;
  status: number;
  problem: string;
}

function* walk(value: unknown, key = ''): Generator<[string, unknown]> {
  yield [key, value];
  if (Array.isArray(value)) for (const v of value) yield* walk(v, key);
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) yield* walk(v, k);
}

function judge(status: number, body: string, sent: string, apiDescription: boolean): string | null {
  if (status >= 500) return `error del servidor: ${body.slice(0, 200)}`;
  const secret = SECRETS.find((s) => body.includes(s));
  if (secret) return `contiene un valor oculto (${secret})`;
  if (status >= 300 || body === '') return null;
  // (a value the request itself sent may come back, such as a function's own argument)
  const ended = endedMarkers.find((m) => body.includes(m) && !sent.includes(m));
  if (ended) return `contiene un producto de campaña terminada (${ended})`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null; // CSV and plain answers: the value checks above apply
  }
  // The API description names tables and columns (the schema is public), never their values.
  if (apiDescription) return null;
  for (const [key, value] of walk(parsed)) {
    if (HIDDEN_KEYS.has(key) && value !== undefined) return `contiene la columna oculta ${key}`;
    if (key === 'product_private' && value !== null && !(Array.isArray(value) && value.length === 0)) {
      return 'contiene datos de product_private';
    }
  }
  return null;
}

async function send(who: string, token: string, probe: Probe): Promise<Finding | null> {
  const headers: Record<string, string> = { apikey: stack.anonKey, Authorization: `Bearer ${token}`, ...probe.headers };
  let body: string | undefined;
  if (probe.body !== undefined) {
    body = typeof probe.body === 'string' ? probe.body : JSON.stringify(probe.body);
    headers['Content-Type'] ??= 'application/json';
  }
  const res = await fetch(`${stack.url}${probe.path}`, { method: probe.method, headers, body: body ?? null });
  const text = await res.text();
  const problem = judge(res.status, text, decodeURIComponent(probe.path) + (body ?? ''), probe.path === '/rest/v1/');
  return problem ? { who, probe, status: res.status, problem } : null;
}

async function runAll(who: string, token: string, probes: Probe[]): Promise<Finding[]> {
  const findings: Finding[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < probes.length) {
        const probe = probes[next++] as Probe;
        const finding = await send(who, token, probe);
        if (finding) findings.push(finding);
      }
    }),
  );
  return findings;
}

const describeProbe = (f: Finding) =>
  `${f.who} ${f.probe.method} ${decodeURIComponent(f.probe.path).slice(0, 160)} ${f.probe.headers ? JSON.stringify(f.probe.headers) : ''} -> ${f.status}: ${f.problem}`;

beforeAll(async () => {
  await F.loadFixture();
  await sql.query(`update public.product_private set costo_compra = ${SECRET_COST}`);
  for (const t of ANALYTICS) {
    await sql.query(`update public.${t} set user_agent = $1, session_id = $2, ip_address = $3`, [
      SECRET_AGENT,
      SECRET_SESSION,
      SECRET_NETWORK,
    ]);
  }
  const { rows } = await sql.query<{ v: string }>(
    `select $1::text as v union select $2 union select id::text from public.product_sizes where product_id = $1::uuid
     union select 'adidas-tenis-viejo' union select 'img.example/p5.jpg' union select 'Tenis viejo'`,
    [F.P5, F.IMG_P5],
  );
  endedMarkers = rows.map((r) => r.v);
  const user = await userClient();
  userToken = (await user.auth.getSession()).data.session?.access_token ?? '';
  expect(userToken).not.toBe('');
  await readCatalogue();
});

describe('API probe', () => {
  it('answers every generated request as anon and as a signed-in non-admin without a leak, a write or a 5xx', async () => {
    const started = performance.now();
    const probes: Probe[] = [
      { method: 'GET', path: '/rest/v1/' },
      { method: 'GET', path: '/rest/v1/', headers: { 'Accept-Profile': 'graphql_public' } },
    ];
    for (const rel of relations) probes.push(...selectProbes(rel), ...embedProbes(rel), ...writeProbes(rel));
    for (const fn of functions) probes.push(...rpcProbes(fn));
    expect(relations.map((r) => r.name)).toContain('product_private');
    expect(functions.map((f) => f.name)).toContain('shop_page');

    const findings: Finding[] = [];
    const analyticsMax = await analyticsMaxIds();
    const before = await snapshot(analyticsMax);
    const changed: string[] = [];
    for (const [who, token] of [
      ['anon', stack.anonKey],
      ['usuario', userToken],
    ] as const) {
      findings.push(...(await runAll(who, token, probes)));
      const after = await snapshot(analyticsMax);
      for (const [name, sum] of before) if (after.get(name) !== sum) changed.push(`${who}: ${name}`);
    }
    const { rows } = await sql.query<{ n: number }>(
      `select (select count(*) from public.search_analytics) + (select count(*) from public.filter_analytics)
        + (select count(*) from public.product_click_analytics) as n`,
    );
    const seconds = (performance.now() - started) / 1000;
    console.info(
      `Sonda de la API: ${probes.length * 2} peticiones (${relations.length} tablas y vistas, ${foreignKeys.length} llaves foráneas, ` +
        `${functions.length} funciones; anon y usuario) en ${seconds.toFixed(1)} s (${((probes.length * 2) / seconds).toFixed(0)}/s); ` +
        `${findings.length} hallazgos; eventos de analítica tras la sonda: ${rows[0]?.n}${FULL ? ' (HARDENING_FULL)' : ''}`,
    );
    // PROBE_DUMP=<file> writes every finding there (the assertion shows the first 30)
    const dump = process.env['PROBE_DUMP'];
    if (dump) writeFileSync(dump, findings.map(describeProbe).join('\n'));
    expect(findings.slice(0, 30).map(describeProbe)).toEqual([]);
    expect(changed).toEqual([]);
  });
});
