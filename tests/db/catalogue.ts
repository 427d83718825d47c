/**
 * A database's catalogue of what the platform owns (roles, the auth and storage schemas and their
 * tables, columns, constraints, indexes, triggers, policies, types and functions, owners and grants),
 * as plain "name → description" maps, and the comparison platform-catalogue.test.ts makes of the local
 * bootstrap against the database built from the platform's own SQL.
 */
import pg from 'pg';

/** Schemas whose objects the local bootstrap must reproduce. */
export const PLATFORM_SCHEMAS = ['auth', 'storage'];
/** Schemas whose owner and grants must match (their objects belong to the project or extensions). */
export const OUTER_SCHEMAS = ['public', 'extensions', 'graphql_public'];

/** Tables the project, the gateway and the team console (invitations, recovery, MFA) need. */
export const REQUIRED_TABLES = [
  'auth.users',
  'auth.identities',
  'auth.sessions',
  'auth.refresh_tokens',
  'auth.mfa_factors',
  'auth.mfa_challenges',
  'auth.mfa_amr_claims',
  'auth.one_time_tokens',
  'auth.flow_state',
  'auth.audit_log_entries',
  'auth.instances',
  'storage.buckets',
  'storage.objects',
];

/** Functions the project's policies and RPCs call. */
export const REQUIRED_FUNCTIONS = [
  'auth.uid()',
  'auth.role()',
  'auth.email()',
  'auth.jwt()',
  'storage.foldername(name text)',
  'storage.filename(name text)',
  'storage.extension(name text)',
];

export type Section = Map<string, string>;
export interface Catalogue {
  roles: Section;
  memberships: Section;
  schemas: Section;
  defaultAcls: Section;
  relations: Section;
  columns: Section;
  constraints: Section;
  indexes: Section;
  triggers: Section;
  policies: Section;
  types: Section;
  functions: Section;
}

/** A grant list as a stable sorted text, whatever order Postgres keeps it in. */
const ACL = (col: string) => `coalesce((select string_agg(a::text, ',' order by a::text) from unnest(${col}) a), 'default')`;

const QUERIES: Record<keyof Catalogue, string> = {
  roles: `select rolname as key, concat_ws(' ',
      case when rolsuper then 'superuser' end, case when rolinherit then 'inherit' else 'noinherit' end,
      case when rolcreaterole then 'createrole' end, case when rolcreatedb then 'createdb' end,
      case when rolcanlogin then 'login' else 'nologin' end, case when rolreplication then 'replication' end,
      case when rolbypassrls then 'bypassrls' end,
      'config=' || coalesce((select string_agg(c, ',' order by c) from unnest(rolconfig) c), '')) as value
    from pg_roles where rolname !~ '^pg_'`,
  memberships: `select m.rolname || ' in ' || r.rolname as key,
      concat_ws(' ', case when am.admin_option then 'admin' end, case when am.inherit_option then 'inherit' end,
                case when am.set_option then 'set' end) as value
    from pg_auth_members am join pg_roles r on r.oid = am.roleid join pg_roles m on m.oid = am.member
    where m.rolname !~ '^pg_'`,
  schemas: `select nspname as key, 'owner=' || pg_get_userbyid(nspowner) || ' acl=' || ${ACL('nspacl')} as value
    from pg_namespace where nspname = any($1) or nspname = any($2)`,
  defaultAcls: `select pg_get_userbyid(defaclrole) || ' in ' || coalesce(defaclnamespace::regnamespace::text, '*') || ' on ' ||
      defaclobjtype::text as key, ${ACL('defaclacl')} as value
    from pg_default_acl where defaclnamespace = 0 or defaclnamespace::regnamespace::text = any($1) or defaclnamespace::regnamespace::text = any($2)`,
  relations: `select c.oid::regclass::text as key, concat_ws(' ', 'kind=' || c.relkind::text, 'owner=' || pg_get_userbyid(c.relowner),
      case when c.relrowsecurity then 'rls' end, 'acl=' || ${ACL('c.relacl')},
      'comment=' || coalesce(obj_description(c.oid, 'pg_class'), '')) as value
    from pg_class c where c.relnamespace::regnamespace::text = any($1) and c.relkind in ('r', 'p', 'v', 'm', 'S')`,
  columns: `select a.attrelid::regclass::text || '.' || a.attname as key, concat_ws(' ', format_type(a.atttypid, a.atttypmod),
      case when a.attnotnull then 'not null' end,
      case when a.attgenerated = 's' then 'generated as ' when d.adbin is not null then 'default ' end || pg_get_expr(d.adbin, d.adrelid),
      case when a.attidentity <> '' then 'identity' end,
      case when a.attcollation <> 0 and a.attcollation <> 100 then 'collate ' || a.attcollation::regcollation::text end,
      'acl=' || ${ACL('a.attacl')}, 'comment=' || coalesce(col_description(a.attrelid, a.attnum), '')) as value
    from pg_attribute a join pg_class c on c.oid = a.attrelid
    left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where c.relnamespace::regnamespace::text = any($1) and c.relkind in ('r', 'p', 'v', 'm') and a.attnum > 0 and not a.attisdropped`,
  constraints: `select conrelid::regclass::text || ' ' || conname as key, pg_get_constraintdef(oid) as value
    from pg_constraint where connamespace::regnamespace::text = any($1) and conrelid <> 0 and contype <> 'n'`,
  indexes: `select i.indrelid::regclass::text || ' ' || (select relname from pg_class x where x.oid = i.indexrelid) as key,
      pg_get_indexdef(i.indexrelid) || ' comment=' || coalesce(obj_description(i.indexrelid, 'pg_class'), '') as value
    from pg_index i join pg_class c on c.oid = i.indrelid where c.relnamespace::regnamespace::text = any($1)`,
  triggers: `select tgrelid::regclass::text || ' ' || tgname as key, pg_get_triggerdef(oid) || case when tgenabled <> 'O' then ' enabled=' || tgenabled::text else '' end as value
    from pg_trigger where not tgisinternal and tgrelid::regclass::text ~ ('^(' || array_to_string($1::text[], '|') || ')\\.')`,
  policies: `select schemaname || '.' || tablename || ' ' || policyname as key,
      concat_ws(' ', permissive, cmd, 'to', roles::text, 'using', qual, 'check', with_check) as value
    from pg_policies where schemaname = any($1)`,
  types: `select t.oid::regtype::text as key, concat_ws(' ', 'owner=' || pg_get_userbyid(t.typowner), 'acl=' || ${ACL('t.typacl')},
      'labels=' || (select string_agg(enumlabel, ',' order by enumsortorder) from pg_enum e where e.enumtypid = t.oid)) as value
    from pg_type t where t.typnamespace::regnamespace::text = any($1) and t.typtype in ('e', 'd', 'c')
      and not exists (select from pg_class c where c.oid = t.typrelid and c.relkind <> 'c')`,
  functions: `select p.pronamespace::regnamespace::text || '.' || p.proname || '(' || pg_get_function_arguments(p.oid) || ')' as key,
      concat_ws(' ', 'returns ' || pg_get_function_result(p.oid), 'language ' || l.lanname, 'volatility ' || p.provolatile::text,
        case when p.prosecdef then 'security definer' end, 'config=' || coalesce(array_to_string(p.proconfig, ','), ''),
        'owner=' || pg_get_userbyid(p.proowner), 'acl=' || ${ACL('p.proacl')},
        'comment=' || coalesce(obj_description(p.oid, 'pg_proc'), ''),
        'body=' || regexp_replace(trim(p.prosrc), '\\s+', ' ', 'g')) as value
    from pg_proc p join pg_language l on l.oid = p.prolang where p.pronamespace::regnamespace::text = any($1)`,
};

/** Reads a database's catalogue (connect as a role that may read the catalogue, e.g. supabase_admin). */
export async function readCatalogue(dbUrl: string): Promise<Catalogue> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    // names come out schema-qualified whatever the role's search_path
    await client.query(`set search_path = ''`);
    const out = {} as Catalogue;
    for (const [section, sql] of Object.entries(QUERIES) as Array<[keyof Catalogue, string]>) {
      const params = sql.includes('$2') ? [PLATFORM_SCHEMAS, OUTER_SCHEMAS] : sql.includes('$1') ? [PLATFORM_SCHEMAS] : [];
      const { rows } = await client.query<{ key: string; value: string }>(sql, params);
      out[section] = new Map(rows.map((r) => [r.key, r.value]));
    }
    return out;
  } finally {
    await client.end();
  }
}

/** The table a column, constraint, index or trigger key belongs to. */
const tableOf = (key: string) => key.split(/[ ]/)[0]!.replace(/^((?:[^.]+)\.(?:[^.]+))\..*$/, '$1');

/**
 * Every way the local catalogue differs from the platform's, one line each:
 * - an object both have, described differently;
 * - an object only the local one has (the bootstrap invented it);
 * - a part (column, constraint, index, trigger) the platform's table has and the local copy lacks;
 * - a role, required table or required function the local one lacks.
 */
export function differences(platform: Catalogue, local: Catalogue): string[] {
  const out: string[] = [];
  const localTables = new Set([...local.relations.keys()]);
  for (const section of Object.keys(QUERIES) as Array<keyof Catalogue>) {
    const p = platform[section];
    const l = local[section];
    for (const [key, value] of l) {
      const theirs = p.get(key);
      if (theirs === undefined) out.push(`${section}: ${key} existe solo en local (${value})`);
      else if (theirs !== value) out.push(`${section}: ${key}\n    plataforma: ${theirs}\n    local:      ${value}`);
    }
    for (const key of p.keys()) {
      if (l.has(key)) continue;
      const partOfLocalTable =
        ['columns', 'constraints', 'indexes', 'triggers', 'policies'].includes(section) && localTables.has(tableOf(key));
      if (
        partOfLocalTable ||
        section === 'roles' ||
        (section === 'memberships' && local.roles.has(key.split(' in ')[0]!) && local.roles.has(key.split(' in ')[1]!))
      ) {
        out.push(`${section}: ${key} falta en local (plataforma: ${p.get(key)})`);
      }
    }
  }
  for (const table of REQUIRED_TABLES) if (!local.relations.has(table)) out.push(`relations: falta la tabla requerida ${table}`);
  for (const fn of REQUIRED_FUNCTIONS) if (!local.functions.has(fn)) out.push(`functions: falta la función requerida ${fn}`);
  return out;
}
