/**
 * The product list's export imported back (the wizard's own parsing, the import batch function):
 * unchanged, it changes no row and records nothing in the history; with a price and a size edited
 * in the file, exactly that product changes. Sizes carry their pieces ('M:3'; no count is one piece)
 * and round-trip. A size whose pieces are all sold is not in the export: the import never deletes it
 * nor its sale, and a row naming it again with pieces restocks it.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { toImportProduct } from '../../admin/products/import/rules.ts';
import { productsCsv } from '../../admin/products/exportCsv.ts';
import type { ExportedProduct } from '../../admin/providers/rpc.ts';
import type { Json } from '../../src/data/database.types.ts';
import { parseCsvFile } from '../../admin/products/csv-import.ts';
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

/** Sells P1's size M: an order of it, placed as a shopper and marked paid by the shop. */
async function sellP1M(): Promise<string> {
  const { rows } = await sql.query<{ id: string }>(
    `insert into public.orders (reference, channel, item_count, subtotal, shipping, total)
     values (private.new_order_reference(), 'bolsa', 1, 500, 0, 500) returning id`,
  );
  const order = rows[0]!.id;
  await sql.query(
    `insert into public.order_items (order_id, position, product_id, talla, nombre, marca, permalink, precio_original, precio_venta)
     values ($1, 1, $2, 'M', 'Playera básica', 'Nike', 'playera', 800, 500)`,
    [order, F.P1],
  );
  await sql.query(`update public.orders set status = 'pagado' where id = $1`, [order]);
  return order;
}

/** P1's sizes (talla, pieces not yet sold) and the sales recorded for them. */
async function p1Sizes() {
  const sizes = await sql.query(`select talla, existencias from public.product_sizes where product_id = $1 order by talla`, [F.P1]);
  const sales = await sql.query(`select order_id from private.sales where product_id = $1`, [F.P1]);
  return { sizes: sizes.rows, sales: sales.rows.map((r) => r.order_id) };
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

  it('keeps a size a paid order sold, and its sale, when the file is imported back unchanged', async () => {
    await completeFixture();
    const order = await sellP1M();
    const { data } = await editor.rpc('export_products', { p_filter: { campaign_id: F.C_ACTIVE } });
    const p1 = (data as ExportedProduct[]).find((r) => r.id === F.P1)!;
    // the export lists only the sizes with pieces left
    expect(p1.tallas.split(';').sort()).toEqual(['L', 'S']);
    const before = await catalogue();

    const result = await reimport(productsCsv(data as ExportedProduct[]));
    expect(result).toMatchObject({ success_count: 2, updated_count: 2 });
    expect(await catalogue()).toBe(before);
    expect(await p1Sizes()).toEqual({
      sizes: [
        { talla: 'L', existencias: 1 },
        { talla: 'M', existencias: 0 },
        { talla: 'S', existencias: 1 },
      ],
      sales: [order],
    });
  });

  it('restocks a sold-out size named again with its pieces, keeps its sale, and round-trips the counts', async () => {
    await completeFixture();
    const order = await sellP1M();
    const { data } = await editor.rpc('export_products', { p_filter: { campaign_id: F.C_ACTIVE } });
    const rows = (data as ExportedProduct[]).map((r) => (r.id === F.P1 ? { ...r, tallas: 'S;m:2;L:3' } : r));
    const result = await reimport(productsCsv(rows));
    expect(result).toMatchObject({ success_count: 2, updated_count: 2 });
    expect(await p1Sizes()).toEqual({
      sizes: [
        { talla: 'L', existencias: 3 },
        { talla: 'M', existencias: 2 },
        { talla: 'S', existencias: 1 },
      ],
      sales: [order],
    });
    // the size is for sale again, and the export says each count as the import reads it
    expect((await sql.query('select sizes from public.products where id = $1', [F.P1])).rows[0].sizes).toEqual(['S', 'M', 'L']);
    const again = await editor.rpc('export_products', { p_filter: { campaign_id: F.C_ACTIVE } });
    const p1 = (again.data as ExportedProduct[]).find((r) => r.id === F.P1)!;
    expect(p1.tallas).toBe('S;M:2;L:3');
    const before = await catalogue();
    await reimport(productsCsv(again.data as ExportedProduct[]));
    expect(await catalogue()).toBe(before);
  });

  it('sets the pieces of a product without sizes from existencias, and refuses a count that is not one', async () => {
    await completeFixture();
    const { data } = await editor.rpc('export_products', { p_filter: {} });
    const p4 = (data as ExportedProduct[]).find((r) => r.id === F.P4)!;
    expect(p4).toMatchObject({ tallas: '', existencias: '1' });
    await reimport(productsCsv([{ ...p4, existencias: '4' }]));
    expect((await sql.query('select existencias from public.products where id = $1', [F.P4])).rows[0].existencias).toBe(4);
    // the database refuses what the wizard would have kept out, naming the row
    const send = (product: Record<string, unknown>) =>
      editor.rpc('import_products_batch', {
        p_campaign_id: F.C_ACTIVE,
        p_brand_id: F.B_NIKE,
        p_products: [{ nombre: 'Bolsa', costo_compra: 100, precio_original: 300, precio_venta: 200, categoria: 'Ropa', ...product }],
      });
    expect((await send({ existencias: 'muchas' })).error?.message).toBe(
      'Fila 1 (Bolsa): existencias debe ser un número entero de 0 a 9999',
    );
    expect((await send({ tallas: ['M:10000'] })).error?.message).toBe('Fila 1 (Bolsa): la talla M admite como máximo 9999 piezas');
    expect((await send({ tallas: [':3'] })).error?.message).toBe('Fila 1 (Bolsa): la talla ":3" no tiene nombre');
  });

  it('never deletes a sold size, however it is asked', async () => {
    await sellP1M();
    const deleted = await editor.from('product_sizes').delete().eq('product_id', F.P1).eq('talla', 'M');
    expect(deleted.error?.message).toBe('La talla M ya se vendió: no se puede borrar ni cambiar.');
    const renamed = await editor.from('product_sizes').update({ talla: 'XL' }).eq('product_id', F.P1).eq('talla', 'M');
    expect(renamed.error?.message).toBe('La talla M ya se vendió: no se puede borrar ni cambiar.');
    expect((await p1Sizes()).sizes).toContainEqual({ talla: 'M', existencias: 0 });
    // deleting the product itself takes its sizes and its sale with it
    expect((await editor.from('products').delete().eq('id', F.P1)).error).toBeNull();
    expect(await p1Sizes()).toEqual({ sizes: [], sales: [] });
  });
});
