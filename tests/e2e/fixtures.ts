/** Data doors for browser tests: supabase-js with the anon key (what a shopper sees) and the service key. */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Page } from '@playwright/test';
import pg from 'pg';
import type { Database } from '../../src/data/database.types.ts';
import type { StaffRole } from '../../admin/common/staff-roles.ts';

const noSession = { auth: { persistSession: false, autoRefreshToken: false } };

function env(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} no está definido: ¿corrió tests/e2e/global-setup.ts?`);
  return value;
}

export function anon(): SupabaseClient<Database> {
  return createClient<Database>(env('E2E_SUPABASE_URL'), env('E2E_ANON_KEY'), noSession);
}

export function service(): SupabaseClient<Database> {
  return createClient<Database>(env('E2E_SUPABASE_URL'), env('E2E_SERVICE_ROLE_KEY'), noSession);
}

export interface Account {
  email: string;
  password: string;
}

/** Creates a confirmed account for a test with a staff role (app_metadata, which only the service key sets). */
export async function createAccount(account: Account, role: StaffRole | null = 'owner'): Promise<void> {
  const { error } = await service().auth.admin.createUser({
    ...account,
    email_confirm: true,
    app_metadata: role ? { role } : {},
  });
  if (error) throw error;
}

/** The link of the newest mail the local stack's outbox holds for this address (invitation or reset). */
export async function mailedLink(to: string, type: 'invite' | 'recovery'): Promise<string> {
  const mails = (await (await fetch(`${env('E2E_SUPABASE_URL')}/outbox.json`)).json()) as Array<{ to: string; type: string; link: string }>;
  const mail = mails.find((m) => m.to === to && m.type === type);
  if (!mail) throw new Error(`No hay correo de tipo ${type} para ${to}`);
  return mail.link;
}

/** The shop settings row the pages were built from (seller's chat number, email, social links...). */
export async function shopSettings() {
  const { data } = await service().from('shop_settings').select('*').eq('id', 1).single().throwOnError();
  return data;
}

/**
 * The run's "today" in Mexico City (decided once by the global setup, when the demo was dated and the
 * shop built), offset by whole days, as yyyy-MM-dd.
 */
export function mexicoDate(offsetDays = 0): string {
  const d = new Date(`${env('E2E_TODAY')}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offsetDays);
  return d.toISOString().slice(0, 10);
}

/**
 * Pins the browser's clock to noon of the run's day in Mexico City (UTC-6, no daylight saving), for
 * pages that compute "today" in the browser. Timers keep running; only the date is fixed.
 */
export async function pinToday(page: Page): Promise<void> {
  await page.clock.setFixedTime(new Date(`${mexicoDate()}T12:00:00-06:00`));
}

/** The rows of one statement run as postgres on the test stack: setup and checks no API role may do. */
export async function sql<T extends pg.QueryResultRow>(text: string, params: unknown[] = []): Promise<T[]> {
  const db = new pg.Client({ connectionString: env('E2E_DB_URL') });
  await db.connect();
  try {
    return (await db.query<T>(text, params)).rows;
  } finally {
    await db.end();
  }
}
