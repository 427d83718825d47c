/**
 * The payment section of `npm run bench` (`npm run bench:pay` alone): from Mercado Pago's approved
 * notice to the order paid and its size gone from the shop, against the goal p95 ≤ 2 s.
 *
 * On a throwaway stack as `npm start` runs it (the demo catalogue), with a functions gateway of its
 * own serving `pay` and `mercadopago-webhook` from supabase/functions with Mercado Pago's secrets, as
 * the hosted project runs them, and Mercado Pago played by tests/fixtures/mercadopago.ts (its API,
 * and the notice it signs with the webhook secret and sends to the webhook URL registered in Tus
 * integraciones, here the gateway's /functions/v1/mercadopago-webhook).
 *
 * 4 × BENCH_PAY_ORDERS (40) products of a bench campaign, each with sizes S, M and L of one piece,
 * and a search word of its own (payment-judge.ts productWord). Each gets an order of the last piece
 * of one size, placed through PostgREST's /rpc/place_order from a network of its own (X-Forwarded-For,
 * as the hosted edge forwards it), and its payment link is opened as a shopper opens it
 * (GET /functions/v1/pay/<page_token>, 303 to Checkout Pro): the real `pay` function creates the
 * preference with the stand-in. Before the notices, every size is checked offered by the grid
 * before its order and no longer once held (shop_page filters by the sizes with a piece for sale),
 * and listed by the product page's piezas as held.
 *
 * Then the stand-in pays each preference by card (approved) and sends the signed notice; from that
 * instant the bench polls every 25 ms with fresh calls: (a) the order's status (one SQL read for
 * every order waited on) until 'pagado'; (b) the product page's piezas (anon, GET /products?select=
 * id,piezas) until the size has no piece left, and then shop_page (anon, as the grid asks it:
 * the product's search word and the size, page 1 of 12) until it does not offer it either. Each
 * time is taken when the answer that saw it arrived. shop_page remembers answers per catalogue
 * version, and holds and sales raise the version, so a fresh call sees the sale as soon as it commits.
 * Notices are sent one after another (each once the previous order was paid and gone), then all
 * N at once. Baseline in the same run, interleaved with the first and after the second: the same
 * payment handed to public.record_payment directly with the service role (through the gateway's
 * /rest/v1, as the webhook function calls it): no function, no signature check, no read of
 * Mercado Pago's API. The goal counts the later of (a) and (b) over the notices; a missing order,
 * a p95 above 2 s, or a final state other than every order paid once and its last piece sold
 * prints NO CUMPLE and the bench exits with status 1.
 */
import { createClient } from '@supabase/supabase-js';
import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startMercadoPago } from '../../tests/fixtures/mercadopago.ts';
import { serveGateway } from '../stack/gateway/index.ts';
import { ROOT, startStack } from '../stack/index.ts';
import { options, progress } from './options.ts';
import {
  judgePayments,
  judgeSold,
  PAY_GOAL_MS,
  type PaySample,
  type PayVerdict,
  type Pieza,
  paymentFor,
  sizeHasPieces,
  preferenceIdOf,
  productWord,
  type ShopPageAnswer,
  type SoldState,
  shopOffers,
  slowest,
} from './payment-judge.ts';
import { shopperAddress } from './race-judge.ts';
import { type Spread, spread } from './stats.ts';

export interface PayCase {
  /** 'uno tras otro' or 'a la vez'. */
  name: string;
  /** Through Mercado Pago's notice and the webhook function, or record_payment directly (the baseline). */
  via: 'aviso' | 'record_payment';
  verdict: PayVerdict;
  /**
   * How long each of the polls' reads of the product page's piezas took meanwhile (anon, through the
   * API like a shopper's): what a shopper's read waited while the payments went through.
   */
  reads: Spread;
  samples: PaySample[];
}

export interface PayResult {
  /** Notices per case (N). */
  orders: number;
  pollMs: number;
  /** How long an order was waited on before counting as missing. */
  waitMs: number;
  /** The payment link opened (order page read, preference created with the stand-in, 303 to Checkout Pro). */
  payLink: Spread;
  /** Checks before the notices, over every bench product (4N). */
  before: { products: number; offered: number; heldOffered: number; heldListed: number };
  cases: PayCase[];
  /** The slowest order through the notice, in any case. */
  slowest: (PaySample & { case: string }) | null;
  sold: { aviso: SoldState; record_payment: SoldState };
  /** Failures outside the cases' timings (setup checks, final state), in Spanish. */
  failures: string[];
  ok: boolean;
}

const POLL_MS = 25;
/** How long an order is waited on before it counts as missing. */
const WAIT_MS = 15_000;
const PRICE = 499;
const SIZES = ['S', 'M', 'L'] as const;
const WEBHOOK_SECRET = 'clave-secreta-de-webhooks-del-bench';
const ACCESS_TOKEN = 'TEST-0000000000000000-112710-bench-0000000000000000-202809963';

interface BenchOrder {
  productId: string;
  talla: string;
  word: string;
  id: string;
  reference: string;
  total: number;
  pageToken: string;
  preferenceId: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function runOrderPayment(): Promise<PayResult> {
  const n = options.payOrders;
  // the shop takes 600 orders an hour in all (20_orders.sql)
  if (4 * n > 600) throw new Error('BENCH_PAY_ORDERS: como mucho 150 pedidos por caso.');
  const work = await mkdtemp(join(tmpdir(), 'outlet-bench-pay-'));
  // Postgres runs as its own user and must reach its data folder inside.
  await chmod(work, 0o755);
  progress('pago: iniciando una pila local desechable con el catálogo demo (como npm start)…');
  const stack = await startStack({ dataDir: join(work, 'data'), ...options.ports, seed: true, durable: false, log: () => undefined });
  const functionsUrl = `http://127.0.0.1:${options.functionsPort}`;
  const mp = await startMercadoPago({ webhookSecret: WEBHOOK_SECRET, webhookUrl: `${functionsUrl}/functions/v1/mercadopago-webhook` });
  let functions: { close(): Promise<void> } | null = null;
  const db = new pg.Client({ connectionString: stack.dbUrl });
  try {
    await db.connect();
    const storageDir = join(work, 'functions-storage');
    await mkdir(storageDir, { recursive: true });
    const secrets = { MP_ACCESS_TOKEN: ACCESS_TOKEN, MP_WEBHOOK_SECRET: WEBHOOK_SECRET, MP_API_URL: mp.url };
    progress('pago: funciones pay y mercadopago-webhook con los secretos de Mercado Pago (el sustituto local)…');
    functions = await serveGateway({
      port: options.functionsPort,
      restUrl: stack.restUrl,
      jwtSecret: stack.jwtSecret,
      anonKey: stack.anonKey,
      serviceRoleKey: stack.serviceRoleKey,
      dbUrl: stack.dbUrl,
      storageDir,
      functionsDir: join(ROOT, 'supabase/functions'),
      publicUrl: functionsUrl,
      functionSecrets: { pay: { ...secrets, SITE_URL: 'https://tienda.example' }, 'mercadopago-webhook': secrets },
      log: () => undefined,
    });

    const service = createClient(stack.url, stack.serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false } });
    const anonHeaders = { apikey: stack.anonKey, authorization: `Bearer ${stack.anonKey}` };
    const serviceHeaders = { apikey: stack.serviceRoleKey, authorization: `Bearer ${stack.serviceRoleKey}` };

    // ─── What the shop shows: the grid (shop_page) and the product page (piezas), as anon ───────
    /** The grid's page 1 for the product's search word and the size, as /tienda?search=…&talla=… asks it. */
    const shopPage = async (word: string, talla: string): Promise<ShopPageAnswer> => {
      const response = await fetch(`${stack.url}/rest/v1/rpc/shop_page`, {
        method: 'POST',
        headers: { ...anonHeaders, 'content-type': 'application/json' },
        body: JSON.stringify({
          p_category_id: null,
          p_subcategory_id: null,
          p_brand_id: null,
          p_campaign_id: null,
          p_price_range: null,
          p_size_name: talla,
          p_search_term: word,
          p_sort: null,
          p_offset: 0,
          p_limit: 12,
        }),
      });
      if (!response.ok) throw new Error(`shop_page: HTTP ${response.status} ${await response.text()}`);
      return (await response.json()) as ShopPageAnswer;
    };
    /** The piezas of these products, as the product page reads them (one request). */
    const piezasOf = async (ids: string[]): Promise<Map<string, Pieza[]>> => {
      const response = await fetch(`${stack.url}/rest/v1/products?select=id,piezas&id=in.(${ids.join(',')})`, { headers: anonHeaders });
      if (!response.ok) throw new Error(`piezas: HTTP ${response.status} ${await response.text()}`);
      const rows = (await response.json()) as { id: string; piezas: Pieza[] }[];
      return new Map(rows.map((r) => [r.id, r.piezas]));
    };

    // ─── The bench's products and orders ────────────────────────────────────────────────────────
    const total = 4 * n;
    progress(`pago: ${total} productos con tallas S, M y L de una pieza cada una…`);
    const { data: campaign } = await service
      .from('campaigns')
      .insert({ nombre: 'Pago en línea de la última pieza', fecha_fin: '2099-12-31' })
      .select('id')
      .single()
      .throwOnError();
    const { data: inserted } = await service
      .from('products')
      .insert(
        Array.from({ length: total }, (_, i) => ({
          campaign_id: campaign.id,
          nombre: `Blusa ${productWord(i)}`,
          marca: 'Bench',
          precio_original: 999,
          precio_venta: PRICE,
          permalink: `blusa-${productWord(i)}`,
        })),
      )
      .select('id, permalink')
      .throwOnError();
    const byPermalink = new Map(inserted.map((p) => [p.permalink, p.id]));
    const productIds = Array.from({ length: total }, (_, i) => byPermalink.get(`blusa-${productWord(i)}`) as string);
    await service
      .from('product_sizes')
      .insert(productIds.flatMap((product_id) => SIZES.map((talla) => ({ product_id, talla, existencias: 1 }))))
      .throwOnError();

    const failures: string[] = [];
    const before = { products: total, offered: 0, heldOffered: 0, heldListed: 0 };
    progress(`pago: ${total} pedidos, cada uno la última pieza de una talla, de ${total} redes distintas, y su enlace de pago…`);
    const orders: BenchOrder[] = [];
    const linkTimes: number[] = [];
    for (let i = 0; i < total; i++) {
      const productId = productIds[i] as string;
      const talla = SIZES[i % SIZES.length] as string;
      const word = productWord(i);
      if (shopOffers(await shopPage(word, talla), productId, talla)) before.offered++;
      const response = await fetch(`${stack.restUrl}/rpc/place_order`, {
        method: 'POST',
        headers: { ...anonHeaders, 'content-type': 'application/json', 'x-forwarded-for': shopperAddress(i) },
        body: JSON.stringify({ p_items: [{ product_id: productId, talla, precio_venta: PRICE }], p_channel: 'bolsa' }),
      });
      const placed = (await response.json()) as { ok?: boolean; reference: string; total: number; page_token: string };
      if (placed.ok !== true) throw new Error(`place_order: ${JSON.stringify(placed)}`);
      if (shopOffers(await shopPage(word, talla), productId, talla)) before.heldOffered++;
      const held = (await piezasOf([productId])).get(productId)?.find((p) => p.talla === talla);
      if (held?.libres === 0 && held.apartadas === 1) before.heldListed++;
      // the payment link as a shopper's browser opens it: no key, redirects not followed
      const t = performance.now();
      const link = await fetch(`${functionsUrl}/functions/v1/pay/${placed.page_token}`, {
        redirect: 'manual',
        headers: { accept: 'text/html,*/*' },
      });
      linkTimes.push(performance.now() - t);
      await link.body?.cancel();
      const preferenceId = preferenceIdOf(link.headers.get('location'));
      if (link.status !== 303 || !preferenceId || !mp.preferences.has(preferenceId))
        throw new Error(`El enlace de pago de ${placed.reference} respondió ${link.status} ${link.headers.get('location') ?? ''}`);
      const { rows } = await db.query<{ id: string }>('select id from public.orders where reference = $1', [placed.reference]);
      orders.push({
        productId,
        talla,
        word,
        id: (rows[0] as { id: string }).id,
        reference: placed.reference,
        total: Number(placed.total),
        pageToken: placed.page_token,
        preferenceId,
      });
    }
    if (before.offered !== total) failures.push(`antes de su pedido, shop_page ofrecía ${before.offered} de ${total} tallas`);
    if (before.heldOffered !== 0) failures.push(`${before.heldOffered} tallas apartadas seguían en shop_page`);
    if (before.heldListed !== total) failures.push(`piezas decía apartada ${before.heldListed} de ${total} tallas`);
    progress(
      `pago: antes de su pedido shop_page ofrecía ${before.offered} de ${total} tallas; apartadas, ${before.heldOffered} (shop_page solo filtra tallas con una pieza a la venta) y piezas las lista como apartadas en ${before.heldListed}`,
    );

    // ─── Waiting on orders: (a) paid, (b) the size with no piece in piezas, gone from shop_page ──────────
    interface Watch {
      order: BenchOrder;
      t0: number;
      sample: PaySample;
    }
    /**
     * Polls every POLL_MS with fresh calls until every order is paid and gone, or WAIT_MS passed:
     * (a) the orders' status, (b) the product page's piezas of every order still listed, and for
     * each order whose size piezas counts no piece of, the grid (shop_page) in a loop of its own. No
     * loop waits for another's reads, so a slow answer delays only what it answers.
     */
    const watch = async (watches: Watch[], reads: number[]): Promise<void> => {
      const started = Math.min(...watches.map((w) => w.t0));
      const every = async (pending: () => Watch[], poll: (ws: Watch[]) => Promise<void>) => {
        while (performance.now() - started < WAIT_MS) {
          const tick = performance.now();
          const ws = pending();
          if (ws.length === 0) return;
          await poll(ws);
          await sleep(Math.max(0, POLL_MS - (performance.now() - tick)));
        }
      };
      /** Orders whose size piezas counts no piece of: the grid is asked until it does not offer it either. */
      const grid = new Map<Watch, Promise<void>>();
      const untilGoneFromGrid = (w: Watch) =>
        every(
          () => (w.sample.goneMs === null ? [w] : []),
          async () => {
            const answer = await shopPage(w.order.word, w.order.talla);
            if (!shopOffers(answer, w.order.productId, w.order.talla)) w.sample.goneMs = performance.now() - w.t0;
          },
        );
      await Promise.all([
        every(
          () => watches.filter((w) => w.sample.paidMs === null),
          async (unpaid) => {
            const { rows } = await db.query<{ id: string; status: string }>(
              'select id, status from public.orders where id = any($1::uuid[])',
              [unpaid.map((w) => w.order.id)],
            );
            const at = performance.now();
            const paid = new Set(rows.filter((r) => r.status === 'pagado').map((r) => r.id));
            for (const w of unpaid) if (paid.has(w.order.id)) w.sample.paidMs = at - w.t0;
          },
        ),
        every(
          () => watches.filter((w) => w.sample.goneMs === null && !grid.has(w)),
          async (listed) => {
            const asked = performance.now();
            const piezas = await piezasOf(listed.map((w) => w.order.productId));
            reads.push(performance.now() - asked);
            for (const w of listed) if (!sizeHasPieces(piezas.get(w.order.productId), w.order.talla)) grid.set(w, untilGoneFromGrid(w));
          },
        ),
      ]);
      await Promise.all(grid.values());
    };
    const newWatch = (order: BenchOrder): Watch => ({
      order,
      t0: 0,
      sample: { reference: order.reference, paidMs: null, goneMs: null, answerMs: null },
    });

    /** Mercado Pago approves the order's payment by card and sends the signed notice to the webhook. */
    const notice = (w: Watch): Promise<void> => {
      w.t0 = performance.now();
      return mp.pay(w.order.preferenceId, 'tarjeta').then(
        () => {
          w.sample.answerMs = performance.now() - w.t0;
        },
        (error: unknown) => {
          failures.push(`aviso de ${w.order.reference}: ${error instanceof Error ? error.message : String(error)}`);
        },
      );
    };
    /** The same payment handed to record_payment with the service role, as the webhook function calls it. */
    let template: Record<string, unknown> | null = null;
    let nextPayment = 1_990_000_000;
    const direct = (w: Watch): Promise<void> => {
      const payment = paymentFor(template as Record<string, unknown>, {
        paymentId: String(nextPayment++),
        reference: w.order.reference,
        total: w.order.total,
      });
      w.t0 = performance.now();
      return fetch(`${functionsUrl}/rest/v1/rpc/record_payment`, {
        method: 'POST',
        headers: { ...serviceHeaders, 'content-type': 'application/json' },
        body: JSON.stringify({ p_payment: payment }),
      }).then(
        async (response) => {
          w.sample.answerMs = performance.now() - w.t0;
          const body = (await response.json()) as { ok?: boolean; result?: string };
          if (response.status !== 200 || body.result !== 'pagado')
            failures.push(`record_payment de ${w.order.reference}: HTTP ${response.status} ${JSON.stringify(body)}`);
        },
        (error: unknown) => {
          failures.push(`record_payment de ${w.order.reference}: ${error instanceof Error ? error.message : String(error)}`);
        },
      );
    };
    /** The payment the stand-in made for the order, as its API describes it. */
    const paymentOf = (order: BenchOrder) => [...mp.payments.values()].find((p) => p['external_reference'] === order.reference) ?? null;

    // Warm-up, not counted: the function processes, the stand-in and the reads each answer once.
    // A signed notice of a payment Mercado Pago does not know is acknowledged and ignored; a
    // payment of an unknown order is answered 'pedido_desconocido' and stores nothing.
    progress('pago: calentamiento (un aviso de un pago desconocido, record_payment de un pedido desconocido, lecturas)…');
    for (let i = 0; i < 3; i++) {
      await mp.notify(String(1_000 + i));
      await fetch(`${functionsUrl}/rest/v1/rpc/record_payment`, {
        method: 'POST',
        headers: { ...serviceHeaders, 'content-type': 'application/json' },
        body: JSON.stringify({ p_payment: { id: 1_000 + i, status: 'approved', external_reference: 'OM-ZZZZZ' } }),
      }).then((r) => r.body?.cancel());
      const first = orders[0] as BenchOrder;
      await piezasOf([first.productId]);
      await shopPage(first.word, first.talla);
    }

    const groups = {
      avisoSeq: orders.slice(0, n),
      directSeq: orders.slice(n, 2 * n),
      avisoBurst: orders.slice(2 * n, 3 * n),
      directBurst: orders.slice(3 * n, 4 * n),
    };
    const cases: PayCase[] = [];
    const record = (name: string, via: PayCase['via'], watches: Watch[], reads: number[], goal: number | null) => {
      const samples = watches.map((w) => w.sample);
      const verdict = judgePayments(samples, goal);
      cases.push({ name, via, verdict, reads: spread(reads), samples });
      progress(
        `pago: ${name}, ${via === 'aviso' ? 'aviso → webhook' : 'record_payment directo'}: pagado p50 ${verdict.paid.p50} ms, p95 ${verdict.paid.p95} ms; ` +
          `fuera de la tienda p50 ${verdict.gone.p50} ms, p95 ${verdict.gone.p95} ms, máx ${verdict.gone.max} ms; respuesta p50 ${verdict.answer.p50} ms; ` +
          `lecturas de piezas mientras tanto p50 ${spread(reads).p50} ms, máx ${spread(reads).max} ms` +
          (verdict.failures.length ? ` — NO CUMPLE: ${verdict.failures.join('; ')}` : ''),
      );
    };

    progress(`pago: ${n} avisos uno tras otro, cada uno alternado con el mismo pago directo a record_payment…`);
    const seq = { aviso: groups.avisoSeq.map(newWatch), direct: groups.directSeq.map(newWatch) };
    const seqReads = { aviso: [] as number[], direct: [] as number[] };
    for (let i = 0; i < n; i++) {
      const a = seq.aviso[i] as Watch;
      await Promise.all([notice(a), watch([a], seqReads.aviso)]);
      template = paymentOf(a.order) ?? template;
      if (template === null) throw new Error(`El sustituto no guardó el pago de ${a.order.reference}`);
      const d = seq.direct[i] as Watch;
      await Promise.all([direct(d), watch([d], seqReads.direct)]);
    }
    record('uno tras otro', 'aviso', seq.aviso, seqReads.aviso, PAY_GOAL_MS);
    record('uno tras otro', 'record_payment', seq.direct, seqReads.direct, null);

    progress(`pago: ${n} avisos a la vez…`);
    const burst = groups.avisoBurst.map(newWatch);
    // every notice leaves (and takes its t0) before the first poll
    const burstReads: number[] = [];
    await Promise.all([...burst.map(notice), watch(burst, burstReads)]);
    record('a la vez', 'aviso', burst, burstReads, PAY_GOAL_MS);
    progress(`pago: ${n} pagos a la vez directo a record_payment…`);
    const directBurst = groups.directBurst.map(newWatch);
    const directBurstReads: number[] = [];
    await Promise.all([...directBurst.map(direct), watch(directBurst, directBurstReads)]);
    record('a la vez', 'record_payment', directBurst, directBurstReads, null);

    // ─── What the database holds now ────────────────────────────────────────────────────────────
    const soldOf = async (group: BenchOrder[]): Promise<SoldState> => {
      const { rows } = await db.query<SoldState>(
        `with o as (select unnest($1::uuid[]) as id, unnest($2::uuid[]) as product_id, unnest($3::text[]) as talla),
              s as (select ps.* from public.product_sizes ps join o on ps.product_id = o.product_id and ps.talla = o.talla)
         select (select count(*)::int from o) as orders,
                (select count(*)::int from public.orders x join o using (id) where x.status = 'pagado') as paid,
                (select count(*)::int from public.order_payments p join o on p.order_id = o.id where p.status = 'approved' and p.flag is null) as approved,
                (select count(*)::int from public.order_payments p join o on p.order_id = o.id where p.flag is not null) as flagged,
                (select coalesce(sum(s.existencias), 0)::int from s) as existencias,
                (select coalesce(sum(s.apartadas), 0)::int from s) as apartadas,
                (select count(*)::int from private.holds h join o on h.order_id = o.id) as holds,
                (select count(*)::int from private.sales x join o on x.order_id = o.id) as sales`,
        [group.map((o) => o.id), group.map((o) => o.productId), group.map((o) => o.talla)],
      );
      return rows[0] as SoldState;
    };
    const sold = {
      aviso: await soldOf([...groups.avisoSeq, ...groups.avisoBurst]),
      record_payment: await soldOf([...groups.directSeq, ...groups.directBurst]),
    };
    for (const [via, state] of Object.entries(sold)) for (const f of judgeSold(state)) failures.push(`${via}: ${f}`);

    const viaNotice = cases.filter((c) => c.via === 'aviso').flatMap((c) => c.samples.map((s) => ({ ...s, case: c.name })));
    const result: PayResult = {
      orders: n,
      pollMs: POLL_MS,
      waitMs: WAIT_MS,
      payLink: spread(linkTimes),
      before,
      cases,
      slowest: slowest(viaNotice),
      sold,
      failures,
      ok: failures.length === 0 && cases.every((c) => c.verdict.failures.length === 0),
    };
    for (const f of failures) progress(`pago: NO CUMPLE: ${f}`);
    return result;
  } finally {
    await db.end().catch(() => undefined);
    await functions?.close().catch(() => undefined);
    await mp.stop().catch(() => undefined);
    await stack.stop();
    await rm(work, { recursive: true, force: true });
  }
}
