/**
 * Publishing as an admin lives it on the local stack. As `npm start` does, a rebuild worker builds
 * the shop into its own folder and a static server serves whichever build is live. The admin sees
 * 'Tienda publicada', renames a product, sees 'Publicando...' and then a new time, and the static
 * product page shows the new name; a build that fails leaves the old pages served and shows the
 * error in the back office; after midnight a campaign that ended yesterday leaves the pages and
 * the sitemap without any change asking for it; two builds of the same data are byte-identical, so a host's
 * content-hashed upload sends only what changed. Each build takes a while, hence the long timeouts.
 */
import { createHash } from 'node:crypto';
import { chmod, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildShop } from '../../scripts/lib/build.ts';
import { serveShop } from '../../scripts/lib/static-server.ts';
import { startRebuildWorker, type RebuildWorker } from '../../scripts/rebuild/worker.ts';
import pg from 'pg';
import { ROOT } from '../../scripts/stack/index.ts';
import { type PolicyColumns, toShopPolicies } from '../../src/lib/policies.ts';
import { createAccount, mexicoDate, service, shopSettings } from './fixtures.ts';
import { pageText, policyFindings } from './policy-facts.ts';
import { PUBLISH_PORT } from './stacks.ts';
import { signIn } from './sign-in.ts';
import { expect, test } from './test.ts';

const run = Date.now().toString(36);
const ADMIN = { email: `admin-publishing-${run}@e2e.local`, password: 'admin-e2e-password' };
const ORIGIN = `http://127.0.0.1:${PUBLISH_PORT}`;

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
  await createAccount(ADMIN);
  buildsDir = await mkdtemp(join(tmpdir(), 'outlet-e2e-builds-'));
  await chmod(buildsDir, 0o755);
  worker = await startRebuildWorker({
    dbUrl: env('E2E_DB_URL'),
    buildsDir,
    debounceMs: 300,
    log: () => undefined,
    build: async (outDir, signal) => {
      if (failNextBuild) {
        failNextBuild = false;
        throw new Error('astro build terminó con código 1');
      }
      await buildShop({
        supabaseUrl: env('E2E_SUPABASE_URL'),
        anonKey: env('E2E_ANON_KEY'),
        siteUrl: ORIGIN,
        root: ROOT,
        outDir,
        quiet: true,
        signal,
      });
    },
    publish: (dir) => {
      live = dir;
    },
  });
  await worker.rebuild();
  shop = await serveShop(() => live, PUBLISH_PORT);
});

test.afterAll(async () => {
  await worker?.stop();
  await shop?.close();
  await rm(buildsDir, { recursive: true, force: true });
});

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

/** The newest publication that ended (published or failed), or null. */
async function latestPublication() {
  const { data } = await service()
    .from('publications')
    .select('id, status')
    .in('status', ['published', 'failed'])
    .order('id', { ascending: false })
    .limit(1)
    .maybeSingle()
    .throwOnError();
  return data;
}

test('an edit reaches the static shop: a new publication time, and the page shows it', async ({ page }) => {
  const product = await runningProduct();
  const renamed = `${product.nombre} Edición ${run}`;
  await signIn(page, ADMIN, { at: `${ORIGIN}/admin/login` });
  const status = page.getByRole('status', { name: 'Estado de la tienda publicada' });
  await expect(status).toContainText('Tienda publicada hace');
  const before = await latestPublication();

  await page.goto(`${ORIGIN}/admin/products`);
  await page.getByRole('searchbox').fill(product.permalink);
  const card = page.getByTestId('product-card').filter({ hasText: product.nombre }).first();
  await card.getByRole('button', { name: 'Acciones del producto' }).click();
  await page.getByRole('menuitem', { name: 'Editar' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Nombre del producto').fill(renamed);
  await dialog.getByRole('button', { name: 'Actualizar' }).click();
  await expect(page.getByText('Producto actualizado correctamente')).toBeVisible({ timeout: 20_000 });

  // 'Publicando...' shows while the build runs, but an incremental build can finish between two of
  // the status's polls (status.test.ts covers every label): what must follow the edit is a new
  // publication, and the status saying so
  await expect.poll(async () => (await latestPublication())?.id ?? 0, { timeout: 120_000 }).toBeGreaterThan(before?.id ?? 0);
  expect((await latestPublication())?.status).toBe('published');
  await expect(status).toContainText('Tienda publicada hace un momento', { timeout: 30_000 });

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
  await service()
    .from('products')
    .update({ nombre: `${product.nombre} Falla ${run}` })
    .eq('id', product.id)
    .throwOnError();

  await signIn(page, ADMIN, { at: `${ORIGIN}/admin/login` });
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

test('after midnight, a campaign that ended yesterday leaves the static pages and the sitemap', async ({ page }) => {
  const product = await runningProduct();
  const db = new pg.Client({ connectionString: env('E2E_DB_URL') });
  await db.connect();
  const { rows } = await db.query<{ id: string; campaign_id: string }>(
    `insert into public.campaigns (nombre, fecha_inicio, fecha_fin) values ($1, $2, $3) returning id,
       (select campaign_id from public.products where id = $4) as campaign_id`,
    [`Termina hoy ${run}`, mexicoDate(-3), mexicoDate(0), product.id],
  );
  const ending = rows[0]!;
  try {
    await db.query('update public.products set campaign_id = $1 where id = $2', [ending.id, product.id]);
    await worker.rebuild();
    const url = `${ORIGIN}/producto/${product.permalink}`;
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1, name: product.nombre })).toBeVisible();
    expect(await (await page.request.get(`${ORIGIN}/sitemap.xml`)).text()).toContain(url);

    // Midnight passes: the campaign's last day is now yesterday. Moving its dates back one day with
    // the triggers off stands for the clock moving forward, so nothing asks for a rebuild but the
    // midnight run itself.
    await db.query(
      `begin;
       set local session_replication_role = replica;
       update public.campaigns set fecha_inicio = fecha_inicio - 1, fecha_fin = fecha_fin - 1 where id = '${ending.id}';
       commit;`,
    );
    expect((await db.query(`select 1 from public.rebuild_requests where status = 'pending'`)).rowCount).toBe(0);
    await worker.midnight();

    const gone = await page.goto(url);
    expect(gone?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Producto no encontrado' })).toBeVisible();
    expect(await (await page.request.get(`${ORIGIN}/sitemap.xml`)).text()).not.toContain(url);
    const { rows: last } = await db.query('select trigger, status from public.publications order by id desc limit 1');
    expect(last).toEqual([{ trigger: 'midnight', status: 'published' }]);
  } finally {
    await db.query('update public.products set campaign_id = $1 where id = $2', [ending.campaign_id, product.id]);
    await db.query('delete from public.campaigns where id = $1', [ending.id]);
    await db.end();
    await worker.rebuild();
  }
});

test('policies edited in Configuración reach every page once published', async ({ page }) => {
  const original = await shopSettings();
  const product = await runningProduct();
  try {
    await signIn(page, ADMIN, { at: `${ORIGIN}/admin/login` });
    await page.goto(`${ORIGIN}/admin/settings`);
    await page.getByRole('tab', { name: 'Políticas' }).click();
    await page.getByRole('spinbutton', { name: 'Envío gratis desde ($)' }).fill('1234');
    await page.getByRole('spinbutton', { name: 'Días para devolver' }).fill('21');
    await page.getByRole('spinbutton', { name: 'Días máx.' }).first().fill('4');
    await page.getByRole('textbox', { name: 'Razón social del vendedor' }).fill(`Modas Publicadas ${run}, S.A. de C.V.`);
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Configuración guardada. La tienda se publicará con los cambios.')).toBeVisible();
    // The app bar hides while the page is scrolled down to the form's end.
    await page.evaluate(() => window.scrollTo(0, 0));
    const status = page.getByRole('status', { name: 'Estado de la tienda publicada' });
    await expect(status).toContainText('Publicando...', { timeout: 20_000 });
    await expect(status).toContainText('Tienda publicada hace un momento', { timeout: 120_000 });

    const policies = toShopPolicies((await shopSettings()) as unknown as PolicyColumns);
    expect(policies).toMatchObject({ freeShippingMin: 1234, returnDays: 21 });
    const shopper = await page.context().newPage();
    for (const path of ['/', '/preguntas-frecuentes', '/terminos', `/producto/${product.permalink}`]) {
      await shopper.goto(`${ORIGIN}${path}`);
      const text = await pageText(shopper);
      expect(policyFindings(text, policies), path).toEqual([]);
      expect(text, path).toContain('Envío gratis desde $1,234');
      expect(text, path).toContain('21 días naturales');
      expect(text, path).toContain(`es operada por Modas Publicadas ${run}, S.A. de C.V.`);
    }
    await expect(shopper.getByText('Ciudad de México y área metropolitana: de 3 a 4 días hábiles')).toHaveCount(1);
    await shopper.close();
  } finally {
    await service().from('shop_settings').update(original).eq('id', 1).throwOnError();
    await worker.rebuild();
  }
});

/** sha256 of every file of a build, by path. */
async function digest(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const entry of (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile())) {
    const path = join(entry.parentPath, entry.name);
    out[path.slice(dir.length + 1)] = createHash('sha256')
      .update(await readFile(path))
      .digest('hex');
  }
  return out;
}

test('two builds of the same data write the same bytes', async () => {
  const first = live;
  await worker.rebuild();
  expect(live).not.toBe(first);
  const [a, b] = [await digest(first), await digest(live)];
  expect(Object.keys(a).length).toBeGreaterThan(200); // a whole site: about 150 product pages and the rest
  expect(b).toEqual(a);
});
