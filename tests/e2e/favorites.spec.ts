/**
 * Favourites: saved from a shop card, listed on /favoritos, kept across reloads, removed one by one or
 * all; the switch that asks to be told the day before their campaigns end.
 */
import { hydrated } from './islands.ts';
import { expect, test, type Page } from './test.ts';

const cards = (page: Page, list: string) => page.getByRole('list', { name: list }).locator(':scope > li');

test('/favoritos starts empty with a link to the shop', async ({ page }) => {
  await page.goto('/favoritos');
  await expect(page.getByRole('heading', { level: 1, name: 'Mis Favoritos' })).toBeVisible();
  await expect(page.getByText('0 productos guardados')).toBeVisible();
  await expect(page.getByText('No tienes favoritos')).toBeVisible();
  await page.getByRole('link', { name: 'Ir a la tienda' }).click();
  await expect(page).toHaveURL(/\/tienda$/);
});

test('favourites are added on cards, listed, kept after a reload, removed and cleared', async ({ page }) => {
  await page.goto('/tienda');
  const shopCards = cards(page, 'Productos');
  await expect(shopCards).toHaveCount(12);
  const removed = (await shopCards.nth(0).getByRole('heading').textContent())!;
  const kept = (await shopCards.nth(1).getByRole('heading').textContent())!;
  // the hearts are in the built page; a tap counts once the grid's island has hydrated
  await hydrated(page, shopCards.first());
  for (const i of [0, 1]) {
    const heart = shopCards.nth(i).getByRole('button', { name: 'Agregar a favoritos' });
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await heart.click();
    await expect(shopCards.nth(i).getByRole('button', { name: 'Quitar de favoritos' })).toHaveAttribute('aria-pressed', 'true');
  }
  await expect(page.getByText('2 favoritos')).toBeVisible();

  await page.goto('/favoritos');
  await expect(page.getByText('2 productos guardados')).toBeVisible();
  const saved = cards(page, 'Favoritos');
  await expect(saved).toHaveCount(2);
  for (const name of [removed, kept]) await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  await expect(saved.first().getByRole('link', { name: 'Ver producto' })).toHaveAttribute('target', '_blank');

  await page.reload();
  await expect(page.getByText('2 productos guardados')).toBeVisible();

  await saved
    .filter({ has: page.getByRole('heading', { name: removed, exact: true }) })
    .getByRole('button', { name: 'Quitar de favoritos' })
    .click();
  await expect(page.getByText('1 producto guardado')).toBeVisible();
  await expect(page.getByRole('heading', { name: removed, exact: true })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: kept, exact: true })).toBeVisible();
  await expect(saved).toHaveCount(1);

  await page.getByRole('button', { name: 'Limpiar todos' }).click();
  await expect(page.getByText('No tienes favoritos')).toBeVisible();
  await expect(page.getByText('0 productos guardados')).toBeVisible();
  await page.reload();
  await expect(page.getByText('No tienes favoritos')).toBeVisible();
});

test("the switch asks to be told the day before favourites' campaigns end, by email where there is no web push, and turns off", async ({
  page,
}) => {
  // a browser without web push (an iPhone outside the installed app)
  await page.addInitScript(() => {
    delete (window as { PushManager?: unknown }).PushManager;
  });
  await page.goto('/tienda');
  const shopCards = cards(page, 'Productos');
  await hydrated(page, shopCards.first());
  await shopCards.first().getByRole('button', { name: 'Agregar a favoritos' }).click();
  await expect(page.getByText('1 favorito')).toBeVisible();

  await page.goto('/favoritos');
  const toggle = page.getByRole('switch', { name: 'Avísame un día antes de que terminen' });
  await hydrated(page, toggle);
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await toggle.click();
  const dialog = page.getByRole('dialog', { name: 'Te avisamos por correo' });
  await expect(dialog.getByText('Escribe tu correo y te escribimos un día antes de que terminen tus favoritos.')).toBeVisible();
  await dialog.getByLabel('Correo electrónico').fill('ana@');
  await dialog.getByRole('button', { name: 'Avisarme' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Escribe un correo electrónico válido (p. ej. nombre@correo.com).');
  await dialog.getByLabel('Correo electrónico').fill('ana.favoritos@correo.mx');
  await dialog.getByRole('button', { name: 'Avisarme' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status')).toHaveText(
    'Te escribiremos a ana.favoritos@correo.mx. Si es tu primer aviso por correo, confírmalo con el enlace que te enviamos.',
  );
  await expect(toggle).toHaveAttribute('aria-checked', 'true');

  await toggle.click();
  await expect(page.getByRole('status')).toHaveText('Ya no te avisaremos cuando terminen.');
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
});
