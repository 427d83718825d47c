/**
 * The race section of `npm run bench` (`npm run bench:race` alone): many shoppers ordering the last
 * pieces at the same instant, on a throwaway stack as `npm start` runs it (the demo catalogue). Each
 * shopper is a network of its own and calls PostgREST's /rpc/place_order with the anon key and its
 * address in X-Forwarded-For, as the hosted edge forwards them (the stack's gateway would put its own
 * socket's address there). place_order takes orders one at a time (a transaction lock), so however
 * many order the last piece at once, exactly one order holds it. Cases, BENCH_RACE_SHOPPERS (200)
 * shoppers each, all fired in the same tick:
 * - one size with 1 piece: 1 order holds it, every other shopper is told 'apartada';
 * - one size with 50 pieces: 50 orders, the rest 'apartada';
 * - the baseline, in the same run: each shopper orders a different product (no two want the same
 *   piece), so every order is stored. The lock is the whole shop's, so these orders wait their turn
 *   too: beside it, the races show what wanting the same piece adds, not what the lock costs.
 * Before them, 20 shoppers order one after another (a piece each): what one order costs when nobody
 * waits. Each case records the wall time until the last shopper had an answer and each shopper's
 * latency from the common start (p50, p95, slowest), and is judged by race-judge.ts: a count that
 * is wrong (orders, 'apartada' answers, errors, pieces held beyond existencias) fails the bench.
 * The whole shop's cap of 600 orders an hour (20_orders.sql) keeps a run to 20 + 1 + 50 + at most 529 shoppers.
 */
import { createClient } from '@supabase/supabase-js';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startStack } from '../stack/index.ts';
import { options, progress } from './options.ts';
import { judgeRace, type RaceAnswer, type RaceStock, type RaceVerdict, shopperAddress } from './race-judge.ts';
import { type Spread, spread } from './stats.ts';

export interface RaceCase {
  /** 'una pieza', '50 piezas', 'productos distintos' (the baseline), 'uno tras otro'. */
  name: string;
  shoppers: number;
  /** Pieces for sale before the race, over every size ordered. */
  pieces: number;
  /** Products the shoppers ordered: 1 when they all want the same size. */
  products: number;
  /** All fired at once, or one after another. */
  atOnce: boolean;
  expectedOrders: number;
  /** From firing the calls to the last answer. */
  wallMs: number;
  /** Each shopper's wait for its answer (at once: from the common start). */
  latency: Spread;
  stock: RaceStock;
  verdict: RaceVerdict;
}

export interface RaceResult {
  /** Shoppers at once in each case. */
  shoppers: number;
  cases: RaceCase[];
  /** Every case met its counts. */
  ok: boolean;
}

const PRICE = 499;
const ALONE = 20;

/** One shopper's order of one piece, as the storefront's Mi bolsa sends it. */
async function placeOrder(restUrl: string, anonKey: string, address: string, items: unknown[]): Promise<RaceAnswer> {
  try {
    const response = await fetch(`${restUrl}/rpc/place_order`, {
      method: 'POST',
      headers: { authorization: `Bearer ${anonKey}`, 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify({ p_items: items, p_channel: 'bolsa' }),
    });
    const body = (await response.json()) as { ok?: boolean; problems?: { motivo: string }[]; code?: string; message?: string };
    const error = response.status === 200 ? null : `${body.code ?? ''} ${body.message ?? ''}`.trim();
    return { status: response.status, ok: body.ok === true, motivos: (body.problems ?? []).map((p) => p.motivo), error };
  } catch (error) {
    return { status: 0, ok: false, motivos: [], error: error instanceof Error ? error.message : String(error) };
  }
}

export async function runOrderRace(): Promise<RaceResult> {
  const shoppers = options.raceShoppers;
  // the shop takes 600 orders an hour in all: a run must stay under it, or its last shoppers are refused
  if (ALONE + 1 + 50 + shoppers > 600) throw new Error(`BENCH_RACE_SHOPPERS: como mucho ${600 - ALONE - 51} compradores.`);
  const work = await mkdtemp(join(tmpdir(), 'outlet-bench-race-'));
  // Postgres runs as its own user and must reach its data folder inside.
  await chmod(work, 0o755);
  progress('carrera: iniciando una pila local desechable con el catálogo demo (como npm start)…');
  const stack = await startStack({ dataDir: join(work, 'data'), ...options.ports, seed: true, durable: false, log: () => undefined });
  const db = new pg.Client({ connectionString: stack.dbUrl });
  try {
    await db.connect();
    const service = createClient(stack.url, stack.serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false } });
    const { data: campaign } = await service
      .from('campaigns')
      .insert({ nombre: 'Carrera por la última pieza', fecha_fin: '2099-12-31' })
      .select('id')
      .single()
      .throwOnError();

    /** `count` products of one size 'M' with `pieces` pieces each, as the team would load them. */
    const products = async (label: string, count: number, pieces: number): Promise<string[]> => {
      const { data } = await service
        .from('products')
        .insert(
          Array.from({ length: count }, (_, i) => ({
            campaign_id: campaign.id,
            nombre: `Playera carrera ${label} ${i + 1}`,
            marca: 'Bench',
            precio_original: 999,
            precio_venta: PRICE,
            permalink: `playera-carrera-${label}-${i + 1}`,
          })),
        )
        .select('id')
        .throwOnError();
      const ids = data.map((p) => p.id);
      await service
        .from('product_sizes')
        .insert(ids.map((product_id) => ({ product_id, talla: 'M', existencias: pieces })))
        .throwOnError();
      return ids;
    };
    const item = (productId: string) => [{ product_id: productId, talla: 'M', precio_venta: PRICE }];
    const stockOf = async (ids: string[]): Promise<RaceStock> => {
      const { rows } = await db.query<{ existencias: number; apartadas: number; holds: number; orders: number }>(
        `select (select coalesce(sum(s.existencias), 0)::int from public.product_sizes s where s.product_id = any($1)) as existencias,
                (select coalesce(sum(s.apartadas), 0)::int from public.product_sizes s where s.product_id = any($1)) as apartadas,
                (select count(*)::int from private.holds h where h.product_id = any($1)) as holds,
                (select count(distinct i.order_id)::int from public.order_items i where i.product_id = any($1)) as orders`,
        [ids],
      );
      return rows[0] as RaceStock;
    };

    // Warm-up, not counted: every shopper's connection opened and PostgREST's pool filled, with an
    // empty bag that place_order refuses before it looks at anything (PT400, nothing stored).
    progress(`carrera: calentamiento, ${shoppers} bolsas vacías a la vez (rechazadas, nada se guarda)…`);
    await Promise.all(Array.from({ length: shoppers }, (_, n) => placeOrder(stack.restUrl, stack.anonKey, shopperAddress(n), [])));

    const cases: RaceCase[] = [];
    const record = async (
      c: Omit<RaceCase, 'stock' | 'verdict' | 'latency' | 'wallMs'>,
      ids: string[],
      run: () => Promise<{ answers: RaceAnswer[]; latencies: number[]; wallMs: number }>,
    ) => {
      const { answers, latencies, wallMs } = await run();
      const stock = await stockOf(ids);
      const verdict = judgeRace(answers, stock, c.expectedOrders);
      const result: RaceCase = { ...c, wallMs: Math.round(wallMs), latency: spread(latencies), stock, verdict };
      cases.push(result);
      progress(
        `carrera: ${c.name}: ${verdict.orders} ${verdict.orders === 1 ? 'pedido' : 'pedidos'}, ${verdict.apartada} «apartada», ${verdict.errors} errores, ${verdict.oversold} sobrevendidas; ` +
          `${result.wallMs} ms en total, p50 ${result.latency.p50} ms, p95 ${result.latency.p95} ms, máx ${result.latency.max} ms` +
          (verdict.failures.length ? ` — NO CUMPLE: ${verdict.failures.join('; ')}` : ''),
      );
    };
    /** Every shopper n orders `itemsOf(n)`, all fired in the same tick; latencies from that instant. */
    const atOnce = (itemsOf: (n: number) => unknown[]) => async () => {
      const bodies = Array.from({ length: shoppers }, (_, n) => ({ address: shopperAddress(n), items: itemsOf(n) }));
      const latencies: number[] = [];
      const started = performance.now();
      const answers = await Promise.all(
        bodies.map(({ address, items }) =>
          placeOrder(stack.restUrl, stack.anonKey, address, items).then((answer) => {
            latencies.push(performance.now() - started);
            return answer;
          }),
        ),
      );
      return { answers, latencies, wallMs: performance.now() - started };
    };

    progress(`carrera: ${ALONE} compradores uno tras otro, cada uno con su pieza…`);
    const alone = await products('sola', ALONE, 1);
    await record(
      { name: 'uno tras otro', shoppers: ALONE, pieces: ALONE, products: ALONE, atOnce: false, expectedOrders: ALONE },
      alone,
      async () => {
        const answers: RaceAnswer[] = [];
        const latencies: number[] = [];
        const started = performance.now();
        for (const [n, id] of alone.entries()) {
          const t = performance.now();
          answers.push(await placeOrder(stack.restUrl, stack.anonKey, shopperAddress(n), item(id)));
          latencies.push(performance.now() - t);
        }
        return { answers, latencies, wallMs: performance.now() - started };
      },
    );

    for (const pieces of [1, 50]) {
      progress(`carrera: ${shoppers} compradores a la vez por una talla con ${pieces} ${pieces === 1 ? 'pieza' : 'piezas'}…`);
      const [id] = await products(`${pieces}-piezas`, 1, pieces);
      const name = pieces === 1 ? 'una pieza' : `${pieces} piezas`;
      const expectedOrders = Math.min(pieces, shoppers);
      await record(
        { name, shoppers, pieces, products: 1, atOnce: true, expectedOrders },
        [id as string],
        atOnce(() => item(id as string)),
      );
    }

    progress(`carrera: base, ${shoppers} compradores a la vez, cada uno por un producto distinto…`);
    const distinct = await products('distinta', shoppers, 1);
    await record(
      { name: 'productos distintos', shoppers, pieces: shoppers, products: shoppers, atOnce: true, expectedOrders: shoppers },
      distinct,
      atOnce((n) => item(distinct[n] as string)),
    );

    return { shoppers, cases, ok: cases.every((c) => c.verdict.failures.length === 0) };
  } finally {
    await db.end().catch(() => undefined);
    await stack.stop();
    await rm(work, { recursive: true, force: true });
  }
}
