/**
 * The back office's one data path: ra-supabase's data provider over the generated Database types,
 * with the back office's needs:
 * - lists of campaigns, categories, subcategories and brands read their *_with_products views
 *   (product counts computed in SQL); writes go to the tables with only their own columns;
 * - products read and write through the admin product functions (paging, search, sort and counts
 *   stay in SQL; a save writes products and product_private in one transaction);
 * - featured_products is the list of featured products of active campaigns;
 * - storage files go with their rows (lifecycle callbacks), uploads and merges are named methods.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { supabaseDataProvider } from 'ra-supabase';
import {
  withLifecycleCallbacks,
  type UpdateParams,
  type UpdateResult,
  type CreateParams,
  type DataProvider,
  type GetListParams,
  type GetListResult,
  type RaRecord,
} from 'react-admin';
import type { Database } from '@/data/database.types.ts';
import { variantPaths } from '@/lib/image-variants.ts';
import {
  galleryImagePath,
  mainImagePath,
  nextImageOrder,
  PRODUCT_IMAGES_BUCKET,
  storagePathFromUrl,
  storagePathsFromUrls,
} from '../common/upload-names.ts';
import { adminProductsArgs, hasNextProductsPage, type ProductListParams } from './productList.ts';
import { type AdminProduct, PRODUCT_FORM_FIELDS } from './productTypes.ts';
import { publicationScheduler } from './requestPublication.ts';
import { invokeFunction } from './functions.ts';
import type { ImportProduct } from '../../supabase/functions/_shared/import-product.ts';
import { uploadImageVariants } from './imageVariants.ts';
import { ConflictError } from '../common/errors.ts';
import { callReport, callRpc, type MergeResult, type ReportName, type RpcArgs, type RpcResults, type UnlinkedBrandValue } from './rpc.ts';
import { SUPABASE_ANON_KEY, SUPABASE_URL, supabase } from './supabase.ts';
import { onlinePaymentsEnabled, type RefundRequest, type RefundResult, refundPayment } from './payments.ts';
import { setCampaignAlertCode } from './alerts.ts';

export type { MergeResult, UnlinkedBrandValue } from './rpc.ts';

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
  campaigns: ['nombre', 'fecha_inicio', 'fecha_fin', 'image_url', 'anuncio_desde', 'hora_inicio', 'teaser_url'],
  categories: ['nombre', 'descripcion', 'activa', 'orden', 'show_in_header', 'tipo_talla'],
  subcategories: ['category_id', 'nombre', 'descripcion', 'activa', 'orden', 'tipo_talla'],
  size_guides: ['nombre', 'tipo_talla', 'category_id', 'subcategory_id', 'brand_id', 'filas', 'nota'],
  brands: ['name', 'display_name', 'active'],
  featured_categories: ['nombre', 'image_url', 'category_id', 'orden', 'active'],
  banner_images: ['name', 'image_url', 'alt_text', 'link_url', 'orden', 'active'],
  hero_images: ['title', 'subtitle', 'button_text', 'button_link', 'image_url', 'orden', 'active'],
  product_sizes: ['product_id', 'talla', 'existencias'],
  product_images: ['product_id', 'image_url', 'orden'],
  contact_messages: ['read_at', 'archived_at'],
  orders: ['status', 'notes', 'tracking_number', 'tracking_url'],
  alert_settings: ['piezas_por_aviso', 'hora_aviso_fin', 'dias_max'],
  // codigo only when creating: the form leaves it out of an edit (it never changes)
  discount_codes: [
    'codigo',
    'descripcion',
    'tipo',
    'valor',
    'alcance',
    'campaign_id',
    'category_id',
    'brand_id',
    'compra_minima',
    'fecha_inicio',
    'fecha_fin',
    'usos_maximos',
    'usos_por_conexion',
    'activo',
  ],
};

/**
 * A product write that touches only these columns patches them; any other write is a full save.
 * existencias: a product without sizes is its own stock, set from the 'Tallas' tab.
 */
const PRODUCT_PATCH_COLUMNS = ['destacado', 'precio_venta', 'existencias'] as const;

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

/** Turns a PostgREST / Storage error into an Error carrying the server's message and code. */
function fail(error: { message?: string; code?: string } | null | undefined): never {
  throw Object.assign(new Error(error?.message || 'Error desconocido'), error?.code ? { code: error.code } : {});
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

async function uploadTo(bucket: string, path: string, file: File): Promise<string> {
  const { error } = await supabase.storage.from(bucket).upload(path, file, { contentType: file.type, upsert: false });
  if (error) fail(error);
  // without image transformations the shop shows prepared sizes: made now, beside the original
  if (import.meta.env.PUBLIC_IMAGE_TRANSFORMS === 'off') await uploadImageVariants(bucket, path, file);
  return supabase.storage.from(bucket).getPublicUrl(path).data.publicUrl;
}

/** Removes stored files with their prepared sizes; a failure is only logged (the rows they belonged to are already gone). */
async function removeFiles(bucket: string, paths: readonly string[]): Promise<void> {
  const unique = [...new Set(paths.flatMap((path) => [path, ...variantPaths(bucket, path)]))];
  if (unique.length === 0) return;
  const { error } = await supabase.storage.from(bucket).remove(unique);
  if (error) console.error('No se pudieron borrar los archivos', error);
}

/** Removes a product image file that is one of ours (a URL pointing elsewhere is left alone). */
async function removeProductImageFile(url: string | null | undefined): Promise<void> {
  const path = storagePathFromUrl(url);
  if (path) await removeFiles(PRODUCT_IMAGES_BUCKET, [path]);
}

// ─── Products ───────────────────────────────────────────────────────────────────────────────

/** A page of admin_products: filter, sort and paging as react-admin asks; counts and the permalink match in `meta`. */
async function getProducts(params: GetListParams): Promise<GetListResult<AdminProduct>> {
  const args = adminProductsArgs(params as ProductListParams);
  const result = await callRpc('admin_products', args);
  return {
    data: result.rows,
    total: result.total,
    pageInfo: {
      hasNextPage: hasNextProductsPage(args.p_offset, result.rows.length, args.p_limit, result.total),
      hasPreviousPage: args.p_offset > 0,
    },
    meta: { totalAll: result.total_all, permalinkMatch: result.permalink_match },
  };
}

async function getProduct(id: string): Promise<AdminProduct> {
  const product = await callRpc('admin_product', { p_id: id });
  if (!product) throw new Error('Producto no encontrado');
  return product;
}

/**
 * The fields a product save writes: the form's, the brand's name it carries and the featured star. An
 * edit sends them as it loaded them, so a save never overwrites someone else's.
 */
const SAVED_FIELDS = [...PRODUCT_FORM_FIELDS, 'marca', 'destacado'] as const;

/**
 * A full save through save_product (products and product_private in one transaction); null id
 * creates. An edit carries the fields as loaded ('expected'): the database refuses it (a
 * ConflictError) if someone else has saved any of them since.
 */
function saveProduct(id: string | null, data: Record<string, unknown>, loaded?: RaRecord): Promise<AdminProduct> {
  const expected = loaded ? Object.fromEntries(SAVED_FIELDS.filter((f) => f in loaded).map((f) => [f, loaded[f] ?? null])) : undefined;
  const product = expected ? { ...data, expected } : data;
  return callRpc('save_product', { p_id: id, p_product: product as Database['public']['Functions']['save_product']['Args']['p_product'] });
}

/**
 * An edit of a row with updated_at, written only if nobody has saved it since it was loaded
 * (updated_at unchanged, checked by the database in the same statement); otherwise a ConflictError
 * and nothing written. Rows without updated_at, or loaded without it, are written as they are.
 */
async function updateUnlessChanged(resource: string, params: UpdateParams): Promise<UpdateResult> {
  const loadedAt = params.previousData?.['updated_at'];
  const data = pickWritable(resource, params.data);
  if (typeof loadedAt !== 'string') return base.update(resource, { ...params, data });
  const { data: rows, error } = await (supabase as unknown as SupabaseClient)
    .from(resource)
    .update(data)
    .eq('id', params.id)
    .eq('updated_at', loadedAt)
    .select();
  if (error) fail(error);
  if (!rows || rows.length === 0) throw new ConflictError();
  return { data: rows[0] as RaRecord };
}

async function updateProduct(id: string, data: Record<string, unknown>, loaded?: RaRecord): Promise<AdminProduct> {
  const keys = Object.keys(data).filter((key) => key !== 'id');
  if (keys.every((key) => (PRODUCT_PATCH_COLUMNS as readonly string[]).includes(key))) {
    const patch = Object.fromEntries(keys.map((key) => [key, data[key]])) as PublicSchema['Tables']['products']['Update'];
    const { error } = await supabase.from('products').update(patch).eq('id', id).select('id').single();
    if (error) fail(error);
    return getProduct(id);
  }
  return saveProduct(id, data, loaded);
}

/**
 * Featured products of live campaigns (destacado, campaign in live_campaigns: the database's rule),
 * with the total, in the home carousel's order (src/data/home.ts reads them the same way): the
 * admin's places first, then the unplaced ones newest first.
 */
async function getFeaturedProducts(params: GetListParams) {
  const perPage = params.pagination?.perPage ?? 500;
  const live = await supabase.from('live_campaigns').select('id');
  if (live.error) fail(live.error);
  const { data, error, count } = await supabase
    .from('products')
    .select('id, nombre, marca, precio_original, precio_venta, imagen_principal, permalink, campaigns!inner(nombre, fecha_fin)', {
      count: 'exact',
    })
    .eq('destacado', true)
    .in(
      'campaign_id',
      (live.data ?? []).flatMap((c) => (c.id ? [c.id] : [])),
    )
    .order('orden_destacado', { ascending: true, nullsFirst: false })
    .order('created_at', { ascending: false })
    .limit(perPage);
  if (error) fail(error);
  return { data: data ?? [], total: count ?? data?.length ?? 0 };
}

export type FeaturedProduct = Awaited<ReturnType<typeof getFeaturedProducts>>['data'][number];

// ─── Named methods ──────────────────────────────────────────────────────────────────────────

/** Asks for a publication; `force` ('Publicar ahora') publishes even with no change pending. */
async function requestPublication(force = false): Promise<void> {
  await invokeFunction('request-rebuild', { force, trigger: force ? 'manual' : 'admin' });
}

/** After a catalogue write: one publication request for a burst of writes (see publicationScheduler). */
const publishSoon = publicationScheduler(() => requestPublication(false));

/** A write that changes what the shop shows asks for a publication once it has succeeded. */
async function published<T>(write: Promise<T>): Promise<T> {
  const result = await write;
  publishSoon();
  return result;
}

export const customMethods = {
  mergeBrands(sourceId: string, targetId: string): Promise<MergeResult> {
    return published(callRpc('merge_brands', { source_brand_id: sourceId, target_brand_id: targetId }));
  },
  mergeCategories(sourceId: string, targetId: string): Promise<MergeResult> {
    return published(callRpc('merge_categories', { source_category_id: sourceId, target_category_id: targetId }));
  },
  /** Places the featured products in the home carousel in this order (ids first to last). */
  reorderFeaturedProducts(ids: string[]): Promise<number> {
    return published(callRpc('reorder_featured_products', { p_ids: ids }));
  },
  /** The free-text brands of products with no catalogue brand, most products first. */
  unlinkedBrandValues(): Promise<UnlinkedBrandValue[]> {
    return callRpc('unlinked_brand_values', {});
  },
  /** Links the products whose free-text brand is `value` to a catalogue brand (recorded in the migration report). */
  linkBrandValue(value: string, brandId: string): Promise<MergeResult> {
    return published(callRpc('link_brand_value', { p_value: value, p_brand_id: brandId }));
  },
  mergeSubcategories(sourceId: string, targetId: string): Promise<MergeResult> {
    return published(callRpc('merge_subcategories', { source_subcategory_id: sourceId, target_subcategory_id: targetId }));
  },
  /**
   * One action on many products in one transaction (bulk_update_products, through the
   * bulk-update-products function, which then leaves the shop's tables ready for the shoppers'
   * filters): the chosen ids, or all the list's filter matches; `expected` is the count the person
   * confirmed. A deletion's image files are removed afterwards.
   */
  async bulkUpdateProducts(target: BulkTarget, action: BulkAction, value: Record<string, unknown>, expected: number): Promise<number> {
    const args: RpcArgs<'bulk_update_products'> = {
      p_ids: 'ids' in target ? target.ids : null,
      p_filter: 'filter' in target ? target.filter : null,
      p_action: action,
      p_value: value as never,
      p_expected: expected,
    };
    const result = await published(
      invokeFunction<RpcResults['bulk_update_products']>('bulk-update-products', args).then((r) => r ?? { changed: 0, image_urls: [] }),
    );
    if (result.image_urls.length) await removeFiles(PRODUCT_IMAGES_BUCKET, storagePathsFromUrls(result.image_urls));
    return result.changed;
  },
  /**
   * Gives a shopper more time to pay: an order that still holds its pieces holds them `hours` (1 to
   * 72) longer; answers the new held_until. Refused in Spanish when its hold already ended. A hold
   * changes nothing the shop's pages print, so no publication is asked for.
   */
  extendOrderHold(orderId: string, hours: number): Promise<string> {
    return callRpc('extend_order_hold', { p_order_id: orderId, p_hours: hours });
  },
  /** Whether the shop takes payments online now (Mercado Pago's secrets set); a failed read throws. */
  onlinePaymentsEnabled,
  /**
   * 'Reembolsar' (owners only): gives back `amount` pesos of one payment through Mercado Pago, with
   * the reason; refusals throw the refund function's Spanish message. Changes nothing the shop prints.
   */
  refundPayment(request: RefundRequest): Promise<RefundResult> {
    return refundPayment(request);
  },
  /**
   * 'Avisos': the discount code a campaign's alerts carry (null or blank: none), as the database stores
   * it (upper case); a code the shop does not have throws 'Ese código no existe'. Alerts are not pages:
   * no publication.
   */
  setCampaignAlertCode,
  /** What blocks deleting a category: its subcategories and its products. */
  async categoryDependents(categoryId: string): Promise<{ subcategories: number; products: number }> {
    const [subcategories, products] = await Promise.all([
      headCount('subcategories', 'category_id', categoryId),
      headCount('products', 'category_id', categoryId),
    ]);
    return { subcategories, products };
  },
  subcategoryProducts(subcategoryId: string): Promise<number> {
    return headCount('products', 'subcategory_id', subcategoryId);
  },
  /** Uploads a hero image under a generated name to the 'hero-images' bucket; returns its public URL. */
  uploadHeroImage(file: File): Promise<string> {
    return uploadTo(HERO_IMAGES_BUCKET, generatedFileName(file), file);
  },
  /** The permalink the database makes of brand and name, free for this product ('' when they give none). */
  uniquePermalink(brand: string, name: string, excludeId: string | null): Promise<string> {
    return callRpc('unique_permalink', { p_brand: brand, p_name: name, p_exclude_id: excludeId });
  },
  /**
   * Uploads a product image and returns its public URL: a main image at the bucket root, a gallery
   * image (productId given) under the product's folder.
   */
  uploadProductImage(file: File, productId?: string): Promise<string> {
    return uploadTo(PRODUCT_IMAGES_BUCKET, productId ? galleryImagePath(productId, file) : mainImagePath(file), file);
  },
  /** Removes a main image file that was replaced or abandoned (ours only; best effort). */
  removeProductImage: removeProductImageFile,
  requestPublication,
  /**
   * Asks for a publication after writes made outside the data provider's own methods (a CSV import's
   * batches). Resolves once scheduled: react-admin's data provider hook expects every method to return
   * a promise.
   */
  async publishSoon(): Promise<void> {
    publishSoon();
  },
  /**
   * Sends one batch of CSV rows to the bulk-import-products-batch function. An error answer is
   * thrown with the server's own message, so the import records it against the batch.
   */
  async importProductsBatch(batch: ImportBatch): Promise<ImportBatchResult> {
    const data = await invokeFunction<ImportBatchResult>('bulk-import-products-batch', batch);
    if (!data) throw new Error('Respuesta vacía');
    return { success_count: data.success_count, error_count: data.error_count, errors: data.errors ?? [] };
  },
};

/** Which products a bulk action applies to: the chosen ones, or all that the list's filter matches. */
export type BulkTarget = { ids: string[] } | { filter: { search: string | null; campaign_id: string | null; only_active: boolean } };
export type BulkAction = 'campaign' | 'category' | 'brand' | 'discount' | 'stock' | 'feature' | 'unfeature' | 'delete';

export interface ImportBatch {
  products: ImportProduct[];
  campaign_id: string;
  brand_id: string;
  batch_size: number;
}

export interface ImportBatchResult {
  success_count: number;
  error_count: number;
  errors: string[];
}

// ─── Analytics ──────────────────────────────────────────────────────────────────────────────

/** react-admin resource names of the analytics reads: 'analytics/<function or view>'. */
export const ANALYTICS_RESOURCE_PREFIX = 'analytics/';

/** The all-time summary views, each with the count it is ordered by (largest first). */
export type AnalyticsView = 'search_analytics_summary' | 'filter_analytics_summary' | 'product_click_summary';
const ANALYTICS_VIEW_ORDER: { [V in AnalyticsView]: keyof Row<V> & string } = {
  search_analytics_summary: 'search_count',
  filter_analytics_summary: 'filter_count',
  product_click_summary: 'click_count',
};

/**
 * An analytics read as a react-admin list: a view (largest count first, `perPage` rows) or a
 * function called with the list's filter as its arguments. Rows without an id are numbered.
 */
async function getAnalytics(resource: string, params: GetListParams): Promise<GetListResult> {
  const name = resource.slice(ANALYTICS_RESOURCE_PREFIX.length);
  let rows: object[];
  if (name in ANALYTICS_VIEW_ORDER) {
    const view = name as AnalyticsView;
    const { data, error } = await supabase
      .from(view)
      .select('*')
      .order(ANALYTICS_VIEW_ORDER[view], { ascending: false })
      .limit(params.pagination?.perPage ?? 20);
    if (error) fail(error);
    rows = data ?? [];
  } else {
    rows = await callReport(name as ReportName, params.filter ?? {});
  }
  const data = rows.map((row, index) => ({ id: index, ...row }) as RaRecord);
  return { data, total: data.length };
}

/**
 * The order list's columns: each order with what the list says of its payments (how it was paid,
 * whether one needs the team), in the same request.
 */
export const ORDER_LIST_COLUMNS = [
  '*',
  'order_payments(payment_id,status,method,payment_type,installments,amount,currency,refunded_amount,flag,expires_at)',
] as const;

export type AdminDataProvider = DataProvider & typeof customMethods;

const withResources: AdminDataProvider = {
  ...base,
  getList: (resource, params) => {
    if (resource === 'products') return getProducts(params) as never;
    if (resource === 'featured_products') return getFeaturedProducts(params) as never;
    if (resource.startsWith(ANALYTICS_RESOURCE_PREFIX)) return getAnalytics(resource, params) as never;
    if (resource === 'orders' && !params.meta?.columns) {
      return base.getList('orders', { ...params, meta: { ...params.meta, columns: ORDER_LIST_COLUMNS } });
    }
    return base.getList(readFrom(resource), params);
  },
  getOne: async (resource, params) =>
    resource === 'products' ? ({ data: await getProduct(String(params.id)) } as never) : base.getOne(readFrom(resource), params),
  getMany: (resource, params) => base.getMany(readFrom(resource), params),
  getManyReference: (resource, params) => base.getManyReference(readFrom(resource), params),
  create: async (resource, params) =>
    resource === 'products'
      ? ({ data: await saveProduct(null, params.data) } as never)
      : base.create(resource, { ...params, data: pickWritable(resource, params.data) }),
  update: async (resource, params) =>
    resource === 'products'
      ? ({ data: await updateProduct(String(params.id), params.data, params.previousData) } as never)
      : (updateUnlessChanged(resource, params) as never),
  updateMany: (resource, params) => base.updateMany(resource, { ...params, data: pickWritable(resource, params.data) }),
  /** Deleting a product runs delete_product (one transaction); its result names the image files to remove. */
  delete: async (resource, params) => {
    if (resource !== 'products') return base.delete(resource, params);
    const { image_urls } = await callRpc('delete_product', { p_id: String(params.id) });
    return { data: { ...params.previousData, id: params.id, image_urls: image_urls ?? [] } } as never;
  },
  ...customMethods,
};

/** Tables whose rows the shop's pages show: a successful write to any of them asks for a publication. */
export const CATALOGUE_RESOURCES: ReadonlySet<string> = new Set([
  'campaigns',
  'products',
  'product_sizes',
  'product_images',
  'categories',
  'subcategories',
  'size_guides',
  'brands',
  'featured_categories',
  'banner_images',
  'hero_images',
  'shop_settings',
  // the privacy notice and /avisos print how long alert requests are kept (dias_max)
  'alert_settings',
]);

const publishAfter = async <R>(result: R, _provider: DataProvider, resource: string): Promise<R> => {
  if (CATALOGUE_RESOURCES.has(resource)) publishSoon();
  return result;
};

/**
 * After a write: storage files follow their rows (what a delete leaves behind is removed, best
 * effort), and every successful catalogue write asks for a publication (the one place that does).
 */
export const dataProvider: AdminDataProvider = withLifecycleCallbacks(withResources, [
  {
    resource: '*',
    afterCreate: publishAfter,
    afterUpdate: publishAfter,
    afterUpdateMany: publishAfter,
    afterDelete: publishAfter,
    afterDeleteMany: publishAfter,
  },
  {
    resource: 'products',
    afterDelete: async (result: { data: RaRecord & { image_urls?: string[] } }) => {
      const id = String(result.data.id);
      const paths = storagePathsFromUrls(result.data.image_urls ?? []);
      try {
        // anything else left under the product's folder (uploads never attached to a row)
        const { data: listed } = await supabase.storage.from(PRODUCT_IMAGES_BUCKET).list(id);
        for (const file of listed ?? []) if (file.name) paths.push(`${id}/${file.name}`);
      } catch {
        // listing is best effort
      }
      await removeFiles(PRODUCT_IMAGES_BUCKET, paths);
      return result;
    },
  },
  {
    resource: 'product_images',
    /** A gallery image goes last: orden = max + 1 (or 1). */
    beforeCreate: async (params: CreateParams) => {
      const { data, error } = await supabase.from('product_images').select('orden').eq('product_id', String(params.data['product_id']));
      if (error) fail(error);
      return { ...params, data: { ...params.data, orden: nextImageOrder((data ?? []).map((row) => row.orden)) } };
    },
    afterDelete: async (result: { data: RaRecord }) => {
      await removeProductImageFile(result.data['image_url'] as string | undefined);
      return result;
    },
  },
  {
    resource: 'hero_images',
    afterDelete: async (result: { data: RaRecord }) => {
      const path = storagePathFromUrl(result.data['image_url'] as string | undefined, HERO_IMAGES_BUCKET);
      if (path) await removeFiles(HERO_IMAGES_BUCKET, [path]);
      return result;
    },
  },
]);
