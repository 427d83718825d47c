/**
 * No lost edits: a product form's save carries the fields as it loaded them, and save_product
 * refuses it (PT409, HTTP 409) when someone else has saved any of them since, writing nothing; sizes
 * saved meanwhile never count. A table row's edit (campaigns, brands, categories, settings) is
 * written only while its updated_at is the one the form loaded, in the same statement.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { Json } from '../../src/data/database.types.ts';
import * as F from './fixture.ts';
import { adminClient, sql } from './helpers.ts';

beforeEach(async () => {
  await F.loadFixture();
});

/** The product as the back office's form loads it. */
async function loaded() {
  const { data } = await (await adminClient()).rpc('admin_product', { p_id: F.P1 });
  return data as unknown as Record<string, unknown>;
}

const FORM = [
  'campaign_id',
  'category_id',
  'subcategory_id',
  'brand_id',
  'marca',
  'nombre',
  'precio_original',
  'precio_venta',
  'descripcion',
  'imagen_principal',
  'permalink',
  'destacado',
  'costo_compra',
  'link_externo',
];
const expectedOf = (p: Record<string, unknown>) => Object.fromEntries(FORM.map((f) => [f, p[f] ?? null]));
/** What the form sends: the fields with this change, and as it loaded them. */
const edit = (p: Record<string, unknown>, change: Record<string, unknown>) =>
  ({ ...expectedOf(p), ...change, expected: expectedOf(p) }) as Json;

describe('save_product with the fields as loaded', () => {
  it('saves when nobody else has saved, even if sizes changed meanwhile', async () => {
    const admin = await adminClient();
    const mine = await loaded();
    await sql.query(`insert into public.product_sizes (product_id, talla) values ($1, 'XL')`, [F.P1]);
    const { data, error } = await admin.rpc('save_product', { p_id: F.P1, p_product: edit(mine, { nombre: 'Playera nueva' }) });
    expect(error).toBeNull();
    expect((data as { nombre: string }).nombre).toBe('Playera nueva');
  });

  it.each([
    ['the price', { precio_venta: 450 }],
    ['the cost', { costo_compra: 123 }],
    ['the description', { descripcion: 'Otra descripción' }],
  ])('refuses a save after someone else changed %s, and writes nothing', async (_label, theirs) => {
    const admin = await adminClient();
    const mine = await loaded();
    const { error: first } = await admin.rpc('save_product', { p_id: F.P1, p_product: edit(mine, theirs) });
    expect(first).toBeNull();

    const { error } = await admin.rpc('save_product', { p_id: F.P1, p_product: edit(mine, { nombre: 'Mi cambio' }) });
    expect(error?.code).toBe('PT409');
    expect(error?.message).toContain('Otra persona guardó este producto después de que lo abriste');
    const { rows } = await sql.query('select nombre from public.products where id = $1', [F.P1]);
    expect(rows).toEqual([{ nombre: 'Playera básica' }]);
  });
});

describe('a table row edited as loaded', () => {
  it('is written only while its updated_at is the one loaded', async () => {
    const admin = await adminClient();
    const { data: row } = await admin.from('campaigns').select('updated_at').eq('id', F.C_ACTIVE).single();
    const theirs = await admin
      .from('campaigns')
      .update({ nombre: 'Su cambio' })
      .eq('id', F.C_ACTIVE)
      .eq('updated_at', row!.updated_at)
      .select();
    expect(theirs.data).toHaveLength(1);
    const mine = await admin
      .from('campaigns')
      .update({ nombre: 'Mi cambio' })
      .eq('id', F.C_ACTIVE)
      .eq('updated_at', row!.updated_at)
      .select();
    expect(mine.error).toBeNull();
    expect(mine.data).toEqual([]);
    const { rows } = await sql.query('select nombre from public.campaigns where id = $1', [F.C_ACTIVE]);
    expect(rows).toEqual([{ nombre: 'Su cambio' }]);
  });
});
