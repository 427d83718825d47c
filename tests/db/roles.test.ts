/**
 * The staff roles in the database, as each role's own signed-in session: every function the API
 * serves to signed-in users called as anon, a user without a role, an analyst, an editor and an
 * owner (allowed, or refused with 'No autorizado'); the settings row only owners change; and the
 * rules behind the role itself: a role change or a deactivation applies to the next request, and
 * a person with a verified second factor counts as staff only in an aal2 session.
 * (rls.test.ts holds the same matrix for every table.)
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { createClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as F from './fixture.ts';
import { anonClient, signedIn, sql, stack, userClient } from './helpers.ts';

type Role = 'anon' | 'user' | 'analyst' | 'editor' | 'owner';
const ROLES: Role[] = ['anon', 'user', 'analyst', 'editor', 'owner'];
const STAFF = { analyst: 'analyst', editor: 'editor', owner: 'owner' } as const;

/**
 * Who may call each function signed in:
 *   public  anyone (the shop's reads and pure helpers);
 *   staff   any staff role: reads with costs, margins and analytics;
 *   admin   owners and editors: writes to the catalogue;
 *   owner   owners only: the team's rules.
 * A function missing here fails the first test: every new function is classified on purpose.
 */
const ACCESS: Record<string, 'public' | 'staff' | 'admin' | 'owner'> = {
  admin_product: 'staff',
  admin_product_json: 'staff',
  admin_products: 'staff',
  analytics_filter_types: 'public',
  announced_campaigns: 'public',
  browser_name: 'public',
  bulk_update_products: 'admin',
  delete_my_alerts: 'public',
  delete_product: 'admin',
  device_type: 'public',
  discount_percentage: 'public',
  discounted_price: 'public',
  export_products: 'staff',
  extend_order_hold: 'admin',
  get_alert_campaigns_report: 'staff',
  get_alert_deliveries_report: 'staff',
  get_alert_size_waits_report: 'staff',
  get_alert_waiting_summary: 'staff',
  get_analytics_by_period: 'staff',
  get_analytics_summary: 'staff',
  get_available_brands: 'public',
  get_available_campaigns: 'public',
  get_available_categories: 'public',
  get_available_price_ranges: 'public',
  get_available_sizes: 'public',
  get_available_subcategories: 'public',
  get_conversion_funnel_report: 'staff',
  get_daily_activity_report: 'staff',
  get_daily_activity_report_by_date: 'staff',
  get_detailed_activities_by_date: 'staff',
  get_detailed_all_activities: 'staff',
  get_detailed_filter_analytics: 'staff',
  get_detailed_product_click_analytics: 'staff',
  get_detailed_search_analytics: 'staff',
  get_device_browser_report: 'staff',
  get_discount_code_uses_report: 'staff',
  get_filter_effectiveness_report: 'staff',
  get_filtered_product_count: 'public',
  get_hourly_performance_report: 'staff',
  get_hourly_performance_report_by_date: 'staff',
  get_product_performance_report: 'staff',
  get_search_trends_report: 'staff',
  get_session_activities_detailed: 'staff',
  get_user_behavior_report: 'staff',
  get_user_journey_detailed: 'staff',
  get_weekly_trends_report: 'staff',
  get_weekly_trends_report_by_date: 'staff',
  import_products_batch: 'admin',
  is_admin: 'public',
  is_owner: 'public',
  is_staff: 'public',
  like_escape: 'public',
  link_brand_value: 'admin',
  merge_brands: 'admin',
  merge_categories: 'admin',
  merge_subcategories: 'admin',
  order_page: 'public',
  piezas: 'public',
  piezas_of: 'public',
  place_order: 'public',
  preview_discount_code: 'public',
  price_range_of: 'public',
  price_ranges: 'public',
  product_search_text: 'public',
  profit_margin: 'public',
  record_alert_conversion: 'public',
  reorder_featured_products: 'admin',
  save_product: 'admin',
  set_team_two_factor_required: 'owner',
  shop_page: 'public',
  shop_query: 'public',
  shop_today: 'public',
  size_guide_id: 'public',
  size_sort_key: 'public',
  staff_role: 'public',
  subscribe_alert: 'public',
  confirm_alert_email: 'public',
  team_two_factor_required: 'public',
  unique_permalink: 'admin',
  unlinked_brand_values: 'staff',
  unsubscribe_alerts: 'public',
};

/** Arguments that are valid in type and change nothing that matters (unknown ids, empty lists). */
const NOBODY = '00000000-0000-0000-0000-00000000dead';
const ARGS: Record<string, Record<string, unknown>> = {
  admin_product: { p_id: F.P1 },
  bulk_update_products: { p_ids: [], p_action: 'feature' },
  delete_product: { p_id: NOBODY },
  export_products: { p_filter: {} },
  extend_order_hold: { p_order_id: NOBODY, p_hours: 1 },
  get_analytics_by_period: { start_date: '2026-01-01', end_date: '2026-01-02' },
  get_daily_activity_report_by_date: { start_date: '2026-01-01', end_date: '2026-01-02' },
  get_detailed_activities_by_date: { start_date: '2026-01-01', end_date: '2026-01-02' },
  get_hourly_performance_report_by_date: { start_date: '2026-01-01', end_date: '2026-01-02' },
  get_weekly_trends_report_by_date: { start_date: '2026-01-01', end_date: '2026-01-02' },
  import_products_batch: { p_campaign_id: NOBODY, p_brand_id: null, p_products: [] },
  link_brand_value: { p_value: 'ninguna-marca', p_brand_id: F.B_NIKE },
  merge_brands: { source_brand_id: NOBODY, target_brand_id: F.B_NIKE },
  merge_categories: { source_category_id: NOBODY, target_category_id: F.CAT_ROPA },
  merge_subcategories: { source_subcategory_id: NOBODY, target_subcategory_id: F.SUB_PLAYERAS },
  reorder_featured_products: { p_ids: [] },
  save_product: { p_id: NOBODY, p_product: {} },
  set_team_two_factor_required: { p_required: false },
  unique_permalink: { p_brand: 'Nike', p_name: 'Playera' },
};

let clients: Record<Role, SupabaseClient>;
const password = (role: string) => `${role}-password-123`;

beforeAll(async () => {
  await F.loadFixture();
  clients = {
    anon: anonClient(),
    user: await userClient(),
    analyst: await signedIn('analyst@test.local', password('analyst'), STAFF.analyst),
    editor: await signedIn('editor@test.local', password('editor'), STAFF.editor),
    owner: await signedIn('owner@test.local', password('owner'), STAFF.owner),
  };
});

afterAll(async () => {
  await sql.query(`delete from auth.mfa_factors where user_id in (select id from auth.users where email like '%@roles.test')`);
  await sql.query(`delete from auth.users where email like '%@roles.test'`);
});

/** True when the database refused the call for who the caller is (not for its arguments). */
const refused = (error: { code?: string; message?: string } | null) =>
  error !== null && (error.code === '42501' || /No autorizado|permission denied/.test(error.message ?? ''));

describe('every function the API serves, as each role', () => {
  it('classifies every function signed-in users may call', async () => {
    const { rows } = await sql.query<{ name: string }>(
      `select distinct p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' and p.prorettype <> 'trigger'::regtype
          and has_function_privilege('authenticated', p.oid, 'execute')
        order by 1`,
    );
    expect(rows.map((r) => r.name)).toEqual(Object.keys(ACCESS).sort());
  });

  it('leaves the history of the team, the two-step hook, payment records and sending alerts to the services that call them', async () => {
    const { rows } = await sql.query<{ name: string; role: string }>(
      `select p.proname as name, r.rolname as role from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        cross join pg_roles r
        where n.nspname = 'public' and p.proname in ('record_team_change', 'hook_mfa_verification_attempt', 'record_payment', 'record_refund',
                                                     'claim_alerts', 'finish_alerts', 'record_alert_open', 'claim_alert_confirmations',
                                                     'finish_alert_confirmations')
          and r.rolname in ('anon', 'authenticated', 'service_role', 'supabase_auth_admin')
          and has_function_privilege(r.oid, p.oid, 'execute')
        order by 1, 2`,
    );
    expect(rows).toEqual([
      { name: 'claim_alert_confirmations', role: 'service_role' },
      { name: 'claim_alerts', role: 'service_role' },
      { name: 'finish_alert_confirmations', role: 'service_role' },
      { name: 'finish_alerts', role: 'service_role' },
      { name: 'hook_mfa_verification_attempt', role: 'supabase_auth_admin' },
      { name: 'record_alert_open', role: 'service_role' },
      { name: 'record_payment', role: 'service_role' },
      { name: 'record_refund', role: 'service_role' },
      { name: 'record_team_change', role: 'service_role' },
    ]);
  });

  const callable = Object.entries(ACCESS).filter(([name, access]) => access !== 'public' && name !== 'admin_product_json');
  for (const [name, access] of callable) {
    for (const role of ROLES) {
      const allowed = role === 'owner' || (role === 'editor' && access !== 'owner') || (role === 'analyst' && access === 'staff');
      it(`${name} × ${role} → ${allowed ? 'allowed' : 'refused'}`, async () => {
        const { error } = await clients[role].rpc(name as never, (ARGS[name] ?? {}) as never);
        if (allowed) expect(refused(error), JSON.stringify(error)).toBe(false);
        else expect(refused(error) || (role === 'anon' && error !== null), JSON.stringify(error)).toBe(true);
      });
    }
  }

  it('tells each person their own role', async () => {
    const roles = await Promise.all(ROLES.map(async (role) => (await clients[role].rpc('staff_role')).data));
    expect(roles).toEqual([null, null, 'analyst', 'editor', 'owner']);
  });
});

describe('the settings row', () => {
  let saved = '';
  beforeAll(async () => {
    saved = (await sql.query<{ contact_email: string }>('select contact_email from public.shop_settings')).rows[0]!.contact_email;
  });
  afterAll(async () => {
    await sql.query('update public.shop_settings set contact_email = $1', [saved]);
  });

  for (const role of ROLES) {
    const allowed = role === 'owner';
    it(`shop_settings × ${role} update → ${allowed ? 'allowed' : 'denied'}`, async () => {
      await sql.query(`update public.shop_settings set contact_email = 'antes@tienda.mx'`);
      await clients[role]
        .from('shop_settings')
        .update({ contact_email: `${role}@tienda.mx` })
        .eq('id', 1);
      const { rows } = await sql.query<{ contact_email: string }>('select contact_email from public.shop_settings');
      expect(rows[0]!.contact_email).toBe(allowed ? 'owner@tienda.mx' : 'antes@tienda.mx');
    });
  }
});

describe('who counts as staff', () => {
  /** A fresh staff account of its own, so the other tests' sessions are untouched. */
  async function person(name: string, role: 'owner' | 'editor' | 'analyst') {
    const email = `${name}@roles.test`;
    const client = await signedIn(email, password(name), role);
    const { rows } = await sql.query<{ id: string }>('select id from auth.users where email = $1', [email]);
    return { client, id: rows[0]!.id, email };
  }
  const canEdit = async (client: SupabaseClient) => {
    await client.from('brands').update({ display_name: 'Nike' }).eq('id', F.B_NIKE);
    const { data } = await client.rpc('is_admin');
    return data === true;
  };

  it('a role change applies to the very next request, without signing in again', async () => {
    const ana = await person('ana', 'editor');
    expect(await canEdit(ana.client)).toBe(true);
    await sql.query(`update auth.users set raw_app_meta_data = raw_app_meta_data || '{"role": "analyst"}' where id = $1`, [ana.id]);
    expect(await canEdit(ana.client)).toBe(false);
    const write = await ana.client.rpc('delete_product', { p_id: F.P1 });
    expect(refused(write.error)).toBe(true);
    expect((await ana.client.from('product_private').select('product_id')).data).toHaveLength(4);
  });

  it('a deactivated person (banned) reads and writes nothing more with the session they hold', async () => {
    const luis = await person('luis', 'owner');
    expect((await luis.client.from('product_private').select('product_id')).data).toHaveLength(4);
    await sql.query(`update auth.users set banned_until = now() + interval '100 years' where id = $1`, [luis.id]);
    expect((await luis.client.from('product_private').select('product_id')).data).toEqual([]);
    expect(refused((await luis.client.rpc('admin_products')).error)).toBe(true);
    // and Auth refuses them a new session
    const again = await createClient(stack.url, stack.anonKey, { auth: { persistSession: false } }).auth.signInWithPassword({
      email: luis.email,
      password: password('luis'),
    });
    expect(again.error?.code).toBe('user_banned');
  });

  it('a person with a verified second factor is staff only in an aal2 session', async () => {
    const eva = await person('eva', 'owner');
    await sql.query(
      `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
       values (gen_random_uuid(), $1, 'Teléfono', 'totp', 'verified', now(), now(), 'JBSWY3DPEHPK3PXP')`,
      [eva.id],
    );
    // the password session (aal1) no longer reads costs nor changes anything
    expect((await eva.client.rpc('staff_role')).data).toBeNull();
    expect((await eva.client.from('product_private').select('product_id')).data).toEqual([]);
    expect(refused((await eva.client.rpc('admin_products')).error)).toBe(true);
    // the same person in a session that passed the second factor
    const token = await new SignJWT({
      role: 'authenticated',
      aud: 'authenticated',
      sub: eva.id,
      email: eva.email,
      app_metadata: { role: 'owner' },
      aal: 'aal2',
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(stack.jwtSecret));
    const aal2 = createClient(stack.url, stack.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      global: { headers: { Authorization: `Bearer ${token}` } },
    });
    expect((await aal2.rpc('staff_role')).data).toBe('owner');
    expect((await aal2.from('product_private').select('product_id')).data).toHaveLength(4);
    // an unverified factor (enrolment started, never confirmed) asks nothing more
    await sql.query(`update auth.mfa_factors set status = 'unverified' where user_id = $1`, [eva.id]);
    expect((await eva.client.rpc('staff_role')).data).toBe('owner');
  });

  it('the role is read from app_metadata only: a user_metadata role is nobody', async () => {
    const { rows } = await sql.query<{ id: string }>(
      `update auth.users set raw_user_meta_data = '{"role": "owner"}' where email = 'user@test.local' returning id`,
    );
    expect(rows).toHaveLength(1);
    expect((await clients.user.rpc('staff_role')).data).toBeNull();
  });
});
