/**
 * Two-step sign-in in the browser: an owner enrols an authenticator app in 'Mi cuenta' (the code is
 * computed from the secret the page shows, as the app would), then signs in with password and code
 * (a wrong code is refused); the owner requires two steps of the team, and an editor without an app
 * must enrol one to enter; five wrong codes in a row end the sign-in.
 */
import * as OTPAuth from 'otpauth';
import { type Account, createAccount, service } from './fixtures.ts';
import { signIn } from './sign-in.ts';
import { expect, type Page, test } from './test.ts';

const run = Date.now().toString(36);
const OWNER = { email: `admin-2fa-${run}@e2e.local`, password: 'admin-e2e-password' };
const EDITOR = { email: `editor-2fa-${run}@e2e.local`, password: 'editor-e2e-password' };

test.describe.configure({ mode: 'serial' });

let ownerSecret = '';
const code = (secret: string) => new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate();

test.beforeAll(async () => {
  await createAccount(OWNER);
  await createAccount(EDITOR, 'editor');
});

test.afterAll(async () => {
  const { data } = await service().auth.admin.listUsers({ perPage: 1000 });
  for (const email of [OWNER.email, EDITOR.email]) {
    const user = data.users.find((u) => u.email === email);
    if (user) await service().auth.admin.deleteUser(user.id);
  }
});

/** The sign-in's first step, the password; the panel may then ask for a code or an app. */
const password = (page: Page, who: Account) => signIn(page, who, { panel: false });

/** Reads the secret the enrolment shows and gives the app's current code. */
async function enrol(page: Page): Promise<string> {
  await expect(page.getByRole('img', { name: 'Código QR para tu app de autenticación' })).toBeVisible();
  const secret = (await page.getByTestId('two-factor-secret').textContent())!.trim();
  await page.getByLabel('Código de 6 dígitos').fill(code(secret));
  await page.getByRole('button', { name: 'Activar', exact: true }).click();
  return secret;
}

test('an owner enrols an app, then signs in with password and code', async ({ page, freshPage }) => {
  await password(page, OWNER);
  await page.getByRole('menuitem', { name: 'Mi cuenta' }).click();
  await expect(page.getByText('No activada.')).toBeVisible();
  await page.getByRole('button', { name: 'Activar verificación en dos pasos' }).click();
  ownerSecret = await enrol(page);
  await expect(page.getByText('Activada: al entrar se te pide un código de tu app.')).toBeVisible();

  const next = await freshPage();
  await password(next, OWNER);
  await expect(next.getByText('Escribe el código de 6 dígitos de tu app de autenticación.')).toBeVisible();
  await next.getByLabel('Código de 6 dígitos').fill('000000');
  await next.getByRole('button', { name: 'Verificar' }).click();
  await expect(next.getByText('El código no es correcto.', { exact: false })).toBeVisible();
  await next.getByLabel('Código de 6 dígitos').fill(code(ownerSecret));
  await next.getByRole('button', { name: 'Verificar' }).click();
  await expect(next.getByRole('menuitem', { name: 'Equipo' })).toBeVisible();
  // in 'Equipo' the owner shows with two steps on
  await next.getByRole('menuitem', { name: 'Equipo' }).click();
  await expect(next.getByRole('row').filter({ hasText: OWNER.email })).toContainText('Activada');
});

test('once the team requires two steps, an editor without an app enrols one to enter', async ({ page, freshPage }) => {
  await password(page, OWNER);
  await page.getByLabel('Código de 6 dígitos').fill(code(ownerSecret));
  await page.getByRole('button', { name: 'Verificar' }).click();
  await page.getByRole('menuitem', { name: 'Equipo' }).click();
  const rule = page.getByLabel('Exigir verificación en dos pasos a todo el equipo');
  await expect(rule).not.toBeChecked();
  await rule.click();
  await expect(page.getByText('Todo el equipo entrará con verificación en dos pasos')).toBeVisible();
  await expect(rule).toBeChecked();

  try {
    const editor = await freshPage();
    await password(editor, EDITOR);
    await expect(editor.getByText('El equipo exige la verificación en dos pasos. Actívala para entrar.')).toBeVisible();
    await enrol(editor);
    await expect(editor.getByRole('menuitem', { name: 'Productos' })).toBeVisible();
    await editor.getByRole('menuitem', { name: 'Mi cuenta' }).click();
    await expect(editor.getByText('El equipo exige la verificación en dos pasos: no puedes quitarla.')).toBeVisible();
  } finally {
    await rule.click();
    await expect(page.getByText('La verificación en dos pasos ya no es obligatoria')).toBeVisible({ timeout: 15_000 });
  }
});

test('five wrong codes end the sign-in: the person is told why and starts again from the password', async ({ page }) => {
  await password(page, EDITOR);
  const codeField = page.getByLabel('Código de 6 dígitos');
  for (let i = 0; i < 4; i++) {
    await codeField.fill(`00000${i}`);
    await page.getByRole('button', { name: 'Verificar' }).click();
    await expect(page.getByText('El código no es correcto.', { exact: false })).toBeVisible();
  }
  await codeField.fill('000004');
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page.getByText('Demasiados códigos incorrectos. Por seguridad cerramos tu sesión', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Iniciar Sesión' })).toBeVisible();
  await expect(page.getByLabel('Contraseña')).toBeVisible();
});
