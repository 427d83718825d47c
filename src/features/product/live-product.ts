/** Live reads of the product islands, loaded on demand: a product as it is now, and its related products. */
import { shopClient } from '../../data/client.ts';
import { getLiveProduct, getRelatedProducts, type ProductDetail } from '../../data/product.ts';
import { getSizeGuide } from '../../data/size-guides.ts';
import type { SizeGuide } from '../../lib/size-guide.ts';

/** The product by permalink, null when gone or its campaign has ended; throws when the query fails. */
export function fetchLiveProduct(permalink: string): Promise<ProductDetail | null> {
  return getLiveProduct(shopClient, permalink);
}

export function fetchRelated(product: ProductDetail) {
  return getRelatedProducts(shopClient, product);
}

/** A size guide by id (a product shown live names its guide's id), null when gone; throws when the query fails. */
export function fetchSizeGuide(id: string): Promise<SizeGuide | null> {
  return getSizeGuide(shopClient, id);
}
