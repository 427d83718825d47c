/**
 * 'Códigos' in the back office: an editor creates a code (typed in lower case, stored upper case),
 * sees it in the list with its discount, its uses so far and its status, and deactivates it. The
 * rules and who may write: tests/db/discount-codes.test.ts.
 */
import { createAccount, service } from './fixtures.ts';
import { signIn } from './sign-in.ts';
import { expect, test } from './test.ts';

const stamp = Date.now().toString(36);
const EDITOR = { email: `editor-codes-${stamp}@e2e.local`, password: 'editor-e2e-password' };
const CODE = `VERANO${stamp.toUpperCase()}`;

test.beforeAll(async () => {
  await createAccount(EDITOR, 'editor');
});

test.afterAll(async () => {
  await service().from('discount_codes').delete().eq('codigo', CODE).throwOnError();
});

test('an editor creates a code, sees its uses in the list and deactivates it', async ({ page }) => {
  await signIn(page, EDITOR, { at: '/admin/discount_codes' });
  await page.getByRole('menuitem', { name: 'Códigos' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Códigos de descuento/ })).toBeVisible();
  await page.getByRole('button', { name: 'Nuevo código' }).click();

  await page.getByLabel('Código', { exact: true }).fill(` ${CODE.toLowerCase()} `);
  await page.getByLabel('Nota interna').fill('Influencer de prueba');
  await page.getByRole('radio', { name: 'Monto fijo (MXN)' }).check();
  await page.getByLabel('Descuento', { exact: true }).fill('250');
  await page.getByLabel('Usos en total').fill('10');
  await page.getByLabel('Usos por conexión').fill('1');
  await page.getByRole('button', { name: 'Guardar' }).click();

  await expect(page.getByText('Código guardado')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: CODE });
  await expect(row).toContainText('$250.00');
  await expect(row).toContainText('Toda la tienda');
  await expect(row.getByTestId('code-uses')).toHaveText('0 de 10');
  await expect(row).toContainText('1 por conexión');
  await expect(row).toContainText('Activo');

  await row.getByRole('button', { name: `Desactivar ${CODE}` }).click();
  await expect(page.getByText(`Código ${CODE} desactivado`)).toBeVisible();
  await expect(row).toContainText('Desactivado');
  const { data } = await service().from('discount_codes').select('codigo, tipo, valor, usos_maximos, activo').eq('codigo', CODE).single();
  expect(data).toEqual({ codigo: CODE, tipo: 'monto', valor: 250, usos_maximos: 10, activo: false });
});
