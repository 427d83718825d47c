/** axe-core (WCAG 2 A and AA) on every public page, phone and desktop: no serious or critical violation. */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './test.ts';
import { anon, mexicoDate } from './fixtures.ts';

const PAGES = [
  '/',
  '/home-v1',
  '/tienda',
  '/tienda-reactive',
  '/proximamente',
  '/favoritos',
  '/como-comprar',
  '/preguntas-frecuentes',
  '/contacto',
  '/terminos',
  '/privacidad',
  '/avisos',
  '/test-metatags',
  '/test-dashboard',
];

/** The newest product of an active campaign, as a shopper sees it. */
async function firstActivePermalink(): Promise<string> {
  const { data, error } = await anon()
    .from('products')
    .select('permalink, campaign:campaigns!inner(fecha_fin)')
    .gte('campaign.fecha_fin', mexicoDate())
    .order('created_at', { ascending: false })
    .limit(1)
    .single();
  expect(error).toBeNull();
  return data!.permalink;
}

async function expectNoSeriousViolations(page: Page): Promise<void> {
  // Let idle/visible islands hydrate first: what axe sees is what a shopper gets.
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`);
  expect(serious, serious.join('\n')).toEqual([]);
}

for (const path of PAGES) {
  test(`${path} has no serious or critical axe violations`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status(), `${path} should exist`).toBeLessThan(400);
    await expectNoSeriousViolations(page);
  });
}

test('a product page has no serious or critical axe violations', async ({ page }) => {
  const permalink = await firstActivePermalink();
  const response = await page.goto(`/producto/${encodeURIComponent(permalink)}`);
  expect(response?.status()).toBeLessThan(400);
  await expectNoSeriousViolations(page);
});

test('the not-found page has no serious or critical axe violations', async ({ page }) => {
  const response = await page.goto('/esta-pagina-no-existe');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible();
  await expectNoSeriousViolations(page);
});

test('an open FAQ answer and the contact toasts have no serious or critical axe violations', async ({ page }) => {
  // Toasts are checked as they rest on screen, not halfway through fading in.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/preguntas-frecuentes');
  await page.getByText('¿Qué métodos de pago aceptan?').click();
  await expect(page.getByText('PayPal, transferencia bancaria')).toBeVisible();
  await expectNoSeriousViolations(page);

  await page.goto('/contacto');
  await page.getByRole('button', { name: 'Enviar mensaje' }).click();
  await expect(page.getByText('Por favor completa todos los campos requeridos.')).toBeVisible();
  await expectNoSeriousViolations(page);

  await page.getByRole('textbox', { name: 'Nombre', exact: true }).fill('Ana López');
  await page.getByRole('textbox', { name: 'Correo electrónico', exact: true }).fill('ana@example.com');
  await page.getByRole('textbox', { name: 'Mensaje', exact: true }).fill('Hola');
  await page.getByRole('button', { name: 'Enviar mensaje' }).click();
  await expect(page.getByText('Mensaje enviado!')).toBeVisible();
  await expectNoSeriousViolations(page);
});
