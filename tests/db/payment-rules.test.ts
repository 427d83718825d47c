/**
 * What a payment Mercado Pago describes does to its order (public.record_payment, as the webhook
 * function calls it with the service role, after reading the payment from Mercado Pago's API):
 * approved in MXN for the total pays the order and sells its pieces; a different amount or currency,
 * an order cancelled meanwhile, a second approved payment and one approved after its piece was taken
 * are flagged and sell nothing; pending keeps the hold (until an OXXO voucher's expiry); rejected
 * ends it; the same notice twice or out of order never sells twice. The order page shows an order to
 * whoever holds its token, and nobody else.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import * as F from './fixture.ts';
import { adminClient, anonClient, serviceClient, sql, stack } from './helpers.ts';

const item = (product_id: string, talla: string | null, precio_venta: number) => ({ product_id, talla, precio_venta });

async function placeFrom(address: string, items: unknown[]) {
  const response = await fetch(`${stack.restUrl}/rpc/place_order`, {
    method: 'POST',
    headers: { authorization: `Bearer ${stack.anonKey}`, 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ p_items: items, p_channel: 'bolsa' }),
  });
  return (await response.json()) as { ok: boolean; reference: string; total: number };
}

/** A payment as Mercado Pago's API returns it (GET /v1/payments/{id}), for the order. */
function payment(reference: string, overrides: Record<string, string | number | null> = {}): Record<string, string | number | null> {
  return {
    id: 1234567890,
    status: 'approved',
    status_detail: 'accredited',
    external_reference: reference,
    transaction_amount: 649,
    currency_id: 'MXN',
    payment_method_id: 'visa',
    payment_type_id: 'credit_card',
    installments: 3,
    date_approved: '2026-11-27T12:00:00.000-06:00',
    date_of_expiration: null,
    transaction_amount_refunded: 0,
    ...overrides,
  };
}

async function record(p: ReturnType<typeof payment>) {
  const { data, error } = await serviceClient().rpc('record_payment', { p_payment: p });
  expect(error).toBeNull();
  return data as { ok: boolean; reference?: string; result: string };
}

async function orderOf(reference: string) {
  const { rows } = await sql.query(
    `select o.status, o.held_until, o.hold_end_reason, o.paid_at, o.page_token,
            (select json_agg(json_build_object('payment_id', p.payment_id, 'status', p.status, 'flag', p.flag, 'notices', p.notices) order by p.created_at)
               from public.order_payments p where p.order_id = o.id) as payments
       from public.orders o where o.reference = $1`,
    [reference],
  );
  return rows[0];
}

async function pieces(productId: string, talla: string) {
  const { rows } = await sql.query('select existencias, apartadas from public.product_sizes where product_id = $1 and talla = $2', [
    productId,
    talla,
  ]);
  return rows[0];
}

let order: { reference: string; total: number };
beforeEach(async () => {
  await F.loadFixture();
  // P1 'S' at $500 plus $149 shipping: a total of $649
  order = await placeFrom('10.0.0.1', [item(F.P1, 'S', 500)]);
  expect(order.total).toBe(649);
});

describe('an approved payment', () => {
  it('in MXN for the order’s total pays it and sells its piece; the same notice again changes nothing', async () => {
    expect(await record(payment(order.reference))).toEqual({ ok: true, reference: order.reference, result: 'pagado' });
    const paid = await orderOf(order.reference);
    expect(paid).toMatchObject({ status: 'pagado', held_until: null });
    expect(paid.paid_at).not.toBeNull();
    expect(await pieces(F.P1, 'S')).toEqual({ existencias: 0, apartadas: 0 });
    // a replayed notice: counted, applied once
    expect((await record(payment(order.reference))).result).toBe('ya_pagado');
    expect((await orderOf(order.reference)).payments).toEqual([{ payment_id: '1234567890', status: 'approved', flag: null, notices: 2 }]);
    expect(await pieces(F.P1, 'S')).toEqual({ existencias: 0, apartadas: 0 });
  });

  it('for another amount or currency is flagged and the order stays unpaid, holding its piece', async () => {
    expect((await record(payment(order.reference, { transaction_amount: 1 }))).result).toBe('monto_distinto');
    expect((await record(payment(order.reference, { id: 2, currency_id: 'USD' }))).result).toBe('moneda_distinta');
    const unpaid = await orderOf(order.reference);
    expect(unpaid.status).toBe('nuevo');
    expect(unpaid.held_until).not.toBeNull();
    expect(unpaid.payments.map((p: { flag: string }) => p.flag)).toEqual(['monto_distinto', 'moneda_distinta']);
    expect(await pieces(F.P1, 'S')).toEqual({ existencias: 1, apartadas: 1 });
  });

  it('for an order cancelled meanwhile is flagged and sells nothing', async () => {
    await sql.query(`update public.orders set status = 'cancelado' where reference = $1`, [order.reference]);
    expect((await record(payment(order.reference))).result).toBe('pedido_cancelado');
    expect((await orderOf(order.reference)).status).toBe('cancelado');
    expect(await pieces(F.P1, 'S')).toEqual({ existencias: 1, apartadas: 0 });
  });

  it('a second approved payment of a paid order is flagged as a duplicate; nothing is sold twice', async () => {
    await record(payment(order.reference));
    expect((await record(payment(order.reference, { id: 99 }))).result).toBe('pago_duplicado');
    expect(await pieces(F.P1, 'S')).toEqual({ existencias: 0, apartadas: 0 });
    expect((await sql.query('select count(*)::int as n from private.sales')).rows[0].n).toBe(1);
  });

  it('after the hold ended and another order took the piece: flagged sin_piezas, never oversold', async () => {
    await sql.query(`update public.orders set held_until = now() - interval '1 second' where reference = $1`, [order.reference]);
    await sql.query('select private.release_expired_holds()');
    const other = await placeFrom('10.0.1.1', [item(F.P1, 'S', 500)]);
    expect(other.ok).toBe(true);
    expect((await record(payment(order.reference))).result).toBe('sin_piezas');
    expect((await orderOf(order.reference)).status).toBe('nuevo');
    expect(await pieces(F.P1, 'S')).toEqual({ existencias: 1, apartadas: 1 });
  });

  it('after the hold ended with the piece still free: the order is paid', async () => {
    await sql.query(`update public.orders set held_until = now() - interval '1 second' where reference = $1`, [order.reference]);
    await sql.query('select private.release_expired_holds()');
    expect((await record(payment(order.reference))).result).toBe('pagado');
    expect(await pieces(F.P1, 'S')).toEqual({ existencias: 0, apartadas: 0 });
  });
});

describe('a payment not approved', () => {
  it('pending (an OXXO voucher) keeps the hold until the voucher expires', async () => {
    const expires = new Date(Date.now() + 48 * 3600_000).toISOString();
    const answer = await record(
      payment(order.reference, {
        status: 'pending',
        status_detail: 'pending_waiting_payment',
        payment_method_id: 'oxxo',
        payment_type_id: 'ticket',
        date_approved: null,
        date_of_expiration: expires,
      }),
    );
    expect(answer.result).toBe('apartado');
    expect(new Date((await orderOf(order.reference)).held_until).toISOString()).toBe(expires);
    expect(await pieces(F.P1, 'S')).toEqual({ existencias: 1, apartadas: 1 });
  });

  it('rejected ends the hold: the piece is for sale again and the order says why', async () => {
    expect(
      (
        await record(
          payment(order.reference, { status: 'rejected', status_detail: 'cc_rejected_insufficient_amount', date_approved: null }),
        )
      ).result,
    ).toBe('liberado');
    expect(await orderOf(order.reference)).toMatchObject({ status: 'nuevo', held_until: null, hold_end_reason: 'pago_rechazado' });
    expect(await pieces(F.P1, 'S')).toEqual({ existencias: 1, apartadas: 0 });
  });

  it('out of order: an older pending or rejected notice after the approval never takes the payment back', async () => {
    await record(payment(order.reference));
    expect((await record(payment(order.reference, { status: 'pending' }))).result).toBe('ya_pagado');
    expect((await record(payment(order.reference, { status: 'rejected' }))).result).toBe('ya_pagado');
    expect(await orderOf(order.reference)).toMatchObject({ status: 'pagado' });
    expect((await orderOf(order.reference)).payments[0].status).toBe('approved');
  });

  it('an unknown reference records nothing', async () => {
    expect(await record(payment('OM-ZZZZZ'))).toEqual({ ok: false, result: 'pedido_desconocido' });
    expect((await sql.query('select count(*)::int as n from public.order_payments')).rows[0].n).toBe(0);
  });
});

describe('who may record payments and read an order', () => {
  it('only the service role records payments and refunds', async () => {
    for (const client of [anonClient(), await adminClient()]) {
      expect((await client.rpc('record_payment', { p_payment: payment(order.reference) })).error).not.toBeNull();
      expect(
        (
          await client.rpc('record_refund', {
            p_payment_id: '1',
            p_refund_id: '1',
            p_amount: 1,
            p_reason: 'x',
            p_refunded_by: null as never,
          })
        ).error,
      ).not.toBeNull();
    }
    expect((await orderOf(order.reference)).status).toBe('nuevo');
  });

  it('the order page shows items, totals and the hold to the token’s holder, and no personal data', async () => {
    const { page_token } = await orderOf(order.reference);
    const { data } = await anonClient().rpc('order_page', { p_token: page_token });
    expect(data).toMatchObject({
      reference: order.reference,
      status: 'nuevo',
      total: 649,
      items: [{ nombre: 'Playera básica', talla: 'S', precio_venta: 500 }],
      payment: null,
    });
    expect(Object.keys(data as object)).not.toContain('sender');
    expect(Object.keys(data as object)).not.toContain('session_id');
    expect((await anonClient().rpc('order_page', { p_token: '00000000-0000-4000-8000-000000000000' })).data).toBeNull();
    await record(payment(order.reference));
    expect(
      ((await anonClient().rpc('order_page', { p_token: page_token })).data as { status: string; payment: object }).payment,
    ).toMatchObject({
      status: 'approved',
      method: 'visa',
      installments: 3,
    });
  });

  it('refunds are recorded once per refund id and add up on the payment', async () => {
    await record(payment(order.reference));
    const owner = (await sql.query(`select id from auth.users where email = 'admin@test.local'`)).rows[0]?.id ?? null;
    for (const refund of ['r1', 'r1', 'r2']) {
      const { error } = await serviceClient().rpc('record_refund', {
        p_payment_id: '1234567890',
        p_refund_id: refund,
        p_amount: 100,
        p_reason: 'Devolución de una pieza',
        p_refunded_by: owner,
      });
      expect(error).toBeNull();
    }
    const { rows } = await sql.query('select refunded_amount::float as r from public.order_payments');
    expect(rows[0].r).toBe(200);
    expect((await sql.query('select count(*)::int as n from public.order_refunds')).rows[0].n).toBe(2);
  });

  it('a refund Mercado Pago reported before it was recorded is counted once', async () => {
    await record(payment(order.reference));
    // the refund's notice arrives first: the payment as Mercado Pago now describes it
    await record(payment(order.reference, { transaction_amount_refunded: 100 }));
    const { error } = await serviceClient().rpc('record_refund', {
      p_payment_id: '1234567890',
      p_refund_id: 'r9',
      p_amount: 100,
      p_reason: 'Talla equivocada',
      p_refunded_by: null as never,
    });
    expect(error).toBeNull();
    expect((await sql.query('select refunded_amount::float as r from public.order_payments')).rows[0].r).toBe(100);
  });
});
