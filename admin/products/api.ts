/**
 * Every call the Products screen makes, over the back office's Supabase client (signed-in admin,
 * RLS applies). Lists, counts and the Top 1000 lists come from the admin_products RPC; saves go
 * through save_product (products + product_private in one transaction).
 */
import type { Json } from '../../src/data/database.types.ts';
import { supabase } from '../providers/supabase.ts';
import { todayInMexicoCity } from '../../src/lib/dates.ts';
import {
  galleryImagePath,
  mainImagePath,
  nextImageOrder,
  PRODUCT_IMAGES_BUCKET,
  storagePathFromUrl,
  storagePathsFromUrls,
} from '../../src/lib/upload-names.ts';
import type {
  AdminProduct,
  AdminProductsPage,
  CampaignOption,
  NamedOption,
  ProductFormValues,
  ProductImage,
  ProductQuery,
  ProductSize,
} from './types.ts';

const rpc = supabase.rpc.bind(supabase);
const db = supabase;

function check<T>(res: { data: unknown; error: { message: string } | null }): T {
  if (res.error) throw new Error(res.error.message || 'Error desconocido');
  return res.data as T;
}

export async function fetchProductsPage(q: ProductQuery, offset: number, limit: number): Promise<AdminProductsPage> {
  return check<AdminProductsPage>(
    await rpc('admin_products', {
      p_search: q.search.trim() || null,
      p_campaign_id: q.campaignId,
      p_only_active: q.onlyActive,
      p_sort: q.sort,
      p_offset: offset,
      p_limit: limit,
    }),
  );
}

export async function fetchProduct(id: string): Promise<AdminProduct | null> {
  return check<AdminProduct | null>(await rpc('admin_product', { p_id: id }));
}

export async function saveProduct(id: string | null, values: ProductFormValues): Promise<AdminProduct> {
  // p_id null creates: generated argument types cannot say a SQL argument accepts null.
  const args = { p_id: id as string, p_product: values as unknown as Json };
  return check<AdminProduct>(await rpc('save_product', args));
}

export async function uniquePermalink(base: string, excludeId: string | null): Promise<string> {
  return check<string>(await rpc('unique_permalink', { p_base: base, p_exclude_id: excludeId }));
}

/** Deletes the product (one transaction) and then its storage files; a storage failure is only logged. */
export async function deleteProduct(product: Pick<AdminProduct, 'id'>): Promise<void> {
  const result = check<{ image_urls: string[] }>(await rpc('delete_product', { p_id: product.id }));
  const paths = storagePathsFromUrls(result.image_urls ?? []);
  try {
    // anything else left under the product's folder (uploads never attached to a row)
    const { data: listed } = await supabase.storage.from(PRODUCT_IMAGES_BUCKET).list(product.id);
    for (const o of listed ?? []) if (o.name) paths.push(`${product.id}/${o.name}`);
  } catch {
    /* listing is best effort */
  }
  const unique = [...new Set(paths)];
  if (unique.length > 0) {
    const { error } = await supabase.storage.from(PRODUCT_IMAGES_BUCKET).remove(unique);
    if (error) console.error('No se pudieron borrar los archivos del producto', error);
  }
}

export async function setFeatured(id: string, destacado: boolean): Promise<void> {
  check(await db.from('products').update({ destacado }).eq('id', id).select('id').single());
}

export async function updateSalePrice(id: string, precio_venta: number): Promise<void> {
  check(await db.from('products').update({ precio_venta }).eq('id', id).select('id').single());
}

// ─── Lookups for the selects ────────────────────────────────────────────────────────────────

/** Active (non-expired) campaigns with their product count, by name: the list's campaign selector. */
export async function fetchActiveCampaigns(): Promise<CampaignOption[]> {
  return check<CampaignOption[]>(
    await db
      .from('campaigns_with_products')
      .select('id, nombre, fecha_fin, product_count')
      .gte('fecha_fin', todayInMexicoCity())
      .order('nombre'),
  );
}

export async function fetchCampaign(id: string): Promise<CampaignOption | null> {
  return check<CampaignOption | null>(await db.from('campaigns').select('id, nombre, fecha_fin').eq('id', id).maybeSingle());
}

/** Every campaign (the form labels them 'Activa' / 'Vencida'), by name. */
export async function fetchAllCampaigns(): Promise<CampaignOption[]> {
  return check<CampaignOption[]>(await db.from('campaigns').select('id, nombre, fecha_fin').order('nombre'));
}

export async function fetchBrands(): Promise<NamedOption[]> {
  const rows = check<{ id: string; display_name: string }[]>(
    await db.from('brands').select('id, display_name').eq('active', true).order('display_name'),
  );
  return rows.map((b) => ({ id: b.id, nombre: b.display_name }));
}

export async function fetchCategories(): Promise<NamedOption[]> {
  return check<NamedOption[]>(await db.from('categories').select('id, nombre').order('nombre'));
}

export async function fetchSubcategories(): Promise<NamedOption[]> {
  return check<NamedOption[]>(await db.from('subcategories').select('id, nombre, category_id').order('nombre'));
}

// ─── Sizes ──────────────────────────────────────────────────────────────────────────────────

export async function fetchSizes(productId: string): Promise<ProductSize[]> {
  const rows = check<ProductSize[]>(await db.from('product_sizes').select('id, product_id, talla').eq('product_id', productId));
  return rows;
}

export async function addSize(productId: string, talla: string): Promise<ProductSize> {
  return check<ProductSize>(await db.from('product_sizes').insert({ product_id: productId, talla }).select('id, product_id, talla').single());
}

export async function deleteSize(id: string): Promise<void> {
  check(await db.from('product_sizes').delete().eq('id', id));
}

// ─── Images ─────────────────────────────────────────────────────────────────────────────────

export async function fetchImages(productId: string): Promise<ProductImage[]> {
  return check<ProductImage[]>(
    await db.from('product_images').select('id, product_id, image_url, orden').eq('product_id', productId).order('orden'),
  );
}

async function upload(path: string, file: File): Promise<string> {
  const { error } = await supabase.storage.from(PRODUCT_IMAGES_BUCKET).upload(path, file, {
    contentType: file.type,
    upsert: false,
  });
  if (error) throw new Error(error.message);
  return supabase.storage.from(PRODUCT_IMAGES_BUCKET).getPublicUrl(path).data.publicUrl;
}

/** The main image: '{time}-{random}.{ext}' at the bucket root. Returns its public URL. */
export function uploadMainImage(file: File): Promise<string> {
  return upload(mainImagePath(file), file);
}

/** Adds a gallery image row with orden = max + 1 (or 1). */
export async function addImage(productId: string, imageUrl: string): Promise<ProductImage> {
  const orders = check<{ orden: number }[]>(await db.from('product_images').select('orden').eq('product_id', productId));
  return check<ProductImage>(
    await db
      .from('product_images')
      .insert({ product_id: productId, image_url: imageUrl, orden: nextImageOrder(orders.map((o) => o.orden)) })
      .select('id, product_id, image_url, orden')
      .single(),
  );
}

/** An extra image: uploaded under the product id, then its row; a failed row removes the upload. */
export async function uploadGalleryImage(productId: string, file: File): Promise<ProductImage> {
  const path = galleryImagePath(productId, file);
  const url = await upload(path, file);
  try {
    return await addImage(productId, url);
  } catch (e) {
    await supabase.storage.from(PRODUCT_IMAGES_BUCKET).remove([path]);
    throw e;
  }
}

/** Deletes the image row, then its storage object when it is one of ours. */
export async function deleteImage(image: ProductImage): Promise<void> {
  check(await db.from('product_images').delete().eq('id', image.id));
  const path = storagePathFromUrl(image.image_url);
  if (path) {
    const { error } = await supabase.storage.from(PRODUCT_IMAGES_BUCKET).remove([path]);
    if (error) console.error('No se pudo borrar el archivo de la imagen', error);
  }
}

/** Removes a main image file that was replaced or abandoned (ours only; best effort). */
export async function removeStoredImage(url: string | null | undefined): Promise<void> {
  const path = storagePathFromUrl(url);
  if (!path) return;
  const { error } = await supabase.storage.from(PRODUCT_IMAGES_BUCKET).remove([path]);
  if (error) console.error('No se pudo borrar el archivo de la imagen', error);
}
