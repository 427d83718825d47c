import { expect, test } from './test.ts';
import { mexicoDate, pinToday, service } from './fixtures.ts';
import { hydrated } from './islands.ts';

test('the home page lists exactly the campaigns that are active today in Mexico City', async ({ page }) => {
  const { data: campaigns, error } = await service().from('campaigns').select('nombre, fecha_inicio, fecha_fin');
  expect(error).toBeNull();
  const today = mexicoDate();
  const active = campaigns!.filter((c) => c.fecha_fin >= today);
  const ended = campaigns!.filter((c) => c.fecha_fin < today);
  expect(active.length).toBeGreaterThan(0);
  expect(ended.length).toBeGreaterThan(0);

  await pinToday(page); // 'Finaliza hoy' is decided in the browser from its clock
  await page.goto('/');
  // The section shows the three nearest; the dialog lists them all.
  const all = page.getByRole('button', { name: /^Ver todas las campañas/ });
  await hydrated(page, all);
  await all.click();
  for (const c of active) await expect(page.getByText(c.nombre, { exact: true }).first()).toBeVisible();
  for (const c of ended) await expect(page.getByText(c.nombre, { exact: true })).toHaveCount(0);
  await expect(page.getByText('Finaliza hoy').first()).toBeVisible();
});

test('an unknown address shows the not-found page with a way home', async ({ page }) => {
  const response = await page.goto('/no-existe-esta-pagina');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('Página no encontrada')).toBeVisible();
  await page.getByRole('link', { name: /inicio|volver/i }).first().click();
  await expect(page).toHaveURL(/\/$/);
});
