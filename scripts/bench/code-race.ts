/**
 * The codes section of `npm run bench` (`npm run bench:codes` alone): many shoppers using one
 * discount code at the same instant, on a throwaway stack as `npm start` runs it (the demo
 * catalogue). Each shopper is a network of its own and calls PostgREST's /rpc/place_order with the
 * anon key, its address in X-Forwarded-For (as the hosted edge forwards them) and the code, each for
 * a product of its own, so only the code is raced for. Cases, BENCH_CODE_SHOPPERS (200) shoppers
 * each, all fired in the same tick:
 * - a code with BENCH_CODE_USES (10) uses left: exactly that many orders carry it, every other
 *   shopper is told 'Este código ya se agotó' and nothing of theirs is stored;
 * - the baseline, in the same run: a code without a limit, so every order carries it: what checking
 *   a code costs when nobody is refused.
 * Each case records the wall time until the last shopper had an answer and each shopper's latency
 * from the common start (p50, p95, slowest), and is judged by code-race-judge.ts: a count that is
 * wrong (orders with the code, refusals, errors, uses beyond the limit) fails the bench.
 */
import { createClient } from '@supabase/supabase-js';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startStack } from '../stack/index.ts';
import { type CodeAnswer, type CodeCount, type CodeVerdict, judgeCodeRace } from './code-race-judge.ts';
import { options, progress } from './options.ts';
import { shopperAddress } from './race-judge.ts';
import { type Spread, spread } from './stats.ts';

export interface CodeRaceCase {
  /** 'código con 10 usos', 'código sin límite' (the baseline). */
  name: string;
  code: string;
  shoppers: number;
  /** Uses the code had left; null: no limit. */
  usesLeft: number | null;
  expectedOrders: number;
  /** From firing the calls to the last answer. */
  wallMs: number;
  /** Each shopper's wait for its answer, from the common start. */
  latency: Spread;
  count: CodeCount;
  verdict: CodeVerdict;
}

export interface CodeRaceResult {
  shoppers: number;
  cases: CodeRaceCase[];
  /** Every case met its counts. */
  ok: boolean;
}

const PRICE = 499;

/** One shopper's order of one piece with the code, as Mi bolsa sends it. */
async function placeOrder(restUrl: string, anonKey: string, address: string, items: unknown[], code: string | null): Promise<CodeAnswer> {
  try {
    const response = await fetch(`${restUrl}/rpc/place_order`, {
      method: 'POST',
      headers: { authorization: `Bearer ${anonKey}`, 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify({ p_items: items, p_channel: 'bolsa', p_code: code }),
    });
    const body = (await response.json()) as {
      ok?: boolean;
      codigo?: string | null;
      descuento?: number;
      problems?: { motivo: string }[];
      code_problem?: { mensaje?: string };
      code?: string;
      message?: string;
    };
    const error = response.status === 200 ? null : `${body.code ?? ''} ${body.message ?? ''}`.trim();
    return {
      status: response.status,
      ok: body.ok === true,
      codigo: body.codigo ?? null,
      descuento: Number(body.descuento ?? 0),
      codeRefusal: body.code_problem?.mensaje ?? null,
      motivos: (body.problems ?? []).map((p) => p.motivo),
      error,
    };
  } catch (error) {
    return {
      status: 0,
      ok: false,
      codigo: null,
      descuento: 0,
      codeRefusal: null,
      motivos: [],
      error: error instanceof Error ? error.message : String(error),
    };
  }
}

export async function runCodeRace(): Promise<CodeRaceResult> {
  const shoppers = options.codeShoppers;
  const uses = options.codeUses;
  // the shop takes 600 orders an hour in all: the baseline's orders and the limited code's must fit
  if (shoppers + Math.min(uses, shoppers) > 600)
    throw new Error(`BENCH_CODE_SHOPPERS: como mucho ${600 - Math.min(uses, shoppers)} compradores.`);
  const work = await mkdtemp(join(tmpdir(), 'outlet-bench-codes-'));
  // Postgres runs as its own user and must reach its data folder inside.
  await chmod(work, 0o755);
  progress('códigos: iniciando una pila local desechable con el catálogo demo (como npm start)…');
  const stack = await startStack({ dataDir: join(work, 'data'), ...options.ports, seed: true, durable: false, log: () => undefined });
  const db = new pg.Client({ connectionString: stack.dbUrl });
  try {
    await db.connect();
    const service = createClient(stack.url, stack.serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false } });
    const { data: campaign } = await service
      .from('campaigns')
      .insert({ nombre: 'Carrera por un código', fecha_fin: '2099-12-31' })
      .select('id')
      .single()
      .throwOnError();

    /** `count` products of one size 'M' with one piece each: every shopper wants a piece of their own. */
    const products = async (label: string, count: number): Promise<string[]> => {
      const { data } = await service
        .from('products')
        .insert(
          Array.from({ length: count }, (_, i) => ({
            campaign_id: campaign.id,
            nombre: `Playera código ${label} ${i + 1}`,
            marca: 'Bench',
            precio_original: 999,
            precio_venta: PRICE,
            permalink: `playera-codigo-${label}-${i + 1}`,
          })),
        )
        .select('id')
        .throwOnError();
      const ids = data.map((p) => p.id);
      await service
        .from('product_sizes')
        .insert(ids.map((product_id) => ({ product_id, talla: 'M', existencias: 1 })))
        .throwOnError();
      return ids;
    };
    const countOf = async (code: string): Promise<CodeCount> => {
      const { rows } = await db.query<CodeCount>(
        `select c.usos, c.usos_maximos as "limit",
                (select count(*)::int from public.orders o where o.codigo = c.codigo) as orders,
                (select count(*)::int from private.discount_code_uses u where u.code_id = c.id and u.counted) as counted
           from public.discount_codes c where c.codigo = $1`,
        [code],
      );
      return rows[0] as CodeCount;
    };

    // Warm-up, not counted: every shopper's connection opened and PostgREST's pool filled, with an
    // empty bag that place_order refuses before it looks at anything (PT400, nothing stored).
    progress(`códigos: calentamiento, ${shoppers} bolsas vacías a la vez (rechazadas, nada se guarda)…`);
    await Promise.all(Array.from({ length: shoppers }, (_, n) => placeOrder(stack.restUrl, stack.anonKey, shopperAddress(n), [], null)));

    const cases: CodeRaceCase[] = [];
    const race = async (name: string, code: string, limit: number | null, label: string) => {
      await db.query(`insert into public.discount_codes (codigo, tipo, valor, usos_maximos) values ($1, 'porcentaje', 10, $2)`, [
        code,
        limit,
      ]);
      const ids = await products(label, shoppers);
      const latencies: number[] = [];
      progress(
        `códigos: ${shoppers} compradores de ${shoppers} redes a la vez con ${code} (${limit === null ? 'sin límite' : `${limit} usos`})…`,
      );
      const started = performance.now();
      const answers = await Promise.all(
        ids.map((id, n) =>
          placeOrder(stack.restUrl, stack.anonKey, shopperAddress(n), [{ product_id: id, talla: 'M', precio_venta: PRICE }], code).then(
            (answer) => {
              latencies.push(performance.now() - started);
              return answer;
            },
          ),
        ),
      );
      const wallMs = Math.round(performance.now() - started);
      const count = await countOf(code);
      const expectedOrders = limit === null ? shoppers : Math.min(limit, shoppers);
      const verdict = judgeCodeRace(answers, count, code, expectedOrders);
      const result: CodeRaceCase = {
        name,
        code,
        shoppers,
        usesLeft: limit,
        expectedOrders,
        wallMs,
        latency: spread(latencies),
        count,
        verdict,
      };
      cases.push(result);
      progress(
        `códigos: ${name}: ${verdict.orders} pedidos con el código, ${verdict.soldOut} «agotado», ${verdict.errors} errores, ${verdict.overused} usos de más (usos ${count.usos}); ` +
          `${wallMs} ms en total, p50 ${result.latency.p50} ms, p95 ${result.latency.p95} ms, máx ${result.latency.max} ms` +
          (verdict.failures.length ? ` — NO CUMPLE: ${verdict.failures.join('; ')}` : ''),
      );
      // the next case's shoppers are the same networks: their held pieces must not count against them
      await db.query(`update public.orders set status = 'cancelado' where codigo = $1`, [code]);
    };

    await race(`código con ${uses} usos`, 'CARRERA', uses, 'limitado');
    await race('código sin límite', 'CARRERALIBRE', null, 'libre');
    return { shoppers, cases, ok: cases.every((c) => c.verdict.failures.length === 0) };
  } finally {
    await db.end().catch(() => undefined);
    await stack.stop();
    await rm(work, { recursive: true, force: true });
  }
}
