/**
 * 'Avisos' in the back office: an editor opens it from the menu, sees the people waiting for an
 * announced campaign's opening (3 by email, 2 by push) in its row, downloads the campaigns' CSV (its
 * header and the campaign's line), and sets the code the campaign's alerts carry: one the shop does
 * not have is refused with 'Ese código no existe', one of its codes typed in lower case is stored upper
 * case. The counts, rates, periods, codes' uses and who may read what: tests/db/alerts-reports.test.ts.
 */
import { readFile } from 'node:fs/promises';
import { createAccount, mexicoDate, service, sql } from './fixtures.ts';
import { signIn } from './sign-in.ts';
import { expect, test } from './test.ts';

const stamp = Date.now().toString(36);
const EDITOR = { email: `editor-alerts-${stamp}@e2e.local`, password: 'editor-e2e-password' };
const CAMPAIGN = `Preventa ${stamp}`;
const CODE = `AVISO${stamp.toUpperCase()}`;
/** A browser's push keys, in the shape the subscriptions keep (base64url). */
const KEYS = { p256dh: `B${'q'.repeat(86)}`, auth: 'k'.repeat(22) };
/** 'dd/MM/yyyy' of a 'yyyy-MM-dd' day. */
const ddmmyyyy = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
let campaignId = '';

test.beforeAll(async () => {
  await createAccount(EDITOR, 'editor');
  const { data } = await service()
    .from('campaigns')
    .insert({
      nombre: CAMPAIGN,
      anuncio_desde: mexicoDate(0),
      fecha_inicio: mexicoDate(3),
      hora_inicio: '10:00',
      fecha_fin: mexicoDate(10),
    })
    .select('id')
    .single()
    .throwOnError();
  campaignId = data.id;
  await service().from('discount_codes').insert({ codigo: CODE, tipo: 'porcentaje', valor: 10 }).throwOnError();
  // the requests as subscribe_alert keeps them (the subscriptions are private: written as postgres)
  await sql(
    `insert into private.alert_subscriptions (canal, email, tipo, campaign_id)
     select 'email', 'espera-' || i || '-' || $2 || '@correo.mx', 'campana', $1::uuid from generate_series(1, 3) i`,
    [campaignId, stamp],
  );
  await sql(
    `insert into private.alert_subscriptions (canal, endpoint, p256dh, auth, tipo, campaign_id)
     select 'push', 'https://push.example/fcm/send/' || i || '-' || $2, $3, $4, 'campana', $1::uuid from generate_series(1, 2) i`,
    [campaignId, stamp, KEYS.p256dh, KEYS.auth],
  );
  // and one email whose owner has not confirmed it yet: counted apart, not among the people
  await sql(`insert into private.alert_emails (email) values ('sin-confirmar-' || $1 || '@correo.mx')`, [stamp]);
  await sql(
    `insert into private.alert_email_requests (email, tipo, campaign_id) values ('sin-confirmar-' || $2 || '@correo.mx', 'campana', $1)`,
    [campaignId, stamp],
  );
});

test.afterAll(async () => {
  // its requests and its code's choice go with it
  await sql('delete from public.campaigns where id = $1', [campaignId]);
  await sql('delete from public.discount_codes where codigo = $1', [CODE]);
  await sql(`delete from private.alert_emails where email = 'sin-confirmar-' || $1 || '@correo.mx'`, [stamp]);
});

test('an editor sees who waits for a campaign, exports the CSV and sets the code its alerts carry', async ({ page }) => {
  await signIn(page, EDITOR, { at: '/admin/alerts' });
  await page.getByRole('menuitem', { name: 'Avisos' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Avisos' })).toBeVisible();

  const row = page.getByRole('table', { name: 'Por campaña' }).getByRole('row').filter({ hasText: CAMPAIGN });
  await expect(row).toContainText('Anunciada');
  const opening = row.getByRole('cell').nth(3);
  await expect(opening.getByText('5', { exact: true })).toBeVisible();
  await expect(opening).toContainText('2 push · 3 correo');
  await expect(page.getByRole('region', { name: 'Esperan la apertura de una campaña' })).toContainText(/\d+ correos? por confirmar$/);
  await expect(row.getByTestId('campaign-code')).toHaveText('Sin código');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Exportar CSV: Por campaña' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^avisos_campanas_\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '').split('\r\n');
  expect(lines[0]).toBe(
    'Campaña,Estado,Empieza,Termina,Esperan la apertura (push),Esperan la apertura (correo),Esperan el fin (push),Esperan el fin (correo),Esperan talla (push),Esperan talla (correo),Código de los avisos,Código en los avisos',
  );
  expect(lines.filter((line) => line.startsWith(`${CAMPAIGN},`))).toEqual([
    `${CAMPAIGN},Anunciada,${ddmmyyyy(mexicoDate(3))} 10:00,${ddmmyyyy(mexicoDate(10))},2,3,0,0,0,0,,`,
  ]);

  await row.getByRole('button', { name: `Cambiar el código de ${CAMPAIGN}` }).click();
  const dialog = page.getByRole('dialog', { name: `Código de los avisos de «${CAMPAIGN}»` });
  const field = dialog.getByLabel('Código de descuento');
  await field.fill('NOEXISTE');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Ese código no existe');

  await field.fill(CODE.toLowerCase());
  // the list of matching codes closes when the field is left
  await dialog.getByRole('heading').click();
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText(`Los avisos de ${CAMPAIGN} llevan el código ${CODE}`)).toBeVisible();
  await expect(row.getByTestId('campaign-code')).toHaveText(CODE);
  expect(await sql('select codigo_descuento from public.campaign_alerts where campaign_id = $1', [campaignId])).toEqual([
    { codigo_descuento: CODE },
  ]);
});
