/** The back office's sign-in, as a person does it: 'Usuario', 'Contraseña', then 'Iniciar Sesión'. */
import type { Account } from './fixtures.ts';
import { expect, type Page } from './test.ts';

/**
 * Signs `who` in and waits for the panel (its 'Mi cuenta'). `at` is where the browser goes first:
 * the sign-in page unless said, a back-office page (which sends to the sign-in and back after), or
 * null to sign in on the page as it stands. `panel: false` only submits the form: for a sign-in
 * meant to be refused or to ask for a second step.
 */
export async function signIn(
  page: Page,
  who: Account,
  { at = '/admin/login', panel = true }: { at?: string | null; panel?: boolean } = {},
): Promise<void> {
  if (at !== null) await page.goto(at);
  await page.getByLabel('Usuario').fill(who.email);
  await page.getByLabel('Contraseña').fill(who.password);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  if (panel) await expect(page.getByRole('menuitem', { name: 'Mi cuenta' })).toBeVisible();
}
