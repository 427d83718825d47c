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

/**
 * Today's search rule written into the first design: the term is folded (lower case, no accents)
 * before it is escaped, and each `x ILIKE pattern` compares `private.search_fold(x)` with it.
 */
function foldAccents(body: string): string {
  const term = 'public.like_escape(left(btrim(p_search_term), 100))';
  const ilike = /([a-z]+\.[a-z_]+) ilike a\.pat/g;
  const matches = body.match(ilike)?.length ?? 0;
  if (!body.includes(term) || matches !== 5) throw new Error('La búsqueda de shop_query ya no tiene la forma esperada');
  return body
    .replace(term, 'public.like_escape(private.search_fold(left(btrim(p_search_term), 100)))')
    .replace(ilike, 'private.search_fold($1) like a.pat');
}

/**
 * The original `shop_query` as SQL that creates it as `<schema>.shop_query` (same arguments, same
 * answer). With `foldAccents`, its search ignores accents as today's does: the equivalence test
 * compares against that; the bench times the first design as it was.
 */
export function referenceShopQuerySql(schema: string, options: { foldAccents?: boolean } = {}): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Nombre de esquema no válido: ${schema}`);
  const text = readFileSync(MIGRATION, 'utf8');
  const start = text.indexOf(HEAD);
  const end = text.indexOf('$$;', start);
  if (start < 0 || end < 0) throw new Error(`No se encontró shop_query en ${MIGRATION}`);
  const body = text.slice(start, end + 3).replace(HEAD, `create or replace function ${schema}.shop_query(`);
  return `create schema if not exists ${schema};\n${options.foldAccents ? foldAccents(body) : body}`;
}
