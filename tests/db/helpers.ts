/** Clients and fixtures for db tests: supabase-js as anon, user, admin and service role; pg for setup. */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import type { Database } from '../../src/data/database.types.ts';

export type Client = SupabaseClient<Database>;

export const stack = inject('stack');

const noSession = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };

/** Superuser connection for fixtures and assertions (bypasses RLS). */
export const sql = new pg.Pool({ connectionString: stack.dbUrl, max: 4 });
afterAll(async () => {
  await sql.end();
});

export function anonClient(): Client {
  return createClient<Database>(stack.url, stack.anonKey, noSession);
}

export function serviceClient(): Client {
  return createClient<Database>(stack.url, stack.serviceRoleKey, noSession);
}

export const ADMIN = { email: 'admin@test.local', password: 'admin-password-123' };
export const USER = { email: 'user@test.local', password: 'user-password-123' };

/** Creates the user if missing (via pg, with a bcrypt hash as GoTrue stores it) and sets its role. */
export async function ensureUser(email: string, password: string, role: 'admin' | null): Promise<void> {
  const appMeta = JSON.stringify({ provider: 'email', providers: ['email'], ...(role ? { role } : {}) });
  await sql.query(
    `insert into auth.users (email, encrypted_password, email_confirmed_at, raw_app_meta_data)
     values ($1, extensions.crypt($2, extensions.gen_salt('bf', 10)), now(), $3::jsonb)
     on conflict (lower(email)) do update
       set encrypted_password = excluded.encrypted_password, raw_app_meta_data = excluded.raw_app_meta_data`,
    [email, password, appMeta],
  );
}

async function signedIn(email: string, password: string, role: 'admin' | null): Promise<Client> {
  await ensureUser(email, password, role);
  const client = anonClient();
  const { error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw new Error(`No se pudo iniciar sesión como ${email}: ${error.message}`);
  return client;
}

/** A client signed in as a user whose app_metadata.role is 'admin'. */
export function adminClient(): Promise<Client> {
  return signedIn(ADMIN.email, ADMIN.password, 'admin');
}

/** A client signed in as a plain user (no admin claim). */
export function userClient(): Promise<Client> {
  return signedIn(USER.email, USER.password, null);
}

/**
 * Empties every table of the public schema (fixtures start from nothing), except shop_settings: its one
 * row, seeded by its migration, is what every built page needs to reach the seller.
 */
export async function resetData(): Promise<void> {
  const { rows } = await sql.query<{ name: string }>(
    `select format('%I.%I', schemaname, tablename) as name from pg_tables
      where schemaname = 'public' and tablename <> 'shop_settings'`,
  );
  if (rows.length > 0) await sql.query(`truncate ${rows.map((r) => r.name).join(', ')} restart identity cascade`);
}

/** Mexico City's calendar date, offset by whole days, as yyyy-MM-dd. */
export function mexicoDate(offsetDays = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(new Date());
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offsetDays);
  return d.toISOString().slice(0, 10);
}
