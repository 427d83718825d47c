/**
 * The shop's tables left ready for index-only reads after a large change. The shop's filters walk
 * indexes that carry every column they need, and read the table too wherever a page is not marked
 * all-visible; VACUUM marks pages, and VACUUM cannot run inside the transaction that made the change
 * (nor in any database function). So a function whose call made a large change (a bulk action, a
 * CSV import batch) runs it right after, on a connection of its own to the database
 * (SUPABASE_DB_URL, which the platform gives every function), before it answers.
 *
 * A large change has already refreshed the planner's statistics in its transaction
 * (private.refresh_shop_statistics), and those count the pages not yet all-visible: a table is
 * vacuumed when more than 2% of its pages (and at least 8) are not. Small changes leave the counts
 * as they were and are left to autovacuum.
 *
 * VACUUM marks a page only when every transaction running could see all of it, and a transaction
 * that began before the change committed may still be running (autovacuum analyzing the products,
 * say): a table left with unmarked pages is vacuumed again half a second later, up to four times.
 *
 * It never fails the call: the change is done. A table autovacuum is already vacuuming is skipped
 * (that run does the same), and any other failure is logged.
 */
import postgres from 'npm:postgres@3.4.9';
import { env } from './http.ts';

/** Longest wait for a table another VACUUM holds (autovacuum's run does the same work). */
const LOCK_WAIT = '2s';
const ROUNDS = 4;
const ROUND_PAUSE_MS = 500;

/** Vacuums the shop's tables a large change left with pages not all-visible; answers their names. */
export async function settleShopTables(): Promise<string[]> {
  const url = env('SUPABASE_DB_URL');
  if (!url) {
    console.warn('settle: SUPABASE_DB_URL is not set; the shop tables are left to autovacuum');
    return [];
  }
  const sql = postgres(url, {
    max: 1,
    prepare: false,
    connect_timeout: 10,
    idle_timeout: 1,
    onnotice: () => undefined,
  });
  const settled = new Set<string>();
  try {
    let tables = (
      await sql<{ name: string }[]>`
        select c.oid::regclass::text as name
          from pg_catalog.pg_class c
         where c.oid = any (private.shop_tables())
           and c.relpages - c.relallvisible > greatest(8, c.relpages / 50)
         order by c.relpages desc`
    ).map((t) => t.name);
    await sql.unsafe(`set lock_timeout = '${LOCK_WAIT}'`);
    for (let round = 1; tables.length > 0; round++) {
      for (const name of tables) {
        try {
          await sql.unsafe(`vacuum ${name}`);
          settled.add(name);
        } catch (error) {
          console.warn(`settle: ${name} not vacuumed: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      if (round === ROUNDS) break;
      // the tables VACUUM left with unmarked pages (it counts them in pg_class as it ends)
      tables = (
        await sql<{ name: string }[]>`
          select c.oid::regclass::text as name
            from pg_catalog.pg_class c
           where c.oid::regclass::text = any (${tables}) and c.relallvisible < c.relpages`
      ).map((t) => t.name);
      if (tables.length > 0) await new Promise((done) => setTimeout(done, ROUND_PAUSE_MS));
    }
  } catch (error) {
    console.error(`settle: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await sql.end({ timeout: 5 }).catch(() => undefined);
  }
  return [...settled];
}
