/**
 * The back office's product list at catalogue scale, as an admin through the API: the first page,
 * one campaign's products, a search, and the two "top 1000" sorts.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { ensureAdmin } from '../lib/admin-user.ts';
import { options, progress } from './options.ts';
import { sample, type Timing } from './stats.ts';

export interface AdminCase {
  name: string;
  timing: Timing;
}

const EMAIL = 'bench@outlet.local';
const PASSWORD = 'bench-password-1';

/** The bench's owner account, signed in through the API as the back office signs in. */
export async function benchAdmin(url: string, anonKey: string, serviceRoleKey: string): Promise<SupabaseClient> {
  await ensureAdmin(url, serviceRoleKey, EMAIL, PASSWORD);
  const admin = createClient(url, anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
  const { error } = await admin.auth.signInWithPassword({ email: EMAIL, password: PASSWORD });
  if (error) throw new Error(`inicio de sesión del admin: ${error.message}`);
  return admin;
}

export async function runAdminLists(admin: SupabaseClient, campaignId: string | null): Promise<AdminCase[]> {
  const list = (args: Record<string, unknown>) => async () => {
    const { error: e } = await admin.rpc('admin_products', {
      p_search: null,
      p_campaign_id: null,
      p_only_active: false,
      p_sort: 'recent',
      p_offset: 0,
      p_limit: 50,
      ...args,
    });
    if (e) throw new Error(`admin_products: ${e.message}`);
  };
  const cases: [string, () => Promise<void>][] = [
    ['productos, primera página de 50', list({})],
    ['productos de una campaña', list({ p_campaign_id: campaignId })],
    ['búsqueda "jeans" (200)', list({ p_search: 'jeans', p_limit: 200 })],
    ['Top 1000 Descuentos', list({ p_sort: 'top_discount' })],
    ['Top 1000 Ganancias', list({ p_sort: 'top_profit' })],
  ];
  const out: AdminCase[] = [];
  for (const [name, call] of cases) {
    const timing = await sample(call, options.runs);
    out.push({ name, timing });
    progress(`admin: ${name}: p50 ${timing.p50} ms, p95 ${timing.p95} ms`);
  }
  return out;
}
