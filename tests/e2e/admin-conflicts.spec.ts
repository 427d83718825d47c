/**
 * No lost edits, with two people signed in at once: each opens the same campaign, product or
 * settings form; the first saves; the second's save is refused with the Spanish message and its
 * 'Recargar', and the database keeps the first person's change.
 */
import { createAccount, mexicoDate, service } from './fixtures.ts';
import { signIn } from './sign-in.ts';
import { expect, type Page, test } from './test.ts';

const run = Date.now().toString(36);
const ANA = { email: `admin-ana-${run}@e2e.local`, password: 'admin-e2e-password' };
const LUIS = { email: `admin-luis-${run}@e2e.local`, password: 'admin-e2e-password' };
const CONFLICT = 'Otra persona guardó este registro después de que lo abriste.';
let campaignId = '';
let productId = '';
let permalink = '';

test.beforeAll(async () => {
  await createAccount(ANA);
  await createAccount(LUIS);
  const { data: campaign } = await service()
    .from('campaigns')
    .insert({ nombre: `Conflicto ${run}`, fecha_inicio: mexicoDate(-1), fecha_fin: mexicoDate(20) })
    .select('id')
    .single()
    .throwOnError();
  campaignId = campaign.id;
  permalink = `conflicto-${run}`;
  const { data: product } = await service()
    .from('products')
    .insert({
      campaign_id: campaignId,
      marca: '',
      nombre: `Producto en disputa ${run}`,
      precio_original: 1000,
      precio_venta: 800,
      permalink,
    })
    .select('id')
    .single()
    .throwOnError();
  productId = product.id;
});

test.afterAll(async () => {
  await service().from('campaigns').delete().eq('id', campaignId).throwOnError();
});

async function openCampaign(page: Page) {
  await page.getByLabel('Solo campañas activas').check();
  await page
    .getByRole('row')
    .filter({ hasText: `Conflicto ${run}` })
    .getByRole('button', { name: 'Acciones' })
    .click();
  await page.getByRole('menuitem', { name: 'Editar' }).click();
  return page.getByRole('dialog');
}

test('two admins edit the same campaign: the second save is refused and offers to reload', async ({ freshPage }) => {
  const [ana, luis] = [await freshPage(), await freshPage()];
  await signIn(ana, ANA, { at: '/admin/campaigns' });
  await signIn(luis, LUIS, { at: '/admin/campaigns' });
  const anaDialog = await openCampaign(ana);
  const luisDialog = await openCampaign(luis);
  await expect(anaDialog.getByLabel('Nombre')).toHaveValue(`Conflicto ${run}`);
  await expect(luisDialog.getByLabel('Nombre')).toHaveValue(`Conflicto ${run}`);

  await luisDialog.getByLabel('Nombre').fill(`Conflicto ${run} de Luis`);
  await luisDialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(luisDialog).toBeHidden();

  await anaDialog.getByLabel('Nombre').fill(`Conflicto ${run} de Ana`);
  await anaDialog.getByRole('button', { name: 'Guardar' }).click();
  // the dialog stays open, so the toast above it is outside what assistive technology reads
  const toast = ana.getByRole('alert', { includeHidden: true }).filter({ hasText: CONFLICT });
  await expect(toast).toBeVisible();
  const { data } = await service().from('campaigns').select('nombre').eq('id', campaignId).single().throwOnError();
  expect(data.nombre).toBe(`Conflicto ${run} de Luis`);

  // 'Recargar' shows the saved version.
  await toast.getByRole('button', { name: 'Recargar', includeHidden: true }).click();
  await expect(ana.getByRole('row').filter({ hasText: `Conflicto ${run} de Luis` })).toBeVisible();
  await service()
    .from('campaigns')
    .update({ nombre: `Conflicto ${run}` })
    .eq('id', campaignId)
    .throwOnError();
});

test('two admins edit the same product: the second save is refused in the dialog and nothing is overwritten', async ({ freshPage }) => {
  const open = async (who: typeof ANA) => {
    const page = await freshPage();
    await signIn(page, who, { at: '/admin/products' });
    await page.getByRole('searchbox').fill(permalink);
    const card = page
      .getByTestId('product-card')
      .filter({ hasText: `Producto en disputa ${run}` })
      .first();
    await card.getByRole('button', { name: 'Acciones del producto' }).click();
    await page.getByRole('menuitem', { name: 'Editar' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('Nombre del producto')).toHaveValue(`Producto en disputa ${run}`);
    return { page, dialog };
  };
  const ana = await open(ANA);
  const luis = await open(LUIS);

  await luis.dialog.getByLabel('Precio de venta').fill('750');
  await luis.dialog.getByRole('button', { name: 'Actualizar' }).click();
  await expect(luis.page.getByText('Producto actualizado correctamente')).toBeVisible({ timeout: 20_000 });

  await ana.dialog.getByLabel('Nombre del producto').fill(`Producto renombrado ${run}`);
  await ana.dialog.getByRole('button', { name: 'Actualizar' }).click();
  await expect(ana.dialog.getByRole('alert').filter({ hasText: CONFLICT })).toBeVisible({ timeout: 20_000 });
  await expect(ana.dialog.getByRole('button', { name: 'Recargar' })).toBeVisible();
  const { data } = await service().from('products').select('nombre, precio_venta').eq('id', productId).single().throwOnError();
  expect(data).toEqual({ nombre: `Producto en disputa ${run}`, precio_venta: 750 });
});
