/** The gateway's Postgres pool (superuser) and the "act as the caller" transaction Storage uses. */
import pg from 'pg';
import type { Claims } from './jwt.ts';

export type Pool = pg.Pool;
export type Client = pg.PoolClient;

export function createPool(dbUrl: string): pg.Pool {
  const pool = new pg.Pool({ connectionString: dbUrl, max: 8, idleTimeoutMillis: 10_000 });
  pool.on('error', (error) => console.error('[gateway] postgres pool:', error.message));
  return pool;
}

/** Runs fn in a transaction on a superuser connection. */
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
