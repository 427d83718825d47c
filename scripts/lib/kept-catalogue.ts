/**
 * The catalogue a process that builds again and again (the rebuild worker) keeps between builds: the
 * first read is the whole catalogue (getActiveProducts, with the anon key), each later one reads
 * again only the products changed since, as the database records them (private.catalogue_changes,
 * over a direct connection), and answers with the same products in the same order as a whole read.
 *
 * A read is whole again when the database says every product may have changed (a campaign, category,
 * subcategory, brand or size guide written), when the live campaigns are not those of the last read
 * (a campaign ends or starts by the clock, without any write), when the last read is older than the
 * database keeps its records, or when more products changed than a whole read costs.
 */
import pg from 'pg';
import { getActiveProducts, getProductsById, type ProductDetail } from '../../src/data/product.ts';
import type { ShopClient } from '../../src/data/supabase.ts';

/** Past this age the database may have dropped the records a read needs (it keeps them a day). */
const MAX_AGE_MS = 12 * 60 * 60_000;
/** Past this many changed products one whole read is cheaper than reading them by id. */
const MAX_CHANGED = 5000;

/** What the database says about the catalogue since a read, and the snapshot to ask with next time. */
interface Changes {
  /** The snapshot of this question: the next read asks what changed since it. */
  snapshot: string;
  /** The ids of the live campaigns, sorted. */
  live: string[];
  /** The products changed since the snapshot asked with; null when every product may have. */
  changed: string[] | null;
}

/**
 * Asks the database in one transaction (one snapshot) for its snapshot, the live campaigns and,
 * with `since`, the products changed by what that snapshot could not see.
 */
async function askChanges(dbUrl: string, since: string | null): Promise<Changes> {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    await db.query('begin isolation level repeatable read read only');
    const { rows } = await db.query<{ snapshot: string; live: string[]; changed: (string | null)[] | null }>(
      `select pg_current_snapshot()::text as snapshot,
              array(select id::text from private.live_campaign_ids() as live(id) order by 1) as live,
              case when $1::pg_snapshot is null then null
                   else array(select product_id::text from private.catalogue_changed_since($1::pg_snapshot)) end as changed`,
      [since],
    );
    await db.query('commit');
    const row = rows[0]!;
    const changed = row.changed && !row.changed.includes(null) ? (row.changed as string[]) : null;
    return { snapshot: row.snapshot, live: row.live, changed };
  } finally {
    await db.end();
  }
}

export interface KeptCatalogue {
  /** The catalogue as a whole read would give it now. */
  read(): Promise<ProductDetail[]>;
  /** How many products the last read asked for again; null when it read the whole catalogue. */
  readonly readAgain: number | null;
}

/** Compares ids as Postgres orders uuids (by their bytes: their lowercase hex text in code-unit order). */
const byId = (a: ProductDetail, b: ProductDetail) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * A catalogue kept between reads: `db` reads the products (anon key), `dbUrl` is a direct connection
 * that can read private.catalogue_changes. Reads must not overlap.
 */
export function keptCatalogue(db: ShopClient, dbUrl: string): KeptCatalogue {
  let kept: { snapshot: string; live: string; at: number; products: Map<string, ProductDetail>; list: ProductDetail[] } | null = null;
  let readAgain: number | null = null;
  return {
    get readAgain() {
      return readAgain;
    },
    async read() {
      const at = Date.now();
      const last = kept && at - kept.at < MAX_AGE_MS ? kept : null;
      // the question comes before the products: whatever commits between them is read again next time
      const changes = await askChanges(dbUrl, last?.snapshot ?? null);
      const live = changes.live.join(',');
      if (!last || live !== last.live || !changes.changed || changes.changed.length > MAX_CHANGED) {
        const list = await getActiveProducts(db);
        readAgain = null;
        kept = { snapshot: changes.snapshot, live, at, products: new Map(list.map((p) => [p.id, p])), list };
        return list;
      }
      if (changes.changed.length > 0) {
        const fresh = await getProductsById(db, changes.changed);
        for (const id of changes.changed) last.products.delete(id);
        for (const product of fresh) last.products.set(product.id, product);
        last.list = [...last.products.values()].sort(byId);
      }
      readAgain = changes.changed.length;
      kept = { ...last, snapshot: changes.snapshot, at };
      return last.list;
    },
  };
}
