/**
 * The product pages a build renders (/producto/{permalink}, getStaticPaths of its page): one per product
 * of an active campaign, with its related products, its size guide and its key. A page whose key is the
 * one it had in the last build prints the same and is not rendered again. Build-time only.
 */
import { PUBLIC_IMAGE_TRANSFORMS, PUBLIC_SUPABASE_ANON_KEY, PUBLIC_SUPABASE_URL } from 'astro:env/client';
import { buildCatalogue, previousPageKeys, writePageKeys } from '../../data/build-catalogue.ts';
import { shopClient } from '../../data/client.ts';
import { detailToCard, type ProductDetail } from '../../data/product.ts';
import type { CardProduct } from '../../data/product-summary.ts';
import { relatedFinder } from '../../data/related.ts';
import { loadHeaderCategories, loadShopSettings } from '../../data/shell.ts';
import { getSizeGuides } from '../../data/size-guides.ts';
import { buildShard, inShard } from '../../lib/build-shard.ts';
import { todayInMexicoCity } from '../../lib/dates.ts';
import { pageKey } from './page-key.ts';

/** What a product page is rendered with. */
export interface ProductPageProps {
  product: ProductDetail;
  related: CardProduct[];
  today: string;
  /** The id of the product's size guide, when the shop has it. */
  sizeGuide: string | null;
}

export async function productPaths(): Promise<{ params: { permalink: string }; props: ProductPageProps }[]> {
  const today = todayInMexicoCity();
  const [products, settings, categories, guides] = await Promise.all([
    buildCatalogue(shopClient),
    loadShopSettings(),
    loadHeaderCategories(),
    getSizeGuides(shopClient),
  ]);
  // A product with no piece for sale keeps its page ('Agotado', or 'Apartado' while its pieces are held)
  // but is offered nowhere else, related products included.
  const findRelated = relatedFinder(products.filter((product) => !product.agotado));
  // What every product page prints besides its product: the shop settings and the header categories
  // of the layout (their names and links; their product counts are not printed), and the project and
  // image mode its links and images point at. The code is covered by the page cache's own digest
  // (scripts/lib/page-cache.ts).
  const header = categories.map(({ id, nombre }) => ({ id, nombre }));
  const shell = pageKey(settings, header, PUBLIC_SUPABASE_URL, PUBLIC_SUPABASE_ANON_KEY, PUBLIC_IMAGE_TRANSFORMS);
  // A large catalogue is rendered by several builds at once, each its shard of the pages (related
  // products still come from the whole catalogue).
  const shard = buildShard(process.env);
  const pages = products
    .filter((product) => inShard(product.permalink, shard))
    .map((product) => {
      const related = findRelated(product).map(detailToCard);
      // the guide the database picked for the product (its id is in the product), when the shop has it: the
      // page names it and its 'Guía de tallas' loads the table from /guias-de-tallas.json
      const sizeGuide = product.size_guide_id && guides.has(product.size_guide_id) ? product.size_guide_id : null;
      return {
        params: { permalink: product.permalink },
        props: { product, related, today, sizeGuide },
        // The day is in the key because the page prints how many days its campaigns have left.
        key: pageKey(shell, today, product, related, sizeGuide),
      };
    });
  // A page whose key is the one it had in the last build prints the same: it is not rendered again,
  // the shop build links the last build's copy (scripts/lib/page-cache.ts).
  writePageKeys(Object.fromEntries(pages.map((page) => [page.params.permalink, page.key])));
  const last = await previousPageKeys();
  return pages.filter((page) => last?.[page.params.permalink] !== page.key).map(({ params, props }) => ({ params, props }));
}
