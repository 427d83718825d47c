/**
 * The security advisor (private.security_advisor(), SQL over the catalogue) finds nothing in our schema,
 * and each of its checks catches a deliberately bad object, made inside a transaction that is rolled back.
 */
import { describe, expect, it } from 'vitest';
import { sql } from './helpers.ts';

interface Finding {
  check_name: string;
  object_name: string;
  detail: string;
}

/** The findings with `bad` applied, then everything rolled back. */
async function findingsWith(bad: string): Promise<Finding[]> {
  const client = await sql.connect();
  try {
    await client.query('begin');
    await client.query(bad);
    return (await client.query<Finding>('select * from private.security_advisor()')).rows;
  } finally {
    await client.query('rollback');
    client.release();
  }
}

describe('security advisor', () => {
  it('finds nothing in the schema as migrated', async () => {
    // on the platform's schemas, whose own functions (graphql_public.graphql, owned by supabase_admin)
    // the advisor leaves to the platform: only what postgres (the migrations' role) owns is checked
    const { rows } = await sql.query<Finding>('select * from private.security_advisor()');
    expect(rows).toEqual([]);
  });

  it.each([
    ['rls_disabled_in_public', 'public.advisor_bad', 'create table public.advisor_bad (id int primary key)'],
    [
      'policy_exists_rls_disabled',
      'public.advisor_bad',
      `create table public.advisor_bad (id int primary key);
       create policy p on public.advisor_bad for select using (true);`,
    ],
    [
      'rls_enabled_no_policy',
      'public.advisor_bad',
      'create table public.advisor_bad (id int primary key); alter table public.advisor_bad enable row level security;',
    ],
    ['security_definer_view', 'public.advisor_bad_view', 'create view public.advisor_bad_view as select 1 as x'],
    [
      'function_search_path_mutable',
      'public.advisor_bad_fn()',
      'create function public.advisor_bad_fn() returns int language sql as $$ select 1 $$',
    ],
    [
      'security_definer_exposed',
      'public.advisor_bad_fn()',
      `create function public.advisor_bad_fn() returns int language sql security definer set search_path = '' as $$ select 1 $$;
       grant execute on function public.advisor_bad_fn() to authenticated;`,
    ],
    [
      'rls_references_user_metadata',
      'p en public.brands',
      `create policy p on public.brands for select to authenticated
         using ((auth.jwt() -> 'user_metadata' ->> 'role') = 'admin')`,
    ],
    ['permissive_write_policy', 'p en public.brands', 'create policy p on public.brands for insert to anon with check (true)'],
    ['extension_in_public', 'unaccent', 'drop extension unaccent cascade; create extension unaccent with schema public'],
    [
      'public_bucket_allows_listing',
      'hero-images',
      `create policy p on storage.objects for select to anon using (bucket_id = 'hero-images')`,
    ],
    [
      'unindexed_foreign_keys',
      'public.advisor_bad.advisor_bad_brand_id_fkey',
      `create table public.advisor_bad (id int primary key, brand_id uuid references public.brands (id));
       alter table public.advisor_bad enable row level security;
       create policy p on public.advisor_bad for select to authenticated using ((select public.is_admin()));`,
    ],
  ])('%s catches %s', async (check, object, bad) => {
    const findings = await findingsWith(bad);
    expect(findings.map((f) => [f.check_name, f.object_name])).toContainEqual([check, object]);
  });
});
