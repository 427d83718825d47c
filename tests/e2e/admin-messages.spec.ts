/**
 * 'Mensajes' as an admin: a message a shopper sends from /contacto arrives in the inbox, the menu
 * counts the unread ones, opening one shows it whole (with reply links by email and WhatsApp) and
 * marks it read, a message can be marked unread again and archived, several at once, and the tab's
 * messages export as CSV.
 */
import { readFile } from 'node:fs/promises';
import { createAccount, service } from './fixtures.ts';
import { signIn } from './sign-in.ts';
import { expect, test } from './test.ts';

const ADMIN = { email: `admin-messages-${Date.now().toString(36)}@e2e.local`, password: 'admin-e2e-password' };

test.beforeAll(async () => {
  await createAccount(ADMIN);
  await service().from('contact_messages').delete().gte('id', 0).throwOnError();
  // An earlier message, from another connection.
  await service()
    .from('contact_messages')
    .insert({
      name: 'Luis Pérez',
      email: 'luis@example.com',
      message: '¿Hacen envíos a Mérida?',
      sender: 'otra',
      created_at: '2026-11-20T16:00:00Z',
    })
    .throwOnError();
});

test.afterAll(async () => {
  await service().from('contact_messages').delete().gte('id', 0).throwOnError();
});

test('a shopper’s message reaches the inbox, is read, answered, archived and exported', async ({ page }) => {
  await page.goto('/contacto');
  await expect(page.getByRole('button', { name: 'Enviar mensaje' })).toBeEnabled();
  await page.getByRole('textbox', { name: 'Nombre', exact: true }).fill('Ana López');
  await page.getByRole('textbox', { name: 'Correo electrónico', exact: true }).fill('ana@example.com');
  await page.getByRole('textbox', { name: 'Teléfono o WhatsApp', exact: true }).fill('55 1234 5678');
  await page.getByRole('textbox', { name: 'Asunto (opcional)', exact: true }).fill('Tallas de jeans');
  await page.getByRole('textbox', { name: 'Mensaje', exact: true }).fill('¿Tienen los jeans en talla 28?\nGracias.');
  await page.getByRole('button', { name: 'Enviar mensaje' }).click();
  await expect(page.getByText('Mensaje enviado!')).toBeVisible();

  await signIn(page, ADMIN);
  const menu = page.getByRole('menuitem', { name: /Mensajes/ });
  await expect(menu).toHaveAccessibleName('Mensajes 2 sin leer');
  await menu.click();
  await expect(page).toHaveURL(/\/admin\/contact_messages/);
  await expect(page.getByRole('heading', { level: 1, name: 'Mensajes(2)' })).toBeVisible();
  const rows = page.getByRole('row');
  // Newest first, both unread.
  await expect(rows.nth(1)).toContainText('Sin leer: Ana López');
  await expect(rows.nth(1)).toContainText('ana@example.com · 5512345678');
  await expect(rows.nth(1)).toContainText('Tallas de jeans');
  await expect(rows.nth(2)).toContainText('Sin leer: Luis Pérez');
  await expect(rows.nth(2)).toContainText('(Sin asunto)');

  await rows.nth(1).getByText('Tallas de jeans').click();
  const dialog = page.getByRole('dialog', { name: 'Tallas de jeans' });
  await expect(dialog).toContainText('¿Tienen los jeans en talla 28?\nGracias.');
  await expect(dialog).toContainText('desde /contacto');
  // the page links under the shop's own address
  await expect(dialog.getByRole('link', { name: '/contacto' })).toHaveAttribute('href', new URL('/contacto', page.url()).href);
  const mail = dialog.getByRole('link', { name: 'Responder por correo' });
  expect(decodeURIComponent((await mail.getAttribute('href')) ?? '')).toContain('mailto:ana@example.com?subject=Re: Tallas de jeans');
  await expect(dialog.getByRole('link', { name: 'Responder por WhatsApp' })).toHaveAttribute(
    'href',
    /^https:\/\/wa\.me\/525512345678\?text=Hola%20Ana%20L%C3%B3pez/,
  );
  await page.screenshot({ path: test.info().outputPath('mensaje.png') });
  await dialog.getByRole('button', { name: 'Cerrar' }).click();
  await expect(menu).toHaveAccessibleName('Mensajes 1 sin leer');
  await expect(rows.nth(1)).not.toContainText('Sin leer');

  // Back to unread, then archived: it leaves the inbox for 'Archivados'.
  await rows.nth(1).getByRole('button', { name: 'Acciones del mensaje de Ana López' }).click();
  await page.getByRole('menuitem', { name: 'Marcar como no leído' }).click();
  await expect(page.getByText('Marcado como no leído')).toBeVisible();
  await expect(menu).toHaveAccessibleName('Mensajes 2 sin leer');
  await rows.nth(1).getByRole('button', { name: 'Acciones del mensaje de Ana López' }).click();
  await page.getByRole('menuitem', { name: 'Archivar' }).click();
  // behind the toast before it (one at a time, 5 s each)
  await expect(page.getByText('Mensaje archivado')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Mensajes(1)' })).toBeVisible();
  await expect(menu).toHaveAccessibleName('Mensajes 1 sin leer');
  await page.getByRole('tab', { name: 'Archivados' }).click();
  await expect(rows.nth(1)).toContainText('Ana López');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^mensajes_contacto_\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await file.path())!, 'utf8');
  expect(csv).toContain('Fecha,Nombre,Correo,Teléfono,Asunto,Mensaje,Página,Leído,Archivado');
  expect(csv).toContain('Ana López,ana@example.com,5512345678,Tallas de jeans,"¿Tienen los jeans en talla 28?\nGracias.",/contacto,No,Sí');
  expect(csv).not.toContain('Luis');

  // Several at once: the inbox's messages marked read.
  await page.getByRole('tab', { name: 'Bandeja de entrada' }).click();
  await rows.nth(1).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Marcar como leído' }).click();
  await expect(menu).toHaveAccessibleName('Mensajes');
  const { data } = await service().from('contact_messages').select('name, read_at, archived_at').order('name').throwOnError();
  expect(data.map((m) => [m.name, Boolean(m.read_at), Boolean(m.archived_at)])).toEqual([
    ['Ana López', false, true],
    ['Luis Pérez', true, false],
  ]);
});
