/**
 * The history, recorded by the database itself: a product saved (its price and cost, before and
 * after, by whom, through which request) is one entry; a save that changes nothing is none; a
 * merge and an import batch are one entry each; only owners read it; nobody changes or deletes it,
 * not even the table's owner, except the 24-month pruning; the team's changes made through the
 * admin-users function are in it too.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Json } from '../../src/data/database.types.ts';
import * as F from './fixture.ts';
import { anonClient, ensureUser, signedIn, sql } from './helpers.ts';
import { invoke } from './invoke.ts';

let owner: SupabaseClient;
let editor: SupabaseClient;
let analyst: SupabaseClient;

beforeAll(async () => {
  owner = await signedIn('owner@history.test', 'owner-password-123', 'owner');
  editor = await signedIn('editor@history.test', 'editor-password-123', 'editor');
  analyst = await signedIn('analyst@history.test', 'analyst-password-123', 'analyst');
});
beforeEach(F.loadFixture);

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

/** The product form's save of P1 with this change, as the back office sends it. */
async function saveP1(change: Record<string, unknown>) {
  const { data } = await editor.rpc('admin_product', { p_id: F.P1 });
  const loaded = Object.fromEntries(FORM.map((f) => [f, (data as Record<string, unknown>)[f] ?? null]));
  return editor.rpc('save_product', { p_id: F.P1, p_product: { ...loaded, ...change, expected: loaded } as Json });
}

const entries = async () =>
  (await sql.query(`select * from public.audit_entries where actor_email is not null order by id`)).rows as Array<Record<string, unknown>>;

describe('what the history records', () => {
  it('a product save is one entry: who, which request, each changed field before and after', async () => {
    const { error } = await saveP1({ precio_venta: 199, costo_compra: 80 });
    expect(error).toBeNull();
    const list = await entries();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      actor_email: 'editor@history.test',
      actor_role: 'editor',
      request: 'POST /rpc/save_product',
      subject_type: 'product',
      subject_id: F.P1,
      subject_label: 'Playera básica',
    });
    const { rows } = await sql.query(`select table_name, action, before, after from public.audit_changes where txid = $1 order by id`, [
      list[0]!['id'],
    ]);
    expect(rows).toEqual([
      { table_name: 'products', action: 'update', before: { precio_venta: 500 }, after: { precio_venta: 199 } },
      { table_name: 'product_private', action: 'update', before: { costo_compra: Number(F.COSTO) }, after: { costo_compra: 80 } },
    ]);
  });

  it('a save that changes nothing records nothing', async () => {
    const { error } = await saveP1({});
    expect(error).toBeNull();
    expect(await entries()).toEqual([]);
  });

  it('a merge is one entry, however many rows it moved', async () => {
    const { error } = await editor.rpc('merge_brands', { source_brand_id: F.B_ADIDAS, target_brand_id: F.B_NIKE });
    expect(error).toBeNull();
    const list = await entries();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ request: 'POST /rpc/merge_brands', actor_role: 'editor' });
    expect(list[0]!['changes']).toBeGreaterThanOrEqual(3);
    expect(list[0]!['subject_types']).toEqual(expect.arrayContaining(['brand', 'product']));
  });

  it('an import batch is one entry with every product it created', async () => {
    const products = [1, 2, 3].map((n) => ({
      nombre: `Importado ${n}`,
      precio_original: 500,
      precio_venta: 300,
      categoria: 'Ropa',
      costo_compra: 100,
      tallas: ['S', 'M'],
      imagenes: [],
      import_key: `hist-${n}`,
    }));
    const { error } = await editor.rpc('import_products_batch', {
      p_campaign_id: F.C_ACTIVE,
      p_brand_id: F.B_NIKE,
      p_products: products as Json,
    });
    expect(error).toBeNull();
    const list = await entries();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ request: 'POST /rpc/import_products_batch' });
    const { rows } = await sql.query<{ subjects: string }>(
      `select count(distinct subject_id) as subjects from public.audit_changes where txid = $1 and table_name = 'products'`,
      [list[0]!['id']],
    );
    expect(Number(rows[0]!.subjects)).toBe(3);
  });

  it("the alert settings and a campaign's alert code are entries: the settings, and the campaign by its name", async () => {
    await sql.query(`insert into public.discount_codes (codigo, tipo, valor) values ('NOCHE10', 'porcentaje', 10)`);
    await sql.query('update public.alert_settings set piezas_por_aviso = 3');
    expect((await owner.from('alert_settings').update({ piezas_por_aviso: 5 }).eq('id', 1)).error).toBeNull();
    expect((await editor.from('campaign_alerts').insert({ campaign_id: F.C_ACTIVE, codigo_descuento: 'noche10' })).error).toBeNull();
    const { rows } = await sql.query(
      `select actor_email, subject_type, subject_id, subject_label, table_name, action, before, after
         from public.audit_changes where table_name in ('alert_settings', 'campaign_alerts') and actor_email is not null order by id`,
    );
    expect(rows).toEqual([
      {
        actor_email: 'owner@history.test',
        subject_type: 'settings',
        subject_id: '1',
        subject_label: 'Configuración',
        table_name: 'alert_settings',
        action: 'update',
        before: { piezas_por_aviso: 3 },
        after: { piezas_por_aviso: 5 },
      },
      {
        actor_email: 'editor@history.test',
        subject_type: 'campaign',
        subject_id: F.C_ACTIVE,
        subject_label: 'Temporada activa',
        table_name: 'campaign_alerts',
        action: 'insert',
        before: null,
        after: { campaign_id: F.C_ACTIVE, codigo_descuento: 'NOCHE10' },
      },
    ]);
    await sql.query('update public.alert_settings set piezas_por_aviso = 3');
  });
});

describe('who reads it, and that nobody changes it', () => {
  beforeEach(async () => {
    await saveP1({ precio_venta: 199 });
  });

  it('only owners read it', async () => {
    // (the fixture's own SQL writes are in it too, as the database's)
    expect((await owner.from('audit_entries').select('id').eq('actor_email', 'editor@history.test')).data).toHaveLength(1);
    expect((await owner.from('audit_changes').select('id').eq('actor_email', 'editor@history.test')).data).toHaveLength(1);
    expect((await editor.from('audit_changes').select('id')).data).toEqual([]);
    expect((await analyst.from('audit_entries').select('id')).data).toEqual([]);
    expect((await anonClient().from('audit_changes').select('id')).error).not.toBeNull();
  });

  it('no role can write, change or delete a record, and the owner of the table cannot change or delete one either', async () => {
    const before = (await sql.query('select count(*)::int as n from public.audit_changes')).rows[0].n;
    for (const client of [owner, editor]) {
      await client.from('audit_changes').delete().gte('id', 0);
      await client.from('audit_changes').update({ actor_email: 'otra@persona.mx' }).gte('id', 0);
      const insert = await client
        .from('audit_changes')
        .insert({ actor_role: 'owner', table_name: 'products', action: 'update', subject_type: 'product' });
      expect(insert.error).not.toBeNull();
    }
    await expect(sql.query('delete from public.audit_changes')).rejects.toThrow('El historial no se puede cambiar ni borrar');
    await expect(sql.query(`update public.audit_changes set actor_email = 'x'`)).rejects.toThrow(
      'El historial no se puede cambiar ni borrar',
    );
    const after = await sql.query('select count(*)::int as n, min(actor_email) as who from public.audit_changes');
    expect(after.rows[0]).toEqual({ n: before, who: 'editor@history.test' });
  });

  it('is kept 24 months: the pruning drops only what is older, and never keeps less', async () => {
    // a record from 25 months ago, as the pruning would find it
    await sql.query(
      `insert into public.audit_changes (at, actor_role, table_name, action, subject_type) values (now() - interval '25 months', 'database', 'products', 'update', 'product')`,
    );
    await expect(sql.query(`select private.prune_audit_changes('1 month')`)).rejects.toThrow('al menos 24 meses');
    const before = (await sql.query('select count(*)::int as n from public.audit_changes')).rows[0].n;
    const { rows } = await sql.query('select private.prune_audit_changes() as deleted');
    expect(rows[0].deleted).toBe(1);
    const after = await sql.query(
      `select count(*)::int as n, count(*) filter (where at < now() - interval '24 months')::int as old from public.audit_changes`,
    );
    expect(after.rows[0]).toEqual({ n: before - 1, old: 0 });
  });
});

describe('the team', () => {
  it('a role changed in Equipo is recorded, before and after, as the owner who did it', async () => {
    await ensureUser('nuevo@history.test', 'nuevo-password-123', 'editor');
    const token = (await owner.auth.getSession()).data.session!.access_token;
    const list = await invoke('admin-users', token, { action: 'list' });
    const member = ((await list.json()) as { members: Array<{ id: string; email: string }> }).members.find(
      (m) => m.email === 'nuevo@history.test',
    )!;
    const res = await invoke('admin-users', token, { action: 'set_role', user_id: member.id, role: 'analyst' });
    expect(res.status).toBe(200);
    const { rows } = await sql.query(
      `select actor_email, actor_role, table_name, subject_type, subject_label, before, after from public.audit_changes where subject_type = 'team'`,
    );
    expect(rows).toEqual([
      {
        actor_email: 'owner@history.test',
        actor_role: 'owner',
        table_name: 'auth.users',
        subject_type: 'team',
        subject_label: 'nuevo@history.test',
        before: { role: 'editor' },
        after: { role: 'analyst' },
      },
    ]);
  });

  it('nobody writes a team entry by hand, not even an owner: only the admin-users function records them', async () => {
    const ownerId = (await owner.auth.getUser()).data.user!.id;
    const made = { p_action: 'set_role', p_email: 'inventada@history.test', p_before: { role: 'analyst' }, p_after: { role: 'owner' } };
    for (const client of [owner, editor]) {
      const asBefore = await client.rpc('record_team_change', made);
      expect(asBefore.error).not.toBeNull();
      const asNow = await client.rpc('record_team_change', { ...made, p_actor: ownerId });
      expect(asNow.error?.message).toMatch(/permission denied/);
    }
    const { rows } = await sql.query(`select count(*)::int as n from public.audit_changes where subject_label = 'inventada@history.test'`);
    expect(rows[0].n).toBe(0);
  });
});
