/**
 * supabase/schemas/ is the readable schema and supabase/migrations/ is what databases are built
 * with: they must describe the same database. This test builds two fresh databases in the stack's
 * Postgres, as the role the migrations use, each after the stack's bootstrap: one with the
 * migrations (as `npm start` applies them), one with the schema files in order. Their catalogue
 * snapshots (tests/db/schema-snapshot.ts) must be equal; a schema file edited without a migration
 * (or the reverse) fails here, naming the first objects that differ.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASELINE, laterMigrations, ROOT, renderBaseline, schemaFiles } from '../../scripts/db/baseline.ts';
import { bootstrap, migrate } from '../../scripts/stack/migrate.ts';
import { stack } from './helpers.ts';
import { compareSnapshots, type Snapshot, schemaSnapshot } from './schema-snapshot.ts';

const FROM_MIGRATIONS = 'check_from_migrations';
const FROM_SCHEMAS = 'check_from_schema_files';

/** `postgres`'s connection to a database of the stack's Postgres (supabase_admin's with `admin`). */
function urlOf(database: string, admin = false): string {
  const url = new URL(admin ? stack.adminDbUrl : stack.dbUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function withClient<T>(database: string, body: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: urlOf(database) });
  await client.connect();
  try {
    return await body(client);
  } finally {
    await client.end();
  }
}

/** A new, empty database with the stack's bootstrap (auth, storage, extensions, default privileges). */
async function recreate(database: string): Promise<void> {
  await withClient('postgres', async (client) => {
    await client.query(`drop database if exists ${database} with (force)`);
    await client.query(`create database ${database}`);
  });
  await bootstrap(urlOf(database, true));
}

/** Every schema file in order, in one transaction. */
async function buildFromSchemaFiles(database: string): Promise<void> {
  await withClient(database, async (client) => {
    await client.query('begin');
    for (const file of await schemaFiles()) {
      try {
        await client.query(await readFile(file, 'utf8'));
      } catch (error) {
        throw new Error(`${file} falló: ${(error as Error).message}`, { cause: error });
      }
    }
    await client.query('commit');
  });
}

let fromMigrations: Snapshot;
let fromSchemas: Snapshot;

beforeAll(async () => {
  await recreate(FROM_MIGRATIONS);
  await migrate({ dbUrl: urlOf(FROM_MIGRATIONS), migrationsDir: join(ROOT, 'supabase/migrations'), log: () => undefined });
  await recreate(FROM_SCHEMAS);
  await buildFromSchemaFiles(FROM_SCHEMAS);
  fromMigrations = await withClient(FROM_MIGRATIONS, schemaSnapshot);
  fromSchemas = await withClient(FROM_SCHEMAS, schemaSnapshot);
}, 120_000);

afterAll(async () => {
  await withClient('postgres', async (client) => {
    await client.query(`drop database if exists ${FROM_MIGRATIONS} with (force)`);
    await client.query(`drop database if exists ${FROM_SCHEMAS} with (force)`);
  });
});

describe('schema files and migrations', () => {
  // Only while it is the only migration: once a change adds a migration, the baseline is history
  // and the schema files move on (the equivalence below still checks them).
  it('the baseline migration, while it is the only one, is exactly the schema files as npm run db:baseline writes them', async ({
    skip,
  }) => {
    if ((await laterMigrations()).length > 0) skip('hay migraciones posteriores a la base');
    const committed = await readFile(BASELINE, 'utf8');
    expect(committed === (await renderBaseline()), 'la migración base no coincide con supabase/schemas: ejecuta npm run db:baseline').toBe(
      true,
    );
  });

  it('a database built from the schema files is the one the migrations build', () => {
    // the snapshot really covers the schema: the shop's objects are there
    expect(
      fromMigrations.has(
        'function public.shop_page(p_category_id uuid, p_subcategory_id uuid, p_brand_id uuid, p_campaign_id uuid, p_price_range text, p_size_name text, p_search_term text, p_offset integer, p_limit integer, p_sort text)',
      ),
    ).toBe(true);
    expect(fromMigrations.has('policy public.products.products_public_read')).toBe(true);
    expect(fromMigrations.has('row storage.buckets product-images')).toBe(true);
    const differences = compareSnapshots(fromMigrations, fromSchemas, { a: 'migraciones', b: 'supabase/schemas' });
    expect(differences, `Primeras diferencias:\n${differences.join('\n')}`).toEqual([]);
  });

  it('names what differs: a function body, a grant, a column grant, a default privilege, a column default, a policy, a comment, an RLS flag', async () => {
    const changed = await withClient(FROM_SCHEMAS, async (client) => {
      await client.query('begin');
      try {
        await client.query(`
          create or replace function public.like_escape(p_text text) returns text language sql immutable parallel safe
            set search_path = '' as $$ select p_text $$;
          revoke execute on function public.shop_today(timestamptz) from anon;
          alter table public.brands alter column active set default false;
          alter policy brands_public_read on public.brands using (true);
          comment on table public.campaigns is 'otra cosa';
          alter table public.hero_images disable row level security;
          grant select (product_id) on public.product_private to anon;
          alter default privileges in schema public grant select on tables to anon;`);
        return await schemaSnapshot(client);
      } finally {
        await client.query('rollback');
      }
    });
    const differences = compareSnapshots(fromSchemas, changed, { a: 'A', b: 'B' }, 100);
    const named = (prefix: string) => differences.some((d) => d.startsWith(prefix));
    expect(named('~ function public.like_escape(p_text text), definition'), differences.join('\n')).toBe(true);
    expect(named('~ function public.shop_today(at timestamp with time zone), acl'), differences.join('\n')).toBe(true);
    expect(named('~ column public.brands.active, default'), differences.join('\n')).toBe(true);
    expect(named('~ policy public.brands.brands_public_read, qual'), differences.join('\n')).toBe(true);
    expect(named('~ relation public.campaigns, comment'), differences.join('\n')).toBe(true);
    expect(named('~ relation public.hero_images, rls'), differences.join('\n')).toBe(true);
    expect(named('~ column public.product_private.product_id, acl'), differences.join('\n')).toBe(true);
    expect(
      differences.some((d) => d.includes('default privileges')),
      differences.join('\n'),
    ).toBe(true);
    // and nothing else: the comparison is not noisy
    expect(differences).toHaveLength(8);
  });
});
