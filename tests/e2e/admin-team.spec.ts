/**
 * A team, end to end: an owner invites a person from 'Equipo'; the invitation's link (from the local
 * stack's outbox) lets them choose a password and enter as an editor; the owner makes them an
 * analyst, and their panel shrinks to what an analyst may use; the last owner cannot demote
 * themselves; a deactivated person cannot sign in; '¿Olvidaste tu contraseña?' mails a working
 * link.
 */
import { createAccount, mailedLink, service } from './fixtures.ts';
import { signIn } from './sign-in.ts';
import { expect, type Page, test } from './test.ts';

const run = Date.now().toString(36);
const OWNER = { email: `admin-duena-${run}@e2e.local`, password: 'admin-e2e-password' };
const NEW_PERSON = `nueva-${run}@e2e.local`;
const NEW_PASSWORD = 'mi-clave-nueva-2026';

test.describe.configure({ mode: 'serial' });

let ownerId = '';
test.beforeAll(async () => {
  await createAccount(OWNER);
  const { data } = await service().auth.admin.listUsers({ perPage: 1000 });
  ownerId = data.users.find((u) => u.email === OWNER.email)!.id;
  // this test's owner is the only active owner: the other tests' owners step aside meanwhile
  for (const u of data.users) {
    if (u.app_metadata['role'] === 'owner' && u.id !== ownerId) {
      await service().auth.admin.updateUserById(u.id, { app_metadata: { role: 'owner', set_aside: true }, ban_duration: '1h' });
    }
  }
});

test.afterAll(async () => {
  const { data } = await service().auth.admin.listUsers({ perPage: 1000 });
  for (const u of data.users) {
    if (u.app_metadata['set_aside'])
      await service().auth.admin.updateUserById(u.id, { app_metadata: { set_aside: null }, ban_duration: 'none' });
    if (u.email === NEW_PERSON) await service().auth.admin.deleteUser(u.id);
  }
});

const row = (page: Page, email: string) => page.getByRole('row').filter({ hasText: email });

test('an owner invites an editor, who chooses a password and enters with an editor’s menu', async ({ page, freshPage }) => {
  await signIn(page, OWNER);
  await page.getByRole('menuitem', { name: 'Equipo' }).click();
  await expect(page.getByRole('heading', { name: 'Equipo', level: 1 })).toBeVisible();
  await expect(row(page, OWNER.email)).toContainText('(tú)');
  await page.getByRole('button', { name: 'Invitar persona' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Correo').fill(NEW_PERSON.toUpperCase());
  await dialog.getByRole('button', { name: 'Enviar invitación' }).click();
  await expect(page.getByText(`Invitación enviada a ${NEW_PERSON}`)).toBeVisible();
  await expect(row(page, NEW_PERSON)).toContainText('Invitación pendiente');
  await expect(row(page, NEW_PERSON).getByRole('combobox', { name: `Rol de ${NEW_PERSON}` })).toHaveText('Editor');

  // the invited person opens the link from the mail, in a browser of their own
  const invited = await freshPage();
  await invited.goto(await mailedLink(NEW_PERSON, 'invite'));
  await expect(invited).toHaveURL(/\/admin\/set-password$/);
  await expect(invited.getByRole('heading', { name: 'Bienvenido al equipo' })).toBeVisible();
  await invited.getByLabel('Nueva contraseña').fill('corta');
  await invited.getByLabel('Repite la contraseña').fill('corta');
  await invited.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(invited.getByText('La contraseña debe tener al menos 8 caracteres.')).toBeVisible();
  await invited.getByLabel('Nueva contraseña').fill(NEW_PASSWORD);
  await invited.getByLabel('Repite la contraseña').fill(`${NEW_PASSWORD}x`);
  await invited.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(invited.getByText('Las contraseñas no coinciden.')).toBeVisible();
  await invited.getByLabel('Repite la contraseña').fill(NEW_PASSWORD);
  await invited.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(invited.getByRole('menuitem', { name: 'Productos' })).toBeVisible();
  await expect(invited.getByRole('menuitem', { name: 'Destacados' })).toBeVisible();
  await expect(invited.getByRole('menuitem', { name: 'Equipo' })).toHaveCount(0);

  // the same link does not work twice
  const again = await freshPage();
  await again.goto(await mailedLink(NEW_PERSON, 'invite'));
  await expect(again.getByText('El enlace ya se usó o venció.', { exact: false })).toBeVisible();

  // the owner's list now shows them active
  await page.reload();
  await expect(row(page, NEW_PERSON)).toContainText('Activo');

  // made an analyst, the person's panel keeps only what an analyst may use
  await row(page, NEW_PERSON)
    .getByRole('combobox', { name: `Rol de ${NEW_PERSON}` })
    .click();
  await page.getByRole('option', { name: 'Analista' }).click();
  await expect(page.getByText(`Rol de ${NEW_PERSON}: Analista`)).toBeVisible();
  const analyst = await freshPage();
  await signIn(analyst, { email: NEW_PERSON, password: NEW_PASSWORD });
  await expect(analyst.getByRole('menuitem', { name: 'Productos' })).toBeVisible();
  await expect(analyst.getByRole('menuitem', { name: 'Analytics' })).toBeVisible();
  for (const hidden of ['Destacados', 'Configuración', 'Mensajes', 'Equipo']) {
    await expect(analyst.getByRole('menuitem', { name: hidden })).toHaveCount(0);
  }
});

test('the last owner cannot demote themselves, nor deactivate their own account', async ({ page }) => {
  await signIn(page, OWNER);
  await page.goto('/admin/team');
  await row(page, OWNER.email)
    .getByRole('combobox', { name: `Rol de ${OWNER.email}` })
    .click();
  await page.getByRole('option', { name: 'Editor' }).click();
  await expect(page.getByText('La tienda necesita al menos un dueño activo: nombra a otro dueño antes.')).toBeVisible();
  await expect(row(page, OWNER.email).getByRole('combobox')).toHaveText('Dueño');
  await row(page, OWNER.email)
    .getByRole('button', { name: `Acciones de ${OWNER.email}` })
    .click();
  await expect(page.getByRole('menuitem', { name: 'Desactivar' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  const { data } = await service().auth.admin.getUserById(ownerId);
  expect(data.user?.app_metadata['role']).toBe('owner');
});

test('a deactivated person cannot sign in until reactivated', async ({ page, freshPage }) => {
  await signIn(page, OWNER);
  await page.goto('/admin/team');
  await row(page, NEW_PERSON)
    .getByRole('button', { name: `Acciones de ${NEW_PERSON}` })
    .click();
  await page.getByRole('menuitem', { name: 'Desactivar' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Desactivar' }).click();
  await expect(row(page, NEW_PERSON)).toContainText('Desactivado');

  const person = await freshPage();
  await signIn(person, { email: NEW_PERSON, password: NEW_PASSWORD }, { panel: false });
  await expect(person.getByText('Tu cuenta está desactivada. Pide a un dueño del equipo que la reactive.')).toBeVisible();

  await row(page, NEW_PERSON)
    .getByRole('button', { name: `Acciones de ${NEW_PERSON}` })
    .click();
  await page.getByRole('menuitem', { name: 'Reactivar' }).click();
  await expect(row(page, NEW_PERSON)).toContainText('Activo');
  await signIn(person, { email: NEW_PERSON, password: NEW_PASSWORD });
  await expect(person.getByRole('menuitem', { name: 'Productos' })).toBeVisible();
});

test('a forgotten password is reset from the link mailed from the sign-in page', async ({ page }) => {
  await page.goto('/admin/login');
  await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
  await expect(page.getByRole('heading', { name: 'Restablecer contraseña' })).toBeVisible();
  await page.getByLabel('Usuario').fill(NEW_PERSON);
  await page.getByRole('button', { name: 'Enviar enlace' }).click();
  await expect(page.getByText('Si el correo tiene una cuenta, te enviamos un enlace', { exact: false })).toBeVisible();

  await page.goto(await mailedLink(NEW_PERSON, 'recovery'));
  await expect(page.getByLabel('Nueva contraseña')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Elige una contraseña nueva' })).toBeVisible();
  // the link's tokens do not stay in the address bar
  expect(page.url()).not.toContain('access_token');
  await page.getByLabel('Nueva contraseña').fill('otra-clave-2026');
  await page.getByLabel('Repite la contraseña').fill('otra-clave-2026');
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(page.getByRole('menuitem', { name: 'Mi cuenta' })).toBeVisible();

  // the old password no longer opens the panel; the new one does
  const check = await service().auth.signInWithPassword({ email: NEW_PERSON, password: NEW_PASSWORD });
  expect(check.error).not.toBeNull();
});
