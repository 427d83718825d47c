/**
 * The product list's export imported back (the wizard's own parsing, the import batch function):
 * unchanged, it changes no row and records nothing in the history; with a price and a size edited
 * in the file, exactly that product changes.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { toImportProduct } from '../../admin/products/import/rules.ts';
import { type ExportedProduct, productsCsv } from '../../admin/products/exportCsv.ts';
import type { Json } from '../../src/data/database.types.ts';
import { parseCsvFile } from '../../src/lib/csv-import.ts';
import * as F from './fixture.ts';
import { signedIn, sql } from './helpers.ts';

let editor: SupabaseClient;
beforeAll(async () => {
  editor = await signedIn('editor@export.test', 'editor-password-123', 'editor');
});
beforeEach(F.loadFixture);

/** Every catalogue row a re-import could touch, as text. */
async function catalogue(): Promise<string> {
  const tables = ['products', 'product_private', 'product_images', 'product_sizes', 'categories', 'subcategories'];
  const parts = await Promise.all(tables.map(async (t) => JSON.stringify((await sql.query(`select * from public.${t} order by 1`)).rows)));
  return parts.join('\n');
}

async function completeFixture() {
  await sql.query(`update public.products set category_id = $1 where category_id is null`, [F.CAT_ROPA]);
  await sql.query(`insert into public.product_private (product_id, costo_compra)
                   select p.id, 100 from public.products p where not exists (select 1 from public.product_private pp where pp.product_id = p.id)`);
}

async function reimport(text: string) {
  const parsed = parseCsvFile(new TextEncoder().encode(text));
  if (!parsed.ok) throw new Error(parsed.reason);
  expect(parsed.errorCount).toBe(0);
  const { data, error } = await editor.rpc('import_products_batch', {
    p_campaign_id: F.C_ACTIVE,
    p_brand_id: F.B_NIKE,
    p_products: parsed.valid.map((row) => toImportProduct(row, 'export-test')) as unknown as Json,
  });
  expect(error).toBeNull();
  return data as { success_count: number; updated_count: number };
}

describe('an exported product list imported back', () => {
  it('changes nothing when the file was not edited', async () => {
    // every product with what the import requires of a row: a category and a cost
    await completeFixture();
    const { data: rows, error } = await editor.rpc('export_products', { p_filter: {} });
    expect(error).toBeNull();
    expect((rows as ExportedProduct[]).length).toBe(5);
    const before = await catalogue();
    const history = (await sql.query('select count(*)::int as n from public.audit_changes')).rows[0].n;

    const result = await reimport(productsCsv(rows as ExportedProduct[]));
    expect(result).toMatchObject({ success_count: 5, updated_count: 5 });
    expect(await catalogue()).toBe(before);
    expect((await sql.query('select count(*)::int as n from public.audit_changes')).rows[0].n).toBe(history);
  });

  it('updates exactly what was edited in the file', async () => {
    await completeFixture();
    const { data } = await editor.rpc('export_products', { p_filter: { campaign_id: F.C_ACTIVE } });
    const rows = (data as ExportedProduct[]).map((r) => (r.id === F.P1 ? { ...r, precio_venta: 111, tallas: `${r.tallas};XL` } : r));
    await reimport(productsCsv(rows));
    const { rows: changes } = await sql.query(
      `select subject_id, table_name, after from public.audit_changes where actor_email = 'editor@export.test' order by id`,
    );
    expect(changes.map((c) => c.subject_id)).toEqual(changes.map(() => F.P1));
    expect(changes.find((c) => c.table_name === 'products')?.after).toEqual({ precio_venta: 111 });
    expect(changes.some((c) => c.table_name === 'product_sizes' && c.after?.talla === 'XL')).toBe(true);
  });
});
