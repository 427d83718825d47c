/**
 * The gateway's Postgres pools and the "act as the caller" transaction Storage uses. As on a hosted
 * project, each service connects as its own role: Auth as supabase_auth_admin (owner of the auth
 * tables), Storage as supabase_storage_admin (owner of the storage tables, which may switch to the
 * API roles). Neither is a superuser.
 */
import pg from 'pg';
import type { Claims } from './jwt.ts';

export type Pool = pg.Pool;
export type Client = pg.PoolClient;

/** The same database address, logged in as another role (every local role's password is the same). */
export function urlAs(dbUrl: string, role: string): string {
  const url = new URL(dbUrl);
  url.username = role;
  return url.toString();
}

export function createPool(dbUrl: string): pg.Pool {
  const pool = new pg.Pool({ connectionString: dbUrl, max: 8, idleTimeoutMillis: 10_000 });
  pool.on('error', (error) => console.error('[gateway] postgres pool:', error.message));
  return pool;
}

/** Runs fn in a transaction on one of the pool's connections. */
export async function inTransaction<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const result = await fn(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);

/**
 * Lets this transaction delete rows of storage.buckets and storage.objects: the platform refuses
 * such deletes (storage.protect_delete) unless the Storage API sets this for its own transaction.
 */
export async function allowStorageDeletes(client: pg.PoolClient): Promise<void> {
  await client.query(`select set_config('storage.allow_delete_query', 'true', true)`);
}

/**
 * Runs fn in a transaction that has switched to the caller's database role with the caller's JWT
 * claims, exactly as Supabase Storage does, so Postgres RLS decides what the caller may do.
 */
export async function asCaller<T>(pool: pg.Pool, claims: Claims, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const role = typeof claims.role === 'string' && API_ROLES.has(claims.role) ? claims.role : 'anon';
  return inTransaction(pool, async (client) => {
    await client.query(
      "select set_config('role', $1, true), set_config('request.jwt.claims', $2, true), set_config('request.jwt.claim.role', $1, true), set_config('request.jwt.claim.sub', $3, true)",
      [role, JSON.stringify(claims), typeof claims.sub === 'string' ? claims.sub : ''],
    );
    return fn(client);
  });
}

/** Postgres error code of a pg error, if any. */
export function pgCode(error: unknown): string | undefined {
  return typeof error === 'object' && error && 'code' in error ? String((error as { code: unknown }).code) : undefined;
}
