/**
 * Faults, each with nothing lost or half-done, on a stack this file starts, kills and restarts on its
 * own data folder (ports FAULTS_DB_PORT, FAULTS_SUPABASE_PORT, FAULTS_REST_PORT, FAULTS_SHOP_PORT):
 *
 * - Postgres killed (SIGKILL of the postmaster) in the middle of a CSV import batch: every batch is
 *   all or nothing, and running the same import again after the restart completes it without
 *   duplicates.
 * - Postgres killed and started again under a running gateway and PostgREST (the shop open): the
 *   shop's request fails at once with an error (the grid turns it into its "Reintentar" state, see
 *   tests/e2e/shop.spec.ts) and the same client, and an admin signing in, work again once it is back,
 *   with nothing else restarted.
 * - The stack (gateway included) restarted while an admin is signed in: the same client keeps
 *   reading admin data and refreshes its token.
 * - A build killed half-way: the served folder and its files stay the previous ones.
 * - Storage that cannot be written: the admin's upload gets a clear message and no object row.
 *
 * HARDENING_FULL=1 imports a larger file (1,000 rows instead of 300).
 *
 * The tests run in the order written and share the stack: the ones after the import read the
 * products it left (run the whole file, not one test alone).
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_BATCH_SIZE, runImport, type BatchResult } from '../../admin/products/import/runImport.ts';
import { ensureAdmin } from '../../scripts/lib/admin-user.ts';
import { serveShop } from '../../scripts/lib/static-server.ts';
import { startRebuildWorker } from '../../scripts/rebuild/worker.ts';
import { startStack, type Stack } from '../../scripts/stack/index.ts';
import { startPostgres } from '../../scripts/stack/postgres.ts';
import { fetchShopPage } from '../../src/data/shop.ts';
import { createShopClient } from '../../src/data/supabase.ts';
import { EMPTY_FILTERS } from '../../src/lib/filters.ts';

const FULL = process.env['HARDENING_FULL'] === '1';
const port = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const PORTS = {
  dbPort: port('FAULTS_DB_PORT', 63922),
  apiPort: port('FAULTS_SUPABASE_PORT', 63921),
  restPort: port('FAULTS_REST_PORT', 63929),
};
const SHOP_PORT = port('FAULTS_SHOP_PORT', 63940);
const ADMIN = { email: 'faults-admin@test.local', password: 'faults-admin-password-1' };
const ROWS = FULL ? 1000 : 300;
/** The batch during which Postgres dies. */
const KILLED_BATCH = 4;
const noSession = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };

let dataDir = '';
let stack: Stack;

async function start(): Promise<Stack> {
  // After a SIGKILL the old server's backends may hold its shared memory for a moment: try again.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startStack({ dataDir, ...PORTS, seed: false, durable: true, log: () => undefined });
    } catch (error) {
      if (attempt >= 20) throw error;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}

/** A query as postgres (which bypasses RLS) on a connection of its own (connections do not survive a restart). */
async function sql<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: stack.dbUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

function postmasterPid(): number {
  return Number(readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The realistic crash: the postmaster gets SIGKILL (no shutdown, no checkpoint). */
async function killPostgres(): Promise<void> {
  const pid = postmasterPid();
  process.kill(pid, 'SIGKILL');
  while (alive(pid)) await new Promise((r) => setTimeout(r, 50));
}

async function restart(): Promise<void> {
  await stack.stop();
  stack = await start();
}

async function signedInAdmin(): Promise<SupabaseClient> {
  await ensureAdmin(stack.url, stack.serviceRoleKey, ADMIN.email, ADMIN.password);
  const client = createClient(stack.url, stack.anonKey, noSession);
  const { error } = await client.auth.signInWithPassword(ADMIN);
  if (error) throw new Error(`inicio de sesión: ${error.message}`);
  return client;
}

async function accessToken(client: SupabaseClient): Promise<string> {
  const { data } = await client.auth.getSession();
  return data.session!.access_token;
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'outlet-faults-'));
  stack = await start();
});

afterAll(async () => {
  await stack?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('Postgres killed during a CSV import', () => {
  let campaignId = '';
  let brandId = '';

  /** One CSV row as the wizard sends it; the key is the file's hash and the row number. */
  const row = (n: number) => ({
    nombre: `Chamarra Fallo ${n}`,
    costo_compra: 400,
    precio_original: 1600,
    precio_venta: 900,
    imagenes: [`https://cdn.example.com/f${n}-a.jpg`, `https://cdn.example.com/f${n}-b.jpg`, `https://cdn.example.com/f${n}-c.jpg`],
    tallas: ['S', 'M', 'L'],
    descripcion: `<p>Chamarra ${n}</p>`,
    categoria: 'ropa',
    subcategoria: 'Chamarras',
    link_externo: `https://proveedor.example.com/p/${n}`,
    import_key: `archivo-fallo:${n}`,
    fila: n + 1,
  });
  const rows = Array.from({ length: ROWS }, (_, i) => row(i + 1));
  const batchOf = (key: string) => Math.ceil(Number(key.split(':')[1]) / IMPORT_BATCH_SIZE);

  /** What the back office's dialog does: each batch to the Edge Function through the gateway. */
  async function sendBatch(token: string, products: unknown[]): Promise<BatchResult> {
    const res = await fetch(`${stack.url}/functions/v1/bulk-import-products-batch`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ products, campaign_id: campaignId, brand_id: brandId, batch_size: IMPORT_BATCH_SIZE }),
    });
    const body = (await res.json()) as BatchResult & { error?: string };
    if (!res.ok) throw new Error(body.error ?? `HTTP ${res.status}`);
    return body;
  }

  async function importedKeys(): Promise<string[]> {
    const found = await sql<{ import_key: string }>(
      `select import_key from public.product_private where import_key like 'archivo-fallo:%'`,
    );
    return found.map((r) => r.import_key);
  }

  beforeAll(async () => {
    const [campaign] = await sql<{ id: string }>(
      `insert into public.campaigns (nombre, fecha_inicio, fecha_fin) values ('Fallos', current_date - 1, current_date + 30) returning id`,
    );
    const [brand] = await sql<{ id: string }>(`insert into public.brands (name, display_name) values ('fallos', 'Fallos') returning id`);
    await sql(`insert into public.categories (nombre) values ('Ropa')`);
    campaignId = campaign!.id;
    brandId = brand!.id;
  });

  it('keeps every batch whole and a second run completes the import without duplicates', async () => {
    const admin = await signedInAdmin();
    const token = await accessToken(admin);
    let blocker: pg.Client | undefined;

    const first = await runImport(
      rows,
      async (batch, number) => {
        if (number !== KILLED_BATCH) return sendBatch(token, batch);
        // Hold the batch half-way: its first product, private row and images are written when its
        // insert of sizes waits for this lock; then Postgres dies under it.
        blocker = new pg.Client({ connectionString: stack.dbUrl });
        await blocker.connect();
        blocker.on('error', () => undefined);
        await blocker.query('begin');
        await blocker.query('lock table public.product_sizes in access exclusive mode');
        const answer = sendBatch(token, batch);
        for (;;) {
          const [waiting] = (
            await blocker.query<{ n: number }>(
              `select count(*)::int as n from pg_locks where not granted and relation = 'public.product_sizes'::regclass`,
            )
          ).rows;
          if (waiting!.n > 0) break;
          await new Promise((r) => setTimeout(r, 20));
        }
        await killPostgres();
        return answer;
      },
      { size: IMPORT_BATCH_SIZE, pauseMs: 0 },
    );
    await blocker?.end().catch(() => undefined);

    const batches = Math.ceil(ROWS / IMPORT_BATCH_SIZE);
    expect(first.imported).toBe((KILLED_BATCH - 1) * IMPORT_BATCH_SIZE);
    expect(first.failed).toBe(ROWS - first.imported);
    expect(first.errors.length).toBeGreaterThanOrEqual(batches - KILLED_BATCH + 1);
    // with the database gone the admin is told the server does not answer, never to sign in again
    expect(first.errors.filter((e) => /sesión no es válida/.test(e))).toEqual([]);
    expect(first.errors.at(-1)).toBe(
      `Error en lote ${batches}: El servidor no responde y no se pudo comprobar la sesión. Inténtalo de nuevo en unos momentos.`,
    );

    await restart();

    // Every batch is whole or absent: the killed one left nothing, the ones before it everything.
    const perBatch = new Map<number, number>();
    for (const key of await importedKeys()) perBatch.set(batchOf(key), (perBatch.get(batchOf(key)) ?? 0) + 1);
    expect([...perBatch.entries()].sort((a, b) => a[0] - b[0])).toEqual(
      Array.from({ length: KILLED_BATCH - 1 }, (_, i) => [i + 1, IMPORT_BATCH_SIZE]),
    );
    const [orphans] = await sql<{ products: number; images: number; sizes: number }>(
      `select count(*) filter (where pp.product_id is null)::int as products,
              (select count(*)::int from public.product_images) as images,
              (select count(*)::int from public.product_sizes) as sizes
         from public.products p left join public.product_private pp on pp.product_id = p.id`,
    );
    // the first picture is the product's main image, the other two its gallery
    expect(orphans).toEqual({ products: 0, images: 2 * first.imported, sizes: 3 * first.imported });

    // The same file again, with the session signed in before the crash: the rest lands, nothing twice.
    const second = await runImport(rows, (batch) => sendBatch(token, batch), { size: IMPORT_BATCH_SIZE, pauseMs: 0 });
    expect(second).toEqual({ imported: ROWS, failed: 0, errors: [] });
    const [totals] = await sql<{ products: number; keys: number; images: number; sizes: number }>(
      `select (select count(*)::int from public.products where nombre like 'Chamarra Fallo %') as products,
              count(distinct import_key)::int as keys,
              (select count(*)::int from public.product_images) as images,
              (select count(*)::int from public.product_sizes) as sizes
         from public.product_private where import_key like 'archivo-fallo:%'`,
    );
    expect(totals).toEqual({ products: ROWS, keys: ROWS, images: 2 * ROWS, sizes: 3 * ROWS });
  });
});

describe('Postgres killed and restarted while the shop is open', () => {
  it('fails the shop request at once while it is down, and the same client reads again once it is back', async () => {
    const shop = createShopClient(stack.url, stack.anonKey);
    const before = await fetchShopPage(shop, EMPTY_FILTERS, 0, 12);
    expect(before.total).toBeGreaterThan(0);

    await killPostgres();
    const down = Date.now();
    await expect(fetchShopPage(shop, EMPTY_FILTERS, 0, 12)).rejects.toThrow(/^shop_page: /);
    console.log(`Con Postgres caído, shop_page falló en ${Date.now() - down} ms.`);

    // Only Postgres comes back, on the same data folder: PostgREST and the gateway must reconnect.
    let db: Awaited<ReturnType<typeof startPostgres>> | undefined;
    for (let attempt = 1; !db; attempt++) {
      db = await startPostgres({ dataDir, port: PORTS.dbPort, durable: true, log: () => undefined }).catch((error: unknown) => {
        if (attempt >= 20) throw error;
        return new Promise<undefined>((r) => setTimeout(() => r(undefined), 500));
      });
    }
    try {
      const back = Date.now();
      await expect
        .poll(async () => (await fetchShopPage(shop, EMPTY_FILTERS, 0, 12).catch(() => null))?.total, { timeout: 60_000, interval: 250 })
        .toBe(before.total);
      console.log(`La tienda volvió a responder ${Date.now() - back} ms después de arrancar Postgres.`);
      // the gateway's own connections (Auth) came back too
      const admin = await signedInAdmin();
      const { data, error } = await admin.from('product_private').select('import_key').limit(1);
      expect(error).toBeNull();
      expect(data).toHaveLength(1);
    } finally {
      await db.stop();
      await restart();
    }
  });
});

describe('the stack restarted while an admin is signed in', () => {
  it('keeps the session: the same client reads admin data and refreshes its token', async () => {
    const admin = await signedInAdmin();
    const before = (await admin.auth.getSession()).data.session!.refresh_token;
    const adminRead = async () => {
      const { data, error } = await admin.from('product_private').select('import_key').limit(5);
      expect(error).toBeNull();
      return data ?? [];
    };
    expect((await adminRead()).length).toBeGreaterThan(0);

    await restart();

    expect((await adminRead()).length).toBeGreaterThan(0);
    const { data, error } = await admin.auth.refreshSession();
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    // the refresh token signed in before the restart was accepted and rotated
    expect(data.session?.refresh_token).toBeTruthy();
    expect(data.session?.refresh_token).not.toBe(before);
    expect((await adminRead()).length).toBeGreaterThan(0);
    // a shopper's key still reads no private column: the rows above came from the admin session
    const { data: anonRows } = await createClient(stack.url, stack.anonKey, noSession).from('product_private').select('import_key');
    expect(anonRows ?? []).toEqual([]);
  });
});

describe('a build killed half-way', () => {
  it('leaves the live folder and its files as they were, and the next build publishes', async () => {
    const buildsDir = await mkdtemp(join(tmpdir(), 'outlet-faults-builds-'));
    let live = '';
    let version = 'v1';
    let killHalfway = false;
    /** A build as buildShop runs it: a child process writing pages one after another. */
    const build = (outDir: string) =>
      new Promise<void>((resolve, reject) => {
        const script = `
          const fs = require('node:fs'); const path = require('node:path');
          const out = process.argv[1], version = process.argv[2], half = process.argv[3] === '1';
          fs.mkdirSync(path.join(out, 'producto', 'p'), { recursive: true });
          for (let i = 0; i < 40; i++) fs.writeFileSync(path.join(out, 'producto', 'p', i + '.html'), version + ' ' + i);
          if (half) { fs.writeFileSync(path.join(out, 'HALF'), ''); setInterval(() => {}, 1000); }
          else fs.writeFileSync(path.join(out, 'index.html'), '<h1>' + version + '</h1>');`;
        const child = spawn(process.execPath, ['-e', script, outDir, version, killHalfway ? '1' : '0'], { stdio: 'ignore' });
        child.once('exit', (code, signal) =>
          code === 0 ? resolve() : reject(new Error(`la construcción terminó con ${signal ?? `código ${code}`}`)),
        );
        if (killHalfway) {
          const watch = setInterval(() => {
            if (existsSync(join(outDir, 'HALF'))) {
              clearInterval(watch);
              child.kill('SIGKILL');
            }
          }, 20);
        }
      });
    const logs: string[] = [];
    const worker = await startRebuildWorker({ buildsDir, build, publish: (dir) => (live = dir), debounceMs: 10, log: (m) => logs.push(m) });
    const shop = await serveShop(() => live, SHOP_PORT);
    try {
      await worker.rebuild();
      const first = live;
      expect(first).not.toBe('');
      const snapshot = async (dir: string) => {
        const files = (await readdir(dir, { recursive: true })).sort();
        return Promise.all(files.filter((f) => f.endsWith('.html')).map(async (f) => [f, await readFile(join(dir, f), 'utf8')]));
      };
      const before = await snapshot(first);
      const page = async (path: string) => (await fetch(`http://127.0.0.1:${SHOP_PORT}${path}`)).text();
      expect(await page('/')).toContain('v1');

      version = 'v2';
      killHalfway = true;
      await worker.rebuild();
      expect(live).toBe(first);
      expect(await snapshot(first)).toEqual(before);
      expect(await page('/')).toContain('v1');
      expect(await page('/producto/p/7.html')).toBe('v1 7');
      // the half-written folder is gone: only the live build remains
      expect(await readdir(buildsDir)).toEqual([first.slice(buildsDir.length + 1)]);
      expect(logs.some((m) => m.startsWith('La reconstrucción falló'))).toBe(true);

      killHalfway = false;
      version = 'v3';
      await worker.rebuild();
      expect(live).not.toBe(first);
      expect(await page('/')).toContain('v3');
    } finally {
      await shop.close();
      await worker.stop();
      await rm(buildsDir, { recursive: true, force: true });
    }
  });
});

describe('storage that cannot be written', () => {
  // A valid 1×1 PNG (the bucket checks the bytes match the declared type).
  const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
  const objectRows = async (name: string) =>
    (
      await sql<{ n: number }>(`select count(*)::int as n from storage.objects where bucket_id = 'product-images' and name = $1`, [name])
    )[0]!.n;

  // The tests run as root, whom chmod does not stop: the folder becomes a file instead, which no
  // user can write into.
  it.each([
    ['the bucket folder', 'product-images'],
    ['the upload staging folder', '.tmp'],
  ])('%s replaced by a file: a clear message, no object row, and uploads work again once it is back', async (_what, folder) => {
    const admin = await signedInAdmin();
    const storageDir = join(dataDir, 'storage');
    const target = join(storageDir, folder);
    await rm(target, { recursive: true, force: true });
    await writeFile(target, 'no es una carpeta');
    const name = `fallos/${folder.replace('.', '')}-${Date.now()}.png`;
    try {
      const { error } = await admin.storage.from('product-images').upload(name, PNG, { contentType: 'image/png', upsert: false });
      expect(error?.message).toMatch(/^No se pudo guardar el archivo: la carpeta de archivos no admite escritura/);
      expect(await objectRows(name)).toBe(0);
    } finally {
      await rm(target, { force: true });
      await mkdir(target, { recursive: true });
    }
    const { error } = await admin.storage.from('product-images').upload(name, PNG, { contentType: 'image/png', upsert: false });
    expect(error).toBeNull();
    expect(await objectRows(name)).toBe(1);
    const served = await fetch(`${stack.url}/storage/v1/object/public/product-images/${name}`);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);
  });
});
