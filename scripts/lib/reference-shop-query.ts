/**
 * The shop's filter query as it was first designed: one pass over every visible product, recounting
 * the six facets each call (the body of `public.shop_query` in migration 20261123001600). The
 * equivalence test and `npm run bench` install it under another schema of a throwaway database, so
 * today's answers can be compared with it and its speed measured beside them on the same data.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const MIGRATION = join(import.meta.dirname, '../../supabase/migrations/20261123001600_search_term_cap.sql');
const HEAD = 'create or replace function public.shop_query(';

/** The original `shop_query` as SQL that creates it as `<schema>.shop_query` (same arguments, same answer). */
export function referenceShopQuerySql(schema: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Nombre de esquema no válido: ${schema}`);
  const text = readFileSync(MIGRATION, 'utf8');
  const start = text.indexOf(HEAD);
  const end = text.indexOf('$$;', start);
  if (start < 0 || end < 0) throw new Error(`No se encontró shop_query en ${MIGRATION}`);
  const body = text.slice(start, end + 3).replace(HEAD, `create or replace function ${schema}.shop_query(`);
  return `create schema if not exists ${schema};\n${body}`;
}
