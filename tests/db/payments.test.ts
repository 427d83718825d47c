/**
 * Online payment with Mercado Pago's Checkout Pro, through the three Edge Functions running in Deno
 * behind a gateway of their own on the test stack, whose Mercado Pago secrets this file gives them:
 * `pay` (the payment link), `mercadopago-webhook` (Mercado Pago's notices) and `refund-payment`
 * ('Reembolsar'). Mercado Pago's API is a local stand-in that records every request and answers
 * with the payloads Mercado Pago documents (a preference created; payments approved, pending at
 * OXXO, rejected; a refund). The notices are signed here, as Mercado Pago signs them, with the
 * webhook secret. Nobody sends a key: a shopper's browser and Mercado Pago carry none.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as F from './fixture.ts';
import { adminClient, anonClient, signedIn, sql, stack } from './helpers.ts';
import { FUNCTIONS_GATEWAY_PORT, startGateway, type TestGateway } from './test-gateway.ts';

const gatewayUrl = `http://127.0.0.1:${FUNCTIONS_GATEWAY_PORT}`;
const SHOP = 'https://tienda.example';
const ACCESS_TOKEN = 'TEST-4417820963518223-112710-6d1c3b2b7c3a4f5e8d9c0b1a2f3e4d5c-202809963';
const WEBHOOK_SECRET = 'clave-secreta-de-webhooks-de-prueba';

// ─── The stand-in for Mercado Pago's API ────────────────────────────────────────────────────────

interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown> | null;
}

let standIn: Server;
let standInUrl = '';
let received: Received[] = [];
/** The payments the stand-in's GET /v1/payments/{id} answers, by id. */
const payments = new Map<string, Record<string, unknown>>();
/** Refunds by idempotency key: the same key gets the same refund, as Mercado Pago answers it. */
const refundsByKey = new Map<string, Record<string, unknown>>();
let nextRefundId = 1_504_827_301;

function answer(res: import('node:http').ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function startStandIn(): Promise<void> {
  standIn = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => {
      const path = req.url ?? '';
      const body = text ? (JSON.parse(text) as Record<string, unknown>) : null;
      received.push({ method: req.method ?? '', path, headers: req.headers, body });
      if (req.method === 'POST' && path === '/checkout/preferences') {
        const id = `202809963-${randomUUID()}`;
        return answer(res, 201, {
          ...body,
          id,
          collector_id: 202809963,
          client_id: '4417820963518223',
          date_created: new Date().toISOString(),
          operation_type: 'regular_payment',
          init_point: `https://www.mercadopago.com.mx/checkout/v1/redirect?pref_id=${id}`,
          sandbox_init_point: `https://sandbox.mercadopago.com.mx/checkout/v1/redirect?pref_id=${id}`,
        });
      }
      const paymentPath = /^\/v1\/payments\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && paymentPath) {
        const payment = payments.get(paymentPath[1]!);
        return payment
          ? answer(res, 200, payment)
          : answer(res, 404, { message: 'Payment not found', error: 'not_found', status: 404, cause: [] });
      }
      const refundPath = /^\/v1\/payments\/([^/]+)\/refunds$/.exec(path);
      if (req.method === 'POST' && refundPath) {
        const key = String(req.headers['x-idempotency-key'] ?? '');
        const refund = refundsByKey.get(key) ?? {
          id: nextRefundId++,
          payment_id: Number(refundPath[1]),
          amount: body?.['amount'],
          metadata: {},
          source: { id: '202809963', name: 'Outlet Moda MX', type: 'collector' },
          date_created: new Date().toISOString(),
          unique_sequence_number: null,
          refund_mode: 'standard',
          adjustment_amount: 0,
          status: 'approved',
          reason: null,
          labels: [],
          amount_refunded_to_payer: body?.['amount'],
          partition_details: [],
        };
        refundsByKey.set(key, refund);
        return answer(res, 201, refund);
      }
      answer(res, 404, { message: 'resource not found', error: 'not_found', status: 404, cause: [] });
    });
  });
  return new Promise((resolve) => standIn.listen(0, '127.0.0.1', resolve));
}

/** A payment as GET /v1/payments/{id} returns it: approved by card unless `overrides` say otherwise. */
function mpPayment(id: string, reference: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const now = new Date().toISOString();
  return {
    id: Number(id),
    date_created: now,
    date_approved: now,
    date_last_updated: now,
    date_of_expiration: null,
    money_release_date: now,
    operation_type: 'regular_payment',
    issuer_id: '310',
    payment_method_id: 'visa',
    payment_type_id: 'credit_card',
    status: 'approved',
    status_detail: 'accredited',
    currency_id: 'MXN',
    description: 'Playera básica · Talla S',
    live_mode: false,
    collector_id: 202809963,
    payer: { id: '1234567890', email: 'test_user_123@testuser.com', type: null, identification: { type: null, number: null } },
    metadata: {},
    additional_info: { items: [] },
    external_reference: reference,
    transaction_amount: 649,
    transaction_amount_refunded: 0,
    coupon_amount: 0,
    installments: 3,
    transaction_details: { net_received_amount: 615.3, total_paid_amount: 649, overpaid_amount: 0, installment_amount: 216.33 },
    fee_details: [{ type: 'mercadopago_fee', amount: 33.7, fee_payer: 'collector' }],
    captured: true,
    binary_mode: false,
    refunds: [],
    ...overrides,
  };
}

const oxxo = (expires: string) => ({
  status: 'pending',
  status_detail: 'pending_waiting_payment',
  payment_method_id: 'oxxo',
  payment_type_id: 'ticket',
  date_approved: null,
  date_of_expiration: expires,
  installments: 1,
  transaction_details: {
    net_received_amount: 0,
    total_paid_amount: 649,
    overpaid_amount: 0,
    installment_amount: 0,
    external_resource_url: 'https://www.mercadopago.com.mx/payments/1/ticket?caller_id=1&hash=abc',
  },
});
const REJECTED = { status: 'rejected', status_detail: 'cc_rejected_insufficient_amount', date_approved: null };

// ─── The functions, behind a gateway with this file's secrets ────────────────────────────────────

let gateway: TestGateway | null = null;

/** Where a deployed project's webhook function listens (this gateway's own address is http, which Mercado Pago refuses). */
const NOTIFICATION_URL = 'https://pagos.tienda.example/functions/v1/mercadopago-webhook';

/**
 * Serves the functions with Mercado Pago's secrets (payments on) or without them (payments off);
 * `notices: false` leaves MP_NOTIFICATION_URL unset, as on a local stack.
 */
async function serveFunctions(paymentsOn: boolean, opts: { notices?: boolean } = {}): Promise<void> {
  await gateway?.close();
  gateway = null;
  const mp: Record<string, string> = paymentsOn
    ? { MP_ACCESS_TOKEN: ACCESS_TOKEN, MP_WEBHOOK_SECRET: WEBHOOK_SECRET, MP_API_URL: standInUrl }
    : {};
  const notices = paymentsOn && opts.notices !== false ? { MP_NOTIFICATION_URL: NOTIFICATION_URL } : {};
  gateway = await startGateway({
    functionSecrets: { pay: { ...mp, ...notices, SITE_URL: SHOP }, 'mercadopago-webhook': mp, 'refund-payment': mp },
  });
}

// ─── Shoppers, notices and owners ────────────────────────────────────────────────────────────────

interface Placed {
  ok: boolean;
  reference: string;
  total: number;
  held_until: string;
  page_token: string;
  /** The order's id, which the back office sends (not in place_order's answer). */
  id: string;
}

let network = 0;
/** An order placed as the shop places it (each from a network of its own, under the per-network limits). */
async function place(
  items: { product_id: string; talla: string | null; precio_venta: number }[],
  code: string | null = null,
): Promise<Placed> {
  network++;
  const response = await fetch(`${stack.restUrl}/rpc/place_order`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${stack.anonKey}`,
      'content-type': 'application/json',
      'x-forwarded-for': `10.9.${network}.1`,
    },
    body: JSON.stringify({ p_items: items, p_channel: 'bolsa', p_code: code }),
  });
  const placed = (await response.json()) as Placed;
  expect(placed.ok).toBe(true);
  const { rows } = await sql.query('select id from public.orders where reference = $1', [placed.reference]);
  return { ...placed, id: rows[0].id };
}

/** P1 'S' at $500 plus $149 shipping: $649. */
const playeraS = () => place([{ product_id: F.P1, talla: 'S', precio_venta: 500 }]);

/** The payment link, opened as a browser opens it: no key, no session, redirects not followed. */
function openPayLink(token: string): Promise<Response> {
  return fetch(`${gatewayUrl}/functions/v1/pay/${token}`, { redirect: 'manual', headers: { accept: 'text/html,*/*' } });
}

/** x-signature as Mercado Pago makes it: HMAC-SHA256 (hex) of id:<data.id>;request-id:<x-request-id>;ts:<ts>; */
function signature(dataId: string, requestId: string, ts: number | string, secret = WEBHOOK_SECRET): string {
  const v1 = createHmac('sha256', secret).update(`id:${dataId.toLowerCase()};request-id:${requestId};ts:${ts};`).digest('hex');
  return `ts=${ts},v1=${v1}`;
}

/** A notice as Mercado Pago sends it to the notification_url, signed now unless told otherwise. */
function notify(paymentId: string, opts: { ts?: number | string; sign?: (requestId: string) => string; type?: string } = {}) {
  const requestId = randomUUID();
  const ts = opts.ts ?? Math.floor(Date.now() / 1000);
  const type = opts.type ?? 'payment';
  return fetch(`${gatewayUrl}/functions/v1/mercadopago-webhook?data.id=${paymentId}&type=${type}&source_news=webhooks`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-request-id': requestId,
      'x-signature': opts.sign ? opts.sign(requestId) : signature(paymentId, requestId, ts),
    },
    body: JSON.stringify({
      action: 'payment.updated',
      api_version: 'v1',
      data: { id: paymentId },
      date_created: new Date().toISOString(),
      id: 119_221_712_345,
      live_mode: false,
      type,
      user_id: '202809963',
    }),
  });
}

async function orderOf(reference: string) {
  const { rows } = await sql.query(
    `select o.id, o.status, o.held_until, o.hold_end_reason,
            (select json_agg(json_build_object('payment_id', p.payment_id, 'status', p.status, 'flag', p.flag, 'notices', p.notices,
                                               'refunded_amount', p.refunded_amount::float) order by p.created_at)
               from public.order_payments p where p.order_id = o.id) as payments
       from public.orders o where o.reference = $1`,
    [reference],
  );
  return rows[0] as {
    id: string;
    status: string;
    held_until: Date | null;
    hold_end_reason: string | null;
    payments: { payment_id: string; status: string; flag: string | null; notices: number; refunded_amount: number }[] | null;
  };
}

/** The sizes of P1 a shopper sees, with the pieces for sale and held. */
async function playeraPieces() {
  const { data, error } = await anonClient().from('products').select('piezas').eq('id', F.P1).single();
  expect(error).toBeNull();
  return (data as unknown as { piezas: { talla: string; libres: number; apartadas: number }[] }).piezas;
}

async function tokenOf(client: Awaited<ReturnType<typeof adminClient>>): Promise<string> {
  const { data } = await client.auth.getSession();
  return data.session!.access_token;
}

/** 'Reembolsar' as the back office calls it: POST with the person's session (and no key needed). */
async function refund(token: string, body: Record<string, unknown>) {
  const res = await fetch(`${gatewayUrl}/functions/v1/refund-payment`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Places P1 'S' and has Mercado Pago approve its payment `paymentId`: the order is paid. */
async function paidOrder(paymentId: string) {
  const order = await playeraS();
  payments.set(paymentId, mpPayment(paymentId, order.reference));
  expect(await (await notify(paymentId)).json()).toEqual({ ok: true, reference: order.reference, result: 'pagado' });
  return order;
}

beforeAll(async () => {
  await startStandIn();
  standInUrl = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`;
  await serveFunctions(true);
});

afterAll(async () => {
  await gateway?.close();
  await new Promise<void>((resolve) => standIn.close(() => resolve()));
});

beforeEach(async () => {
  await F.loadFixture();
  received = [];
  payments.clear();
});

// ─── The payment link ────────────────────────────────────────────────────────────────────────────

describe('the payment link (pay)', () => {
  it('says payments are on, briefly cacheable', async () => {
    const res = await fetch(`${gatewayUrl}/functions/v1/pay/status`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    expect(await res.json()).toEqual({ enabled: true });
  });

  it('builds the Checkout Pro preference from the order as the database holds it and sends the shopper there', async () => {
    const order = await playeraS();
    const before = Date.now();
    // whatever a browser adds to the link, the preference comes from the database
    const res = await fetch(`${gatewayUrl}/functions/v1/pay/${order.page_token}?total=1&precio=1`, { redirect: 'manual' });
    expect(res.status).toBe(303);
    const location = res.headers.get('location')!;
    expect(location).toMatch(/^https:\/\/www\.mercadopago\.com\.mx\/checkout\/v1\/redirect\?pref_id=202809963-/);

    expect(received.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /checkout/preferences']);
    const sent = received[0]!;
    expect(sent.headers['authorization']).toBe(`Bearer ${ACCESS_TOKEN}`);
    const page = `${SHOP}/pedido/?t=${order.page_token}`;
    expect(sent.body).toMatchObject({
      items: [
        {
          id: `${order.reference}-1`,
          title: 'Playera básica · Talla S',
          description: 'Nike',
          quantity: 1,
          currency_id: 'MXN',
          unit_price: 500,
        },
        { id: `${order.reference}-envio`, title: 'Envío', quantity: 1, currency_id: 'MXN', unit_price: 149 },
      ],
      external_reference: order.reference,
      statement_descriptor: 'OUTLET MODA MX',
      back_urls: { success: page, pending: page, failure: page },
      auto_return: 'approved',
      // Webhooks notices only (no unsigned IPN duplicates)
      notification_url: `${NOTIFICATION_URL}?source_news=webhooks`,
      expires: true,
    });
    const body = sent.body as Record<string, string>;
    // the link stops working when the hold ends; a cash voucher gets 48 hours from now
    expect(body['expiration_date_to']).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}-06:00$/);
    expect(Math.abs(Date.parse(body['expiration_date_to']!) - Date.parse(order.held_until))).toBeLessThan(2);
    const voucher = Date.parse(body['date_of_expiration']!) - before;
    expect(voucher).toBeGreaterThan(48 * 3600_000 - 60_000);
    expect(voucher).toBeLessThanOrEqual(48 * 3600_000 + 60_000);
    // what Mercado Pago will charge is the order's total
    const items = body['items'] as unknown as { unit_price: number }[];
    expect(items.reduce((sum, i) => sum + i.unit_price, 0)).toBe(order.total);
  });

  it('an order with free shipping has no shipping line', async () => {
    // P2 at $1,500 reaches free shipping
    const order = await place([{ product_id: F.P2, talla: 'm', precio_venta: 1500 }]);
    expect((await openPayLink(order.page_token)).status).toBe(303);
    expect((received[0]!.body!['items'] as { title: string; unit_price: number }[]).map((i) => [i.title, i.unit_price])).toEqual([
      ['Pantalón cargo · Talla m', 1500],
    ]);
  });

  it('an order with a discount code: each item is charged its price less its part of the discount, and they add up to the total', async () => {
    await sql.query(`insert into public.discount_codes (codigo, tipo, valor) values ('BIENVENIDA', 'porcentaje', 15)`);
    // $500 + $1,500 = $2,000, 15% off: $300 (P1 $75, P2 $225); $1,700 keeps free shipping
    const order = await place(
      [
        { product_id: F.P1, talla: 'S', precio_venta: 500 },
        { product_id: F.P2, talla: 'm', precio_venta: 1500 },
      ],
      'BIENVENIDA',
    );
    expect(order.total).toBe(1700);
    expect((await openPayLink(order.page_token)).status).toBe(303);
    expect((received[0]!.body!['items'] as { title: string; unit_price: number }[]).map((i) => [i.title, i.unit_price])).toEqual([
      ['Playera básica · Talla S', 425],
      ['Pantalón cargo · Talla m', 1275],
    ]);
  });

  it('sends a paid, a cancelled and an expired order to its page, never to pay', async () => {
    const paid = await paidOrder('70000000001');
    const cancelled = await place([{ product_id: F.P1, talla: 'M', precio_venta: 500 }]);
    await sql.query(`update public.orders set status = 'cancelado' where reference = $1`, [cancelled.reference]);
    const expired = await place([{ product_id: F.P1, talla: 'L', precio_venta: 500 }]);
    await sql.query(`update public.orders set held_until = now() - interval '1 second' where reference = $1`, [expired.reference]);
    await sql.query('select private.release_expired_holds()');
    received = [];
    for (const order of [paid, cancelled, expired]) {
      const res = await openPayLink(order.page_token);
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe(`${SHOP}/pedido/?t=${order.page_token}`);
    }
    expect(received).toEqual([]);
  });

  it('answers an unknown or malformed link with a short Spanish message', async () => {
    for (const token of ['0b9e8e0c-7c1f-4a39-9a51-3f0d2f5d9e11', 'OM-7K3F2', '']) {
      const res = await openPayLink(token);
      expect(res.status).toBe(404);
      expect(await res.text()).toBe('No encontramos ese pedido. Revisa el enlace que te enviamos o escríbenos por WhatsApp.\n');
    }
    const asJson = await fetch(`${gatewayUrl}/functions/v1/pay/0b9e8e0c-7c1f-4a39-9a51-3f0d2f5d9e11`);
    expect(await asJson.json()).toEqual({
      error: 'No encontramos ese pedido. Revisa el enlace que te enviamos o escríbenos por WhatsApp.',
    });
    expect(received).toEqual([]);
  });
});

// ─── Mercado Pago's notices ──────────────────────────────────────────────────────────────────────

describe('a payment notice (mercadopago-webhook)', () => {
  it('approved: the payment is read from Mercado Pago, the order is paid and its size is sold out on the product page', async () => {
    const order = await playeraS();
    expect((await playeraPieces()).map((p) => p.talla)).toEqual(['S', 'M', 'L']);
    payments.set('70000000002', mpPayment('70000000002', order.reference));
    const res = await notify('70000000002');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, reference: order.reference, result: 'pagado' });
    expect(received.map((r) => `${r.method} ${r.path} ${r.headers['authorization']}`)).toEqual([
      `GET /v1/payments/70000000002 Bearer ${ACCESS_TOKEN}`,
    ]);
    expect(await orderOf(order.reference)).toMatchObject({
      status: 'pagado',
      held_until: null,
      payments: [{ payment_id: '70000000002', status: 'approved', flag: null, notices: 1 }],
    });
    expect((await playeraPieces()).find((p) => p.talla === 'S')).toEqual({ talla: 'S', libres: 0, apartadas: 0 });
  });

  it('replayed: applied once, nothing sold twice', async () => {
    const order = await paidOrder('70000000003');
    const again = await notify('70000000003');
    expect(await again.json()).toEqual({ ok: true, reference: order.reference, result: 'ya_pagado' });
    expect((await orderOf(order.reference)).payments).toMatchObject([{ status: 'approved', notices: 2 }]);
    expect((await sql.query(`select existencias from public.product_sizes where product_id = $1 and talla = 'S'`, [F.P1])).rows).toEqual([
      { existencias: 0 },
    ]);
    expect((await sql.query('select count(*)::int as n from private.sales')).rows[0].n).toBe(1);
  });

  it('out of order: a pending notice after the approval leaves the order paid', async () => {
    const order = await paidOrder('70000000004');
    payments.set('70000000004', mpPayment('70000000004', order.reference, oxxo(new Date(Date.now() + 86400_000).toISOString())));
    expect(await (await notify('70000000004')).json()).toMatchObject({ ok: true, result: 'ya_pagado' });
    expect(await orderOf(order.reference)).toMatchObject({ status: 'pagado', payments: [{ status: 'approved' }] });
  });

  it('for an amount other than the total: flagged, the order stays unpaid and keeps its piece', async () => {
    const order = await playeraS();
    payments.set('70000000005', mpPayment('70000000005', order.reference, { transaction_amount: 500 }));
    expect(await (await notify('70000000005')).json()).toMatchObject({ ok: true, result: 'monto_distinto' });
    const stored = await orderOf(order.reference);
    expect(stored).toMatchObject({ status: 'nuevo', payments: [{ status: 'approved', flag: 'monto_distinto' }] });
    expect(stored.held_until).not.toBeNull();
    expect((await playeraPieces()).find((p) => p.talla === 'S')).toEqual({ talla: 'S', libres: 0, apartadas: 1 });
  });

  it('pending at OXXO: the order holds its piece until the voucher expires', async () => {
    const order = await playeraS();
    const expires = new Date(Date.now() + 40 * 3600_000).toISOString();
    payments.set('70000000006', mpPayment('70000000006', order.reference, oxxo(expires)));
    expect(await (await notify('70000000006')).json()).toMatchObject({ ok: true, result: 'apartado' });
    expect((await orderOf(order.reference)).held_until?.toISOString()).toBe(expires);
  });

  it('rejected: the hold ends and the piece is for sale again', async () => {
    const order = await playeraS();
    payments.set('70000000007', mpPayment('70000000007', order.reference, REJECTED));
    expect(await (await notify('70000000007')).json()).toMatchObject({ ok: true, result: 'liberado' });
    expect(await orderOf(order.reference)).toMatchObject({ status: 'nuevo', held_until: null, hold_end_reason: 'pago_rechazado' });
    expect((await playeraPieces()).find((p) => p.talla === 'S')).toEqual({ talla: 'S', libres: 1, apartadas: 0 });
  });

  it('refuses a forged signature (401): nothing is read from Mercado Pago nor recorded', async () => {
    const order = await playeraS();
    payments.set('70000000008', mpPayment('70000000008', order.reference));
    const ts = Math.floor(Date.now() / 1000);
    const forgeries = [
      (requestId: string) => signature('70000000008', requestId, ts, 'otra-clave'),
      // signed for another payment
      (requestId: string) => signature('70000000009', requestId, ts),
      () => `ts=${ts},v1=${'0'.repeat(64)}`,
      () => 'firma',
      () => '',
    ];
    for (const sign of forgeries) {
      const res = await notify('70000000008', { sign });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: 'La firma del aviso no es de Mercado Pago.' });
    }
    expect(received).toEqual([]);
    expect((await orderOf(order.reference)).status).toBe('nuevo');
  });

  it('refuses a notice signed more than 5 minutes ago or ahead (401); ts may be in milliseconds', async () => {
    const order = await playeraS();
    payments.set('70000000010', mpPayment('70000000010', order.reference));
    for (const ts of [Math.floor(Date.now() / 1000) - 6 * 60, Math.floor(Date.now() / 1000) + 6 * 60, Date.now() - 6 * 60_000]) {
      const res = await notify('70000000010', { ts });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: 'El aviso tiene más de 5 minutos: su firma ya no vale.' });
    }
    expect(received).toEqual([]);
    expect(await (await notify('70000000010', { ts: Date.now() - 60_000 })).json()).toMatchObject({ result: 'pagado' });
  });

  it('acknowledges other topics and payments Mercado Pago does not know without recording anything', async () => {
    const order = await playeraS();
    const other = await notify('34567890123', { type: 'merchant_order' });
    expect(other.status).toBe(200);
    expect(received).toEqual([]);
    // "Simular" in Tus integraciones sends a made-up id
    const simulated = await notify('123456');
    expect(simulated.status).toBe(200);
    expect(await simulated.json()).toEqual({ ok: true, ignorado: 'pago_desconocido' });
    expect(await orderOf(order.reference)).toMatchObject({ status: 'nuevo', payments: null });
  });
});

// ─── Refunds ─────────────────────────────────────────────────────────────────────────────────────

describe('a refund (refund-payment)', () => {
  it('an owner refunds part, then the rest, with a reason; never more than what is left', async () => {
    const order = await paidOrder('70000000011');
    const owner = await adminClient();
    const ownerId = (await owner.auth.getUser()).data.user!.id;
    const token = await tokenOf(owner);
    received = [];

    expect(await refund(token, { order_id: order.id, reason: ' ' })).toEqual({
      status: 400,
      body: { error: 'Escribe el motivo del reembolso.' },
    });
    expect(await refund(token, { order_id: order.id, amount: 10.005, reason: 'Descuento' })).toEqual({
      status: 400,
      body: { error: 'El monto va en pesos con hasta 2 decimales.' },
    });

    const part = await refund(token, { order_id: order.id, amount: 100.5, reason: 'La playera llegó con una mancha' });
    expect(part.status).toBe(201);
    expect(part.body).toMatchObject({ ok: true, reference: order.reference, amount: 100.5, refunded: 100.5, remaining: 548.5 });
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ method: 'POST', path: '/v1/payments/70000000011/refunds', body: { amount: 100.5 } });
    expect(received[0]!.headers['authorization']).toBe(`Bearer ${ACCESS_TOKEN}`);
    expect(received[0]!.headers['x-idempotency-key']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);

    expect(await refund(token, { order_id: order.id, amount: 600, reason: 'Devolución' })).toEqual({
      status: 400,
      body: { error: 'El monto supera lo que queda por reembolsar. Quedan $548.50.' },
    });

    // without an amount: whatever is left
    const rest = await refund(token, { order_id: order.id, reason: 'Devolvió el pedido' });
    expect(rest.status).toBe(201);
    expect(rest.body).toMatchObject({ amount: 548.5, refunded: 649, remaining: 0 });
    expect(received.map((r) => r.body?.['amount'])).toEqual([100.5, 548.5]);

    expect(await refund(token, { order_id: order.id, reason: 'Otra vez' })).toEqual({
      status: 409,
      body: { error: 'Este pago ya se reembolsó completo.' },
    });
    const { rows } = await sql.query(
      `select payment_id, refund_id, amount::float, reason, refunded_by from public.order_refunds order by created_at`,
    );
    expect(rows).toEqual([
      {
        payment_id: '70000000011',
        refund_id: String(part.body['refund_id']),
        amount: 100.5,
        reason: 'La playera llegó con una mancha',
        refunded_by: ownerId,
      },
      {
        payment_id: '70000000011',
        refund_id: String(rest.body['refund_id']),
        amount: 548.5,
        reason: 'Devolvió el pedido',
        refunded_by: ownerId,
      },
    ]);
    expect((await orderOf(order.reference)).payments).toMatchObject([{ refunded_amount: 649 }]);
  });

  it('only an owner may refund: an editor and a shopper are refused and nothing reaches Mercado Pago', async () => {
    const order = await paidOrder('70000000012');
    received = [];
    const editor = await signedIn('editora@pagos.test', 'editora-password-123', 'editor');
    expect(await refund(await tokenOf(editor), { order_id: order.id, reason: 'Devolución' })).toEqual({
      status: 403,
      body: { error: 'Solo el dueño puede reembolsar.' },
    });
    expect((await refund(stack.anonKey, { order_id: order.id, reason: 'Devolución' })).status).toBe(401);
    expect(received).toEqual([]);
    expect((await sql.query('select count(*)::int as n from public.order_refunds')).rows[0].n).toBe(0);
  });

  it('an order without an approved payment has nothing to refund', async () => {
    const order = await playeraS();
    const token = await tokenOf(await adminClient());
    expect(await refund(token, { order_id: order.id, reason: 'Devolución' })).toEqual({
      status: 409,
      body: { error: 'Este pedido no tiene un pago aprobado que reembolsar.' },
    });
  });
});

// ─── Other secrets ───────────────────────────────────────────────────────────────────────────────

describe('on a local stack, whose webhook address is http', () => {
  beforeAll(async () => {
    await serveFunctions(true, { notices: false });
  });

  it('the preference names no notification_url (Mercado Pago takes only https; it notifies the URL of Tus integraciones)', async () => {
    const order = await playeraS();
    expect((await openPayLink(order.page_token)).status).toBe(303);
    expect(received[0]!.body).not.toHaveProperty('notification_url');
    expect(received[0]!.body).toMatchObject({ external_reference: order.reference, auto_return: 'approved' });
  });
});

describe('without Mercado Pago’s secrets', () => {
  beforeAll(async () => {
    await serveFunctions(false);
  });

  it('payments are off: the status says so, the link opens the order’s page, notices and refunds are refused', async () => {
    const res = await fetch(`${gatewayUrl}/functions/v1/pay/status`);
    expect(await res.json()).toEqual({ enabled: false });
    const order = await playeraS();
    const link = await openPayLink(order.page_token);
    expect(link.status).toBe(303);
    expect(link.headers.get('location')).toBe(`${SHOP}/pedido/?t=${order.page_token}`);
    const notice = await notify('70000000013');
    expect(notice.status).toBe(404);
    expect(await notice.json()).toEqual({ error: 'Los pagos en línea no están activados en esta tienda.' });
    expect(await refund(await tokenOf(await adminClient()), { order_id: order.id, reason: 'Devolución' })).toEqual({
      status: 409,
      body: { error: 'Los pagos en línea no están activados: no hay pagos que reembolsar.' },
    });
    expect(received).toEqual([]);
    expect((await orderOf(order.reference)).status).toBe('nuevo');
  });
});
