/**
 * The CSV import as an admin does it, against the real local stack: choose the campaign and brand,
 * pick a real file (Windows-1252, as Excel saves it, with accents and ñ), review the rows with
 * their errors and suggested prices, import, and find the products in the admin list and in the
 * shop (a product newer than the last build is shown live). Desktop only.
 */
import { createAccount, mexicoDate, service } from './fixtures.ts';
import { signIn } from './sign-in.ts';
import { expect, test } from './test.ts';

const run = Date.now().toString(36);
const ADMIN = { email: `admin-import-${run}@e2e.local`, password: 'admin-e2e-password' };
const CAMPAIGN = `Importación ${run}`;
const BRAND = `Marca Importada ${run}`;
const JACKET = `Chamarra Piña ${run}`;
const SNEAKERS = `Tenis Niño ${run}`;

// Excel's 'CSV (delimitado por comas)' on a Spanish Windows: ';' between fields, Windows-1252 bytes,
// CRLF; the third row has no name.
const CSV = Buffer.from(
  [
    'url;nombre;precio;precio_anterior;imagenes;tallas;descripcion_html;categoria;subcategoria;clasificacion',
    `https://proveedor.example/1;${JACKET};$500;$1,500;"https://example.com/a.jpg;https://example.com/b.jpg";"S;M (MX)";<p>Acolchada</p>;Ropa de Hombre;Chamarras;A`,
    `https://proveedor.example/2;${SNEAKERS};"$1,000";"$3,000";;"26;27 (MX)";;Calzado;Tenis;B`,
    ';;300;900;;;;Calzado;;C',
  ].join('\r\n'),
  'latin1',
);

test.beforeAll(async () => {
  await createAccount(ADMIN);
  await service()
    .from('campaigns')
    .insert({ nombre: CAMPAIGN, fecha_inicio: mexicoDate(-1), fecha_fin: mexicoDate(10) })
    .throwOnError();
  await service().from('brands').insert({ name: BRAND.toLowerCase(), display_name: BRAND }).throwOnError();
});

test('a CSV goes through the three steps into the admin list and the shop', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, ADMIN);
  await page.goto('/admin/products');
  await page.getByRole('button', { name: 'Importar CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importación Masiva de Productos' });

  // step 1: both are required
  await dialog.getByRole('button', { name: 'Continuar' }).click();
  await expect(dialog.getByText('Debe seleccionar campaña y marca')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Campaña' }).click();
  await page.getByRole('option', { name: CAMPAIGN }).click();
  await dialog.getByRole('combobox', { name: 'Marca' }).click();
  await page.getByRole('option', { name: BRAND }).click();
  await dialog.getByRole('button', { name: 'Continuar' }).click();

  // step 2: the file; once read, the review opens by itself
  await dialog.getByTestId('csv-file-input').setInputFiles({ name: 'proveedor.csv', mimeType: 'text/csv', buffer: CSV });

  // step 3: review, word for word
  await expect(dialog.getByText('2 productos válidos')).toBeVisible();
  await expect(dialog.getByText('1 fila con errores')).toBeVisible();
  await expect(dialog.getByText('Nombre es requerido')).toBeVisible();
  await expect(dialog.getByText(JACKET)).toBeVisible(); // accents and ñ survived Windows-1252
  await dialog.getByRole('button', { name: 'Importar 2 productos' }).click();
  await expect(page.getByText('Importación Completada')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('2 productos importados correctamente')).toBeVisible();

  // in the database, by the import rules
  const { data: rows } = await service()
    .from('products')
    .select(
      'id, nombre, marca, permalink, precio_original, precio_venta, imagen_principal, sizes, campaigns!inner(nombre), product_images(image_url)',
    )
    .in('nombre', [JACKET, SNEAKERS])
    .order('nombre')
    .throwOnError();
  expect(rows.map((r) => [r.nombre, r.marca, r.precio_original, r.precio_venta, r.sizes, r.campaigns.nombre])).toEqual([
    // 500 of 1,500 is a 66% discount: 60% of the previous price, rounded up to the hundred
    [JACKET, BRAND, 1500, 900, ['S', 'M'], CAMPAIGN],
    [SNEAKERS, BRAND, 3000, 1800, ['26', '27'], CAMPAIGN],
  ]);
  const jacket = rows[0]!;
  expect(jacket.imagen_principal).toBe('https://example.com/a.jpg');
  expect(jacket.product_images.map((i) => i.image_url)).toEqual(['https://example.com/b.jpg']);

  // in the admin list, refreshed behind the wizard
  await dialog.getByRole('button', { name: 'Cerrar' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('searchbox').fill(run);
  await expect(page.getByTestId('product-card').filter({ hasText: JACKET })).toBeVisible();
  await expect(page.getByTestId('product-card').filter({ hasText: SNEAKERS })).toBeVisible();

  // in the shop: newer than the build, so its page is shown live
  await page.goto(`/producto/${jacket.permalink}`);
  await expect(page.getByRole('heading', { level: 1, name: JACKET })).toBeVisible({ timeout: 15_000 });
});
