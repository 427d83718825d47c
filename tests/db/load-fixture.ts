/**
 * What the tests of large loads stand on: an empty catalogue with a live campaign, a brand and the
 * category 'Ropa', and the import rows that fill it (a padded jacket each, one size, no images).
 */
import { mexicoDate, resetData, sql } from './helpers.ts';

/** Empties the data and makes the campaign 'Liquidación' (live for ten more days), the brand Nike and the category Ropa. */
export async function emptyCatalogue(): Promise<{ campaignId: string; brandId: string }> {
  await resetData();
  const campaign = await sql.query<{ id: string }>(
    `insert into public.campaigns (nombre, fecha_inicio, fecha_fin) values ('Liquidación', $1, $2) returning id`,
    [mexicoDate(-1), mexicoDate(10)],
  );
  const brand = await sql.query<{ id: string }>(`insert into public.brands (name, display_name) values ('nike', 'Nike') returning id`);
  await sql.query(`insert into public.categories (nombre) values ('Ropa')`);
  return { campaignId: campaign.rows[0]!.id, brandId: brand.rows[0]!.id };
}

/** Row n of a CSV import, keyed `<keyPrefix>:<n>` (rows already imported with the same key are skipped). */
export function importRow(n: number, keyPrefix: string) {
  return {
    nombre: `Chamarra Acolchada ${n}`,
    costo_compra: 500,
    precio_original: 1500,
    precio_venta: 800,
    imagenes: [],
    tallas: ['M:2'],
    categoria: 'Ropa',
    import_key: `${keyPrefix}:${n}`,
  };
}
