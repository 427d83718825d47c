/**
 * Where the bulk seed reads its references and writes its rows through the API (service role), in
 * requests of at most `batchSize` rows: for a remote project, where only the API is reachable.
 */
import { chunks, insertAll, must, selectAll, serviceClient, type Db } from './db.ts';
import type { BulkRows, BulkStore, References } from './bulk-store.ts';

async function imagePools(db: Db): Promise<References['images']> {
  const products = must(
    await db
      .from('products')
      .select('id,subcategory_id,imagen_principal')
      .not('imagen_principal', 'is', null)
      .order('created_at', { ascending: true })
      .limit(3000),
    'leer imágenes existentes',
  ) as { id: string; subcategory_id: string | null; imagen_principal: string }[];
  const subOf = new Map(products.map((p) => [p.id, p.subcategory_id]));
  const gallery: References['images']['gallery'] = [];
  for (const part of chunks([...subOf.keys()], 200)) {
    const rows = must(
      await db.from('product_images').select('product_id,image_url').in('product_id', part),
      'leer galerías existentes',
    ) as { product_id: string; image_url: string }[];
    for (const r of rows) gallery.push({ subcategoryId: subOf.get(r.product_id) ?? null, url: r.image_url });
  }
  return { main: products.map((p) => ({ subcategoryId: p.subcategory_id, url: p.imagen_principal })), gallery };
}

export function apiStore(url: string, serviceRoleKey: string, batchSize: number): BulkStore {
  const db = serviceClient(url, serviceRoleKey);
  return {
    async read() {
      const [campaigns, brands, categories, subcategories, images, permalinks] = await Promise.all([
        selectAll<References['campaigns'][number]>(db, 'campaigns', 'id,fecha_fin'),
        selectAll<References['brands'][number]>(db, 'brands', 'id,name'),
        selectAll<References['categories'][number]>(db, 'categories', 'id,nombre'),
        selectAll<References['subcategories'][number]>(db, 'subcategories', 'id,nombre,category_id'),
        imagePools(db),
        selectAll<{ permalink: string }>(db, 'products', 'permalink', 1000),
      ]);
      return { campaigns, brands, categories, subcategories, images, permalinks: permalinks.map((p) => p.permalink) };
    },
    async write(rows: BulkRows) {
      await insertAll(db, 'products', rows.products, batchSize);
      await Promise.all([
        (async () => {
          for (const part of chunks(rows.privates, batchSize))
            must(
              await db.from('product_private').upsert(part, { onConflict: 'product_id' }).select('product_id'),
              'guardar costos (product_private)',
            );
        })(),
        insertAll(db, 'product_images', rows.images, 2000),
        insertAll(db, 'product_sizes', rows.sizes, 4000),
      ]);
    },
    async start() {},
    async finish() {},
    async close() {},
  };
}
