/**
 * The shop's filter query as it was first designed, from scripts/bench/reference-shop-query.sql:
 * SQL that creates `reference.shop_query` (same arguments, same answer shape as today's). The
 * equivalence test and `npm run bench` install it in a throwaway database, so today's answers can be
 * compared with it and its speed measured beside them on the same data.
 */
import { readFileSync } from 'node:fs';

const FILE = new URL('../bench/reference-shop-query.sql', import.meta.url);

/**
 * Today's search rule written into the first design: the term is folded (lower case, no accents)
 * before it is escaped, and each name is folded the same way and compared with LIKE.
 */
const FOLD_ACCENTS = `
create or replace function reference.search_key(p_text text)
returns text language sql immutable parallel safe
as $$ select private.search_fold(p_text) $$;

create or replace function reference.matches(p_value text, p_pattern text)
returns boolean language sql immutable parallel safe
as $$ select private.search_fold(p_value) like p_pattern $$;
`;

/**
 * SQL that creates schema `reference` with the first design's `reference.shop_query`. With
 * `foldAccents`, its search ignores accents as today's does: the equivalence test compares against
 * that; the bench times the first design as it was.
 */
export function referenceShopQuerySql(options: { foldAccents?: boolean } = {}): string {
  const sql = readFileSync(FILE, 'utf8');
  return options.foldAccents ? `${sql}\n${FOLD_ACCENTS}` : sql;
}
