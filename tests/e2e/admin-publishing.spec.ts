/**
 * Publishing as an admin lives it on the local stack. As `npm start` does, a rebuild worker builds
 * the shop into its own folder and a static server serves whichever build is live. The admin sees
 * 'Tienda publicada', renames a product, sees 'Publicando...' and then a new time, and the static
 * product page shows the new name; a build that fails leaves the old pages served and shows the
 * error in the back office; two builds of the same data are byte-identical, so a host's
 * content-hashed upload sends only what changed. Each build takes a while, hence the long timeouts.
 */
import { createHash } from 'node:crypto';
import { chmod, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildShop } from '../../scripts/lib/build.ts';
import { serveShop } from '../../scripts/lib/static-server.ts';
import { startRebuildWorker, type RebuildWorker } from '../../scripts/rebuild/worker.ts';
import { ROOT } from '../../scripts/stack/index.ts';
import { mexicoDate, service } from './fixtures.ts';
import { expect, test, type Page } from './test.ts';

const run = Date.now().toString(36);
const ADMIN = { email: `admin-publishing-${run}@e2e.local`, password: 'admin-e2e-password' };
const PORT = Number(process.env['E2E_PUBLISH_PORT'] ?? 64401);
const ORIGIN = `http://127.0.0.1:${PORT}`;

let buildsDir = '';
let live = '';
let failNextBuild = false;
let worker: RebuildWorker;
let shop: { close(): Promise<void> };

function env(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} no está definido`);
  return value;
}

test.describe.configure({ mode: 'serial', timeout: 180_000 });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const { error } = await service().auth.admin.createUser({
    email: ADMIN.email,
    password: ADMIN.password,
    email_confirm: true,
    app_metadata: { role: 'admin' },
  });
  if (error) throw error;
  buildsDir = await mkdtemp(join(tmpdir(), 'outlet-e2e-builds-'));
  await chmod(buildsDir, 0o755);
  worker = await startRebuildWorker({
    dbUrl: env('E2E_DB_URL'),
    buildsDir,
    debounceMs: 300,
    log: () => undefined,
    build: async (outDir) => {
      if (failNextBuild) {
        failNextBuild = false;
        throw new Error('astro build terminó con código 1');
      }
      await buildShop({ supabaseUrl: env('E2E_SUPABASE_URL'), anonKey: env('E2E_ANON_KEY'), siteUrl: ORIGIN, root: ROOT, outDir });
    },
    publish: (dir) => {
      live = dir;
    },
  });
  await worker.rebuild();
  shop = await serveShop(() => live, PORT);
});

test.afterAll(async () => {
  await worker?.stop();
  await shop?.close();
  await rm(buildsDir, { recursive: true, force: true });
});

async function signIn(page: Page) {
  await page.goto(`${ORIGIN}/admin/login`);
  await page.getByLabel('Usuario').fill(ADMIN.email);
  await page.getByLabel('Contraseña').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(page).not.toHaveURL(/login/);
}

/** A product of a running campaign, as the demo has many. */
async function runningProduct() {
  const { data } = await service()
    .from('products')
    .select('id, nombre, permalink, campaigns!inner(fecha_fin)')
    .gte('campaigns.fecha_fin', mexicoDate(1))
    .order('permalink')
    .limit(1)
    .single()
    .throwOnError();
  return data;
}

test('an edit reaches the static shop: Publicando... then a new time, and the page shows it', async ({ page }) => {
  const product = await runningProduct();
  const renamed = `${product.nombre} Edición ${run}`;
  await signIn(page);
  const status = page.getByRole('status', { name: 'Estado de la tienda publicada' });
  await expect(status).toContainText('Tienda publicada hace');

  await page.goto(`${ORIGIN}/admin/products`);
  await page.getByRole('searchbox').fill(product.permalink);
  const card = page.getByTestId('product-card').filter({ hasText: product.nombre }).first();
  await card.getByRole('button', { name: 'Acciones del producto' }).click();
  await page.getByRole('menuitem', { name: 'Editar' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Nombre del producto').fill(renamed);
  await dialog.getByRole('button', { name: 'Actualizar' }).click();
  await expect(page.getByText('Producto actualizado correctamente')).toBeVisible({ timeout: 20_000 });

  await expect(status).toContainText('Publicando...', { timeout: 20_000 });
  await expect(status).toContainText('Tienda publicada hace un momento', { timeout: 120_000 });

  // The form gives a renamed product the permalink of its new name.
  const { data: saved } = await service().from('products').select('permalink').eq('id', product.id).single().throwOnError();
  const shopper = await page.context().newPage();
  await shopper.goto(`${ORIGIN}/producto/${saved.permalink}`);
  await expect(shopper.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
  await shopper.close();

  await service().from('products').update({ nombre: product.nombre, permalink: product.permalink }).eq('id', product.id).throwOnError();
});

test('a failed build leaves the published pages and shows the error in the back office', async ({ page }) => {
  await worker.rebuild();
  const product = await runningProduct();
  const before = live;
  failNextBuild = true;
  await service().from('products').update({ nombre: `${product.nombre} Falla ${run}` }).eq('id', product.id).throwOnError();

  await signIn(page);
  const status = page.getByRole('status', { name: 'Estado de la tienda publicada' });
  await expect(status).toContainText('Error al publicar', { timeout: 60_000 });
  await status.getByText('Error al publicar').hover();
  await expect(page.getByRole('tooltip')).toHaveText('astro build terminó con código 1');
  expect(live).toBe(before);

  const shopper = await page.context().newPage();
  await shopper.goto(`${ORIGIN}/producto/${product.permalink}`);
  await expect(shopper.getByRole('heading', { level: 1, name: product.nombre })).toBeVisible();
  await shopper.close();

  await service().from('products').update({ nombre: product.nombre }).eq('id', product.id).throwOnError();
  await worker.rebuild();
});

/** sha256 of every file of a build, by path. */
async function digest(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const entry of (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile())) {
    const path = join(entry.parentPath, entry.name);
    out[path.slice(dir.length + 1)] = createHash('sha256').update(await readFile(path)).digest('hex');
  }
  return out;
}

test('two builds of the same data write the same bytes', async () => {
  const first = live;
  await worker.rebuild();
  expect(live).not.toBe(first);
  const [a, b] = [await digest(first), await digest(live)];
  expect(Object.keys(a).length).toBeGreaterThan(300);
  expect(b).toEqual(a);
});
