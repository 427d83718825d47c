/**
 * `npm run db:backup` and `npm run db:restore` round trip: the demo shop backed up, restored into a
 * stopped, brand-new data folder, and compared table by table (rows and checksums of every table of
 * public, private, auth and storage) and file by file; the admin signs in on the restored stack. A
 * restore into a database that holds data is refused without --force and changes nothing.
 *
 * Its own stacks on ports HARDENING_BACKUP_PORT .. +12 (default 63800).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableChecksums } from '../../scripts/db/dump.ts';
import { DEMO_ADMIN, ensureAdmin } from '../../scripts/lib/admin-user.ts';
import { type Stack, startStack } from '../../scripts/stack/index.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const BASE = Number(process.env['HARDENING_BACKUP_PORT'] ?? 63800);
const quiet = () => undefined;

let work: string;
let source: Stack;
let restored: Stack | undefined;
const sourceDir = () => join(work, 'source');
const targetDir = () => join(work, 'target');
const backupDir = () => join(work, 'backup');

/** Runs one of the npm scripts' files with the project's Node, as `npm run` does. */
function run(script: string, args: string[], env: Record<string, string>) {
  const out = spawnSync(process.execPath, [join(ROOT, script), ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: '', ...env },
    encoding: 'utf8',
    timeout: 170_000,
  });
  return { code: out.status, stdout: out.stdout, stderr: out.stderr };
}

async function checksums(dbUrl: string) {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    return await tableChecksums(client);
  } finally {
    await client.end();
  }
}

async function storedFiles(dbUrl: string, dataDir: string): Promise<Map<string, string>> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  const { rows } = await client.query<{ path: string }>(`select bucket_id || '/' || name as path from storage.objects order by 1`);
  await client.end();
  const out = new Map<string, string>();
  for (const { path } of rows) {
    const file = join(dataDir, 'storage', path);
    out.set(
      path,
      existsSync(file)
        ? createHash('sha256')
            .update(await readFile(file))
            .digest('hex')
        : 'missing',
    );
  }
  return out;
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'outlet-backup-'));
  // as root, Postgres runs as its own user, which must be able to enter the data folders below
  await chmod(work, 0o755);
  const started = Date.now();
  source = await startStack({
    dataDir: sourceDir(),
    dbPort: BASE,
    apiPort: BASE + 1,
    restPort: BASE + 2,
    seed: true,
    durable: false,
    log: quiet,
  });
  await ensureAdmin(source.url, source.serviceRoleKey, DEMO_ADMIN.email, DEMO_ADMIN.password);
  console.log(`backup-restore: demo stack seeded in ${Date.now() - started} ms`);
});

afterAll(async () => {
  await restored?.stop();
  await source?.stop();
  if (work) await rm(work, { recursive: true, force: true });
});

describe('db:backup and db:restore', () => {
  it('backs up the demo shop, restores it into a new data folder, and every table and file is the same', async () => {
    const before = await checksums(source.dbUrl);
    const filesBefore = await storedFiles(source.dbUrl, sourceDir());
    // the demo has products, images, accounts: a comparison of empty tables would prove nothing
    expect(before.get('public.products')?.rows).toBeGreaterThan(50);
    expect(before.get('auth.users')?.rows).toBeGreaterThan(0);
    expect(before.get('storage.objects')?.rows).toBeGreaterThan(10);
    expect([...filesBefore.values()]).not.toContain('missing');

    let t = Date.now();
    const backup = run('scripts/db/backup.ts', ['--out', backupDir()], { DATABASE_URL: source.dbUrl, DATA_DIR: sourceDir() });
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain('Copia de seguridad lista');
    console.log(`backup-restore: backup ${Date.now() - t} ms\n${backup.stdout}`);
    const manifest = JSON.parse(readFileSync(join(backupDir(), 'manifest.json'), 'utf8')) as {
      tables: Array<{ schema: string; name: string; rows: number; checksum: string }>;
      files: { count: number };
    };
    expect(manifest.files.count).toBe(filesBefore.size);

    // into a stopped, brand-new data folder: the restore starts Postgres there itself
    t = Date.now();
    const restore = run('scripts/db/restore.ts', [backupDir()], { DATA_DIR: targetDir(), DB_PORT: String(BASE + 10) });
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain('Copia restaurada');
    console.log(`backup-restore: restore ${Date.now() - t} ms\n${restore.stdout}`);

    restored = await startStack({
      dataDir: targetDir(),
      dbPort: BASE + 10,
      apiPort: BASE + 11,
      restPort: BASE + 12,
      seed: true, // not a first run any more: nothing is seeded over the restored data
      durable: false,
      log: quiet,
    });
    expect(restored.created).toBe(false);
    const after = await checksums(restored.dbUrl);
    const schemas = new Set([...after.keys()].map((key) => key.split('.')[0]));
    for (const schema of ['public', 'auth', 'storage']) expect(schemas.has(schema)).toBe(true);
    expect(Object.fromEntries(after)).toEqual(Object.fromEntries(before));
    expect(await storedFiles(restored.dbUrl, targetDir())).toEqual(filesBefore);
    console.log(
      `backup-restore: ${after.size} tables, ${[...after.values()].reduce((s, v) => s + v.rows, 0)} rows, ${filesBefore.size} files identical`,
    );

    // the admin's account came back with its password; a product image is served again
    const admin = createClient(restored.url, restored.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
    const signIn = await admin.auth.signInWithPassword(DEMO_ADMIN);
    expect(signIn.error).toBeNull();
    const { data: privateRows, error } = await admin.from('product_private').select('product_id').limit(5);
    expect(error).toBeNull();
    expect(privateRows?.length).toBe(5);
    const [firstFile] = [...filesBefore.keys()];
    const image = await fetch(`${restored.url}/storage/v1/object/public/${firstFile}`);
    expect(image.status).toBe(200);
  });

  it('refuses to restore over a database that holds data, and leaves it as it was', async () => {
    const before = await checksums(source.dbUrl);
    const refused = run('scripts/db/restore.ts', [backupDir()], { DATABASE_URL: source.dbUrl, DATA_DIR: sourceDir() });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/La base de datos ya tiene datos \(\d+ usuarios, \d+ productos.*--force/);
    expect(Object.fromEntries(await checksums(source.dbUrl))).toEqual(Object.fromEntries(before));
  });

  it('with --force replaces the data of a running database by the copy', async () => {
    const manifest = JSON.parse(readFileSync(join(backupDir(), 'manifest.json'), 'utf8')) as {
      tables: Array<{ schema: string; name: string; rows: number; checksum: string }>;
    };
    const client = new pg.Client({ connectionString: source.dbUrl });
    await client.connect();
    await client.query(`update public.products set nombre = nombre || ' (editado)' where id in (select id from public.products limit 3)`);
    await client.end();
    const forced = run('scripts/db/restore.ts', [backupDir(), '--force'], { DATABASE_URL: source.dbUrl, DATA_DIR: sourceDir() });
    expect(forced.stderr).toBe('');
    expect(forced.code).toBe(0);
    const after = await checksums(source.dbUrl);
    for (const table of manifest.tables) {
      expect(after.get(`${table.schema}.${table.name}`), `${table.schema}.${table.name}`).toEqual({
        rows: table.rows,
        checksum: table.checksum,
      });
    }
  });

  it('says clearly when the folder is not a backup', () => {
    const wrong = run('scripts/db/restore.ts', [join(work, 'nowhere')], { DATABASE_URL: source.dbUrl, DATA_DIR: sourceDir() });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('no es una copia de seguridad');
  });
});
