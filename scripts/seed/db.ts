/** Small supabase-js helpers for the seed: a service-role client, error checks, bulk writes. */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';

export type Db = SupabaseClient;

/** A service-role client (bypasses RLS); no session is stored or refreshed. */
export function serviceClient(url: string, serviceRoleKey: string): Db {
  return createClient(url, serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } });
}

interface Result<T> {
  data: T | null;
  error: { message: string; details?: string | null; hint?: string | null; code?: string } | null;
}

/** Returns data or throws with the context and PostgREST's message. */
export function must<T>(res: Result<T>, context: string): T {
  if (res.error) {
    const e = res.error;
    throw new Error(
      `Seed: ${context}: ${e.message}${e.details ? ` (${e.details})` : ''}${e.hint ? ` [${e.hint}]` : ''}${e.code ? ` {${e.code}}` : ''}`,
    );
  }
  if (res.data === null) throw new Error(`Seed: ${context}: sin datos en la respuesta`);
  return res.data;
}

export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Inserts rows in chunks (sequentially) and throws on the first error. */
export async function insertAll(db: Db, table: string, rows: readonly object[], chunkSize = 1000): Promise<void> {
  for (const [i, part] of chunks(rows, chunkSize).entries()) {
    const res = await db.from(table).insert(part);
    if (res.error) must({ data: null, error: res.error }, `insertar ${part.length} filas en ${table} (lote ${i + 1})`);
  }
}

/** Reads every row of a select, page by page (PostgREST caps a response's rows). */
export async function selectAll<T>(db: Db, table: string, columns: string, pageSize = 1000): Promise<T[]> {
  const out: T[] = [];
  for (let from = 0; ; from += pageSize) {
    const page = must(
      await db
        .from(table)
        .select(columns)
        .order('id')
        .range(from, from + pageSize - 1),
      `leer ${table}`,
    ) as T[];
    out.push(...page);
    if (page.length < pageSize) return out;
  }
}

/** Runs tasks with at most `limit` in flight; rejects on the first failure. */
export async function pool<T, R>(items: readonly T[], limit: number, task: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
      const i = next++;
      try {
        results[i] = await task(items[i] as T, i);
      } catch (err) {
        failed = true;
        throw err;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
