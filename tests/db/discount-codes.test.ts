/**
 * Discount codes through the API as shoppers and the team use them: a code typed in any case with
 * spaces is the stored upper-case one; a percentage or an amount comes off the products it applies
 * to (the shop, a campaign, a category, a brand), rounded to the cent and shared among those items;
 * its minimum, its days (Mexico City), its total uses and its uses per shopper network, each refused
 * in Spanish with nothing stored; the bag's preview says what place_order then records (the order's
 * code, discount, totals before and after, each item's part; the order's page); 50 shoppers at once
 * with 10 uses left get exactly 10; a use is given back when the order's hold ends unpaid or it is
 * cancelled, and taken again when it is paid later (refused when none is left, and a late online
 * payment is flagged); guessing codes is limited; who reads and writes codes, and the team's rules.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import * as F from './fixture.ts';
import { adminClient, anonClient, type Client, mexicoDate, serviceClient, signedIn, sql, stack, userClient } from './helpers.ts';

interface Placed {
  ok: boolean;
  reference?: string;
  subtotal?: number;
  codigo?: string | null;
  descuento?: number;
  shipping?: number;
  total?: number;
  items?: { position: number; precio_venta: number; descuento: number }[];
  problems?: { motivo: string }[];
  code_problem?: { motivo: string; mensaje: string };
  page_token?: string;
  message?: string;
  code?: string;
}

interface Preview {
  ok: boolean;
  codigo?: string;
  resumen?: string;
  aplicable?: number;
  descuento?: number;
  subtotal?: number;
  shipping?: number;
  total?: number;
  motivo?: string;
  mensaje?: string;
}

const item = (product_id: string, talla: string | null, precio_venta: number) => ({ product_id, talla, precio_venta });
/** A bag of P1 (Nike, Ropa, $500) and P2 (Adidas, Ropa, $1,500): $2,000, free shipping from $1,500. */
const BAG = [item(F.P1, 'S', 500), item(F.P2, 'm', 1500)];

/** A different network for each n (an IPv4 /24 each). */
const network = (n: number) => `10.${Math.floor(n / 250)}.${n % 250}.7`;

/**
 * place_order as PostgREST runs it for a shopper behind the hosted edge, which reports the shopper's
 * address in X-Forwarded-For (the tests' gateway would put its own socket's there): a shopper of the
 * network of `address`.
 */
async function place(items: unknown[], code: string | null, address = network(1)): Promise<Placed> {
  const response = await fetch(`${stack.restUrl}/rpc/place_order`, {
    method: 'POST',
    headers: { authorization: `Bearer ${stack.anonKey}`, 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ p_items: items, p_channel: 'bolsa', p_code: code }),
  });
  return (await response.json()) as Placed;
}

async function preview(code: string, items: unknown[], address = network(1)): Promise<Preview & { message?: string; code?: string }> {
  const response = await fetch(`${stack.restUrl}/rpc/preview_discount_code`, {
    method: 'POST',
    headers: { authorization: `Bearer ${stack.anonKey}`, 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ p_code: code, p_items: items }),
  });
  return (await response.json()) as Preview;
}

/** A code as the owner saves it in 'Códigos' (as postgres: the checks are the table's own). */
async function newCode(fields: Record<string, unknown>): Promise<string> {
  const columns = Object.keys(fields);
  const { rows } = await sql.query<{ id: string }>(
    `insert into public.discount_codes (${columns.join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')}) returning id`,
    Object.values(fields),
  );
  return rows[0]!.id;
}

async function usesOf(codigo: string): Promise<number> {
  const { rows } = await sql.query<{ usos: number }>('select usos from public.discount_codes where codigo = $1', [codigo]);
  return rows[0]!.usos;
}

async function orderCount(): Promise<number> {
  return (await sql.query<{ n: number }>('select count(*)::int as n from public.orders')).rows[0]!.n;
}

/** Gives a product without sizes many pieces, so many orders can hold one each. */
async function stockUp(id: string, pieces = 1000): Promise<void> {
  await sql.query('update public.products set existencias = $2 where id = $1', [id, pieces]);
}

let owner: Client;

beforeEach(async () => {
  await F.loadFixture();
  await sql.query('delete from private.discount_code_misses');
  owner = await adminClient();
});

describe('what a code takes off, and what the order records', () => {
  it('matches a code typed in any case and with spaces, stored upper case; previews and records the same discount', async () => {
    const { data, error } = await owner
      .from('discount_codes')
      .insert({ codigo: '  bienvenida ', tipo: 'porcentaje', valor: 10 })
      .select('codigo')
      .single();
    expect(error).toBeNull();
    expect(data?.codigo).toBe('BIENVENIDA');

    const seen = await preview(' Bienvenida  ', BAG);
    expect(seen).toEqual({
      ok: true,
      codigo: 'BIENVENIDA',
      resumen: '10% de descuento',
      aplicable: 2000,
      descuento: 200,
      subtotal: 2000,
      shipping: 0,
      total: 1800,
    });

    const order = await place(BAG, 'bienVENIDA ');
    expect(order).toMatchObject({ ok: true, subtotal: 2000, codigo: 'BIENVENIDA', descuento: 200, shipping: 0, total: 1800 });
    expect(order.items?.map((i) => i.descuento)).toEqual([50, 150]);
    const { rows } = await sql.query(
      `select o.codigo, o.subtotal::float, o.descuento::float, o.shipping::float, o.total::float,
              (select array_agg(i.descuento::float order by i.position) from public.order_items i where i.order_id = o.id) as items
         from public.orders o where o.reference = $1`,
      [order.reference],
    );
    expect(rows[0]).toEqual({ codigo: 'BIENVENIDA', subtotal: 2000, descuento: 200, shipping: 0, total: 1800, items: [50, 150] });
    expect(await usesOf('BIENVENIDA')).toBe(1);

    // the order's page (what /pedido and the payment read) says it too
    const page = await anonClient().rpc('order_page', { p_token: order.page_token! });
    expect(page.data).toMatchObject({ codigo: 'BIENVENIDA', subtotal: 2000, descuento: 200, shipping: 0, total: 1800 });
    expect((page.data as { items: { descuento: number }[] }).items.map((i) => i.descuento)).toEqual([50, 150]);
  });

  it('charges shipping on what the products cost after the discount', async () => {
    await newCode({ codigo: 'MITAD', tipo: 'porcentaje', valor: 50 });
    // $2,000 - 50% = $1,000: under the free shipping of $1,500
    expect(await preview('MITAD', BAG)).toMatchObject({ ok: true, descuento: 1000, subtotal: 2000, shipping: 149, total: 1149 });
    expect(await place(BAG, 'MITAD')).toMatchObject({ ok: true, subtotal: 2000, descuento: 1000, shipping: 149, total: 1149 });
  });

  it('rounds a percentage to the cent, half away from zero, and shares it among the items to the cent', async () => {
    await sql.query('update public.products set precio_venta = 333.30 where id = $1', [F.P1]);
    await newCode({ codigo: 'QUINCE', tipo: 'porcentaje', valor: 15 });
    // 15% of 333.30 is 49.995: 50.00
    expect(await preview('QUINCE', [item(F.P1, 'S', 333.3)])).toMatchObject({ descuento: 50 });
    // three items: 15% of 1,100.01 = 165.0015 → 165.00, shared so the parts add up and none exceeds its price
    await sql.query('update public.products set precio_venta = 333.33 where id = $1', [F.P1]);
    await sql.query('update public.products set precio_venta = 666.67 where id = $1', [F.P2]);
    await sql.query('update public.products set precio_venta = 100.01 where id = $1', [F.P3]);
    const order = await place([item(F.P1, 'S', 333.33), item(F.P2, 'm', 666.67), item(F.P3, '27', 100.01)], 'quince');
    expect(order).toMatchObject({ ok: true, subtotal: 1100.01, descuento: 165 });
    const parts = order.items!.map((i) => i.descuento);
    expect(parts.reduce((a, b) => a + b, 0)).toBeCloseTo(165, 10);
    expect(parts).toEqual([50, 100, 15]);
  });

  it('an amount off never exceeds the products it applies to, and only those are discounted', async () => {
    await newCode({ codigo: 'NIKE1000', tipo: 'monto', valor: 1000, alcance: 'marca', brand_id: F.B_NIKE });
    // only P1 is Nike ($500): $500 off, not $1,000
    const order = await place(BAG, 'NIKE1000');
    expect(order).toMatchObject({ ok: true, subtotal: 2000, descuento: 500, shipping: 0, total: 1500 });
    expect(order.items?.map((i) => i.descuento)).toEqual([500, 0]);
  });

  it('a 100% code leaves the shipping to pay', async () => {
    await newCode({ codigo: 'GRATIS', tipo: 'porcentaje', valor: 100 });
    expect(await place([item(F.P1, 'S', 500)], 'GRATIS')).toMatchObject({ ok: true, descuento: 500, shipping: 149, total: 149 });
  });

  it('a code limited to a campaign, a category or a brand discounts only its products', async () => {
    await newCode({ codigo: 'TERMINAHOY', tipo: 'porcentaje', valor: 10, alcance: 'campana', campaign_id: F.C_TODAY });
    await newCode({ codigo: 'CALZADO', tipo: 'porcentaje', valor: 10, alcance: 'categoria', category_id: F.CAT_CALZADO });
    await newCode({ codigo: 'ADIDAS', tipo: 'monto', valor: 100, alcance: 'marca', brand_id: F.B_ADIDAS });
    // P1 Nike Ropa ACTIVE $500, P3 Nike Calzado TODAY $2,500, P4 Levis Ropa TODAY $25,000
    const bag = [item(F.P1, 'S', 500), item(F.P3, '27', 2500), item(F.P4, null, 25000)];
    expect(await preview('TERMINAHOY', bag)).toMatchObject({ ok: true, aplicable: 27500, descuento: 2750 });
    expect(await preview('CALZADO', bag)).toMatchObject({
      ok: true,
      aplicable: 2500,
      descuento: 250,
      resumen: '10% de descuento en Calzado',
    });
    expect(await preview('ADIDAS', bag)).toEqual({
      ok: false,
      motivo: 'no_aplica',
      mensaje: 'Este código no aplica a los productos de tu bolsa',
    });
    const order = await place(bag, 'calzado');
    expect(order.items?.map((i) => i.descuento)).toEqual([0, 250, 0]);
  });

  it('checks the minimum on the products the code applies to', async () => {
    await newCode({ codigo: 'NIKEMIL', tipo: 'porcentaje', valor: 10, alcance: 'marca', brand_id: F.B_NIKE, compra_minima: 1000 });
    await newCode({ codigo: 'TRESMIL', tipo: 'monto', valor: 300, compra_minima: 3000 });
    // the bag is $2,000, but its Nike part is $500
    expect(await preview('NIKEMIL', BAG)).toMatchObject({
      ok: false,
      motivo: 'minimo',
      mensaje: 'Este código requiere una compra mínima de $1,000.00 en los productos a los que aplica',
    });
    expect((await place(BAG, 'TRESMIL')).code_problem).toEqual({
      motivo: 'minimo',
      mensaje: 'Este código requiere una compra mínima de $3,000.00',
    });
    expect(await orderCount()).toBe(0);
    // at the minimum exactly, it applies
    expect(await preview('TRESMIL', [...BAG, item(F.P3, '27', 2500)])).toMatchObject({ ok: true, descuento: 300 });
  });

  it('keeps to its days on the Mexico City calendar, and to being active', async () => {
    await newCode({ codigo: 'MANANA', tipo: 'porcentaje', valor: 10, fecha_inicio: mexicoDate(1) });
    await newCode({ codigo: 'AYER', tipo: 'porcentaje', valor: 10, fecha_inicio: mexicoDate(-5), fecha_fin: mexicoDate(-1) });
    await newCode({ codigo: 'HOY', tipo: 'porcentaje', valor: 10, fecha_inicio: mexicoDate(0), fecha_fin: mexicoDate(0) });
    await newCode({ codigo: 'APAGADO', tipo: 'porcentaje', valor: 10, activo: false });
    const refusal = async (code: string) => (await place(BAG, code)).code_problem?.mensaje;
    expect(await refusal('MANANA')).toBe('Este código aún no está vigente');
    expect(await refusal('AYER')).toBe('Este código ya venció');
    expect(await refusal('APAGADO')).toBe('Este código ya no está activo');
    expect(await refusal('NOEXISTE')).toBe('Este código no existe');
    expect(await orderCount()).toBe(0);
    expect((await place(BAG, 'HOY')).ok).toBe(true);
  });

  it('a bag whose items changed is answered first, the code after', async () => {
    await newCode({ codigo: 'BIENVENIDA', tipo: 'porcentaje', valor: 10 });
    const answer = await place([item(F.P1, 'S', 499)], 'NOEXISTE');
    expect(answer.problems?.map((p) => p.motivo)).toEqual(['precio']);
    expect(answer.code_problem).toBeUndefined();
  });

  it('a code whose category was deleted applies to nothing, never to the whole shop', async () => {
    await newCode({ codigo: 'VACIA', tipo: 'porcentaje', valor: 10, alcance: 'categoria', category_id: F.CAT_EMPTY });
    await sql.query('delete from public.categories where id = $1', [F.CAT_EMPTY]);
    const { rows } = await sql.query(`select alcance, category_id from public.discount_codes where codigo = 'VACIA'`);
    expect(rows[0]).toEqual({ alcance: 'categoria', category_id: null });
    expect((await preview('VACIA', BAG)).motivo).toBe('no_aplica');
    // the team is asked for a category when editing it, and may deactivate it as it is
    expect((await owner.from('discount_codes').update({ valor: 20 }).eq('codigo', 'VACIA')).error?.message).toBe(
      'Elige la categoría a la que aplica el código',
    );
    expect((await owner.from('discount_codes').update({ activo: false }).eq('codigo', 'VACIA')).error).toBeNull();
  });
});

describe('uses: in all, per shopper network, and given back', () => {
  it('refuses a code with no use left, storing nothing', async () => {
    await stockUp(F.P4);
    await newCode({ codigo: 'UNO', tipo: 'monto', valor: 50, usos_maximos: 1 });
    const p4 = [item(F.P4, null, 25000)];
    expect((await place(p4, 'UNO', network(1))).ok).toBe(true);
    expect(await preview('UNO', p4, network(2))).toMatchObject({ ok: false, motivo: 'agotado', mensaje: 'Este código ya se agotó' });
    expect(await place(p4, 'UNO', network(2))).toEqual({
      ok: false,
      problems: [],
      code_problem: { motivo: 'agotado', mensaje: 'Este código ya se agotó' },
    });
    expect(await orderCount()).toBe(1);
    expect(await usesOf('UNO')).toBe(1);
  });

  it('counts uses per shopper network (an IPv4 /24, an IPv6 /64), whatever address of it the shopper has', async () => {
    await stockUp(F.P4);
    await newCode({ codigo: 'UNAVEZ', tipo: 'porcentaje', valor: 10, usos_por_conexion: 1 });
    const p4 = [item(F.P4, null, 25000)];
    expect((await place(p4, 'UNAVEZ', '187.190.12.1')).ok).toBe(true);
    expect((await place(p4, 'UNAVEZ', '187.190.12.200')).code_problem?.mensaje).toBe('Ya usaste este código');
    expect((await preview('UNAVEZ', p4, '187.190.12.9')).mensaje).toBe('Ya usaste este código');
    expect((await place(p4, 'UNAVEZ', '2806:2f0:9021:77::1')).ok).toBe(true);
    expect((await place(p4, 'UNAVEZ', '2806:2f0:9021:77::2')).code_problem?.mensaje).toBe('Ya usaste este código');
    // another network may; the same network may still order without the code
    expect((await place(p4, 'UNAVEZ', '201.141.5.9')).ok).toBe(true);
    expect(await place(p4, null, '187.190.12.1')).toMatchObject({ ok: true, descuento: 0, codigo: null });
    expect(await usesOf('UNAVEZ')).toBe(3);
  });

  it('50 shoppers of 50 networks at once with 10 uses left: exactly 10 orders get the code, the rest are told it ran out', async () => {
    await stockUp(F.P4);
    await newCode({ codigo: 'INFLUENCER10', tipo: 'porcentaje', valor: 10, usos_maximos: 13 });
    for (const n of [1, 2, 3]) expect((await place([item(F.P4, null, 25000)], 'INFLUENCER10', network(100 + n))).ok).toBe(true);
    expect(await usesOf('INFLUENCER10')).toBe(3);

    const answers = await Promise.all(Array.from({ length: 50 }, (_, n) => place([item(F.P4, null, 25000)], 'influencer10', network(n))));
    const tally: Record<string, number> = {};
    for (const a of answers) {
      const key = a.ok ? `pedido con ${a.codigo} -${a.descuento}` : (a.code_problem?.mensaje ?? a.message ?? JSON.stringify(a));
      tally[key] = (tally[key] ?? 0) + 1;
    }
    expect(tally).toEqual({ 'pedido con INFLUENCER10 -2500': 10, 'Este código ya se agotó': 40 });
    expect(await usesOf('INFLUENCER10')).toBe(13);
    const { rows } = await sql.query<{ n: number }>(`select count(*)::int as n from public.orders where codigo = 'INFLUENCER10'`);
    expect(rows[0]!.n).toBe(13);
    expect(await orderCount()).toBe(13);
  });

  it('gives a use back when the order is cancelled or its hold ends unpaid, and keeps it once paid', async () => {
    await stockUp(F.P4);
    await newCode({ codigo: 'DOS', tipo: 'monto', valor: 100, usos_maximos: 2 });
    const p4 = [item(F.P4, null, 25000)];
    const a = await place(p4, 'DOS', network(1));
    const b = await place(p4, 'DOS', network(2));
    expect(await usesOf('DOS')).toBe(2);
    expect((await place(p4, 'DOS', network(3))).code_problem?.motivo).toBe('agotado');

    // a is cancelled by the team: its use is back, and another shopper takes it
    await owner.from('orders').update({ status: 'cancelado' }).eq('reference', a.reference!);
    expect(await usesOf('DOS')).toBe(1);
    const c = await place(p4, 'DOS', network(3));
    expect(c.ok).toBe(true);

    // b's hold runs out unpaid (the hold job): its use is back
    await sql.query(`update public.orders set held_until = now() - interval '1 second' where reference = $1`, [b.reference]);
    await sql.query('select private.release_expired_holds()');
    expect(await usesOf('DOS')).toBe(1);

    // c is paid: it keeps its use through shipping; cancelled after, it gives it back
    await owner.from('orders').update({ status: 'pagado' }).eq('reference', c.reference!);
    await owner.from('orders').update({ status: 'enviado' }).eq('reference', c.reference!);
    expect(await usesOf('DOS')).toBe(1);
    await owner.from('orders').update({ status: 'cancelado' }).eq('reference', c.reference!);
    expect(await usesOf('DOS')).toBe(0);
  });

  it('an order paid after its hold ended takes its use again, and is refused, naming the code, when none is left', async () => {
    await stockUp(F.P4);
    await newCode({ codigo: 'ULTIMO', tipo: 'monto', valor: 100, usos_maximos: 1 });
    const p4 = [item(F.P4, null, 25000)];
    const late = await place(p4, 'ULTIMO', network(1));
    await sql.query(`update public.orders set held_until = now() - interval '1 second' where reference = $1`, [late.reference]);
    await sql.query('select private.release_expired_holds()');
    expect(await usesOf('ULTIMO')).toBe(0);

    // paid with the use free: it counts again
    await owner.from('orders').update({ status: 'pagado' }).eq('reference', late.reference!);
    expect(await usesOf('ULTIMO')).toBe(1);
    await owner.from('orders').update({ status: 'cancelado' }).eq('reference', late.reference!);
    expect(await usesOf('ULTIMO')).toBe(0);

    // another order whose hold ended, while a third shopper holds the last use
    const second = await place(p4, 'ULTIMO', network(2));
    await sql.query(`update public.orders set held_until = now() - interval '1 second' where reference = $1`, [second.reference]);
    await sql.query('select private.release_expired_holds()');
    expect((await place(p4, 'ULTIMO', network(3))).ok).toBe(true);
    const refused = await owner.from('orders').update({ status: 'pagado' }).eq('reference', second.reference!);
    expect(refused.error?.code).toBe('PT409');
    expect(refused.error?.message).toBe(
      'El código ULTIMO ya se agotó y este pedido dejó de contar su uso al terminar su apartado: sube el límite de usos del código o cancela el pedido.',
    );
    expect((await sql.query('select status from public.orders where reference = $1', [second.reference])).rows[0].status).toBe('nuevo');
    expect(await usesOf('ULTIMO')).toBe(1);

    // Mercado Pago approves it now: recorded and flagged for the team, the order not paid
    const { data } = await serviceClient().rpc('record_payment', {
      p_payment: {
        id: 987654321,
        status: 'approved',
        external_reference: second.reference,
        transaction_amount: 24900,
        currency_id: 'MXN',
        payment_method_id: 'visa',
        payment_type_id: 'credit_card',
        date_approved: '2026-11-27T12:00:00.000-06:00',
      },
    });
    expect(data).toEqual({ ok: true, reference: second.reference, result: 'sin_codigo' });
    // with a higher limit the team marks it paid
    await sql.query(`update public.discount_codes set usos_maximos = 2 where codigo = 'ULTIMO'`);
    expect((await owner.from('orders').update({ status: 'pagado' }).eq('reference', second.reference!)).error).toBeNull();
    expect(await usesOf('ULTIMO')).toBe(2);
  });
});

describe('guessing codes', () => {
  it('a network that typed 20 codes that do not exist in 10 minutes may try no more for a while', async () => {
    await newCode({ codigo: 'BIENVENIDA', tipo: 'porcentaje', valor: 10 });
    for (let i = 0; i < 20; i++) expect((await preview(`ADIVINA${i}`, BAG, '198.51.100.7')).motivo).toBe('no_existe');
    const blocked = await preview('BIENVENIDA', BAG, '198.51.100.99');
    expect(blocked.code).toBe('PT429');
    expect(blocked.message).toBe('Probaste demasiados códigos. Espera unos minutos e intenta de nuevo.');
    // codes that exist never count, and other networks are not affected
    expect((await preview('BIENVENIDA', BAG, '203.0.113.5')).ok).toBe(true);
  });
});

describe('who reads and writes codes', () => {
  it('shoppers never read codes; staff read them; analysts change nothing; owners and editors write, never the code or its uses', async () => {
    await newCode({ codigo: 'BIENVENIDA', tipo: 'porcentaje', valor: 10 });
    const anonRead = await anonClient().from('discount_codes').select('codigo');
    expect(anonRead.error?.message).toMatch(/permission denied/);
    expect((await (await userClient()).from('discount_codes').select('codigo')).data).toEqual([]);

    const analyst = await signedIn('analyst@test.local', 'analyst-password-123', 'analyst');
    expect((await analyst.from('discount_codes').select('codigo, usos')).data).toEqual([{ codigo: 'BIENVENIDA', usos: 0 }]);
    expect((await analyst.from('discount_codes').insert({ codigo: 'ANALISTA', tipo: 'monto', valor: 10 })).error).not.toBeNull();
    await analyst.from('discount_codes').update({ valor: 90 }).eq('codigo', 'BIENVENIDA');
    expect((await sql.query(`select valor::float from public.discount_codes`)).rows).toEqual([{ valor: 10 }]);

    const editor = await signedIn('editor@test.local', 'editor-password-123', 'editor');
    const created = await editor
      .from('discount_codes')
      .insert({ codigo: 'editor5', tipo: 'porcentaje', valor: 5, usos_maximos: 10 })
      .select('codigo')
      .single();
    expect(created.data?.codigo).toBe('EDITOR5');
    expect((await editor.from('discount_codes').update({ valor: 7, activo: false }).eq('codigo', 'EDITOR5')).error).toBeNull();
    expect(
      (
        await editor
          .from('discount_codes')
          .update({ usos: 9 } as never)
          .eq('codigo', 'EDITOR5')
      ).error,
    ).not.toBeNull();
    expect(
      (
        await owner
          .from('discount_codes')
          .update({ codigo: 'OTRO' } as never)
          .eq('codigo', 'EDITOR5')
      ).error,
    ).not.toBeNull();
    expect((await owner.from('discount_codes').delete().eq('codigo', 'EDITOR5').select()).data ?? []).toEqual([]);
    expect((await sql.query(`select codigo, valor::float, activo, usos from public.discount_codes order by codigo`)).rows).toEqual([
      { codigo: 'BIENVENIDA', valor: 10, activo: true, usos: 0 },
      { codigo: 'EDITOR5', valor: 7, activo: false, usos: 0 },
    ]);
  });

  it('the team’s saves are checked with a message the back office shows as it is', async () => {
    const save = async (row: Record<string, unknown>) => (await owner.from('discount_codes').insert(row as never)).error?.message;
    expect(await save({ codigo: 'X', tipo: 'monto', valor: 10 })).toBe(
      'El código lleva de 3 a 40 letras sin acentos, números, guiones o guiones bajos, sin espacios',
    );
    expect(await save({ codigo: 'CIENTO', tipo: 'porcentaje', valor: 150 })).toBe('Un porcentaje de descuento va de 0.01 a 100');
    expect(await save({ codigo: 'CERO', tipo: 'monto', valor: 0 })).toBe('El descuento debe ser mayor que cero');
    expect(await save({ codigo: 'SINMARCA', tipo: 'monto', valor: 10, alcance: 'marca' })).toBe('Elige la marca a la que aplica el código');
    expect(await save({ codigo: 'FECHAS', tipo: 'monto', valor: 10, fecha_inicio: mexicoDate(3), fecha_fin: mexicoDate(1) })).toBe(
      'El último día no puede ser anterior al primero',
    );
    expect(await save({ codigo: 'LIMITE', tipo: 'monto', valor: 10, usos_maximos: 0 })).toBe(
      'Un límite de usos es de al menos 1 (vacío: sin límite)',
    );
    expect(await save({ codigo: 'bienvenida', tipo: 'monto', valor: 10 })).toBeUndefined();
    expect(await save({ codigo: ' Bienvenida', tipo: 'monto', valor: 20 })).toBe('Ya existe el código BIENVENIDA');

    // a limit under the uses it has
    await stockUp(F.P4);
    await place([item(F.P4, null, 25000)], 'BIENVENIDA', network(1));
    await place([item(F.P4, null, 25000)], 'BIENVENIDA', network(2));
    const lower = await owner.from('discount_codes').update({ usos_maximos: 1 }).eq('codigo', 'BIENVENIDA');
    expect(lower.error?.message).toBe('El código ya tiene 2 usos: el límite no puede ser menor');
    // only what it applies to is kept: a brand left over from an earlier choice is cleared
    const { data } = await owner
      .from('discount_codes')
      .update({ alcance: 'tienda', brand_id: F.B_NIKE })
      .eq('codigo', 'BIENVENIDA')
      .select('alcance, brand_id')
      .single();
    expect(data).toEqual({ alcance: 'tienda', brand_id: null });
  });

  it('an order using a code is no edit of the code: its updated_at and history stay; the team’s edit is history under the code', async () => {
    await newCode({ codigo: 'BIENVENIDA', tipo: 'porcentaje', valor: 10 });
    const before = (await sql.query(`select updated_at from public.discount_codes`)).rows[0].updated_at;
    expect((await place(BAG, 'BIENVENIDA')).ok).toBe(true);
    expect((await sql.query(`select updated_at, usos from public.discount_codes`)).rows[0]).toEqual({ updated_at: before, usos: 1 });
    await owner.from('discount_codes').update({ valor: 12 }).eq('codigo', 'BIENVENIDA');
    const { rows } = await sql.query(
      `select subject_type, subject_label, action, after from public.audit_changes where table_name = 'discount_codes' order by id`,
    );
    expect(rows.map((r) => [r.subject_type, r.subject_label, r.action])).toEqual([
      ['discount_code', 'BIENVENIDA', 'insert'],
      ['discount_code', 'BIENVENIDA', 'update'],
    ]);
    expect(rows[1].after).toEqual({ valor: 12 });
  });
});
