/**
 * Flood probe of the public analytics inserts, as an outsider would try it with the anon key through
 * the local gateway and PostgREST: new session ids, bulk posts, forged times and product names, forged
 * client addresses, and many addresses at once. After each flood the stored rows are counted.
 *
 * The limits (supabase/schemas/14_analytics_ingest.sql): one event per request; 120 events of one kind per
 * minute from one client network (an IPv4 /24, an IPv6 /64); 3000 of one kind per minute from
 * everyone, which one network alone never reaches.
 */
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as F from './fixture.ts';
import { serviceClient, sql, stack } from './helpers.ts';

const PER_ADDRESS = 120;
const EVERYONE = 3000;
const TOO_MANY_HERE = 'Demasiados eventos desde esta conexión; intenta de nuevo en un minuto.';
const TOO_MANY_IN_ALL = 'La tienda recibió demasiados eventos en este minuto; intenta de nuevo en un minuto.';
const ONE_PER_REQUEST = 'Solo se puede registrar un evento por solicitud.';
/** The db suite's gateway listens on 127.0.0.1: every request comes from that address's network. */
const SOCKET_NETWORK = '127.0.0.0/24';

type Table = 'search_analytics' | 'filter_analytics' | 'product_click_analytics';
const TABLES: Table[] = ['search_analytics', 'filter_analytics', 'product_click_analytics'];

/**
 * The anon key as a script would use it (untyped: an outsider sends what it likes), with whatever
 * extra headers the sender adds.
 */
function anon(headers: Record<string, string> = {}) {
  return createClient(stack.url, stack.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers },
  });
}

/** A valid event of a table; `n` varies the session id and the term or value. */
function event(table: Table, n: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const session_id = `sesion-${String(n).padStart(6, '0')}`;
  const row: Record<string, unknown> =
    table === 'search_analytics'
      ? { search_term: `vestido ${n}`, session_id }
      : table === 'filter_analytics'
        ? { filter_type: 'category', filter_value: F.CAT_ROPA, session_id }
        : { product_id: F.P1, session_id };
  return { ...row, page_url: '/tienda', ...extra };
}

async function count(table: Table): Promise<number> {
  const { rows } = await sql.query<{ n: string }>(`select count(*) as n from public.${table}`);
  return Number(rows[0]?.n);
}

const minuteNow = async (): Promise<string> =>
  (await sql.query<{ m: string }>(`select date_trunc('minute', clock_timestamp())::text as m`)).rows[0]!.m;

/**
 * The limits count per clock minute: runs a test's body with this suite's earlier counts forgotten. If
 * it fails and a minute started meanwhile, its events were counted in two minutes, so it runs once more
 * from the new minute's start (its events and counts emptied again); a failure within one minute fails.
 */
function inOneMinute(body: () => Promise<void>): () => Promise<void> {
  return async () => {
    for (let attempt = 1; ; attempt++) {
      const started = await minuteNow();
      await sql.query('delete from private.analytics_rate');
      try {
        await body();
        return;
      } catch (error) {
        if (attempt > 1 || (await minuteNow()) === started) throw error;
        await sql.query('truncate public.search_analytics, public.filter_analytics, public.product_click_analytics restart identity');
      }
    }
  };
}

/**
 * Runs `body` (a PL/pgSQL block that sets request.headers itself) in one transaction as the anon
 * role, as PostgREST would run a request; returns what the block inserted into the table `result`.
 */
async function asAnon<T>(body: string): Promise<T | undefined> {
  const client = await sql.connect();
  try {
    await client.query('begin');
    await client.query(`select set_config('request.jwt.claims', '{"role":"anon"}', true)`);
    await client.query(`create temp table result (value jsonb) on commit drop`);
    await client.query(`grant all on result to anon`);
    await client.query(`set local role anon`);
    await client.query(`do $$ ${body} $$`);
    const { rows } = await client.query<{ value: T }>('select value from result');
    await client.query('commit');
    return rows[0]?.value;
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}

beforeAll(F.loadFixture);
beforeEach(async () => {
  await sql.query('truncate public.search_analytics, public.filter_analytics, public.product_click_analytics restart identity');
});
afterAll(async () => {
  await sql.query('delete from private.analytics_rate'); // the other db tests record events from the same address
});

describe('one client address', () => {
  for (const table of TABLES) {
    it(
      `${table}: a new session id and a forged address per row do not get past ${PER_ADDRESS} events a minute`,
      {
        timeout: 90_000,
      },
      inOneMinute(async () => {
        const refused: (string | undefined)[] = [];
        for (let n = 0; n < PER_ADDRESS + 5; n++) {
          // every request claims another client address: the gateway replaces them with the socket's
          const client = anon({ 'x-forwarded-for': `203.0.113.${n % 250}`, 'cf-connecting-ip': `198.51.100.${n % 250}` });
          const { error, status } = await client.from(table).insert(event(table, n));
          if (n < PER_ADDRESS) expect(error, `evento ${n + 1}`).toBeNull();
          else {
            expect(status).toBe(429);
            refused.push(error?.message);
          }
        }
        expect(refused).toEqual(Array(5).fill(TOO_MANY_HERE));
        expect(await count(table)).toBe(PER_ADDRESS);

        // the other kinds of event keep their own count
        const other = TABLES.find((t) => t !== table)!;
        expect((await anon().from(other).insert(event(other, 1))).error).toBeNull();
      }),
    );
  }

  it(
    'the stored network is the socket’s, whatever address the client claims',
    inOneMinute(async () => {
      const liar = anon({ 'x-forwarded-for': '203.0.113.7, 10.1.1.1', 'cf-connecting-ip': '198.51.100.9', 'x-real-ip': '192.0.2.1' });
      for (const table of TABLES) expect((await liar.from(table).insert(event(table, 1))).error).toBeNull();
      for (const table of TABLES) {
        const { rows } = await sql.query<{ ip: string }>(`select ip_address::text as ip from public.${table}`);
        expect(rows).toEqual([{ ip: SOCKET_NETWORK }]);
      }
    }),
  );
});

describe('bulk posts', () => {
  for (const table of TABLES) {
    it(
      `${table}: a post of 2500 rows at the length limits (just under the gateway's 8 MB body cap) is refused whole`,
      {
        timeout: 60_000,
      },
      inOneMinute(async () => {
        const long = (n: number) => 'x'.repeat(n);
        const rows = Array.from({ length: 2500 }, (_, n) =>
          event(table, n, {
            user_agent: long(500),
            page_url: `/${long(1999)}`,
            ...(table === 'search_analytics' ? { search_term: long(200) } : {}),
            ...(table === 'filter_analytics' ? { filter_value: long(200) } : {}),
          }),
        );
        const { error, status } = await anon().from(table).insert(rows);
        expect(status).toBe(400);
        expect(error?.message).toBe(ONE_PER_REQUEST);
        expect(await count(table)).toBe(0);

        // two rows are already too many; one is fine and the refusals used none of the address's budget
        expect(
          (
            await anon()
              .from(table)
              .insert([event(table, 1), event(table, 2)])
          ).error?.message,
        ).toBe(ONE_PER_REQUEST);
        expect((await anon().from(table).insert(event(table, 3))).error).toBeNull();
        expect(await count(table)).toBe(1);
        const { rows: used } = await sql.query<{ events: number }>(
          `select events from private.analytics_rate where event_table = $1 and client <> '*'`,
          [table],
        );
        expect(used).toEqual([{ events: 1 }]);
      }),
    );
  }

  it(
    'admins and the service role may insert many rows at once, with their own times (backfills)',
    inOneMinute(async () => {
      const rows = Array.from({ length: 500 }, (_, n) => ({
        search_term: `vestido ${n}`,
        session_id: `sesion-${String(n).padStart(6, '0')}`,
        created_at: '2026-01-15T18:00:00Z',
      }));
      expect((await serviceClient().from('search_analytics').insert(rows)).error).toBeNull();
      const { rows: stored } = await sql.query<{ n: string; at: Date }>(
        `select count(*) as n, min(created_at) as at from public.search_analytics`,
      );
      expect(Number(stored[0]?.n)).toBe(500);
      expect(stored[0]?.at.toISOString()).toBe('2026-01-15T18:00:00.000Z');
      expect((await sql.query('select 1 from private.analytics_rate')).rows).toEqual([]);
    }),
  );
});

describe('what the database decides', () => {
  it(
    'the time of an event is the server’s, not the caller’s',
    inOneMinute(async () => {
      for (const at of ['2020-01-01T00:00:00Z', '2099-12-31T23:59:59Z', new Date(Date.now() - 50_000).toISOString()]) {
        for (const table of TABLES)
          expect(
            (
              await anon()
                .from(table)
                .insert(event(table, 1, { created_at: at }))
            ).error,
          ).toBeNull();
      }
      for (const table of TABLES) {
        const { rows } = await sql.query<{ off: number }>(
          `select abs(extract(epoch from now() - created_at))::float as off from public.${table}`,
        );
        expect(rows).toHaveLength(3);
        for (const r of rows) expect(r.off).toBeLessThan(30);
      }
    }),
  );

  it(
    'a click stores its product’s real name and permalink',
    inOneMinute(async () => {
      const lies = [
        { product_name: 'Producto gratis', product_permalink: 'https://phishing.example' },
        { product_name: 'x'.repeat(301), product_permalink: null },
        {},
      ];
      for (const lie of lies) {
        expect(
          (
            await anon()
              .from('product_click_analytics')
              .insert(event('product_click_analytics', 1, lie))
          ).error,
        ).toBeNull();
      }
      const { rows } = await sql.query(`select product_name, product_permalink from public.product_click_analytics`);
      const { rows: real } = await sql.query(
        `select nombre as product_name, permalink as product_permalink from public.products where id = $1`,
        [F.P1],
      );
      expect(real[0]).toMatchObject({ product_name: 'Playera básica' });
      expect(rows).toEqual([real[0], real[0], real[0]]);
    }),
  );

  it(
    'keeps the client network, IPv4 /24 and IPv6 /48, from cf-connecting-ip first, else the first x-forwarded-for entry',
    inOneMinute(async () => {
      const cases: [Record<string, string>, string | null][] = [
        [{ 'x-forwarded-for': '187.190.12.34, 10.0.0.1' }, '187.190.12.0/24'],
        [{ 'cf-connecting-ip': '2806:2f0:9021:77::1', 'x-forwarded-for': '187.190.12.34' }, '2806:2f0:9021::/48'],
        [{ 'x-forwarded-for': '::ffff:189.203.4.5' }, '189.203.4.0/24'],
        [{ 'x-forwarded-for': 'no-es-una-ip' }, null],
        [{ 'x-forwarded-for': '10.0.0.0/8' }, null],
        [{}, null],
      ];
      await asAnon(`
      declare
        cases jsonb := '${JSON.stringify(cases.map(([h]) => h))}';
        headers jsonb;
      begin
        for headers in select * from jsonb_array_elements(cases) loop
          perform set_config('request.headers', headers::text, true);
          insert into public.search_analytics (search_term, session_id) values ('bolsa', 'sesion-000001');
        end loop;
      end`);
      const { rows } = await sql.query<{ ip: string | null }>(`select ip_address::text as ip from public.search_analytics order by id`);
      expect(rows.map((r) => r.ip)).toEqual(cases.map(([, ip]) => ip));
    }),
  );
});

describe('many client addresses', () => {
  /**
   * `networks` × `perNetwork` addresses, `events` events each, as the anon role: the tally of outcomes
   * (ok or the refusal's message). `address` is the SQL of the a-th address of network `net`
   * (187.190.net.a unless given).
   */
  async function flood(
    networks: number,
    perNetwork: number,
    events: number,
    address = `'187.190.' || net || '.' || a`,
  ): Promise<Record<string, number> | undefined> {
    return asAnon<Record<string, number>>(`
      declare
        tally jsonb := '{}';
        outcome text;
      begin
        for net in 1..${networks} loop
          for a in 1..${perNetwork} loop
            perform set_config('request.headers', json_build_object('x-forwarded-for', ${address})::text, true);
            for n in 1..${events} loop
              begin
                insert into public.search_analytics (search_term, session_id) values ('vestido', 'sesion-' || net || '-' || a || '-' || n);
                outcome := 'ok';
              exception when others then
                outcome := sqlerrm;
              end;
              tally := jsonb_set(tally, array[outcome], to_jsonb(coalesce((tally ->> outcome)::int, 0) + 1));
            end loop;
          end loop;
        end loop;
        insert into result values (tally);
      end`);
  }

  it(
    `one network (an IPv4 /24) shares ${PER_ADDRESS} events a minute, however many addresses it uses; other networks go on`,
    {
      timeout: 120_000,
    },
    inOneMinute(async () => {
      // 40 addresses of one /24, 100 events each: they ask for 4000, more than the whole shop's allowance
      expect(await flood(1, 40, 100)).toEqual({ ok: PER_ADDRESS, [TOO_MANY_HERE]: 4000 - PER_ADDRESS });
      expect(await count('search_analytics')).toBe(PER_ADDRESS);
      // the shop's other visitors are served
      expect((await anon().from('search_analytics').insert(event('search_analytics', 1))).error).toBeNull();
    }),
  );

  it(
    `at most ${EVERYONE} events of one kind a minute from everyone together`,
    { timeout: 120_000 },
    inOneMinute(async () => {
      // 31 networks, 100 events each from one address: no network reaches its own limit, all together
      // ask for 3100
      const outcome = await flood(31, 1, 100);
      expect(outcome).toEqual({ ok: EVERYONE, [TOO_MANY_IN_ALL]: 3100 - EVERYONE });
      expect(await count('search_analytics')).toBe(EVERYONE);

      // the shop's own visitors are refused too until the minute ends; other kinds are not affected
      const { error, status } = await anon().from('search_analytics').insert(event('search_analytics', 1));
      expect(status).toBe(429);
      expect(error?.message).toBe(TOO_MANY_IN_ALL);
      expect((await anon().from('filter_analytics').insert(event('filter_analytics', 1))).error).toBeNull();
      expect(await count('search_analytics')).toBe(EVERYONE);
    }),
  );

  it(
    'an IPv6 sender is one network per /64',
    inOneMinute(async () => {
      // 130 addresses of one /64, an event each
      const outcome = await flood(1, PER_ADDRESS + 10, 1, `'2806:2f0:9021:77::' || to_hex(a)`);
      expect(outcome).toEqual({ ok: PER_ADDRESS, [TOO_MANY_HERE]: 10 });
    }),
  );
});

describe('the counts themselves stay small', () => {
  it(
    'counts of past minutes are deleted when a minute starts, and by private.prune_analytics_rate()',
    inOneMinute(async () => {
      const stale = `insert into private.analytics_rate (minute, event_table, client, events)
      values (date_trunc('minute', now()) - interval '5 minutes', 'search_analytics', 'x', 7),
             (date_trunc('minute', now()) - interval '1 minute', 'filter_analytics', '*', 9)`;
      await sql.query(stale);
      expect((await anon().from('search_analytics').insert(event('search_analytics', 1))).error).toBeNull();
      const left = await sql.query(`select event_table, client, events from private.analytics_rate order by event_table, client`);
      expect(left.rows).toEqual([
        { event_table: 'search_analytics', client: '*', events: 1 },
        { event_table: 'search_analytics', client: expect.stringMatching(/^[0-9a-f]{32}$/), events: 1 },
      ]);

      await sql.query(stale);
      await sql.query('select private.prune_analytics_rate()');
      expect((await sql.query(`select 1 from private.analytics_rate where minute < date_trunc('minute', now())`)).rows).toEqual([]);
    }),
  );
});
