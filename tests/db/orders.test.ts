/**
 * Orders through the API as shoppers and staff see them: place_order checks every item against the
 * live catalogue (ended, sold, wrong size, changed price) and stores nothing when one changed; a
 * stored order gets an OM- reference and the shop's shipping rule; the abuse limits; who may read
 * and change orders; marking an order paid sells a piece of each size (a size with none left is gone
 * from the product, the size filter and its counts; a product with nothing left is agotado and leaves
 * the listings), and taking the payment back puts them on sale again. Holds and stock counts:
 * stock-and-holds.test.ts.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import * as F from './fixture.ts';
import { adminClient, anonClient, type Client, signedIn, sql } from './helpers.ts';

interface Placed {
  ok: boolean;
  reference?: string;
  subtotal?: number;
  shipping?: number;
  total?: number;
  items?: { position: number; talla: string | null; nombre: string; precio_venta: number }[];
  problems?: { position: number; product_id: string; talla: string | null; motivo: string; precio_venta: number | null }[];
}

const item = (product_id: string, talla: string | null, precio_venta: number) => ({ product_id, talla, precio_venta });

/**
 * place_order as an anonymous shopper. Every test call comes from this machine's socket: the gateway
 * replaces any address a client claims (`address`) with the socket's, so they share one limit.
 */
async function place(items: unknown, address = '203.0.113.7', channel = 'bolsa') {
  const { data, error } = await anonClient()
    .rpc('place_order', { p_items: items as never, p_channel: channel, p_session_id: 'orders-test-session' })
    .setHeader('x-forwarded-for', address);
  return { data: data as unknown as Placed | null, error };
}

const FROM_HERE = 'Ya recibimos varios pedidos desde tu conexión. Espera unos minutos o escríbenos por WhatsApp.';

/**
 * One order of P4 from each address in turn, as PostgREST runs place_order for an anonymous shopper
 * whose proxy reports that address (the gateway of these tests always reports its own socket's): the
 * tally of outcomes, 'ok' or the refusal's message.
 */
async function asShoppers(addresses: string[]): Promise<Record<string, number>> {
  const client = await sql.connect();
  try {
    await client.query('begin');
    await client.query(`select set_config('request.jwt.claims', '{"role":"anon"}', true)`);
    await client.query('set local role anon');
    const tally: Record<string, number> = {};
    for (const address of addresses) {
      await client.query('savepoint one');
      await client.query(`select set_config('request.headers', $1, true)`, [JSON.stringify({ 'x-forwarded-for': address })]);
      let outcome = 'ok';
      try {
        await client.query(`select public.place_order($1::jsonb, 'bolsa', null)`, [JSON.stringify([item(F.P4, null, 25000)])]);
        await client.query('release savepoint one');
      } catch (error) {
        outcome = (error as Error).message;
        await client.query('rollback to savepoint one');
      }
      tally[outcome] = (tally[outcome] ?? 0) + 1;
    }
    await client.query('commit');
    return tally;
  } finally {
    client.release();
  }
}

async function sizesOf(id: string): Promise<{ sizes: string[]; agotado: boolean }> {
  const { rows } = await sql.query('select sizes, agotado from public.products where id = $1', [id]);
  return rows[0];
}

let owner: Client;

beforeEach(async () => {
  await F.loadFixture();
  owner = await adminClient();
});

/** Gives a product without sizes many pieces, so many orders can hold one each. */
async function stockUp(id: string, pieces = 1000): Promise<void> {
  await sql.query('update public.products set existencias = $2 where id = $1', [id, pieces]);
}

describe('place_order', () => {
  it('stores an order of live items with a readable reference, the items as sent and the shipping rule', async () => {
    const { data, error } = await place([item(F.P1, 'm', 500), item(F.P2, '32', 1500)]);
    expect(error).toBeNull();
    expect(data?.ok).toBe(true);
    expect(data?.reference).toMatch(/^OM-[2-9A-HJKMNP-Z]{5}$/);
    // 2,000 reaches the default free shipping (from 1,500)
    expect(data).toMatchObject({ subtotal: 2000, shipping: 0, total: 2000 });
    // the size as the product spells it
    expect(data?.items?.map((i) => [i.position, i.nombre, i.talla])).toEqual([
      [1, 'Playera básica', 'M'],
      [2, 'Pantalón cargo', '32'],
    ]);
    const { rows } = await sql.query(
      `select o.status, o.channel, o.item_count, o.total::float, o.session_id, count(i.*)::int as items
         from public.orders o join public.order_items i on i.order_id = o.id where o.reference = $1 group by o.id`,
      [data?.reference],
    );
    expect(rows).toEqual([{ status: 'nuevo', channel: 'bolsa', item_count: 2, total: 2000, session_id: 'orders-test-session', items: 2 }]);
  });

  it('charges shipping below the free-shipping amount', async () => {
    const { data } = await place([item(F.P1, 'S', 500)]);
    expect(data).toMatchObject({ ok: true, subtotal: 500, shipping: 149, total: 649 });
  });

  it('names every item that changed and stores nothing', async () => {
    await sql.query(`update public.product_sizes set existencias = 0 where product_id = $1 and talla = 'L'`, [F.P1]);
    const { data } = await place([
      item(F.P1, 'L', 500), // sold
      item(F.P2, 'm', 1400), // price is 1,500 now
      item(F.P5, 'M', 900), // campaign ended
      item(F.P3, '30', 2500), // no such size
      item(F.P3, null, 2500), // a size is needed
      item(F.P4, null, 25000), // fine
      item('00000000-0000-4000-8000-00000000beef', null, 10), // gone
    ]);
    expect(data?.ok).toBe(false);
    expect(data?.problems?.map((p) => [p.position, p.motivo])).toEqual([
      [1, 'vendida'],
      [2, 'precio'],
      [3, 'terminado'],
      [4, 'talla'],
      [5, 'talla'],
      [7, 'no_disponible'],
    ]);
    expect(data?.problems?.[1]?.precio_venta).toBe(1500);
    const { rows } = await sql.query('select count(*)::int as n from public.orders');
    expect(rows[0].n).toBe(0);
  });

  it('refuses malformed bags with a Spanish message', async () => {
    expect((await place([])).error?.message).toBe('Tu bolsa está vacía.');
    expect((await place([{ product_id: 'x', precio_venta: 1 }])).error?.message).toBe('El pedido tiene un producto no válido.');
    const many = Array.from({ length: 21 }, () => item(F.P4, null, 25000));
    expect((await place(many)).error?.message).toBe('Un pedido puede tener hasta 20 productos.');
    expect((await place([item(F.P1, 'S', 500), item(F.P1, 's', 500)])).error?.message).toBe(
      'El pedido repite un producto con la misma talla.',
    );
    expect((await place([item(F.P1, 'S', 500), item(F.P2, 'm', 1500)], undefined, 'producto')).error?.message).toBe(
      'Comprar ahora envía un solo producto.',
    );
  });

  it('limits orders per network to 20 in 10 minutes, whatever address the client claims', async () => {
    await stockUp(F.P4);
    for (let i = 0; i < 20; i++) expect((await place([item(F.P4, null, 25000)], `198.51.100.${i}`)).data?.ok).toBe(true);
    const refused = await place([item(F.P4, null, 25000)], '198.51.100.99');
    expect(refused.error?.code).toBe('PT429');
    expect(refused.error?.message).toBe(FROM_HERE);
    expect((await sql.query('select count(*)::int as n from public.orders')).rows[0].n).toBe(20);
  });

  it('a flood from one network (60 addresses of a /24, 10 orders each) never closes the shop to other shoppers', async () => {
    await stockUp(F.P4);
    const tally = await asShoppers(Array.from({ length: 60 }, (_, i) => Array.from({ length: 10 }, () => `187.190.12.${i + 1}`)).flat());
    expect(tally).toEqual({ ok: 20, [FROM_HERE]: 580 });
    // one /64 is one network too
    expect(await asShoppers(Array.from({ length: 30 }, (_, i) => `2806:2f0:9021:77::${i + 1}`))).toEqual({ ok: 20, [FROM_HERE]: 10 });
    // a shopper of another network is served
    expect(await asShoppers(['201.141.5.9'])).toEqual({ ok: 1 });
  });

  it('refuses a line without a price or a product as malformed, and stores nothing', async () => {
    for (const line of [
      { product_id: F.P4, talla: null },
      { product_id: F.P4, talla: null, precio_venta: null },
      { product_id: F.P4, talla: null, precio_venta: '25000' },
      { talla: null, precio_venta: 25000 },
      { product_id: F.P1, talla: 7, precio_venta: 500 },
    ]) {
      const { error } = await place([line]);
      expect(error?.code, JSON.stringify(line)).toBe('PT400');
      expect(error?.message).toBe('El pedido tiene un producto no válido.');
    }
    expect((await sql.query('select count(*)::int as n from public.orders')).rows[0].n).toBe(0);
  });
});

describe('who reads and changes orders', () => {
  it('staff read orders; shoppers neither read nor write them; analysts cannot change them', async () => {
    const { data } = await place([item(F.P1, 'S', 500)]);
    const anon = anonClient();
    expect((await anon.from('orders').select('id')).error?.message).toMatch(/permission denied/);
    expect((await anon.from('order_items').select('id')).error?.message).toMatch(/permission denied/);
    const insert = await anon
      .from('orders')
      .insert({ reference: 'OM-22222', channel: 'bolsa', item_count: 1, subtotal: 1, shipping: 0, total: 1 });
    expect(insert.error).not.toBeNull();

    const analyst = await signedIn('analyst@test.local', 'analyst-password-123', 'analyst');
    expect((await analyst.from('orders').select('reference')).data).toEqual([{ reference: data?.reference }]);
    await analyst
      .from('orders')
      .update({ status: 'pagado' })
      .eq('reference', data?.reference ?? '');
    expect((await sql.query('select status from public.orders')).rows[0].status).toBe('nuevo');

    const editor = await signedIn('editor@test.local', 'editor-password-123', 'editor');
    const edit = await editor
      .from('orders')
      .update({ status: 'confirmado', notes: 'Paga por transferencia', tracking_number: 'DHL 123' })
      .eq('reference', data?.reference ?? '')
      .select('status, notes, tracking_number');
    expect(edit.data).toEqual([{ status: 'confirmado', notes: 'Paga por transferencia', tracking_number: 'DHL 123' }]);
    // the totals are what the shopper was sent: no role may rewrite them
    const total = await owner
      .from('orders')
      .update({ total: 1 } as never)
      .eq('reference', data?.reference ?? '');
    expect(total.error).not.toBeNull();
    expect(
      (
        await owner
          .from('orders')
          .delete()
          .eq('reference', data?.reference ?? '')
          .select()
      ).data ?? [],
    ).toEqual([]);
  });
});

describe('marking an order paid', () => {
  async function shopSizes(): Promise<Record<string, number>> {
    const { data } = await anonClient().rpc('get_available_sizes', {});
    return Object.fromEntries((data ?? []).map((r) => [r.nombre, r.product_count]));
  }

  it('sells its sizes: gone from the product, the size filter and its counts, and back when cancelled', async () => {
    const before = await shopSizes();
    const { data } = await place([item(F.P3, '27', 2500), item(F.P1, 'L', 500)]);
    const pay = await owner
      .from('orders')
      .update({ status: 'pagado' })
      .eq('reference', data?.reference ?? '')
      .select('paid_at');
    expect(pay.error).toBeNull();
    expect(pay.data?.[0]?.paid_at).not.toBeNull();

    expect(await sizesOf(F.P3)).toEqual({ sizes: ['28'], agotado: false });
    expect(await sizesOf(F.P1)).toEqual({ sizes: ['S', 'M'], agotado: false });
    const live = await anonClient().from('products').select('sizes').eq('id', F.P1).single();
    expect(live.data?.sizes).toEqual(['S', 'M']);
    const after = await shopSizes();
    expect(after['27']).toBeUndefined();
    expect(before['27']).toBe(1);
    expect(after.L ?? 0).toBe((before.L ?? 0) - 1);

    // shipped is still sold; cancelled puts the sizes on sale again
    await owner
      .from('orders')
      .update({ status: 'enviado' })
      .eq('reference', data?.reference ?? '');
    expect((await sizesOf(F.P3)).sizes).toEqual(['28']);
    await owner
      .from('orders')
      .update({ status: 'cancelado' })
      .eq('reference', data?.reference ?? '');
    expect(await sizesOf(F.P3)).toEqual({ sizes: ['27', '28'], agotado: false });
    expect(await shopSizes()).toEqual(before);
  });

  it('makes a product with nothing left agotado: out of the shop grid and counts, still readable for its page', async () => {
    const first = await place([item(F.P3, '27', 2500)], '192.0.2.1');
    const second = await place([item(F.P3, '28', 2500)], '192.0.2.2');
    const noSizes = await place([item(F.P4, null, 25000)], '192.0.2.3');
    for (const o of [first, second, noSizes]) {
      await owner
        .from('orders')
        .update({ status: 'pagado' })
        .eq('reference', o.data?.reference ?? '');
    }
    expect(await sizesOf(F.P3)).toEqual({ sizes: [], agotado: true });
    expect((await sizesOf(F.P4)).agotado).toBe(true);

    const page = await anonClient().rpc('shop_page', { p_limit: 50 });
    const ids = ((page.data as { products: { id: string }[] }).products ?? []).map((p) => p.id);
    expect(ids).toEqual([F.P1, F.P2]);
    const count = await anonClient().rpc('get_filtered_product_count', {});
    expect(count.data).toBe(2);
    const product = await anonClient().from('products').select('agotado').eq('id', F.P3).single();
    expect(product.data?.agotado).toBe(true);

    // a bag with it now says so
    expect((await place([item(F.P3, '28', 2500)])).data?.problems?.[0]?.motivo).toBe('agotado');
    // cancelling one payment brings the product back
    await owner
      .from('orders')
      .update({ status: 'cancelado' })
      .eq('reference', second.data?.reference ?? '');
    expect(await sizesOf(F.P3)).toEqual({ sizes: ['28'], agotado: false });
  });

  it('refuses to pay an order whose hold ended and whose last piece another order sold, naming the item', async () => {
    const a = await place([item(F.P1, 'M', 500)], '192.0.2.10');
    // a's hold ends unpaid; b holds the piece, is paid; a is then marked paid by mistake
    await sql.query(`update public.orders set held_until = now() - interval '1 second' where reference = $1`, [a.data?.reference]);
    await sql.query('select private.release_expired_holds()');
    const b = await place([item(F.P1, 'M', 500)], '192.0.2.11');
    expect(b.data?.ok).toBe(true);
    await owner
      .from('orders')
      .update({ status: 'pagado' })
      .eq('reference', b.data?.reference ?? '');
    const refused = await owner
      .from('orders')
      .update({ status: 'pagado' })
      .eq('reference', a.data?.reference ?? '');
    expect(refused.error?.code).toBe('PT409');
    expect(refused.error?.message).toBe('La talla M de Playera básica ya no está disponible: se vendió o está apartada en otro pedido.');
    const { rows } = await sql.query('select status from public.orders where reference = $1', [a.data?.reference]);
    expect(rows[0].status).toBe('nuevo');
  });

  it('sells a product without sizes piece by piece, and keeps which order sold each piece to the team', async () => {
    await sql.query('update public.products set existencias = 2 where id = $1', [F.P4]);
    const a = await place([item(F.P4, null, 25000)], '192.0.2.20');
    const b = await place([item(F.P4, null, 25000)], '192.0.2.21');
    // both pieces are held: a third shopper is told it was just taken
    expect((await place([item(F.P4, null, 25000)], '192.0.2.22')).data?.problems?.[0]).toMatchObject({
      motivo: 'apartada',
      nombre: 'Chamarra piel',
    });
    for (const o of [a, b]) {
      const paid = await owner
        .from('orders')
        .update({ status: 'pagado' })
        .eq('reference', o.data?.reference ?? '');
      expect(paid.error).toBeNull();
    }
    const { rows: stock } = await sql.query('select existencias, apartadas, agotado from public.products where id = $1', [F.P4]);
    expect(stock[0]).toEqual({ existencias: 0, apartadas: 0, agotado: true });
    // shoppers read sizes and their counts, never which order sold a piece (it would tell which pieces went together)
    const sizes = await anonClient().from('product_sizes').select('*').eq('product_id', F.P1);
    expect(Object.keys(sizes.data?.[0] ?? {}).sort()).toEqual(['apartadas', 'created_at', 'existencias', 'id', 'product_id', 'talla']);
    const { rows } = await sql.query(
      'select count(*)::int as n from private.sales where order_id in (select id from public.orders where reference = any($1))',
      [[a.data?.reference, b.data?.reference]],
    );
    expect(rows[0].n).toBe(2);
  });

  it('records the team’s changes in the history under the order’s reference', async () => {
    const { data } = await place([item(F.P1, 'S', 500)]);
    await owner
      .from('orders')
      .update({ status: 'pagado', notes: 'Pagó con tarjeta' })
      .eq('reference', data?.reference ?? '');
    const { rows } = await sql.query(`select subject_type, subject_label, after from public.audit_changes where table_name = 'orders'`);
    expect(rows).toHaveLength(1);
    expect(rows[0].subject_label).toBe(data?.reference);
    expect(rows[0].after).toMatchObject({ status: 'pagado', notes: 'Pagó con tarjeta' });
  });
});
