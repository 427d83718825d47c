/**
 * Generates src/data/database.types.ts from a running Postgres, in the shape of Supabase's generated
 * `Database` type: public schema Tables (Row/Insert/Update/Relationships), Views (Row, Insert/Update when
 * updatable, Relationships), Functions (Args/Returns), Enums and CompositeTypes. Only relations and
 * functions the API roles (anon, authenticated, and service_role, which the Edge Functions and scripts use) may
 * use are emitted.
 *
 *   DATABASE_URL=postgresql://postgres:postgres@127.0.0.1:54322/postgres node scripts/gen-types.ts [--out FILE] [--check]
 *
 * --check exits 1 when FILE differs from what would be generated (for CI).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';

const SCHEMA = 'public';
const API_ROLES = ['anon', 'authenticated', 'service_role'];

export interface PgType {
  oid: number;
  typname: string;
  nspname: string;
  typtype: string;
  typcategory: string;
  typelem: number;
  typbasetype: number;
  typrelid: number;
}
export interface Relation {
  oid: number;
  relname: string;
  relkind: string;
  updatable: boolean;
}
export interface Column {
  attrelid: number;
  attname: string;
  atttypid: number;
  attnotnull: boolean;
  atthasdef: boolean;
  attidentity: string;
  attgenerated: string;
}
export interface ForeignKey {
  conname: string;
  conrelid: number;
  confrelid: number;
  cols: string[];
  refcols: string[];
  one_to_one: boolean;
}
export interface PgFunction {
  proname: string;
  proretset: boolean;
  prorettype: number;
  proisstrict: boolean;
  argnames: string[] | null;
  argmodes: string[] | null;
  argtypes: number[];
  pronargdefaults: number;
}

const NUMBER = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric', 'oid']);
const STRING = new Set([
  'text',
  'varchar',
  'bpchar',
  'char',
  'name',
  'uuid',
  'date',
  'time',
  'timetz',
  'timestamp',
  'timestamptz',
  'interval',
  'citext',
  'bytea',
  'inet',
  'cidr',
  'macaddr',
  'tsvector',
  'money',
  'xml',
  'regclass',
]);

const ident = (name: string) => (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : JSON.stringify(name));

export async function introspect(client: pg.Client): Promise<Introspection> {
  const roles = (await client.query<{ rolname: string }>('select rolname from pg_roles where rolname = any($1)', [API_ROLES])).rows.map(
    (r) => r.rolname,
  );
  // With no API roles (plain Postgres) everything in the schema is emitted.
  const relPriv = roles.length
    ? `(${roles
        .map((r) => `has_any_column_privilege('${r}', c.oid, 'SELECT,INSERT,UPDATE') or has_table_privilege('${r}', c.oid, 'DELETE')`)
        .join(' or ')})`
    : 'true';
  // A view is writable through the API only when it is updatable and an API role may write to it.
  const viewWrite = roles.length ? `(${roles.map((r) => `has_table_privilege('${r}', c.oid, 'INSERT,UPDATE')`).join(' or ')})` : 'true';
  const fnPriv = roles.length ? `(${roles.map((r) => `has_function_privilege('${r}', p.oid, 'EXECUTE')`).join(' or ')})` : 'true';

  const types = (
    await client.query<PgType>(
      `select t.oid::int, t.typname, n.nspname, t.typtype, t.typcategory, t.typelem::int, t.typbasetype::int, t.typrelid::int
       from pg_type t join pg_namespace n on n.oid = t.typnamespace`,
    )
  ).rows;
  const relations = (
    await client.query<Relation>(
      `select c.oid::int, c.relname, c.relkind::text,
              c.relkind in ('v', 'm') and (pg_relation_is_updatable(c.oid, false) & 12) <> 0 and ${viewWrite} as updatable
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = $1 and c.relkind in ('r', 'p', 'v', 'm', 'f', 'c')
         and (c.relkind = 'c' or ${relPriv})
       order by c.relname`,
      [SCHEMA],
    )
  ).rows;
  const columns = (
    await client.query<Column>(
      `select a.attrelid::int, a.attname, a.atttypid::int, a.attnotnull, a.atthasdef, a.attidentity::text, a.attgenerated::text
       from pg_attribute a
       where a.attrelid = any($1) and a.attnum > 0 and not a.attisdropped
       order by a.attrelid, a.attnum`,
      [relations.map((r) => r.oid)],
    )
  ).rows;
  const foreignKeys = (
    await client.query<ForeignKey>(
      `select con.conname, con.conrelid::int, con.confrelid::int,
              array(select a.attname from unnest(con.conkey) with ordinality k(n, i)
                    join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n order by k.i)::text[] as cols,
              array(select a.attname from unnest(con.confkey) with ordinality k(n, i)
                    join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.n order by k.i)::text[] as refcols,
              exists (select 1 from pg_index i where i.indrelid = con.conrelid and i.indisunique
                      and i.indpred is null and (select array_agg(x order by x) from unnest(i.indkey::int2[]) x)
                        = (select array_agg(x order by x) from unnest(con.conkey) x)) as one_to_one
       from pg_constraint con join pg_namespace n on n.oid = con.connamespace
       where con.contype = 'f' and n.nspname = $1
       order by con.conname`,
      [SCHEMA],
    )
  ).rows;
  const enums = (
    await client.query<{ typname: string; labels: string[] }>(
      `select t.typname, array_agg(e.enumlabel order by e.enumsortorder)::text[] as labels
       from pg_type t join pg_namespace n on n.oid = t.typnamespace join pg_enum e on e.enumtypid = t.oid
       where n.nspname = $1 group by t.typname order by t.typname`,
      [SCHEMA],
    )
  ).rows;
  const functions = (
    await client.query<PgFunction>(
      `select p.proname, p.proretset, p.prorettype::int, p.proisstrict,
              p.proargnames::text[] as argnames, p.proargmodes::text[] as argmodes,
              coalesce(p.proallargtypes::int[], p.proargtypes::int[]) as argtypes, p.pronargdefaults
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace join pg_type rt on rt.oid = p.prorettype
       where n.nspname = $1 and p.prokind = 'f' and rt.typname not in ('trigger', 'event_trigger')
         and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
         and ${fnPriv}
       order by p.proname, p.oid`,
      [SCHEMA],
    )
  ).rows;
  return { types, relations, columns, foreignKeys, enums, functions };
}

export interface Introspection {
  types: PgType[];
  relations: Relation[];
  columns: Column[];
  foreignKeys: ForeignKey[];
  enums: { typname: string; labels: string[] }[];
  functions: PgFunction[];
}

/** Renders the introspected schema as the `Database` type module (pure; exported for tests). */
export function render(data: Introspection): string {
  const typeByOid = new Map(data.types.map((t) => [t.oid, t]));
  const relByOid = new Map(data.relations.map((r) => [r.oid, r]));
  const colsOf = (relid: number) => data.columns.filter((c) => c.attrelid === relid);
  const enumNames = new Set(data.enums.map((e) => e.typname));

  const tsType = (oid: number): string => {
    const t = typeByOid.get(oid);
    if (!t) return 'unknown';
    if (t.typtype === 'd') return tsType(t.typbasetype);
    if (t.typcategory === 'A' && t.typelem) {
      const inner = tsType(t.typelem);
      return /^[\w.[\]"]+$/.test(inner) ? `${inner}[]` : `(${inner})[]`;
    }
    if (t.typtype === 'e')
      return t.nspname === SCHEMA && enumNames.has(t.typname) ? `Database["public"]["Enums"][${JSON.stringify(t.typname)}]` : 'string';
    if (t.typtype === 'c') {
      const rel = relByOid.get(t.typrelid);
      if (rel?.relkind === 'c') return `Database["public"]["CompositeTypes"][${JSON.stringify(rel.relname)}]`;
      if (rel)
        return `Database["public"][${rel.relkind === 'v' || rel.relkind === 'm' ? '"Views"' : '"Tables"'}][${JSON.stringify(rel.relname)}]["Row"]`;
      return 'Record<string, unknown>';
    }
    if (t.typname === 'bool') return 'boolean';
    if (NUMBER.has(t.typname)) return 'number';
    if (t.typname === 'json' || t.typname === 'jsonb') return 'Json';
    if (STRING.has(t.typname)) return 'string';
    if (t.typname === 'void') return 'undefined';
    if (t.typname === 'record') return 'Record<string, unknown>';
    return 'unknown';
  };

  const indent = (s: string, n: number) =>
    s
      .split('\n')
      .map((l) => (l ? ' '.repeat(n) + l : l))
      .join('\n');
  const obj = (entries: string[]) => (entries.length ? `{\n${indent(entries.join('\n'), 2)}\n}` : '{ [_ in never]: never }');

  const rowOf = (relid: number, forceNullable: boolean) =>
    obj(colsOf(relid).map((c) => `${ident(c.attname)}: ${tsType(c.atttypid)}${forceNullable || !c.attnotnull ? ' | null' : ''}`));
  const insertOf = (relid: number) =>
    obj(
      colsOf(relid).map((c) => {
        if (c.attidentity === 'a' || c.attgenerated === 's') return `${ident(c.attname)}?: never`;
        const optional = !c.attnotnull || c.atthasdef || c.attidentity === 'd';
        return `${ident(c.attname)}${optional ? '?' : ''}: ${tsType(c.atttypid)}${c.attnotnull ? '' : ' | null'}`;
      }),
    );
  const updateOf = (relid: number) =>
    obj(
      colsOf(relid).map((c) =>
        c.attidentity === 'a' || c.attgenerated === 's'
          ? `${ident(c.attname)}?: never`
          : `${ident(c.attname)}?: ${tsType(c.atttypid)}${c.attnotnull ? '' : ' | null'}`,
      ),
    );
  const viewWriteOf = (relid: number) => obj(colsOf(relid).map((c) => `${ident(c.attname)}?: ${tsType(c.atttypid)} | null`));
  const relationshipsOf = (relid: number) => {
    const fks = data.foreignKeys.filter((fk) => fk.conrelid === relid && relByOid.has(fk.confrelid));
    if (!fks.length) return '[]';
    const items = fks.map(
      (fk) =>
        `{\n  foreignKeyName: ${JSON.stringify(fk.conname)}\n  columns: ${JSON.stringify(fk.cols)}\n  isOneToOne: ${fk.one_to_one}\n` +
        `  referencedRelation: ${JSON.stringify(relByOid.get(fk.confrelid)!.relname)}\n  referencedColumns: ${JSON.stringify(fk.refcols)}\n}`,
    );
    return `[\n${indent(items.join(',\n'), 2)},\n]`;
  };

  const tables = data.relations
    .filter((r) => ['r', 'p', 'f'].includes(r.relkind))
    .map(
      (r) =>
        `${ident(r.relname)}: {\n  Row: ${indent(rowOf(r.oid, false), 2).trimStart()}\n  Insert: ${indent(insertOf(r.oid), 2).trimStart()}\n` +
        `  Update: ${indent(updateOf(r.oid), 2).trimStart()}\n  Relationships: ${indent(relationshipsOf(r.oid), 2).trimStart()}\n}`,
    );
  const views = data.relations
    .filter((r) => r.relkind === 'v' || r.relkind === 'm')
    .map((r) => {
      const parts = [`Row: ${rowOf(r.oid, true)}`];
      if (r.updatable) parts.push(`Insert: ${viewWriteOf(r.oid)}`, `Update: ${viewWriteOf(r.oid)}`);
      parts.push('Relationships: []');
      return `${ident(r.relname)}: {\n${indent(parts.join('\n'), 2)}\n}`;
    });

  const fnSignature = (f: PgFunction): string => {
    const modes = f.argmodes ?? f.argtypes.map(() => 'i');
    const names = f.argnames ?? [];
    const inArgs: { name: string; type: number }[] = [];
    const outCols: { name: string; type: number }[] = [];
    f.argtypes.forEach((type, i) => {
      const mode = modes[i] ?? 'i';
      const name = names[i] ?? '';
      if (mode === 'i' || mode === 'b' || mode === 'v') inArgs.push({ name, type });
      if (mode === 'o' || mode === 'b' || mode === 't') outCols.push({ name, type });
    });
    const firstDefault = inArgs.length - f.pronargdefaults;
    const args = inArgs.every((a) => a.name)
      ? inArgs.length
        ? obj(
            inArgs.map((a, i) =>
              i >= firstDefault ? `${ident(a.name)}?: ${tsType(a.type)} | null` : `${ident(a.name)}: ${tsType(a.type)}`,
            ),
          )
        : 'never'
      : obj(inArgs.map((a) => `""?: ${tsType(a.type)}`)); // a single unnamed json/text arg, as PostgREST allows
    let returns: string;
    if (outCols.length) {
      const row = obj(outCols.map((c) => `${ident(c.name)}: ${tsType(c.type)}`));
      returns = f.proretset || modes.includes('t') ? `${row}[]` : row;
    } else {
      const rel = relByOid.get(typeByOid.get(f.prorettype)?.typrelid ?? 0);
      const single = rel && rel.relkind !== 'c' ? rowOf(rel.oid, rel.relkind === 'v' || rel.relkind === 'm') : tsType(f.prorettype);
      returns = f.proretset
        ? single.startsWith('{')
          ? `${single}[]`
          : /^[\w.[\]"]+$/.test(single)
            ? `${single}[]`
            : `(${single})[]`
        : single;
    }
    return `{\n  Args: ${indent(args, 2).trimStart()}\n  Returns: ${indent(returns, 2).trimStart()}\n}`;
  };
  const byName = new Map<string, PgFunction[]>();
  for (const f of data.functions) byName.set(f.proname, [...(byName.get(f.proname) ?? []), f]);
  const functions = [...byName].map(([name, overloads]) =>
    overloads.length === 1
      ? `${ident(name)}: ${fnSignature(overloads[0]!)}`
      : `${ident(name)}:\n${indent(overloads.map((f) => `| ${indent(fnSignature(f), 2).trimStart()}`).join('\n'), 2)}`,
  );

  const enums = data.enums.map((e) => `${ident(e.typname)}: ${e.labels.map((l) => JSON.stringify(l)).join(' | ')}`);
  const composites = data.relations.filter((r) => r.relkind === 'c').map((r) => `${ident(r.relname)}: ${indent(rowOf(r.oid, true), 0)}`);

  const schema = [
    `Tables: ${obj(tables)}`,
    `Views: ${obj(views)}`,
    `Functions: ${obj(functions)}`,
    `Enums: ${obj(enums)}`,
    `CompositeTypes: ${obj(composites)}`,
  ].join('\n');

  return `// Generated by scripts/gen-types.ts from the database schema. Do not edit by hand: run
// \`DATABASE_URL=... node scripts/gen-types.ts\` after changing a migration.

export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[];

export type Database = {
  __InternalSupabase: {
    PostgrestVersion: "12";
  };
  public: {
${indent(schema, 4)}
  };
};

type PublicSchema = Database["public"];

/** Row type of a table or view: Tables<"products">. */
export type Tables<T extends keyof PublicSchema["Tables"] | keyof PublicSchema["Views"]> =
  T extends keyof PublicSchema["Tables"] ? PublicSchema["Tables"][T]["Row"]
  : T extends keyof PublicSchema["Views"] ? PublicSchema["Views"][T]["Row"]
  : never;
export type TablesInsert<T extends keyof PublicSchema["Tables"]> = PublicSchema["Tables"][T]["Insert"];
export type TablesUpdate<T extends keyof PublicSchema["Tables"]> = PublicSchema["Tables"][T]["Update"];
export type Enums<T extends keyof PublicSchema["Enums"]> = PublicSchema["Enums"][T];
export type CompositeTypes<T extends keyof PublicSchema["CompositeTypes"]> = PublicSchema["CompositeTypes"][T];
export type FunctionArgs<T extends keyof PublicSchema["Functions"]> = PublicSchema["Functions"][T]["Args"];
export type FunctionReturns<T extends keyof PublicSchema["Functions"]> = PublicSchema["Functions"][T]["Returns"];

export const Constants = {
  public: {
    Enums: {${data.enums.map((e) => `\n      ${ident(e.typname)}: ${JSON.stringify(e.labels)},`).join('')}${data.enums.length ? '\n    ' : ''}},
  },
} as const;
`;
}

async function main() {
  const { values } = parseArgs({
    options: { out: { type: 'string', default: 'src/data/database.types.ts' }, check: { type: 'boolean', default: false } },
  });
  const url = process.env.DATABASE_URL ?? 'postgresql://postgres:postgres@127.0.0.1:54322/postgres';
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    console.error(`No se pudo conectar a ${url.replace(/:[^:@/]+@/, ':***@')} (define DATABASE_URL): ${(error as Error).message}`);
    process.exit(1);
  }
  const text = await (async () => {
    try {
      return render(await introspect(client));
    } finally {
      await client.end();
    }
  })();
  const out = resolve(values.out);
  if (values.check) {
    const current = await readFile(out, 'utf8').catch(() => '');
    if (current !== text) {
      console.error(`${values.out} no coincide con el esquema: ejecuta node scripts/gen-types.ts`);
      process.exit(1);
    }
    console.log(`${values.out} está al día.`);
    return;
  }
  await writeFile(out, text);
  console.log(`Tipos escritos en ${values.out}`);
}

if (import.meta.main) await main();
