/**
 * Size guides and the kinds of size of categories and subcategories, read with the anon key: the product
 * pages' build reads every guide once (each page shows the one its product's size_guide_id names), and
 * /tienda's build reads which kind of size each category and subcategory uses, for the 'Mi talla' chip.
 */
import type { SizeKinds } from '../lib/my-size.ts';
import { isSizeKind, type SizeGuide, type SizeKind, toSizeGuide } from '../lib/size-guide.ts';
import type { ShopClient } from './supabase.ts';

/** Every size guide by id (the shop shows those whose rows it can read). Throws on a failed query. */
export async function getSizeGuides(db: ShopClient): Promise<Map<string, SizeGuide>> {
  const { data, error } = await db.from('size_guides').select('id, nombre, tipo_talla, filas, nota').order('id');
  if (error) throw new Error(`No se pudieron cargar las guías de tallas: ${error.message}`);
  const guides = new Map<string, SizeGuide>();
  for (const row of data) {
    const guide = toSizeGuide(row);
    if (guide) guides.set(guide.id, guide);
  }
  return guides;
}

/** One size guide by id (a product shown live names its guide), null when gone. Throws on a failed query. */
export async function getSizeGuide(db: ShopClient, id: string): Promise<SizeGuide | null> {
  const { data, error } = await db.from('size_guides').select('id, nombre, tipo_talla, filas, nota').eq('id', id).maybeSingle();
  if (error) throw new Error(`No se pudo cargar la guía de tallas: ${error.message}`);
  return data ? toSizeGuide(data) : null;
}

/** The kind of size of every visible category and subcategory that has one. Throws on a failed query. */
export async function getSizeKinds(db: ShopClient): Promise<SizeKinds> {
  const [categories, subcategories] = await Promise.all([
    db.from('categories').select('id, tipo_talla').not('tipo_talla', 'is', null).order('id'),
    db.from('subcategories').select('id, tipo_talla').not('tipo_talla', 'is', null).order('id'),
  ]);
  const error = categories.error ?? subcategories.error;
  if (error) throw new Error(`No se pudieron cargar los tipos de talla: ${error.message}`);
  const byId = (rows: { id: string; tipo_talla: string | null }[]) =>
    Object.fromEntries(rows.flatMap((r): [string, SizeKind][] => (isSizeKind(r.tipo_talla) ? [[r.id, r.tipo_talla]] : [])));
  return { categories: byId(categories.data ?? []), subcategories: byId(subcategories.data ?? []) };
}
