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

/** Mexico City's calendar date, offset by whole days, as yyyy-MM-dd. */
export function mexicoDate(offsetDays = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(new Date());
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offsetDays);
  return d.toISOString().slice(0, 10);
}
