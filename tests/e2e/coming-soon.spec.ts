/**
 * 'Próximamente' as a shopper meets it (the storefront's announced campaign: announced.ts): the home
 * and /proximamente show its name, teaser, start in Mexico City and a running countdown; when the
 * countdown reaches zero the page asks the database, which says it has not opened (its start is days
 * away), so it says it is about to start and links nowhere; its products are nowhere in /tienda. Each
 * card's 'Avísame cuando empiece' asks, on a browser without web push, for an email.
 */
import { startWording } from '../../src/lib/coming-soon.ts';
import { ANNOUNCED } from './announced.ts';
import { service } from './fixtures.ts';
import { hydrated } from './islands.ts';
import { expect, test } from './test.ts';

async function announced() {
  const { data } = await service().from('campaigns').select('id, inicia_en').eq('nombre', ANNOUNCED.nombre).single().throwOnError();
  return { id: data.id, startsAt: data.inicia_en! };
}

test('the home and /proximamente announce it with a countdown, and the shop shows none of its products', async ({ page }) => {
  const campaign = await announced();
  const starts = startWording(campaign.startsAt)!;
  expect(starts).toMatch(/^Empieza el \S+ \d{1,2} de \S+( de \d{4})? a las 10:00$/);

  await page.addInitScript(() => {
    delete (window as { PushManager?: unknown }).PushManager;
  });
  await page.goto('/');
  const section = page.getByRole('region', { name: 'Próximamente' });
  const card = section.getByRole('article').filter({ hasText: ANNOUNCED.nombre });
  await expect(card.getByRole('heading', { name: ANNOUNCED.nombre })).toBeVisible();
  await expect(card.getByText(starts)).toBeVisible();
  await expect(card.getByText('Hora del centro de México')).toBeVisible();
  const timer = card.getByRole('timer');
  await hydrated(page, timer);
  // three days ahead: the countdown runs in days, hours, minutes and seconds
  await expect(timer).toHaveAttribute('aria-label', /^Faltan [23] días/);
  await expect(timer).not.toContainText('--');
  // not among the live campaigns
  await expect(page.getByRole('region', { name: 'Campañas activas' }).getByText(ANNOUNCED.nombre)).toHaveCount(0);

  await section.getByRole('link', { name: 'Ver todo lo que viene' }).click();
  await expect(page).toHaveURL(/\/proximamente$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Próximamente' })).toBeVisible();
  const listed = page.getByRole('article').filter({ hasText: ANNOUNCED.nombre });
  await expect(listed.getByText(starts)).toBeVisible();
  await expect(listed.getByText('Termina:')).toBeVisible();
  await hydrated(page, listed.getByRole('timer'));
  await expect(listed.getByRole('timer')).toHaveAttribute('aria-label', /^Faltan [23] días/);

  // told when it opens: this browser has no web push (an iPhone outside the installed app), so by email
  const ask = listed.getByRole('button', { name: 'Avísame cuando empiece' });
  await hydrated(page, ask);
  const dialog = page.getByRole('dialog', { name: 'Te avisamos por correo' });
  // React hydrates an island as a transition after Astro marks it: on a busy machine the first tap
  // may come before the button listens, and a shopper taps again
  await expect(async () => {
    if (!(await dialog.isVisible())) await ask.click({ timeout: 1_000 });
    await expect(dialog).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(dialog.getByText(`Escribe tu correo y te avisamos en cuanto empiece «${ANNOUNCED.nombre}».`)).toBeVisible();
  await dialog.getByLabel('Correo electrónico').fill('marta@correo.mx');
  await dialog.getByRole('button', { name: 'Avisarme' }).click();
  await expect(
    listed.getByText(
      'Listo: te escribiremos a marta@correo.mx. Si es tu primer aviso por correo, confírmalo con el enlace que te enviamos.',
    ),
  ).toBeVisible();

  // the shop: no option to filter by it, no product found by its name
  await page.goto(`/tienda?search=${encodeURIComponent('Navideño Anticipado')}`);
  await expect(page.getByText('No se encontraron productos')).toBeVisible();
  await expect(page.getByText(ANNOUNCED.products[0]!)).toHaveCount(0);
  await page.goto('/tienda');
  await expect(page.getByRole('combobox', { name: 'Tendencia', exact: true }).locator('option', { hasText: ANNOUNCED.nombre })).toHaveCount(
    0,
  );
});

test('at zero the countdown asks the database and, while it has not opened, says it is about to start', async ({ page }) => {
  const campaign = await announced();
  // the shopper's clock a few seconds before the start; the database's is three days earlier
  await page.clock.install({ time: new Date(Date.parse(campaign.startsAt) - 5_000) });
  const asked = page.waitForRequest((r) => r.url().includes('/rest/v1/campaigns') && r.url().includes(campaign.id));
  await page.goto('/proximamente');
  const card = page.getByRole('article').filter({ hasText: ANNOUNCED.nombre });
  await hydrated(page, card.getByRole('timer'));
  await expect(card.getByRole('timer')).toHaveAttribute('aria-label', 'Falta menos de un minuto');
  await page.clock.runFor(6_000);
  await asked;
  await expect(card.getByRole('status')).toHaveText('Está por empezar…');
  await expect(card.getByRole('link', { name: 'Ver la campaña' })).toHaveCount(0);
  await expect(page).toHaveURL(/\/proximamente$/);
});
