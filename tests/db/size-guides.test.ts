/**
 * Size guides in the database (supabase/schemas/03_size_guides.sql): everyone reads them, owners and
 * editors write them and analysts cannot; which guide a product shows (public.size_guide_id: its
 * brand's guide for its kind, else its subcategory's, else its category's); every write checked with
 * a message the back office shows as it is, by the same rules as src/lib/size-guide.ts (their cases
 * run through both here); a change asks for a rebuild, is recorded in the history, and renders again
 * exactly the product pages that show the guide.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type BuildStats, buildShop } from '../../scripts/lib/build.ts';
import { changedFiles, digest } from '../../scripts/lib/site-files.ts';
import { ROOT } from '../../scripts/stack/index.ts';
import { MEASURES, measureError, SIZE_GUIDE_MEASURES, SIZE_KINDS } from '../../src/lib/size-guide.ts';
import * as F from './fixture.ts';
import { anonClient, signedIn, sql, stack } from './helpers.ts';

let editor: SupabaseClient;
let analyst: SupabaseClient;
let owner: SupabaseClient;

beforeAll(async () => {
  editor = await signedIn('editor@test.local', 'editor-password-123', 'editor');
  analyst = await signedIn('analyst@test.local', 'analyst-password-123', 'analyst');
  owner = await signedIn('owner@test.local', 'owner-password-123', 'owner');
});

const ROPA_ROWS = [
  { mx: 'CH', us: 'S', eu: '36', pecho: '84-88', cintura: '66-70', cadera: '90-94' },
  { mx: 'M', us: 'M', eu: '38', pecho: '88-92', cintura: '70-74', cadera: '94-98' },
];

async function guideCount(): Promise<number> {
  return (await sql.query<{ n: number }>('select count(*)::int as n from public.size_guides')).rows[0]!.n;
}

describe('who reads and writes guides', () => {
  beforeEach(F.loadFixture);

  it('a shopper reads every guide, with its rows', async () => {
    const { data, error } = await anonClient().from('size_guides').select('nombre, tipo_talla, filas');
    expect(error).toBeNull();
    expect(data).toEqual([
      {
        nombre: 'Calzado',
        tipo_talla: 'calzado',
        filas: [
          { mx: '27', us: '9', eu: '42.5', pie: '27' },
          { mx: '28', us: '10', eu: '44', pie: '28' },
        ],
      },
    ]);
  });

  it('a shopper cannot write one', async () => {
    const { error } = await anonClient()
      .from('size_guides')
      .insert({ nombre: 'X', tipo_talla: 'ropa', category_id: F.CAT_ROPA, filas: ROPA_ROWS });
    expect(error).not.toBeNull();
    await anonClient().from('size_guides').update({ nombre: 'Cambiada' }).eq('id', F.GUIDE_CALZADO);
    await anonClient().from('size_guides').delete().eq('id', F.GUIDE_CALZADO);
    expect((await sql.query('select nombre from public.size_guides')).rows).toEqual([{ nombre: 'Calzado' }]);
  });

  it('an editor creates, changes and deletes guides', async () => {
    const created = await editor
      .from('size_guides')
      .insert({ nombre: 'Ropa', tipo_talla: 'ropa', category_id: F.CAT_ROPA, filas: ROPA_ROWS })
      .select('id')
      .single();
    expect(created.error).toBeNull();
    const changed = await editor
      .from('size_guides')
      .update({ nota: 'Si estás entre dos tallas, elige la mayor.' })
      .eq('id', F.GUIDE_CALZADO)
      .select('nota');
    expect(changed.data).toEqual([{ nota: 'Si estás entre dos tallas, elige la mayor.' }]);
    expect((await editor.from('size_guides').delete().eq('id', created.data!.id)).error).toBeNull();
    expect(await guideCount()).toBe(1);
  });

  it('an owner writes them too', async () => {
    const { error } = await owner
      .from('size_guides')
      .insert({ nombre: 'Ropa', tipo_talla: 'ropa', category_id: F.CAT_ROPA, filas: ROPA_ROWS });
    expect(error).toBeNull();
    expect(await guideCount()).toBe(2);
  });

  it('an analyst reads them but cannot write', async () => {
    expect((await analyst.from('size_guides').select('id')).data).toHaveLength(1);
    const { error } = await analyst
      .from('size_guides')
      .insert({ nombre: 'Ropa', tipo_talla: 'ropa', category_id: F.CAT_ROPA, filas: ROPA_ROWS });
    expect(error).not.toBeNull();
    await analyst.from('size_guides').update({ nombre: 'Cambiada' }).eq('id', F.GUIDE_CALZADO);
    await analyst.from('size_guides').delete().eq('id', F.GUIDE_CALZADO);
    expect((await sql.query('select nombre from public.size_guides')).rows).toEqual([{ nombre: 'Calzado' }]);
  });
});

describe('which guide a product shows', () => {
  // P1 Nike Ropa/Playeras, P2 Adidas Ropa/Pantalones, P3 Nike Calzado/Tenis, P4 no brand Ropa
  beforeAll(async () => {
    await F.loadFixture();
    await sql.query(`update public.categories set tipo_talla = 'ropa' where id = $1`, [F.CAT_ROPA]);
    await sql.query(`update public.categories set tipo_talla = 'calzado' where id = $1`, [F.CAT_CALZADO]);
    await sql.query(`update public.subcategories set tipo_talla = 'pantalon' where id = $1`, [F.SUB_PANTALONES]);
  });

  async function shown(): Promise<Record<string, string | null>> {
    const { data, error } = await anonClient().from('products').select('nombre, size_guide_id').order('nombre');
    expect(error).toBeNull();
    const names = new Map(
      (await sql.query<{ id: string; nombre: string }>('select id, nombre from public.size_guides')).rows.map((g) => [g.id, g.nombre]),
    );
    return Object.fromEntries(
      (data as unknown as { nombre: string; size_guide_id: string | null }[]).map((p) => [
        p.nombre,
        p.size_guide_id ? (names.get(p.size_guide_id) ?? '?') : null,
      ]),
    );
  }

  async function add(
    nombre: string,
    tipo: string,
    owner: { category_id?: string; subcategory_id?: string; brand_id?: string },
    rows: object[],
  ) {
    await sql.query(
      `insert into public.size_guides (nombre, tipo_talla, category_id, subcategory_id, brand_id, filas) values ($1, $2, $3, $4, $5, $6)`,
      [nombre, tipo, owner.category_id ?? null, owner.subcategory_id ?? null, owner.brand_id ?? null, JSON.stringify(rows)],
    );
  }

  it("a category's guide for its products; none where nothing applies", async () => {
    expect(await shown()).toEqual({
      'Chamarra piel': null,
      'Pantalón cargo': null,
      'Playera básica': null,
      'Tenis runner': 'Calzado',
    });
  });

  it("a subcategory's guide wins over its category's", async () => {
    await add('Ropa', 'ropa', { category_id: F.CAT_ROPA }, ROPA_ROWS);
    await add('Pantalones', 'pantalon', { subcategory_id: F.SUB_PANTALONES }, [{ mx: '32', us: '32', eu: '48', cintura: '81' }]);
    expect(await shown()).toEqual({
      'Chamarra piel': 'Ropa',
      'Pantalón cargo': 'Pantalones',
      'Playera básica': 'Ropa',
      'Tenis runner': 'Calzado',
    });
  });

  it("a brand's guide wins for products of its kind only", async () => {
    await add('Nike calzado', 'calzado', { brand_id: F.B_NIKE }, [{ mx: '27', us: '9', eu: '42.5', pie: '27' }]);
    await add('Adidas ropa', 'ropa', { brand_id: F.B_ADIDAS }, ROPA_ROWS);
    expect(await shown()).toEqual({
      'Chamarra piel': 'Ropa',
      // Adidas' ropa guide is not for its pantalón
      'Pantalón cargo': 'Pantalones',
      // Nike's calzado guide is not for its playera
      'Playera básica': 'Ropa',
      'Tenis runner': 'Nike calzado',
    });
    await add('Adidas pantalón', 'pantalon', { brand_id: F.B_ADIDAS }, [{ mx: '32', cintura: '81' }]);
    expect((await shown())['Pantalón cargo']).toBe('Adidas pantalón');
  });

  it("a subcategory's kind overrides its category's, and a product without a kind gets no brand guide", async () => {
    // Pantalones said pantalon: Adidas' pantalón guide; as ropa: Adidas' ropa guide
    await sql.query(`update public.subcategories set tipo_talla = 'ropa' where id = $1`, [F.SUB_PANTALONES]);
    expect((await shown())['Pantalón cargo']).toBe('Adidas ropa');
    // neither the subcategory nor its category with a kind: the subcategory's own guide
    await sql.query(`update public.categories set tipo_talla = null where id = $1`, [F.CAT_ROPA]);
    await sql.query(`update public.subcategories set tipo_talla = null where id = $1`, [F.SUB_PANTALONES]);
    expect((await shown())['Pantalón cargo']).toBe('Pantalones');
    await sql.query(`delete from public.size_guides where nombre = 'Pantalones'`);
    expect((await shown())['Pantalón cargo']).toBe('Ropa');
  });
});

describe('every guide is checked, with a message a person understands', () => {
  beforeEach(F.loadFixture);

  async function refusal(guide: Record<string, unknown>): Promise<string | null> {
    const { error } = await editor
      .from('size_guides')
      .insert({ nombre: 'Ropa', tipo_talla: 'ropa', category_id: F.CAT_ROPA, filas: ROPA_ROWS, ...guide });
    return error?.message ?? null;
  }

  it('refuses a guide without a name, kind, rows or a single owner', async () => {
    expect(await refusal({ nombre: '   ' })).toBe('Escribe el nombre de la guía');
    expect(await refusal({ nombre: 'x'.repeat(81) })).toBe('El nombre de la guía tiene más de 80 caracteres');
    expect(await refusal({ tipo_talla: 'bolsas' })).not.toBeNull();
    expect(await refusal({ filas: [] })).toBe('Agrega al menos una fila de tallas');
    expect(await refusal({ filas: Array.from({ length: 41 }, (_, i) => ({ mx: String(i) })) })).toBe('La guía tiene más de 40 filas');
    expect(await refusal({ brand_id: F.B_NIKE })).toBe('La guía es de una categoría, de una subcategoría o de una marca: elige solo una');
    expect(await refusal({ category_id: null })).toBe('La guía es de una categoría, de una subcategoría o de una marca: elige solo una');
    expect(await refusal({ nota: 'n'.repeat(501) })).toBe('La nota tiene más de 500 caracteres');
    expect(await guideCount()).toBe(1);
  });

  it('refuses rows without an MX size, a repeated one, a long size or a column of another kind', async () => {
    expect(await refusal({ filas: [{ mx: 'M' }, { us: 'L', pecho: '96' }] })).toBe('Fila 2: falta la talla MX');
    expect(await refusal({ filas: [{ mx: 'M' }, { mx: ' m ' }] })).toBe('Fila 2: la talla MX «m» ya está en otra fila');
    expect(await refusal({ filas: [{ mx: 'M', eu: '1234567890123' }] })).toBe('Fila 1: la talla EU tiene más de 12 caracteres');
    expect(await refusal({ filas: [{ mx: 'M', pie: '26' }] })).toBe('Fila 1: «pie» no es una columna de una guía de ropa');
    expect(await refusal({ tipo_talla: 'pantalon', filas: [{ mx: '32', pecho: '90' }] })).toBe(
      'Fila 1: «pecho» no es una columna de una guía de pantalón',
    );
    expect(await refusal({ filas: ['M'] })).toBe('Fila 1: no es una fila de tallas');
  });

  it('each kind takes exactly the measurements src/lib/size-guide.ts gives it', async () => {
    for (const kind of SIZE_KINDS) {
      for (const measure of MEASURES) {
        const message = await refusal({ tipo_talla: kind, filas: [{ mx: 'M', [measure]: '90' }] });
        expect(message === null, `${kind} × ${measure}: ${message}`).toBe(SIZE_GUIDE_MEASURES[kind].includes(measure));
        if (message === null) await sql.query(`delete from public.size_guides where category_id = $1`, [F.CAT_ROPA]);
      }
    }
  });

  it('judges measurements as src/lib/size-guide.ts does, with the same words', async () => {
    for (const value of ['88', '24.5', '88-92', ' 88 – 92 ', '24,5', 'M', '88 cm', '24.55', '0', '300', '92-88', '88-88', '1-250']) {
      const message = await refusal({ filas: [{ mx: 'M', pecho: value }] });
      const expected = measureError(value);
      expect(message, value).toBe(expected === null ? null : `Fila 1: ${expected}`);
      if (message === null) await sql.query(`delete from public.size_guides where category_id = $1`, [F.CAT_ROPA]);
    }
  });

  it('stores a guide tidied: trimmed texts, blank cells dropped, loose measurements written plainly', async () => {
    const { data } = await editor
      .from('size_guides')
      .insert({
        nombre: '  Ropa de mujer ',
        tipo_talla: 'ropa',
        category_id: F.CAT_ROPA,
        filas: [{ mx: ' CH ', us: 'S', eu: '', pecho: '84 – 88', cintura: '  ', cadera: '90,5' }],
        nota: '   ',
      })
      .select('nombre, filas, nota')
      .single();
    expect(data).toEqual({ nombre: 'Ropa de mujer', filas: [{ mx: 'CH', us: 'S', pecho: '84-88', cadera: '90.5' }], nota: null });
  });

  it('one guide per category, per subcategory, and per brand and kind', async () => {
    expect(await refusal({ category_id: F.CAT_CALZADO, tipo_talla: 'calzado', filas: [{ mx: '26' }] })).toBe(
      'Esa categoría ya tiene una guía de tallas',
    );
    expect(await refusal({ category_id: null, subcategory_id: F.SUB_TENIS, tipo_talla: 'calzado', filas: [{ mx: '26' }] })).toBeNull();
    expect(await refusal({ category_id: null, subcategory_id: F.SUB_TENIS, tipo_talla: 'calzado', filas: [{ mx: '26' }] })).toBe(
      'Esa subcategoría ya tiene una guía de tallas',
    );
    expect(await refusal({ category_id: null, brand_id: F.B_NIKE, tipo_talla: 'calzado', filas: [{ mx: '26' }] })).toBeNull();
    expect(await refusal({ category_id: null, brand_id: F.B_NIKE, tipo_talla: 'calzado', filas: [{ mx: '27' }] })).toBe(
      'Esa marca ya tiene una guía de tallas de calzado',
    );
    // the same brand for another kind is another guide
    expect(await refusal({ category_id: null, brand_id: F.B_NIKE, tipo_talla: 'ropa' })).toBeNull();
  });
});

describe('a guide change reaches the shop and the history', () => {
  beforeEach(F.loadFixture);

  it("an editor's change asks for a rebuild", async () => {
    await sql.query('truncate public.publications, public.rebuild_requests restart identity');
    await editor.from('size_guides').update({ nota: 'Horma amplia' }).eq('id', F.GUIDE_CALZADO);
    const { rows } = await sql.query<{ reason: string }>(`select reason from public.rebuild_requests where status = 'pending'`);
    expect(rows).toEqual([{ reason: 'size_guides update' }]);
  });

  it('is recorded with who made it and what changed', async () => {
    await editor.from('size_guides').update({ nombre: 'Calzado unisex' }).eq('id', F.GUIDE_CALZADO);
    const { rows } = await sql.query(
      `select actor_email, subject_type, subject_label, before, after from public.audit_changes where table_name = 'size_guides' and action = 'update'`,
    );
    expect(rows).toEqual([
      {
        actor_email: 'editor@test.local',
        subject_type: 'size_guide',
        subject_label: 'Calzado unisex',
        before: { nombre: 'Calzado' },
        after: { nombre: 'Calzado unisex' },
      },
    ]);
  });

  it('deleting its category deletes the guide', async () => {
    await sql.query(`delete from public.products where category_id = $1`, [F.CAT_CALZADO]);
    await sql.query(`delete from public.subcategories where category_id = $1`, [F.CAT_CALZADO]);
    await sql.query(`delete from public.categories where id = $1`, [F.CAT_CALZADO]);
    expect(await guideCount()).toBe(0);
  });
});

describe('a guide edit is published in /guias-de-tallas.json; a product page is rendered again only when its guide changes', () => {
  const SITE = 'http://127.0.0.1:4321';
  // P3 (Nike, Calzado/Tenis, sizes 27 and 28) shows the fixture's 'Calzado' guide
  const P3_PAGE = 'producto/nike-tenis-runner/index.html';
  const P1_PAGE = 'producto/nike-playera-basica/index.html';
  let work: string;
  let count = 0;

  beforeAll(async () => {
    await F.loadFixture();
    work = await mkdtemp(join(tmpdir(), 'sizes-guide-build-'));
  });
  afterAll(async () => {
    await rm(work, { recursive: true, force: true });
  });

  async function build(incremental: boolean): Promise<{ dir: string; stats: BuildStats; files: Map<string, string> }> {
    const dir = join(work, `site-${count++}`);
    const stats = await buildShop({
      supabaseUrl: stack.url,
      anonKey: stack.anonKey,
      siteUrl: SITE,
      root: ROOT,
      outDir: dir,
      quiet: true,
      ...(incremental ? { cacheDir: join(work, 'cache'), shards: 2 } : { shards: 1 }),
    });
    return { dir, stats, files: (await digest(dir)).files };
  }

  /** The incremental build after a change: the same files as a full build of the same data. */
  async function incrementalEqualsFull() {
    const incremental = await build(true);
    const full = await build(false);
    expect(changedFiles(incremental.files, full.files)).toEqual([]);
    return incremental;
  }

  const page = (dir: string, path: string) => readFile(join(dir, path), 'utf8');
  /** The guides the build published, by id (what a product page's 'Guía de tallas' loads). */
  const guides = async (dir: string): Promise<Record<string, { nombre: string; nota: string | null }>> =>
    JSON.parse(await page(dir, 'guias-de-tallas.json'));

  it("a guide's page carries its link and the guide's id; the table is in /guias-de-tallas.json, where an edit goes without rendering a product page", async () => {
    const first = await build(true);
    expect(first.stats.reused).toBe(0);
    expect(await page(first.dir, P3_PAGE)).toContain('Guía de tallas');
    expect(await page(first.dir, P3_PAGE)).toContain(F.GUIDE_CALZADO);
    expect(await page(first.dir, P1_PAGE)).not.toContain('Guía de tallas');
    expect((await guides(first.dir))[F.GUIDE_CALZADO]?.nombre).toBe('Calzado');

    await sql.query(`update public.size_guides set nota = 'Horma amplia: pide medio número menos' where id = $1`, [F.GUIDE_CALZADO]);
    const edited = await incrementalEqualsFull();
    // every product page is copied: none prints the note
    expect(edited.stats.reused).toBe(4);
    expect(await page(edited.dir, P3_PAGE)).not.toContain('Horma amplia');
    expect((await guides(edited.dir))[F.GUIDE_CALZADO]?.nota).toBe('Horma amplia: pide medio número menos');
  }, 180_000);

  it("a new brand guide and a category's kind render the pages whose guide they change", async () => {
    await sql.query(`update public.categories set tipo_talla = 'ropa' where id = $1`, [F.CAT_ROPA]);
    const { rows } = await sql.query<{ id: string }>(
      `insert into public.size_guides (nombre, tipo_talla, brand_id, filas) values ('Nike ropa', 'ropa', $1, '[{"mx": "M", "us": "M", "pecho": "96-101"}]') returning id`,
      [F.B_NIKE],
    );
    const site = await incrementalEqualsFull();
    // only P1 (Nike, Ropa) now shows a guide of its own
    expect(site.stats.reused).toBe(3);
    expect(await page(site.dir, P1_PAGE)).toContain(rows[0]!.id);
    expect((await guides(site.dir))[rows[0]!.id]?.nombre).toBe('Nike ropa');
  }, 180_000);
});
