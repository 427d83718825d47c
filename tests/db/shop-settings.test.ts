/**
 * shop_settings, the one row of contact details the pages show: anyone reads it, only an admin
 * changes it, the checks refuse a malformed number or an insecure link, nobody but the service role
 * adds or removes rows, and a change leaves a pending rebuild request (saving publishes).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminClient, anonClient, sql, userClient } from './helpers.ts';

let original: Record<string, unknown>;
let admin: SupabaseClient;

async function row() {
  const { rows } = await sql.query('select * from public.shop_settings');
  return rows;
}

async function pendingReasons(): Promise<string[]> {
  const { rows } = await sql.query<{ reason: string }>(`select reason from public.rebuild_requests where status = 'pending'`);
  return rows.map((r) => r.reason);
}

beforeAll(async () => {
  [original] = await row();
  admin = await adminClient();
});

beforeEach(async () => {
  await sql.query('truncate public.publications, public.rebuild_requests restart identity cascade');
});

afterAll(async () => {
  const o = original as Record<string, string>;
  await sql.query(
    `update public.shop_settings set seller_phone = $1, contact_email = $2, opening_hours = $3, instagram_url = $4,
       facebook_url = $5, tiktok_url = $6, chat_group_url = $7`,
    [o.seller_phone, o.contact_email, JSON.stringify(o.opening_hours), o.instagram_url, o.facebook_url, o.tiktok_url, o.chat_group_url],
  );
  await sql.query('truncate public.publications, public.rebuild_requests restart identity cascade');
});

describe('shop_settings', () => {
  it('a fresh database has the one row with the placeholder contact details', async () => {
    const rows = await row();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: 1,
      seller_phone: '5215512345678',
      contact_email: 'contacto@outletmodamx.com',
      instagram_url: 'https://www.instagram.com/',
      chat_group_url: null,
    });
    expect(rows[0].opening_hours).toHaveLength(3);
  });

  it('a fresh database ships one lawful set of policies and leaves the seller details to the owner', async () => {
    expect((await row())[0]).toMatchObject({
      free_shipping_min: 1500,
      shipping_cost: 149,
      return_days: 30,
      free_returns: true,
      refund_days: 10,
      revocation_days: 5,
      installments_min: 1000,
      installment_months: [3, 6],
      seller_legal_name: null,
      seller_rfc: null,
      seller_address: null,
    });
    const { data } = await anonClient().from('shop_settings').select('delivery_zones, payment_methods').single();
    expect(data?.delivery_zones).toHaveLength(2);
    expect(data?.payment_methods).toContain('PayPal');
  });

  it('anon and a plain user read it', async () => {
    for (const client of [anonClient(), await userClient()]) {
      const { data, error } = await client.from('shop_settings').select('seller_phone, contact_email, opening_hours').single();
      expect(error).toBeNull();
      expect(data?.seller_phone).toBe('5215512345678');
    }
  });

  it('anon and a plain user cannot change it, add or remove a row', async () => {
    for (const client of [anonClient(), await userClient()]) {
      const update = await client.from('shop_settings').update({ seller_phone: '5210000000000' }).eq('id', 1).select();
      // Either refused outright or no row matched the policy: nothing changes.
      expect(update.data ?? []).toEqual([]);
      expect(await client.from('shop_settings').insert({ id: 1, seller_phone: '5210000000000', contact_email: 'a@b.mx' })).toHaveProperty(
        'error.code',
      );
      await client.from('shop_settings').delete().eq('id', 1);
    }
    expect(await row()).toEqual([original]);
  });

  it('an admin changes it, which asks for a rebuild; an admin still cannot add or remove a row', async () => {
    const hours = [{ days: 'Lunes a sábado', hours: '10:00 a 18:00 h' }];
    const { data, error } = await admin
      .from('shop_settings')
      .update({ seller_phone: '5215587654321', chat_group_url: 'https://chat.whatsapp.com/AbCdEf', opening_hours: hours })
      .eq('id', 1)
      .select('seller_phone, chat_group_url, opening_hours, updated_at')
      .single();
    expect(error).toBeNull();
    expect(data).toMatchObject({ seller_phone: '5215587654321', chat_group_url: 'https://chat.whatsapp.com/AbCdEf', opening_hours: hours });
    expect(new Date(data!.updated_at).getTime()).toBeGreaterThan(new Date(original.updated_at as string).getTime());
    expect(await pendingReasons()).toEqual(['shop_settings update']);

    expect(
      (await admin.from('shop_settings').insert({ id: 1, seller_phone: '5210000000000', contact_email: 'a@b.mx' })).error,
    ).not.toBeNull();
    await admin.from('shop_settings').delete().eq('id', 1);
    expect(await row()).toHaveLength(1);
  });

  it('an admin sets the seller details and the policies, which asks for a rebuild', async () => {
    const change = {
      seller_legal_name: 'Moda Outlet de México, S.A. de C.V.',
      seller_rfc: 'MOM201015AB1',
      free_shipping_min: null,
      delivery_zones: [{ zone: 'Todo México', min_days: 2, max_days: 2 }],
      revocation_days: 10,
    };
    const { error } = await admin.from('shop_settings').update(change).eq('id', 1);
    expect(error).toBeNull();
    expect((await row())[0]).toMatchObject(change);
    expect(await pendingReasons()).toEqual(['shop_settings update']);
    const o = original as Record<string, unknown>;
    await sql.query(
      `update public.shop_settings set seller_legal_name = null, seller_rfc = null, free_shipping_min = $1,
         delivery_zones = $2, revocation_days = $3`,
      [o.free_shipping_min, JSON.stringify(o.delivery_zones), o.revocation_days],
    );
  });

  it.each([
    ['a number with + and spaces', { seller_phone: '+52 1 55 1234 5678' }],
    ['a number without country code', { seller_phone: '5512345678' }],
    ['an http:// profile link', { instagram_url: 'http://www.instagram.com/outlet' }],
    ['an http:// group invite', { chat_group_url: 'http://chat.whatsapp.com/AbCdEf' }],
    ['an email without domain', { contact_email: 'contacto' }],
    ['eight lines of opening hours', { opening_hours: Array.from({ length: 8 }, () => ({ days: 'Lunes', hours: '9 a 18 h' })) }],
    ['a line of opening hours without hours', { opening_hours: [{ days: 'Lunes' }] }],
    ['a revocation shorter than the law’s 5 business days', { revocation_days: 4 }],
    ['a returns window under a week', { return_days: 6 }],
    ['a malformed RFC', { seller_rfc: 'mom201015ab1' }],
    ['a blank legal name', { seller_legal_name: '  ' }],
    ['a delivery zone faster at most than at least', { delivery_zones: [{ zone: 'Norte', min_days: 5, max_days: 3 }] }],
    ['a delivery zone without a name', { delivery_zones: [{ zone: ' ', min_days: 1, max_days: 3 }] }],
    ['half a delivery day', { delivery_zones: [{ zone: 'Norte', min_days: 1.5, max_days: 3 }] }],
    ['no delivery zone', { delivery_zones: [] }],
    ['seven delivery zones', { delivery_zones: Array.from({ length: 7 }, (_, i) => ({ zone: `Zona ${i}`, min_days: 1, max_days: 3 })) }],
    ['no payment method', { payment_methods: [] }],
    ['nine payment methods', { payment_methods: Array.from({ length: 9 }, (_, i) => `Pago ${i}`) }],
    ['an interest-free term of 5 months', { installment_months: [5] }],
    ['a negative shipping cost', { shipping_cost: -1 }],
  ])('the checks refuse %s and nothing changes', async (_label, change) => {
    const before = await row();
    const { error } = await admin.from('shop_settings').update(change).eq('id', 1);
    expect(error?.code).toBe('23514'); // check_violation
    expect(await row()).toEqual(before);
    expect(await pendingReasons()).toEqual([]);
  });
});
