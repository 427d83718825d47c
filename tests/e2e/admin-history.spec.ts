/**
 * The history in the back office: an editor renames a campaign; the owner finds the change in
 * 'Historial' (filtered by that person and by campaigns), with the name before and after, and on
 * the campaign's own edit page. Editors have no 'Historial'.
 */
import { createAccount, mexicoDate, service } from './fixtures.ts';
import { signIn } from './sign-in.ts';
import { expect, type Page, test } from './test.ts';

const run = Date.now().toString(36);
const OWNER = { email: `admin-historial-${run}@e2e.local`, password: 'admin-e2e-password' };
const EDITOR = { email: `editor-historial-${run}@e2e.local`, password: 'editor-e2e-password' };
const NAME = `Historia ${run}`;
let campaignId = '';

test.beforeAll(async () => {
  await createAccount(OWNER);
  await createAccount(EDITOR, 'editor');
  const { data } = await service()
    .from('campaigns')
    .insert({ nombre: NAME, fecha_inicio: mexicoDate(-1), fecha_fin: mexicoDate(20) })
    .select('id')
    .single()
    .throwOnError();
  campaignId = data.id;
});

test.afterAll(async () => {
  await service().from('campaigns').delete().eq('id', campaignId).throwOnError();
});

async function openCampaign(page: Page, name: string) {
  await page.getByLabel('Solo campañas activas').check();
  await page.getByRole('row').filter({ hasText: name }).getByRole('button', { name: 'Acciones' }).click();
  await page.getByRole('menuitem', { name: 'Editar' }).click();
  return page.getByRole('dialog');
}

test('an editor’s change is in the owner’s Historial, before and after, and on the record’s page', async ({ freshPage }) => {
  const editor = await freshPage();
  await signIn(editor, EDITOR, { at: '/admin/campaigns' });
  await expect(editor.getByRole('menuitem', { name: 'Historial' })).toHaveCount(0);
  const dialog = await openCampaign(editor, NAME);
  await expect(dialog.getByText('Historial de cambios')).toHaveCount(0);
  await dialog.getByLabel('Nombre').fill(`${NAME} renombrada`);
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog).toBeHidden();

  const owner = await freshPage();
  await signIn(owner, OWNER);
  await owner.getByRole('menuitem', { name: 'Historial' }).click();
  await expect(owner.getByRole('heading', { name: 'Historial', level: 1 })).toBeVisible();
  await owner.getByLabel('Persona').click();
  await owner.getByRole('option', { name: EDITOR.email }).click();
  await owner.getByLabel('Registro').click();
  await owner.getByRole('option', { name: 'Campaña' }).click();
  const table = owner.getByRole('table', { name: 'Historial' });
  const entry = table.getByRole('row').filter({ hasText: `Campaña: ${NAME} renombrada` });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText(EDITOR.email);
  await entry.click();
  await expect(table.getByText('Cambió campaña')).toBeVisible();
  await expect(table.getByText(`Nombre: ${NAME} → ${NAME} renombrada`)).toBeVisible();

  // another kind of record shows none of it
  await owner.getByLabel('Registro').click();
  await owner.getByRole('option', { name: 'Marca' }).click();
  await expect(table.getByText(`${NAME} renombrada`).or(owner.getByText('No hay cambios con estos filtros.'))).toBeVisible();
  await expect(owner.getByText(`${NAME} renombrada`)).toHaveCount(0);

  // on the campaign's own edit page
  await owner.goto('/admin/campaigns');
  const ownerDialog = await openCampaign(owner, `${NAME} renombrada`);
  await ownerDialog.getByText('Historial de cambios').click();
  await expect(ownerDialog.getByText(`Nombre: ${NAME} → ${NAME} renombrada`)).toBeVisible();
  await expect(ownerDialog.getByText(EDITOR.email, { exact: false })).toBeVisible();
});
