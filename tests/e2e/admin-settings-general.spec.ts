/**
 * Configuración → General: an admin sees the shop's current chat number, a malformed one is refused
 * with its Spanish message and changes nothing, a valid one saves with a toast and lands in the
 * database (which records a rebuild request). How orders hold their pieces: the hold time as hours
 * and minutes and the pieces one network may hold, refused out of range, saved in range.
 * Configuración → Políticas: the missing seller details
 * are named in a warning, terms the law does not allow are refused, and the policies save. The
 * original settings are put back afterwards.
 */
import { signIn } from './sign-in.ts';
import { expect, test, type Page } from './test.ts';
import { createAccount, service } from './fixtures.ts';

const ADMIN = { email: `admin-general-${Date.now().toString(36)}@e2e.local`, password: 'admin-e2e-password' };
const COLUMNS =
  'seller_phone, contact_email, opening_hours, instagram_url, facebook_url, tiktok_url, chat_group_url, free_shipping_min, revocation_days, seller_rfc, seller_legal_name, seller_address, payment_methods, hold_minutes, max_held_per_network';

let original: Awaited<ReturnType<typeof settingsRow>>;

async function settingsRow() {
  const { data } = await service().from('shop_settings').select(COLUMNS).eq('id', 1).single().throwOnError();
  return data;
}

test.beforeAll(async () => {
  original = await settingsRow();
  await createAccount(ADMIN);
});

test.afterAll(async () => {
  const { error } = await service().from('shop_settings').update(original).eq('id', 1);
  if (error) throw error;
});

async function openGeneral(page: Page) {
  await signIn(page, ADMIN, { at: '/admin/settings' });
  await page.getByRole('tab', { name: 'General' }).click();
}

test('an admin changes the seller chat number in Configuración → General', async ({ page }) => {
  await openGeneral(page);
  const phone = page.getByRole('textbox', { name: 'Número de WhatsApp del vendedor' });
  await expect(phone).toHaveValue(String(original.seller_phone));
  await expect(page.getByRole('textbox', { name: 'Correo de contacto' })).toHaveValue(String(original.contact_email));
  const save = page.getByRole('button', { name: 'Guardar' });

  // With '+' and spaces: the Spanish message, and nothing reaches the database.
  await phone.fill('+52 1 55 9876 5432');
  await save.click();
  await expect(page.getByText('Escribe el número con código de país, solo dígitos (p. ej. 5215512345678).')).toBeVisible();
  expect((await settingsRow()).seller_phone).toBe(original.seller_phone);

  // An http:// profile link is refused too.
  await phone.fill('5215598765432');
  const instagram = page.getByRole('textbox', { name: 'Instagram' });
  await instagram.fill('http://www.instagram.com/outletmodamx');
  await save.click();
  await expect(page.getByText('La URL debe empezar con https://')).toBeVisible();
  expect((await settingsRow()).instagram_url).toBe(original.instagram_url);

  await instagram.fill('https://www.instagram.com/outletmodamx');
  await save.click();
  await expect(page.getByText('Configuración guardada. La tienda se publicará con los cambios.')).toBeVisible();
  await expect.poll(async () => (await settingsRow()).seller_phone).toBe('5215598765432');
  expect(await settingsRow()).toEqual({
    ...original,
    seller_phone: '5215598765432',
    instagram_url: 'https://www.instagram.com/outletmodamx',
  });

  // Saving asked for a publication.
  const { data: pending } = await service().from('rebuild_requests').select('reason').eq('status', 'pending');
  expect(pending?.map((r) => r.reason).join(', ')).toContain('shop_settings update');

  // The saved number is what the tab shows on the next visit.
  await page.reload();
  await page.getByRole('tab', { name: 'General' }).click();
  await expect(phone).toHaveValue('5215598765432');
});

test('the owner sets how long an order holds its pieces and how many one connection may hold', async ({ page }) => {
  const before = await settingsRow();
  expect(before).toMatchObject({ hold_minutes: 240, max_held_per_network: 30 });
  await openGeneral(page);
  const hold = page.getByRole('group', { name: 'Tiempo de apartado' });
  const hours = hold.getByRole('spinbutton', { name: 'Horas' });
  const minutes = hold.getByRole('spinbutton', { name: 'Minutos' });
  const perNetwork = page.getByRole('spinbutton', { name: 'Piezas apartadas por conexión' });
  // 240 minutes read as 4 h 0 min, with what the time means
  await expect(hours).toHaveValue('4');
  await expect(minutes).toHaveValue('0');
  await expect(hold).toContainText('Cuánto tiempo aparta sus piezas un pedido sin pagar: de 15 minutos a 72 horas. Ahora: 4 h.');
  await expect(perNetwork).toHaveValue('30');
  await expect(page.getByText(/para que nadie pueda apartar toda la tienda/)).toBeVisible();
  const save = page.getByRole('button', { name: 'Guardar' });

  // 10 minutes and 0 pieces: refused with their messages, nothing saved
  await hours.fill('0');
  await minutes.fill('10');
  await perNetwork.fill('0');
  await save.click();
  await expect(hold).toContainText('El tiempo de apartado va de 15 minutos a 72 horas.');
  await expect(page.getByText('Escribe un número entero de piezas entre 1 y 500.')).toBeVisible();
  expect(await settingsRow()).toEqual(before);

  // 2 h 30 min and 10 pieces
  await hours.fill('2');
  await minutes.fill('30');
  await expect(hold).toContainText('Ahora: 2 h 30 min.');
  await perNetwork.fill('10');
  await save.click();
  await expect(page.getByText('Configuración guardada. La tienda se publicará con los cambios.')).toBeVisible();
  expect(await settingsRow()).toEqual({ ...before, hold_minutes: 150, max_held_per_network: 10 });
  await page.reload();
  await page.getByRole('tab', { name: 'General' }).click();
  await expect(hours).toHaveValue('2');
  await expect(minutes).toHaveValue('30');
  await expect(perNetwork).toHaveValue('10');
  await page.screenshot({ path: test.info().outputPath('apartado.png'), fullPage: true });
});

test('Configuración → Políticas warns of missing seller details, refuses unlawful terms and saves the policies', async ({ page }) => {
  const before = await settingsRow();
  await openGeneral(page);
  // The back office's home warns too, and leads to the tab.
  await page.goto('/admin');
  const warning = page.getByRole('alert').filter({ hasText: 'Faltan datos que la ley pide mostrar' });
  await expect(warning).toContainText('Razón social del vendedor, RFC, Domicilio');
  await warning.getByRole('link', { name: 'Completar' }).click();
  await expect(page).toHaveURL(/\/admin\/settings\?tab=policies$/);
  await expect(page.getByRole('tab', { name: 'Políticas' })).toHaveAttribute('aria-selected', 'true');
  await expect(warning).toContainText('Razón social del vendedor, RFC, Domicilio');
  await expect(page.getByRole('spinbutton', { name: 'Envío gratis desde ($)' })).toHaveValue(String(before.free_shipping_min));
  const save = page.getByRole('button', { name: 'Guardar' });

  // Fewer days to revoke than the law gives, and a malformed RFC: refused with their messages, nothing saved.
  await page.getByRole('spinbutton', { name: 'Días hábiles para revocar la compra' }).fill('3');
  await page.getByRole('textbox', { name: 'RFC' }).fill('ABC12');
  await save.click();
  await expect(page.getByText('Escribe un número entero entre 5 y 30: la ley da al menos 5 días hábiles.')).toBeVisible();
  await expect(page.getByText('Escribe un RFC válido')).toBeVisible();
  expect(await settingsRow()).toEqual(before);

  await page.getByRole('spinbutton', { name: 'Días hábiles para revocar la compra' }).fill('7');
  await page.getByRole('textbox', { name: 'RFC' }).fill('mom201015ab1');
  await page.getByRole('textbox', { name: 'Razón social del vendedor' }).fill('Moda Outlet de México, S.A. de C.V.');
  await page.getByRole('textbox', { name: 'Domicilio' }).fill('Av. Insurgentes Sur 100, Col. Roma, 06700, Ciudad de México');
  await page.getByRole('textbox', { name: 'Formas de pago' }).fill('Tarjeta de crédito o débito\n\nPayPal\n');
  await save.click();
  await expect(page.getByText('Configuración guardada. La tienda se publicará con los cambios.')).toBeVisible();
  await expect(warning).toBeHidden();
  const { data: saved } = await service()
    .from('shop_settings')
    .select('revocation_days, seller_rfc, seller_legal_name, payment_methods')
    .eq('id', 1)
    .single()
    .throwOnError();
  expect(saved).toEqual({
    revocation_days: 7,
    seller_rfc: 'MOM201015AB1',
    seller_legal_name: 'Moda Outlet de México, S.A. de C.V.',
    payment_methods: ['Tarjeta de crédito o débito', 'PayPal'],
  });
  await page.screenshot({ path: test.info().outputPath('politicas.png'), fullPage: true });
});
