/** Clients and fixtures for db tests: supabase-js as anon, user, admin and service role; pg for setup. */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import type { Database } from '../../src/data/database.types.ts';
import type { StaffRole } from '../../admin/common/staff-roles.ts';

export type Client = SupabaseClient<Database>;

export const stack = inject('stack');

const noSession = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };

/**
 * Connection as postgres for fixtures and assertions: not a superuser (as on hosted projects) but it
 * bypasses RLS and may read and write the auth and storage tables.
 */
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

/**
 * Creates the user if missing, as GoTrue does (an auth.users row with its 'email' identity, the email
 * lower-cased, a bcrypt hash of cost 10), or resets its password; either way sets its role.
 */
export async function ensureUser(email: string, password: string, role: StaffRole | null): Promise<void> {
  const appMeta = JSON.stringify({ provider: 'email', providers: ['email'], ...(role ? { role } : {}) });
  await sql.query(
    `with hashed as (select extensions.crypt($2, extensions.gen_salt('bf', 10)) as password),
     existing as (
       update auth.users set encrypted_password = (select password from hashed), raw_app_meta_data = $3::jsonb, updated_at = now()
        where email = lower($1) returning id
     ),
     created as (
       insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data,
                               raw_user_meta_data, confirmation_token, recovery_token, email_change_token_new, email_change,
                               created_at, updated_at)
       select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated', lower($1),
              (select password from hashed), now(), $3::jsonb, '{}', '', '', '', '', now(), now()
        where not exists (select from existing)
       returning id, email
     )
     insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
     select id::text, id, jsonb_build_object('sub', id::text, 'email', email, 'email_verified', true, 'phone_verified', false),
            'email', now(), now()
       from created`,
    [email, password, appMeta],
  );
}

/**
 * Deletes storage rows directly, as a fixture's cleanup. The platform refuses plain deletes from
 * storage tables (only the Storage API may, by setting storage.allow_delete_query for its transaction).
 */
export async function deleteStorageRows(where: string, params: unknown[]): Promise<void> {
  const client = await sql.connect();
  try {
    await client.query('begin');
    await client.query(`select set_config('storage.allow_delete_query', 'true', true)`);
    await client.query(`delete from storage.objects where ${where}`, params);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}

export async function signedIn(email: string, password: string, role: StaffRole | null): Promise<Client> {
  await ensureUser(email, password, role);
  const client = anonClient();
  const { error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw new Error(`No se pudo iniciar sesión como ${email}: ${error.message}`);
  return client;
}

/** A client signed in as an owner (app_metadata.role 'owner'): allowed everything. */
export function adminClient(): Promise<Client> {
  return signedIn(ADMIN.email, ADMIN.password, 'owner');
}

/** A client signed in as a plain user (no admin claim). */
export function userClient(): Promise<Client> {
  return signedIn(USER.email, USER.password, null);
}

/**
 * Empties every table of the public schema (fixtures start from nothing), except the settings rows
 * their migrations seed: shop_settings (what every built page needs to reach the seller) and
 * alert_settings (what the alerts count by).
 */
export async function resetData(): Promise<void> {
  const { rows } = await sql.query<{ name: string }>(
    `select format('%I.%I', schemaname, tablename) as name from pg_tables
      where schemaname = 'public' and tablename not in ('shop_settings', 'alert_settings')`,
  );
  if (rows.length === 0) return;
  // The stack's scheduled jobs (ended holds, announced campaigns opening) read these tables every
  // 20 seconds; a truncate locking them one by one may meet a job holding another, and Postgres then
  // cancels one of the two (deadlock, 40P01): the truncate is tried again.
  for (let attempt = 1; ; attempt++) {
    try {
      await sql.query(`truncate ${rows.map((r) => r.name).join(', ')} restart identity cascade`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '40P01' || attempt === 3) throw error;
    }
  }
}

/**
 * These alert emails as their owners confirmed them (private.alert_emails): their requests are
 * subscriptions at once, as after the confirmation link. Every other email's confirmation, and every
 * request waiting for one, is forgotten.
 */
export async function confirmedAlertEmails(emails: readonly string[]): Promise<void> {
  await sql.query('delete from private.alert_emails');
  await sql.query('insert into private.alert_emails (email, confirmada_en) select unnest($1::text[]), now()', [emails]);
}

/** Mexico City's calendar date, offset by whole days, as yyyy-MM-dd. */
export function mexicoDate(offsetDays = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(new Date());
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offsetDays);
  return d.toISOString().slice(0, 10);
}
