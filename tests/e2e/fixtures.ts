/** Data doors for browser tests: supabase-js with the anon key (what a shopper sees) and the service key. */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';

const noSession = { auth: { persistSession: false, autoRefreshToken: false } };

function env(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} no está definido: ¿corrió tests/e2e/global-setup.ts?`);
  return value;
}

export function anon(): SupabaseClient {
  return createClient(env('E2E_SUPABASE_URL'), env('E2E_ANON_KEY'), noSession);
}

export function service(): SupabaseClient {
  return createClient(env('E2E_SUPABASE_URL'), env('E2E_SERVICE_ROLE_KEY'), noSession);
}

/** The shop settings row the pages were built from (seller's chat number, email, social links...). */
export async function shopSettings() {
  const { data, error } = await service().from('shop_settings').select('*').eq('id', 1).single();
  if (error) throw new Error(`No se pudo leer shop_settings: ${error.message}`);
  return data as {
    seller_phone: string;
    contact_email: string;
    instagram_url: string | null;
    facebook_url: string | null;
    tiktok_url: string | null;
    chat_group_url: string | null;
  };
}

/** Mexico City's calendar date, offset by whole days, as yyyy-MM-dd. */
export function mexicoDate(offsetDays = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(new Date());
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offsetDays);
  return d.toISOString().slice(0, 10);
}
