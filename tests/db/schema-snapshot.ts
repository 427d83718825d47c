/**
 * A snapshot of what a database's schema is, read from the catalogue: every schema, table, view,
 * sequence, column, constraint, index, function, trigger, policy, privilege, default privilege and
 * comment outside Postgres's own schemas, plus the rows the schema itself inserts (the image buckets
 * and the shop settings' placeholder row). Two databases built the same way give equal snapshots;
 * compareSnapshots names the first thing that differs.
 */
import type pg from 'pg';

/** Object key ("function public.shop_page(…)") → field → value as text. */
export type Snapshot = Map<string, Record<string, string>>;

// supabase_migrations is the migration runner's bookkeeping (made by `migrate`, not by the schema)
const OWN_SCHEMAS = `n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast', 'supabase_migrations') and n.nspname not like 'pg_temp%' and n.nspname not like 'pg_toast_temp%'`;

// A privilege list in a stable order ('grantee=privileges/grantor' as Postgres prints it, sorted); an
// object never granted reads as its default privileges, which is what it has.
const acl = (column: string) => `array_to_string(array(select x::text from unnest(${column}) x order by 1), ' ')`;

/** Each query returns rows of (key, field columns…); every column but key becomes a field. */
const QUERIES: Record<string, string> = {
  schema: `select 'schema ' || n.nspname as key, pg_get_userbyid(n.nspowner) as owner, ${acl("coalesce(n.nspacl, acldefault('n', n.nspowner))")} as acl,
      obj_description(n.oid, 'pg_namespace') as comment
    from pg_namespace n where ${OWN_SCHEMAS}`,
  extension: `select 'extension ' || e.extname as key, n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace`,
  relation: `select 'relation ' || n.nspname || '.' || c.relname as key, c.relkind::text as kind, c.relpersistence::text as persistence,
      c.relrowsecurity::text as rls, c.relforcerowsecurity::text as force_rls, array_to_string(c.reloptions, ',') as options,
      pg_get_userbyid(c.relowner) as owner, ${acl("coalesce(c.relacl, acldefault(case c.relkind when 'S' then 's'::\"char\" else 'r'::\"char\" end, c.relowner))")} as acl, obj_description(c.oid, 'pg_class') as comment,
      case when c.relkind in ('v', 'm') then pg_get_viewdef(c.oid, true) end as definition
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where ${OWN_SCHEMAS} and c.relkind in ('r', 'v', 'm', 'S', 'p', 'f', 'c')`,
  column: `select 'column ' || n.nspname || '.' || c.relname || '.' || a.attname as key, (select count(*) from pg_attribute x where x.attrelid = a.attrelid and x.attnum between 1 and a.attnum and not x.attisdropped)::text as position,
      format_type(a.atttypid, a.atttypmod) as type, a.attnotnull::text as not_null, pg_get_expr(d.adbin, d.adrelid) as "default",
      a.attidentity::text as identity, a.attgenerated::text as generated, ${acl('a.attacl')} as acl,
      col_description(c.oid, a.attnum) as comment
    from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
    left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where ${OWN_SCHEMAS} and c.relkind in ('r', 'v', 'm', 'p', 'f', 'c') and a.attnum > 0 and not a.attisdropped`,
  constraint: `select 'constraint ' || n.nspname || '.' || c.relname || '.' || k.conname as key, k.contype::text as type,
      pg_get_constraintdef(k.oid, true) as definition, obj_description(k.oid, 'pg_constraint') as comment
    from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace where ${OWN_SCHEMAS}`,
  index: `select 'index ' || schemaname || '.' || indexname as key, indexdef as definition from pg_indexes n0
    join pg_namespace n on n.nspname = n0.schemaname where ${OWN_SCHEMAS}`,
  sequence: `select 'sequence ' || n.nspname || '.' || c.relname as key, format_type(s.seqtypid, null) as type,
      s.seqstart::text as start, s.seqincrement::text as increment, s.seqmax::text as max, s.seqmin::text as min,
      s.seqcycle::text as cycle
    from pg_sequence s join pg_class c on c.oid = s.seqrelid join pg_namespace n on n.oid = c.relnamespace where ${OWN_SCHEMAS}`,
  function: `select 'function ' || n.nspname || '.' || p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' as key,
      p.prokind::text as kind, pg_get_function_result(p.oid) as returns,
      case when p.prokind in ('f', 'p', 'w') then pg_get_functiondef(p.oid) end as definition,
      p.provolatile::text as volatility, p.prosecdef::text as security_definer, p.proparallel::text as parallel,
      array_to_string(p.proconfig, ',') as config, pg_get_userbyid(p.proowner) as owner, ${acl("coalesce(p.proacl, acldefault('f', p.proowner))")} as acl,
      obj_description(p.oid, 'pg_proc') as comment
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where ${OWN_SCHEMAS} and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')`,
  trigger: `select 'trigger ' || n.nspname || '.' || c.relname || '.' || t.tgname as key, pg_get_triggerdef(t.oid, true) as definition,
      t.tgenabled::text as enabled, obj_description(t.oid, 'pg_trigger') as comment
    from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
    where ${OWN_SCHEMAS} and not t.tgisinternal`,
  policy: `select 'policy ' || schemaname || '.' || tablename || '.' || policyname as key, permissive, array_to_string(roles, ',') as roles,
      cmd, qual, with_check from pg_policies`,
  default_privileges: `select 'default privileges of ' || pg_get_userbyid(d.defaclrole) || ' in ' || coalesce(n.nspname, 'every schema')
      || ' on ' || d.defaclobjtype::text as key, ${acl('d.defaclacl')} as acl
    from pg_default_acl d left join pg_namespace n on n.oid = d.defaclnamespace`,
  type: `select 'type ' || n.nspname || '.' || t.typname as key, t.typtype::text as kind,
      array_to_string(array(select e.enumlabel::text from pg_enum e where e.enumtypid = t.oid order by e.enumsortorder), ',') as labels,
      pg_get_userbyid(t.typowner) as owner, ${acl("coalesce(t.typacl, acldefault('T', t.typowner))")} as acl
    from pg_type t join pg_namespace n on n.oid = t.typnamespace
    where ${OWN_SCHEMAS} and t.typtype in ('e', 'd') and not exists (select 1 from pg_depend d where d.objid = t.oid and d.deptype = 'e')`,
  // Rows the schema inserts; timestamps of the moment it ran are left out.
  bucket: `select 'row storage.buckets ' || id as key, name, public::text as public, file_size_limit::text as file_size_limit,
      array_to_string(allowed_mime_types, ',') as allowed_mime_types from storage.buckets`,
  shop_settings: `select 'row public.shop_settings ' || id as key, (to_jsonb(s) - 'updated_at')::text as row from public.shop_settings s`,
};

/** Reads the snapshot of the database the client is connected to. */
export async function schemaSnapshot(client: pg.Client | pg.PoolClient): Promise<Snapshot> {
  const snapshot: Snapshot = new Map();
  for (const sql of Object.values(QUERIES)) {
    const { rows } = await client.query<Record<string, string | null>>(sql);
    for (const { key, ...fields } of rows) {
      snapshot.set(String(key), Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v ?? ''])));
    }
  }
  return snapshot;
}

/** The line where two texts first differ, with both versions, for a readable message. */
function firstLineDifference(a: string, b: string): string {
  const la = a.split('\n');
  const lb = b.split('\n');
  for (let i = 0; i < Math.max(la.length, lb.length); i++) {
    if (la[i] !== lb[i]) return ` at line ${i + 1}:\n    - ${la[i] ?? '(nothing)'}\n    + ${lb[i] ?? '(nothing)'}`;
  }
  return '';
}

/**
 * Every difference between two snapshots as readable lines ("- only in A", "+ only in B", "~ field
 * differs"), sorted by object; empty when they are the same. `limit` caps how many are listed.
 */
export function compareSnapshots(a: Snapshot, b: Snapshot, names = { a: 'A', b: 'B' }, limit = 20): string[] {
  const differences: string[] = [];
  const keys = [...new Set([...a.keys(), ...b.keys()])].sort();
  for (const key of keys) {
    const fa = a.get(key);
    const fb = b.get(key);
    if (!fb) differences.push(`- ${key}: only in ${names.a}`);
    else if (!fa) differences.push(`+ ${key}: only in ${names.b}`);
    else {
      for (const field of Object.keys(fa)) {
        const va = fa[field] ?? '';
        const vb = fb[field] ?? '';
        if (va === vb) continue;
        const detail =
          va.includes('\n') || vb.includes('\n') ? firstLineDifference(va, vb) : `:\n    - ${va || '(empty)'}\n    + ${vb || '(empty)'}`;
        differences.push(`~ ${key}, ${field} differs (- ${names.a}, + ${names.b})${detail}`);
      }
    }
    if (differences.length >= limit) break;
  }
  return differences;
}
