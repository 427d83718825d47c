/**
 * Bulk work in the product list, with 500 products of one campaign: all that match are chosen, a
 * 15 % discount is confirmed with the count it changes, and every row is checked against the
 * rounding; then the list is exported as CSV and imported back through the wizard, and nothing in
 * the catalogue changes. In a campaign of its own, the pieces of every size of the chosen products
 * are set at once, never below what an unpaid order holds.
 */
import { readFile } from 'node:fs/promises';
import { discountedPrice } from '../../admin/products/bulkRules.ts';
import { anon, createAccount, mexicoDate, service, sql } from './fixtures.ts';
import { signIn } from './sign-in.ts';
import { expect, test } from './test.ts';

const run = Date.now().toString(36);
const OWNER = { email: `admin-lote-${run}@e2e.local`, password: 'admin-e2e-password' };
const CAMPAIGN = `Lote ${run}`;
const COUNT = 500;
let campaignId = '';
let stockCampaignId = '';
let brandName = '';

test.beforeAll(async () => {
  await createAccount(OWNER);
  const db = service();
  const { data: campaign } = await db
    .from('campaigns')
    .insert({ nombre: CAMPAIGN, fecha_inicio: mexicoDate(-1), fecha_fin: mexicoDate(30) })
    .select('id')
    .single()
    .throwOnError();
  campaignId = campaign.id;
  const { data: category } = await db.from('categories').select('id').eq('activa', true).limit(1).single().throwOnError();
  const { data: brand } = await db.from('brands').select('id, display_name').eq('active', true).limit(1).single().throwOnError();
  brandName = brand.display_name;
  const rows = Array.from({ length: COUNT }, (_, i) => ({
    campaign_id: campaignId,
    category_id: category.id,
    brand_id: brand.id,
    marca: brand.display_name,
    nombre: `Producto en lote ${run} ${i + 1}`,
    permalink: `lote-${run}-${i + 1}`,
    precio_original: 2000 + i * 7,
    // prices of every kind of remainder, so the rounding is tried up and down
    precio_venta: 999 + i * 13.37,
  }));
  const { data: products } = await db.from('products').insert(rows).select('id').throwOnError();
  await db
    .from('product_private')
    .insert(products.map((p, i) => ({ product_id: p.id, costo_compra: 500 + i })))
    .throwOnError();
});

test.afterAll(async () => {
  await service().from('campaigns').delete().in('id', [campaignId, stockCampaignId].filter(Boolean)).throwOnError();
});

async function prices(): Promise<Map<string, number>> {
  const { data } = await service().from('products').select('id, precio_venta').eq('campaign_id', campaignId).throwOnError();
  return new Map(data.map((r) => [r.id, Number(r.precio_venta)]));
}

async function catalogue(): Promise<string> {
  const db = service();
  const { data: products } = await db.from('products').select('*').eq('campaign_id', campaignId).order('id').throwOnError();
  const ids = products.map((p) => p.id);
  const { data: privates } = await db
    .from('product_private')
    .select('*')
    .in('product_id', ids.slice(0, 300))
    .order('product_id')
    .throwOnError();
  const { data: privates2 } = await db
    .from('product_private')
    .select('*')
    .in('product_id', ids.slice(300))
    .order('product_id')
    .throwOnError();
  return JSON.stringify([products, privates, privates2]);
}

test('a 15 % discount on all 500 products of a campaign, checked row by row', async ({ page }) => {
  test.setTimeout(120_000);
  const before = await prices();
  expect(before.size).toBe(COUNT);
  await signIn(page, OWNER);
  await page.goto(`/admin/products?campaign=${campaignId}`);
  await expect(page.getByTestId('products-subtitle')).toContainText(`${COUNT}`);

  await page
    .getByRole('checkbox', { name: new RegExp(`^Seleccionar Producto en lote ${run} `) })
    .first()
    .check();
  const bar = page.getByRole('region', { name: 'Acciones en lote' });
  await expect(bar.getByTestId('bulk-count')).toHaveText('1 seleccionados');
  await bar.getByRole('button', { name: `Seleccionar los ${COUNT} que coinciden` }).click();
  await expect(bar.getByTestId('bulk-count')).toHaveText(`Los ${COUNT} productos que coinciden`);

  await bar.getByLabel('Acción').click();
  await page.getByRole('option', { name: 'Aplicar un descuento' }).click();
  const dialog = page.getByRole('dialog', { name: 'Aplicar un descuento' });
  await dialog.getByLabel('Descuento (%)').fill('15');
  await expect(dialog.getByTestId('bulk-confirmation')).toHaveText(
    `Se bajará 15 % el precio de venta de ${COUNT} productos, redondeado a la centena más cercana.`,
  );
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByText(/productos actualizados/)).toBeVisible({ timeout: 30_000 });

  const after = await prices();
  let changed = 0;
  for (const [id, old] of before) {
    expect(after.get(id), id).toBe(discountedPrice(old, 15));
    if (after.get(id) !== old) changed++;
  }
  await expect(page.getByText(`${changed} productos actualizados`)).toBeVisible();
});

test('the list exported as CSV and imported back changes nothing', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  await signIn(page, OWNER);
  await page.goto(`/admin/products?campaign=${campaignId}`);
  await expect(page.getByTestId('products-subtitle')).toContainText(`${COUNT}`);
  const before = await catalogue();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^productos_\d{4}-\d{2}-\d{2}\.csv$/);
  const path = testInfo.outputPath('productos.csv');
  await file.saveAs(path);
  const text = (await readFile(path, 'utf8')).replace(/^\uFEFF/, '');
  expect(text.split('\r\n')).toHaveLength(COUNT + 1);

  await page.getByRole('button', { name: 'Importar CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importación Masiva de Productos' });
  await dialog.getByRole('combobox', { name: 'Campaña' }).click();
  await page.getByRole('option', { name: CAMPAIGN }).click();
  await dialog.getByRole('combobox', { name: 'Marca' }).click();
  await page.getByRole('option', { name: brandName, exact: true }).click();
  await dialog.getByRole('button', { name: 'Continuar' }).click();
  await dialog.getByTestId('csv-file-input').setInputFiles(path);
  await expect(dialog.getByText(`${COUNT} productos válidos`)).toBeVisible();
  await dialog.getByRole('button', { name: `Importar ${COUNT} productos` }).click();
  await expect(page.getByText('Importación Completada')).toBeVisible({ timeout: 120_000 });

  expect(await catalogue()).toBe(before);
  const { count } = await service().from('products').select('id', { count: 'exact', head: true }).eq('campaign_id', campaignId);
  expect(count).toBe(COUNT);
});

test('the pieces of every size of the chosen products, never below what an unpaid order holds', async ({ page }) => {
  const db = service();
  const { data: campaign } = await db
    .from('campaigns')
    .insert({ nombre: `Existencias ${run}`, fecha_inicio: mexicoDate(-1), fecha_fin: mexicoDate(30) })
    .select('id')
    .single()
    .throwOnError();
  stockCampaignId = campaign.id;
  const { data: products } = await db
    .from('products')
    .insert(
      ['Con tallas', 'Sin tallas'].map((nombre, i) => ({
        campaign_id: stockCampaignId,
        nombre: `${nombre} ${run}`,
        marca: brandName,
        permalink: `existencias-lote-${run}-${i}`,
        precio_original: 900,
        precio_venta: 500,
      })),
    )
    .select('id, nombre')
    .throwOnError();
  const sized = products.find((p) => p.nombre.startsWith('Con tallas'))!;
  const sizeless = products.find((p) => p.nombre.startsWith('Sin tallas'))!;
  await db
    .from('product_sizes')
    .insert(['S', 'M'].map((talla) => ({ product_id: sized.id, talla, existencias: 2 })))
    .throwOnError();
  // a shopper's order holds one piece of S
  const { data: order } = await anon()
    .rpc('place_order', { p_items: [{ product_id: sized.id, talla: 'S', precio_venta: 500 }], p_channel: 'producto' })
    .throwOnError();
  const reference = (order as { reference: string }).reference;

  await signIn(page, OWNER);
  await page.goto(`/admin/products?campaign=${stockCampaignId}`);
  await expect(page.getByTestId('products-subtitle')).toContainText('2');
  await page.getByRole('checkbox', { name: `Seleccionar Con tallas ${run}` }).check();
  await page.getByRole('checkbox', { name: `Seleccionar Sin tallas ${run}` }).check();
  const bar = page.getByRole('region', { name: 'Acciones en lote' });
  await expect(bar.getByTestId('bulk-count')).toHaveText('2 seleccionados');
  await bar.getByLabel('Acción').click();
  await page.getByRole('option', { name: 'Existencias por talla' }).click();
  const dialog = page.getByRole('dialog', { name: 'Existencias por talla' });
  await expect(dialog.getByTestId('bulk-confirmation')).toHaveText('Se cambiarán las existencias de cada talla de 2 productos.');

  // out of range: refused before anything is sent
  await dialog.getByRole('spinbutton', { name: 'Piezas por talla' }).fill('10000');
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Las existencias van de 0 a 9999 piezas.');

  await dialog.getByRole('spinbutton', { name: 'Piezas por talla' }).fill('0');
  await expect(dialog.getByTestId('bulk-confirmation')).toHaveText(
    'Cada talla de 2 productos quedará con 0 piezas (los productos sin tallas también). Una talla con piezas apartadas en pedidos sin pagar nunca queda con menos.',
  );
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByText('2 productos actualizados')).toBeVisible();

  const { data: sizes } = await db.from('product_sizes').select('talla, existencias, apartadas').eq('product_id', sized.id).order('talla');
  expect(sizes).toEqual([
    { talla: 'M', existencias: 0, apartadas: 0 },
    // the held piece stays
    { talla: 'S', existencias: 1, apartadas: 1 },
  ]);
  const { data: own } = await db.from('products').select('existencias, agotado').eq('id', sizeless.id).single().throwOnError();
  expect(own).toEqual({ existencias: 0, agotado: true });
  await sql('delete from public.orders where reference = $1', [reference]);
});
