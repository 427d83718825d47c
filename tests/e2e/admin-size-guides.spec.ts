/**
 * 'Guías de tallas' in the back office: an editor makes a brand's guide from the common sizes, fills
 * its table, is told which cell is wrong before anything is saved and, by the database, that a
 * category already has a guide; edits and deletes one. An analyst reads the guides and may not
 * write. Categories say which kind of size they use.
 */
import { type Account, createAccount, service } from './fixtures.ts';
import { signIn } from './sign-in.ts';
import { expect, type Page, test } from './test.ts';

const stamp = Date.now().toString(36);
const EDITOR = { email: `editor-sizes-${stamp}@e2e.local`, password: 'editor-e2e-password' };
const ANALYST = { email: `analyst-sizes-${stamp}@e2e.local`, password: 'analyst-e2e-password' };
const GUIDE = 'Puma calzado';

test.beforeAll(async () => {
  await createAccount(EDITOR, 'editor');
  await createAccount(ANALYST, 'analyst');
});

test.afterAll(async () => {
  await service().from('size_guides').delete().eq('nombre', GUIDE).throwOnError();
});

/** Signed in at 'Guías de tallas', its list shown. */
async function openGuides(page: Page, who: Account) {
  await signIn(page, who, { at: '/admin/size_guides' });
  await expect(page.getByRole('menuitem', { name: 'Guías de tallas' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Nike calzado' })).toBeVisible();
}

const cell = (page: Page, column: string, row: number) => page.getByRole('textbox', { name: `${column} de la fila ${row}`, exact: true });

test.describe.configure({ mode: 'serial' });

test("an editor makes a brand's shoe guide, is told what is wrong, and edits it", async ({ page }) => {
  await openGuides(page, EDITOR);
  await page.getByRole('link', { name: 'Nueva guía' }).click();

  // nothing filled in: each field says what it needs
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Escribe el nombre de la guía')).toBeVisible();
  await expect(page.getByText('Agrega al menos una fila de tallas')).toBeVisible();

  await page.getByLabel('Nombre').fill(GUIDE);
  await page.getByRole('combobox', { name: 'Tipo de talla' }).click();
  await page.getByRole('option', { name: 'Calzado' }).click();
  await page.getByRole('radio', { name: 'Marca (para un tipo de talla)' }).check();
  await page.getByRole('combobox', { name: 'Marca' }).fill('Pum');
  await page.getByRole('option', { name: 'Puma' }).click();
  await page.getByRole('button', { name: 'Empezar con las tallas comunes' }).click();
  await expect(cell(page, 'MX', 1)).toHaveValue('22');
  await expect(cell(page, 'MX', 19)).toHaveValue('31');
  await expect(cell(page, 'Largo del pie', 1)).toHaveValue('22');
  await cell(page, 'US', 1).fill('4');
  await cell(page, 'EU', 1).fill('35.5');
  // a cell that is not a length in cm, and a repeated size, are pointed at
  await cell(page, 'Largo del pie', 2).fill('22 cm');
  await cell(page, 'MX', 3).fill('22');
  await page.getByRole('button', { name: 'Quitar fila 19' }).click();
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Escribe cm: 88 o 88-92')).toBeVisible();
  await expect(page.getByText('Repetida (fila 1)')).toBeVisible();
  expect((await service().from('size_guides').select('id').eq('nombre', GUIDE)).data).toEqual([]);

  await cell(page, 'Largo del pie', 2).fill('22.5');
  await cell(page, 'MX', 3).fill('23');
  await page.getByLabel('Nota para el comprador').fill('Puma calza justo: si dudas, medio número más.');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Guía de tallas guardada')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/size_guides$/);
  const row = page.getByRole('row', { name: new RegExp(GUIDE) });
  await expect(row).toContainText('Calzado');
  await expect(row).toContainText('Marca Puma');
  await expect(row).toContainText('18');

  const { data: saved } = await service()
    .from('size_guides')
    .select('tipo_talla, filas, nota, brands(name)')
    .eq('nombre', GUIDE)
    .single()
    .throwOnError();
  expect(saved.tipo_talla).toBe('calzado');
  expect(saved.brands).toEqual({ name: 'puma' });
  expect((saved.filas as object[]).slice(0, 2)).toEqual([
    { mx: '22', us: '4', eu: '35.5', pie: '22' },
    { mx: '22.5', pie: '22.5' },
  ]);
  expect(saved.nota).toBe('Puma calza justo: si dudas, medio número más.');

  // an edit: the row moves and the note changes
  await row.click();
  await expect(page.getByLabel('Nombre')).toHaveValue(GUIDE);
  await page.getByRole('button', { name: 'Bajar fila 1', exact: true }).click();
  await expect(cell(page, 'MX', 1)).toHaveValue('22.5');
  await page.getByLabel('Nota para el comprador').fill('');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Guía de tallas guardada')).toBeVisible();
  const { data: edited } = await service().from('size_guides').select('filas, nota').eq('nombre', GUIDE).single().throwOnError();
  expect((edited.filas as { mx: string }[]).slice(0, 2).map((f) => f.mx)).toEqual(['22.5', '22']);
  expect(edited.nota).toBeNull();
});

test('the database says a category already has a guide', async ({ page }) => {
  await openGuides(page, EDITOR);
  await page.getByRole('link', { name: 'Nueva guía' }).click();
  await page.getByLabel('Nombre').fill('Otra de calzado');
  await page.getByRole('combobox', { name: 'Categoría' }).fill('Calz');
  await page.getByRole('option', { name: 'Calzado' }).click();
  await page.getByRole('button', { name: 'Empezar con las tallas comunes' }).click();
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Esa categoría ya tiene una guía de tallas')).toBeVisible();
  expect((await service().from('size_guides').select('id').eq('nombre', 'Otra de calzado')).data).toEqual([]);
});

test('an analyst reads the guides and their tables but cannot write', async ({ page }) => {
  await openGuides(page, ANALYST);
  await expect(page.getByRole('link', { name: 'Nueva guía' })).toHaveCount(0);
  await expect(page.getByText('Solo lectura: las guías las editan dueños y editores.')).toBeVisible();
  await page.getByRole('row', { name: /Nike calzado/ }).click();
  await expect(page.getByRole('table', { name: 'Nike calzado' }).getByRole('row', { name: /^26 8 41 26$/ })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/size_guides$/);
});

test('categories say which kind of size they use', async ({ page }) => {
  await openGuides(page, EDITOR);
  await page.getByRole('menuitem', { name: 'Categorías' }).click();
  const categories = page.getByRole('table', { name: 'Categorías' });
  // the name and the kind of size
  await expect(categories.getByRole('row', { name: /^Calzado/ }).getByRole('cell', { name: 'Calzado', exact: true })).toHaveCount(2);
  await expect(
    categories
      .getByRole('row', { name: /^Bolsas/ })
      .getByRole('cell', { name: 'Sin tallas', exact: true })
      .first(),
  ).toBeVisible();
  const subcategories = page.getByRole('table', { name: 'Subcategorías' });
  await expect(
    subcategories.getByRole('row', { name: /^Jeans y Pantalones/ }).getByRole('cell', { name: 'Pantalón', exact: true }),
  ).toBeVisible();
  await subcategories
    .getByRole('row', { name: /^Jeans y Pantalones/ })
    .getByRole('button', { name: 'Editar' })
    .click();
  const kind = page.getByRole('combobox', { name: 'Tipo de talla' });
  await expect(kind).toHaveText('Pantalón');
  // without a kind of its own, a subcategory takes its category's
  await kind.click();
  await page.getByRole('listbox').getByText('La de su categoría').click();
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(
    subcategories.getByRole('row', { name: /^Jeans y Pantalones/ }).getByRole('cell', { name: 'Ropa', exact: true }),
  ).toBeVisible();
  const { data } = await service()
    .from('subcategories')
    .select('id, tipo_talla')
    .eq('nombre', 'Jeans y Pantalones')
    .single()
    .throwOnError();
  expect(data.tipo_talla).toBeNull();
  await service().from('subcategories').update({ tipo_talla: 'pantalon' }).eq('id', data.id).throwOnError();
});
