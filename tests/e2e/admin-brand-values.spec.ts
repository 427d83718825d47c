/**
 * Brand clean-up as an admin: products typed or imported with a free-text brand and no catalogue
 * brand show up in 'Marcas sin vincular', their spellings grouped (case and accents aside) with the
 * closest brand; one click links them all, and 'Reporte de Migración' records it like a merge.
 */
import { createAccount, mexicoDate, service } from './fixtures.ts';
import { signIn } from './sign-in.ts';
import { expect, test } from './test.ts';

const run = Date.now().toString(36);
const ADMIN = { email: `admin-brand-values-${run}@e2e.local`, password: 'admin-e2e-password' };
let ids: string[] = [];

test.beforeAll(async () => {
  await createAccount(ADMIN);
  const { data: campaign } = await service()
    .from('campaigns')
    .select('id')
    .gte('fecha_fin', mexicoDate(1))
    .limit(1)
    .single()
    .throwOnError();
  const { data } = await service()
    .from('products')
    .insert(
      ['Levi’s Strauss', "LEVI'S STRAUSS ", 'Levi’s Strauss', 'Marca Desconocida'].map((marca, i) => ({
        campaign_id: campaign.id,
        marca,
        nombre: `Suelto ${i} ${run}`,
        precio_original: 1000,
        precio_venta: 700,
        permalink: `suelto-${i}-${run}`,
      })),
    )
    .select('id')
    .throwOnError();
  ids = data.map((p) => p.id);
  await service()
    .from('brands')
    .upsert({ name: `levi's strauss ${run}`, display_name: `Levi's Strauss ${run}` })
    .throwOnError();
});

test.afterAll(async () => {
  await service().from('products').delete().in('id', ids).throwOnError();
  await service().from('brands').delete().eq('name', `levi's strauss ${run}`).throwOnError();
});

test('free-text brands are listed with their closest brand and linked in one click', async ({ page }) => {
  await signIn(page, ADMIN, { at: '/admin/brands' });
  await page.getByRole('tab', { name: 'Marcas sin vincular' }).click();

  const card = page.getByLabel('Levi’s Strauss', { exact: true });
  await expect(card).toContainText('3 productos');
  await expect(card).toContainText("También escrita: LEVI'S STRAUSS");
  await expect(page.getByLabel('Marca Desconocida', { exact: true })).toContainText('Ninguna marca del catálogo se parece.');

  await card.getByRole('button', { name: new RegExp(`^Vincular a Levi's Strauss ${run}`) }).click();
  await expect(page.getByText(`3 productos vinculados a Levi's Strauss ${run}`)).toBeVisible();
  await expect(card).toHaveCount(0);

  await page.getByRole('tab', { name: 'Reporte de Migración' }).click();
  const row = page.getByRole('row').filter({ hasText: `Levi's Strauss ${run}` });
  await expect(row).toContainText('Levi’s Strauss');
  await expect(row.getByRole('cell').nth(2)).toHaveText('3');

  const { data } = await service().from('products').select('marca, brand_id').in('id', ids.slice(0, 3)).throwOnError();
  expect(new Set(data.map((p) => p.marca))).toEqual(new Set([`Levi's Strauss ${run}`]));
  expect(data.every((p) => p.brand_id !== null)).toBe(true);
});
