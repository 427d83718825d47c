/**
 * Stock per size and the holds that stop overselling, through the API as shoppers and the team use
 * them: a size has pieces (existencias); placing an order holds one piece of each item for the shop's
 * hold time, so nobody else can order it ('apartada') and it leaves the size filter and its counts;
 * however many shoppers order the last piece at once, exactly one order holds it; a hold that ends
 * unpaid (its time, a cancellation) puts the piece back, by the stack's scheduled job too; the team
 * extends a hold; one network holds at most max_held_per_network pieces; the stock counts follow
 * their rules whoever writes them; holds never ask for a rebuild, sales do.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as F from './fixture.ts';
import { adminClient, anonClient, type Client, signedIn, sql, stack } from './helpers.ts';

interface Answer {
  ok: boolean;
  reference?: string;
  held_until?: string;
  problems?: { position: number; product_id: string; nombre: string; talla: string | null; motivo: string }[];
}

const item = (product_id: string, talla: string | null, precio_venta: number) => ({ product_id, talla, precio_venta });

/**
 * place_order as PostgREST runs it for a shopper behind the hosted edge, which reports the shopper's
 * address in X-Forwarded-For (the local gateway would put its own socket's there): each address is a
 * shopper of its own network when they differ in the first three octets.
 */
async function placeFrom(
  address: string,
  items: unknown[],
  channel = 'bolsa',
): Promise<{ status: number; body: Answer & { message?: string } }> {
  const response = await fetch(`${stack.restUrl}/rpc/place_order`, {
    method: 'POST',
    headers: { authorization: `Bearer ${stack.anonKey}`, 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ p_items: items, p_channel: channel }),
  });
  return { status: response.status, body: await response.json() };
}

/** A different network for each n (an IPv4 /24 each). */
const network = (n: number) => `10.${Math.floor(n / 250)}.${n % 250}.7`;

async function stockOf(productId: string, talla: string | null) {
  const { rows } = talla
    ? await sql.query('select existencias, apartadas from public.product_sizes where product_id = $1 and talla = $2', [productId, talla])
    : await sql.query('select existencias, apartadas from public.products where id = $1', [productId]);
  return rows[0] as { existencias: number; apartadas: number };
}

async function piezas(productId: string) {
  const { data, error } = await anonClient().from('products').select('sizes, agotado, piezas').eq('id', productId).single();
  expect(error).toBeNull();
  return data as unknown as { sizes: string[]; agotado: boolean; piezas: { talla: string | null; libres: number; apartadas: number }[] };
}

async function orderOf(reference: string | undefined) {
  const { rows } = await sql.query('select status, held_until, hold_ended_at, hold_end_reason from public.orders where reference = $1', [
    reference,
  ]);
  return rows[0];
}

let owner: Client;
beforeEach(async () => {
  await F.loadFixture();
  owner = await adminClient();
});
afterEach(async () => {
  await sql.query('update public.shop_settings set hold_minutes = 240, max_held_per_network = 30');
});

describe('placing an order holds its pieces', () => {
  it('for the shop’s hold time: the size says apartada, leaves the size filter and its counts, and nobody else can order it', async () => {
    const before = await anonClient().rpc('get_available_sizes', {});
    const countOf = (rows: typeof before.data, talla: string) => rows?.find((r) => r.nombre === talla)?.product_count ?? 0;
    const started = Date.now();
    const first = await placeFrom(network(1), [item(F.P3, '27', 2500)]);
    expect(first.body.ok).toBe(true);
    // held for the default 240 minutes
    const heldMs = new Date(first.body.held_until ?? 0).getTime() - started;
    expect(heldMs).toBeGreaterThan(239 * 60_000);
    expect(heldMs).toBeLessThan(241 * 60_000);
    expect(await stockOf(F.P3, '27')).toEqual({ existencias: 1, apartadas: 1 });

    // the product page reads it live: 27 is apartada, 28 is the last piece
    expect(await piezas(F.P3)).toEqual({
      sizes: ['28'],
      agotado: false,
      piezas: [
        { talla: '27', libres: 0, apartadas: 1 },
        { talla: '28', libres: 1, apartadas: 0 },
      ],
    });
    const after = await anonClient().rpc('get_available_sizes', {});
    expect(countOf(after.data, '27')).toBe(countOf(before.data, '27') - 1);

    // another shopper is told which item was just taken, and nothing is stored
    const second = await placeFrom(network(2), [item(F.P1, 'S', 500), item(F.P3, '27', 2500)]);
    expect(second.body).toEqual({
      ok: false,
      problems: [{ position: 2, product_id: F.P3, nombre: 'Tenis runner', talla: '27', motivo: 'apartada', precio_venta: 2500 }],
    });
    expect((await sql.query('select count(*)::int as n from public.orders')).rows[0].n).toBe(1);
  });

  it('one piece per order: a size with three pieces serves three orders, then a sold size is vendida', async () => {
    await sql.query(`update public.product_sizes set existencias = 3 where product_id = $1 and talla = 'M'`, [F.P1]);
    for (const n of [1, 2, 3]) expect((await placeFrom(network(n), [item(F.P1, 'M', 500)])).body.ok).toBe(true);
    expect((await placeFrom(network(4), [item(F.P1, 'M', 500)])).body.problems?.[0]?.motivo).toBe('apartada');
    expect((await piezas(F.P1)).piezas.find((p) => p.talla === 'M')).toEqual({ talla: 'M', libres: 0, apartadas: 3 });
    await sql.query(`update public.product_sizes set existencias = 0 where product_id = $1 and talla = 'L'`, [F.P1]);
    expect((await placeFrom(network(5), [item(F.P1, 'L', 500)])).body.problems?.[0]?.motivo).toBe('vendida');
    // a size with no piece left stays on the product page, sold out (nothing for sale, nothing held)
    expect((await piezas(F.P1)).piezas).toEqual([
      { talla: 'S', libres: 1, apartadas: 0 },
      { talla: 'M', libres: 0, apartadas: 3 },
      { talla: 'L', libres: 0, apartadas: 0 },
    ]);
  });

  it('a product with every piece held leaves the shop’s listings and comes back when the hold ends', async () => {
    const held = await placeFrom(network(1), [item(F.P4, null, 25000)]);
    expect(held.body.ok).toBe(true);
    expect(await piezas(F.P4)).toEqual({ sizes: [], agotado: true, piezas: [{ talla: null, libres: 0, apartadas: 1 }] });
    const ids = async () =>
      ((await anonClient().rpc('shop_page', { p_limit: 50 })).data as { products: { id: string }[] }).products.map((p) => p.id);
    expect(await ids()).not.toContain(F.P4);
    await owner
      .from('orders')
      .update({ status: 'cancelado' })
      .eq('reference', held.body.reference ?? '');
    expect(await piezas(F.P4)).toEqual({ sizes: [], agotado: false, piezas: [{ talla: null, libres: 1, apartadas: 0 }] });
    expect(await ids()).toContain(F.P4);
    expect(await orderOf(held.body.reference)).toMatchObject({ status: 'cancelado', held_until: null, hold_end_reason: 'cancelado' });
  });

  it('paying sells the held piece: existencias and apartadas drop by one, the order holds nothing', async () => {
    await sql.query(`update public.product_sizes set existencias = 2 where product_id = $1 and talla = 'S'`, [F.P1]);
    const placed = await placeFrom(network(1), [item(F.P1, 'S', 500)]);
    const paid = await owner
      .from('orders')
      .update({ status: 'pagado' })
      .eq('reference', placed.body.reference ?? '');
    expect(paid.error).toBeNull();
    expect(await stockOf(F.P1, 'S')).toEqual({ existencias: 1, apartadas: 0 });
    expect(await orderOf(placed.body.reference)).toMatchObject({ status: 'pagado', held_until: null, hold_end_reason: null });
    expect((await piezas(F.P1)).piezas.find((p) => p.talla === 'S')).toEqual({ talla: 'S', libres: 1, apartadas: 0 });
  });
});

describe('the last piece, ordered by many shoppers at the same instant', () => {
  it('is held by exactly one order; every other shopper is told which item was taken', async () => {
    const shoppers = Array.from({ length: 40 }, (_, n) => placeFrom(network(n + 10), [item(F.P1, 'S', 500), item(F.P3, '28', 2500)]));
    const answers = await Promise.all(shoppers);
    expect(answers.map((a) => a.status).every((s) => s === 200)).toBe(true);
    const winners = answers.filter((a) => a.body.ok);
    expect(winners).toHaveLength(1);
    for (const loser of answers.filter((a) => !a.body.ok)) {
      expect(loser.body.problems).toEqual([
        { position: 1, product_id: F.P1, nombre: 'Playera básica', talla: 'S', motivo: 'apartada', precio_venta: 500 },
        { position: 2, product_id: F.P3, nombre: 'Tenis runner', talla: '28', motivo: 'apartada', precio_venta: 2500 },
      ]);
    }
    expect(await stockOf(F.P1, 'S')).toEqual({ existencias: 1, apartadas: 1 });
    expect(await stockOf(F.P3, '28')).toEqual({ existencias: 1, apartadas: 1 });
    const { rows } = await sql.query(
      'select count(*)::int as orders, (select count(*)::int from private.holds) as holds from public.orders',
    );
    expect(rows[0]).toEqual({ orders: 1, holds: 2 });
  });

  it('with 5 pieces and 30 shoppers, exactly 5 orders hold one each and none is oversold', async () => {
    await sql.query(`update public.product_sizes set existencias = 5 where product_id = $1 and talla = 'M'`, [F.P1]);
    const answers = await Promise.all(Array.from({ length: 30 }, (_, n) => placeFrom(network(n + 100), [item(F.P1, 'M', 500)])));
    expect(answers.filter((a) => a.body.ok)).toHaveLength(5);
    expect(answers.filter((a) => a.body.problems?.[0]?.motivo === 'apartada')).toHaveLength(25);
    expect(await stockOf(F.P1, 'M')).toEqual({ existencias: 5, apartadas: 5 });
  });
});

describe('a hold that ends unpaid', () => {
  it('gives its pieces back and the order says when and why', async () => {
    const placed = await placeFrom(network(1), [item(F.P3, '27', 2500), item(F.P4, null, 25000)]);
    await sql.query(`update public.orders set held_until = now() - interval '1 second' where reference = $1`, [placed.body.reference]);
    expect((await sql.query('select private.release_expired_holds() as n')).rows[0].n).toBe(1);
    expect(await stockOf(F.P3, '27')).toEqual({ existencias: 1, apartadas: 0 });
    expect(await stockOf(F.P4, null)).toEqual({ existencias: 1, apartadas: 0 });
    const order = await orderOf(placed.body.reference);
    expect(order).toMatchObject({ status: 'nuevo', held_until: null, hold_end_reason: 'vencido' });
    expect(order.hold_ended_at).not.toBeNull();
    // the piece is for sale again
    expect((await placeFrom(network(2), [item(F.P3, '27', 2500)])).body.ok).toBe(true);
  });

  it('is released by the stack’s scheduled job within 60 seconds, as pg_cron does on a hosted project', async () => {
    const placed = await placeFrom(network(1), [item(F.P3, '27', 2500)]);
    await sql.query(`update public.orders set held_until = now() where reference = $1`, [placed.body.reference]);
    const ended = Date.now();
    let order = await orderOf(placed.body.reference);
    while (order.held_until !== null && Date.now() - ended < 60_000) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      order = await orderOf(placed.body.reference);
    }
    expect(order).toMatchObject({ held_until: null, hold_end_reason: 'vencido' });
    expect(Date.now() - ended).toBeLessThan(60_000);
    expect(await stockOf(F.P3, '27')).toEqual({ existencias: 1, apartadas: 0 });
  }, 70_000);

  it('an order placed at the moment a hold ends gets the piece even before the job runs', async () => {
    const placed = await placeFrom(network(1), [item(F.P3, '27', 2500)]);
    await sql.query(`update public.orders set held_until = now() - interval '1 second' where reference = $1`, [placed.body.reference]);
    expect((await placeFrom(network(2), [item(F.P3, '27', 2500)])).body.ok).toBe(true);
    expect(await stockOf(F.P3, '27')).toEqual({ existencias: 1, apartadas: 1 });
  });
});

describe('the team and a hold', () => {
  it('owners and editors extend a hold from Pedidos; analysts and shoppers cannot; an ended hold cannot be extended', async () => {
    const placed = await placeFrom(network(1), [item(F.P1, 'S', 500)]);
    const { rows } = await sql.query('select id, held_until from public.orders where reference = $1', [placed.body.reference]);
    const { id, held_until: before } = rows[0];
    const editor = await signedIn('editor@test.local', 'editor-password-123', 'editor');
    const extended = await editor.rpc('extend_order_hold', { p_order_id: id, p_hours: 24 });
    expect(extended.error).toBeNull();
    expect(new Date(extended.data as string).getTime() - new Date(before).getTime()).toBe(24 * 3600_000);
    const analyst = await signedIn('analyst@test.local', 'analyst-password-123', 'analyst');
    expect((await analyst.rpc('extend_order_hold', { p_order_id: id, p_hours: 1 })).error?.message).toBe('No autorizado');
    expect((await anonClient().rpc('extend_order_hold', { p_order_id: id, p_hours: 1 })).error).not.toBeNull();
    expect((await editor.rpc('extend_order_hold', { p_order_id: id, p_hours: 100 })).error?.message).toBe(
      'El apartado se extiende de 1 a 72 horas.',
    );
    // nobody writes held_until directly
    expect(
      (
        await owner
          .from('orders')
          .update({ held_until: null } as never)
          .eq('id', id)
      ).error,
    ).not.toBeNull();
    await owner.from('orders').update({ status: 'cancelado' }).eq('id', id);
    const late = await editor.rpc('extend_order_hold', { p_order_id: id, p_hours: 1 });
    expect(late.error?.message).toBe('Este pedido ya no tiene piezas apartadas.');
  });

  it('the hold time is the owner’s setting', async () => {
    await owner.from('shop_settings').update({ hold_minutes: 30 }).eq('id', 1).throwOnError();
    const started = Date.now();
    const placed = await placeFrom(network(1), [item(F.P1, 'S', 500)]);
    const heldMs = new Date(placed.body.held_until ?? 0).getTime() - started;
    expect(heldMs).toBeGreaterThan(29 * 60_000);
    expect(heldMs).toBeLessThan(31 * 60_000);
    expect((await owner.from('shop_settings').update({ hold_minutes: 5 }).eq('id', 1)).error).not.toBeNull();
  });
});

describe('nobody holds the shop empty', () => {
  it('one network (an IPv4 /24, an IPv6 /64) holds at most max_held_per_network pieces at once; other networks are served', async () => {
    await sql.query('update public.shop_settings set max_held_per_network = 3');
    await sql.query(`update public.product_sizes set existencias = 100`);
    await sql.query(`update public.products set existencias = 100 where id = $1`, [F.P4]);
    expect((await placeFrom('187.190.12.1', [item(F.P1, 'S', 500), item(F.P1, 'M', 500)])).body.ok).toBe(true);
    expect((await placeFrom('187.190.12.2', [item(F.P4, null, 25000)])).body.ok).toBe(true);
    const refused = await placeFrom('187.190.12.3', [item(F.P1, 'L', 500)]);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(
      'Desde tu conexión ya hay 3 piezas apartadas en pedidos sin pagar (máximo 3). Paga o cancela alguno, o escríbenos por WhatsApp.',
    );
    // IPv6: one /64 is one network
    for (const host of [1, 2, 3]) expect((await placeFrom(`2806:2f0:9021:77::${host}`, [item(F.P4, null, 25000)])).body.ok).toBe(true);
    expect((await placeFrom('2806:2f0:9021:77::99', [item(F.P4, null, 25000)])).status).toBe(429);
    // another network is served
    expect((await placeFrom('201.141.5.9', [item(F.P1, 'L', 500)])).body.ok).toBe(true);
    // a hold that ends frees the network's room
    await sql.query(
      `update public.orders set held_until = now() - interval '1 second' where sender = private.limit_key('187.190.12.1'::inet)`,
    );
    expect((await placeFrom('187.190.12.4', [item(F.P1, 'L', 500)])).body.ok).toBe(true);
  });
});

describe('stock counts follow their rules whoever writes them', () => {
  it('apartadas is never written by hand, existencias never drops below it, and a held size is neither deleted nor renamed', async () => {
    await placeFrom(network(1), [item(F.P1, 'M', 500)]);
    const editor = await signedIn('editor@test.local', 'editor-password-123', 'editor');
    await editor.from('product_sizes').update({ apartadas: 0 }).eq('product_id', F.P1).eq('talla', 'M');
    expect(await stockOf(F.P1, 'M')).toEqual({ existencias: 1, apartadas: 1 });
    const lower = await editor.from('product_sizes').update({ existencias: 0 }).eq('product_id', F.P1).eq('talla', 'M');
    expect(lower.error?.message).toBe(
      '1 pieza(s) están apartadas en pedidos sin pagar: las existencias no pueden ser menos. Cancela esos pedidos primero.',
    );
    expect((await editor.from('product_sizes').delete().eq('product_id', F.P1).eq('talla', 'M')).error?.message).toBe(
      'La talla M está apartada en un pedido sin pagar: no se puede borrar ni cambiar.',
    );
    // more pieces are fine, and offered at once
    expect((await editor.from('product_sizes').update({ existencias: 4 }).eq('product_id', F.P1).eq('talla', 'M')).error).toBeNull();
    expect((await piezas(F.P1)).piezas.find((p) => p.talla === 'M')).toEqual({ talla: 'M', libres: 3, apartadas: 1 });
    expect((await editor.from('product_sizes').update({ existencias: -1 }).eq('product_id', F.P1).eq('talla', 'S')).error).not.toBeNull();
  });

  it('the bulk action sets every size’s pieces of the chosen products, never below what orders hold', async () => {
    await placeFrom(network(1), [item(F.P1, 'M', 500)]);
    const { data, error } = await owner.rpc('bulk_update_products', {
      p_ids: [F.P1, F.P4],
      p_action: 'stock',
      p_value: { existencias: 0 },
      p_expected: 2,
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({ changed: 2 });
    const { rows } = await sql.query(
      `select talla, existencias, apartadas from public.product_sizes where product_id = $1 order by talla`,
      [F.P1],
    );
    expect(rows).toEqual([
      { talla: 'L', existencias: 0, apartadas: 0 },
      { talla: 'M', existencias: 1, apartadas: 1 },
      { talla: 'S', existencias: 0, apartadas: 0 },
    ]);
    expect(await stockOf(F.P4, null)).toEqual({ existencias: 0, apartadas: 0 });
    expect((await piezas(F.P4)).agotado).toBe(true);
    const bad = await owner.rpc('bulk_update_products', { p_ids: [F.P1], p_action: 'stock', p_value: { existencias: 'mil' } });
    expect(bad.error?.message).toBe('Las existencias van de 0 a 9999 piezas');
  });

  it('holds ask for no rebuild (the pages read a size’s state live); a sale does', async () => {
    await sql.query('delete from public.rebuild_requests');
    const placed = await placeFrom(network(1), [item(F.P1, 'M', 500)]);
    await sql.query(`update public.orders set held_until = now() - interval '1 second' where reference = $1`, [placed.body.reference]);
    await sql.query('select private.release_expired_holds()');
    expect((await sql.query('select count(*)::int as n from public.rebuild_requests')).rows[0].n).toBe(0);
    const sold = await placeFrom(network(2), [item(F.P1, 'M', 500)]);
    await owner
      .from('orders')
      .update({ status: 'pagado' })
      .eq('reference', sold.body.reference ?? '');
    expect((await sql.query('select count(*)::int as n from public.rebuild_requests')).rows[0].n).toBeGreaterThan(0);
  });
});
