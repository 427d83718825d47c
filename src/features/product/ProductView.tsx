/**
 * The whole product view in React, for a product fetched live (the not-found route serves products created
 * after the last build). Same components and layout as the built page, src/pages/producto/[permalink].astro.
 */
import type { CardProduct } from '../../data/product-summary.ts';
import InstagramPromo from './InstagramPromo.tsx';
import ProductLayout from './ProductLayout.tsx';
import ProductBreadcrumb from './ProductBreadcrumb.tsx';
import ProductSections from './ProductSections.tsx';
import ProductSummary from './ProductSummary.tsx';
import { toBuyProduct, type ProductDetail } from '../../data/product.ts';
import { galleryImages } from '../../lib/gallery.ts';
import type { ShopPolicies } from '../../lib/policies.ts';
import type { SizeGuide as SizeGuideData } from '../../lib/size-guide.ts';
import BuyBox from './BuyBox.tsx';
import Gallery from './Gallery.tsx';
import RelatedProducts from './RelatedProducts.tsx';

interface Props {
  product: ProductDetail;
  /** The description after sanitizeDescription. */
  descriptionHtml: string;
  url: string;
  /** null while loading. */
  related: CardProduct[] | null;
  /** The seller's chat number and Instagram profile (shop settings). */
  sellerPhone: string;
  instagram: string | null;
  policies: ShopPolicies;
  /** The product's size guide (its size_guide_id's), null when it has none or it is still loading. */
  sizeGuide?: SizeGuideData | null;
}

export default function ProductView({
  product: p,
  descriptionHtml,
  url,
  related,
  sellerPhone,
  instagram,
  policies,
  sizeGuide = null,
}: Props) {
  return (
    <ProductLayout
      breadcrumb={<ProductBreadcrumb nombre={p.nombre} category_id={p.category_id} category_nombre={p.category_nombre} />}
      gallery={<Gallery images={galleryImages(p.imagen_principal, p.images)} alt={p.nombre} />}
      related={<RelatedProducts products={related} />}
    >
      <ProductSummary product={p} />
      <BuyBox product={toBuyProduct(p)} url={url} sellerPhone={sellerPhone} sizeGuide={sizeGuide} />
      <InstagramPromo instagram={instagram} />
      <ProductSections descriptionHtml={descriptionHtml} marca={p.marca} sizes={p.sizes} policies={policies} />
    </ProductLayout>
  );
}
