/**
 * ra-supabase's data provider over the generated Database types, with the back office's needs:
 * lists of campaigns, categories, subcategories and brands read their *_with_products views (product
 * counts computed in SQL), writes go to the tables with only their own columns, and the multi-row
 * operations (merges) and storage uploads are named methods over the typed client.
 */
import { supabaseDataProvider } from 'ra-supabase-core';
import type { DataProvider } from 'react-admin';
import type { Database } from '../../src/data/database.types.ts';
import { SUPABASE_ANON_KEY, SUPABASE_URL, supabase } from './supabase.ts';
import { storagePathFromUrl } from '../../src/lib/upload-names.ts';

const HERO_IMAGES_BUCKET = 'hero-images';

type PublicSchema = Database['public'];
export type TableName = keyof PublicSchema['Tables'];
export type ViewName = keyof PublicSchema['Views'];
export type Row<T extends TableName | ViewName> = T extends TableName
  ? PublicSchema['Tables'][T]['Row']
  : T extends ViewName
    ? PublicSchema['Views'][T]['Row']
    : never;

/** Resources whose reads come from a view with product counts. */
export const READ_VIEWS: Partial<Record<TableName, ViewName>> = {
  campaigns: 'campaigns_with_products',
  categories: 'categories_with_products',
  subcategories: 'subcategories_with_products',
  brands: 'brands_with_products',
};

/** The columns a form may write, per table (view-only fields such as product_count never reach PostgREST). */
export const WRITABLE_COLUMNS: Partial<{ [T in TableName]: readonly (keyof PublicSchema['Tables'][T]['Insert'])[] }> = {
  campaigns: ['nombre', 'fecha_inicio', 'fecha_fin', 'image_url'],
  categories: ['nombre', 'descripcion', 'activa', 'orden', 'show_in_header'],
  subcategories: ['category_id', 'nombre', 'descripcion', 'activa', 'orden'],
  brands: ['name', 'display_name', 'active'],
  featured_categories: ['nombre', 'image_url', 'category_id', 'orden', 'active'],
  banner_images: ['name', 'image_url', 'alt_text', 'link_url', 'orden', 'active'],
  hero_images: ['title', 'subtitle', 'button_text', 'button_link', 'image_url', 'orden', 'active'],
};

export function pickWritable(resource: string, data: Record<string, unknown>): Record<string, unknown> {
  const columns = WRITABLE_COLUMNS[resource as TableName] as readonly string[] | undefined;
  if (!columns) return data;
  return Object.fromEntries(Object.entries(data).filter(([key]) => columns.includes(key)));
}

const readFrom = (resource: string): string => READ_VIEWS[resource as TableName] ?? resource;

const base = supabaseDataProvider({
  instanceUrl: SUPABASE_URL,
  apiKey: SUPABASE_ANON_KEY,
  supabaseClient: supabase,
});

/** Turns a PostgREST / Storage error into an Error carrying the server's message. */
function fail(error: { message?: string } | null | undefined): never {
  throw new Error(error?.message || 'Error desconocido');
}

export interface MergeResult {
  products_moved: number;
  subcategories_moved?: number;
  target_total: number;
}

async function headCount(table: 'products' | 'subcategories', column: string, value: string): Promise<number> {
  const { count, error } = await supabase.from(table).select('id', { count: 'exact', head: true }).eq(column, value);
  if (error) fail(error);
  return count ?? 0;
}

/** A file name no two uploads share: time plus random. */
export function generatedFileName(file: File): string {
  const ext = (file.name.split('.').pop() ?? 'jpg').toLowerCase().replace(/[^a-z0-9]/g, '') || 'jpg';
  return `${Date.now()}-${Math.random().toString(36).slice(2, 10)}.${ext}`;
}

export const customMethods = {
  async mergeBrands(sourceId: string, targetId: string): Promise<MergeResult> {
    const { data, error } = await supabase.rpc('merge_brands', { source_brand_id: sourceId, target_brand_id: targetId });
    if (error) fail(error);
    return data as unknown as MergeResult;
  },
  async mergeCategories(sourceId: string, targetId: string): Promise<MergeResult> {
    const { data, error } = await supabase.rpc('merge_categories', {
      source_category_id: sourceId,
      target_category_id: targetId,
    });
    if (error) fail(error);
    return data as unknown as MergeResult;
  },
  async mergeSubcategories(sourceId: string, targetId: string): Promise<MergeResult> {
    const { data, error } = await supabase.rpc('merge_subcategories', {
      source_subcategory_id: sourceId,
      target_subcategory_id: targetId,
    });
    if (error) fail(error);
    return data as unknown as MergeResult;
  },
  /** What blocks deleting a category (spec 5): its subcategories and its products. */
  async categoryDependents(categoryId: string): Promise<{ subcategories: number; products: number }> {
    const [subcategories, products] = await Promise.all([
      headCount('subcategories', 'category_id', categoryId),
      headCount('products', 'category_id', categoryId),
    ]);
    return { subcategories, products };
  },
  async subcategoryProducts(subcategoryId: string): Promise<number> {
    return headCount('products', 'subcategory_id', subcategoryId);
  },
  /** Uploads a hero image under a generated name to the 'hero-images' bucket; returns its public URL. */
  async uploadHeroImage(file: File): Promise<string> {
    const path = generatedFileName(file);
    const { error } = await supabase.storage.from(HERO_IMAGES_BUCKET).upload(path, file, {
      contentType: file.type,
      upsert: false,
    });
    if (error) fail(error);
    return supabase.storage.from(HERO_IMAGES_BUCKET).getPublicUrl(path).data.publicUrl;
  },
};

export type AdminDataProvider = DataProvider & typeof customMethods;

export const dataProvider: AdminDataProvider = {
  ...base,
  getList: (resource, params) => base.getList(readFrom(resource), params),
  getOne: (resource, params) => base.getOne(readFrom(resource), params),
  getMany: (resource, params) => base.getMany(readFrom(resource), params),
  getManyReference: (resource, params) => base.getManyReference(readFrom(resource), params),
  create: (resource, params) => base.create(resource, { ...params, data: pickWritable(resource, params.data) }),
  update: (resource, params) => base.update(resource, { ...params, data: pickWritable(resource, params.data) }),
  updateMany: (resource, params) => base.updateMany(resource, { ...params, data: pickWritable(resource, params.data) }),
  /** Deleting a hero image also removes its uploaded file (a URL pointing elsewhere is left alone). */
  delete: async (resource, params) => {
    const result = await base.delete(resource, params);
    if (resource === 'hero_images') {
      const path = storagePathFromUrl(params.previousData?.['image_url'] as string | undefined, HERO_IMAGES_BUCKET);
      if (path) {
        const { error } = await supabase.storage.from(HERO_IMAGES_BUCKET).remove([path]);
        if (error) console.error('No se pudo borrar el archivo de la imagen', error);
      }
    }
    return result;
  },
  ...customMethods,
};
