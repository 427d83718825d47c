/** What a product page's head says: title, the 200-character description and the 1200x630 sharing image. */
import { cutDescription, defaultDescription, descriptionText } from '../../lib/description.ts';
import { SHARE_SIZE } from '../../lib/image-variants.ts';
import { isStorageObjectUrl, preparedShareUrl, renderImageUrl, type ImageTransforms } from '../../lib/images.ts';

export const OG_IMAGE = SHARE_SIZE;

export interface ProductMetaInput {
  nombre: string;
  marca: string;
  descripcion: string | null;
  imagen_principal: string | null;
}

/** '{brand} {name}' (the layout appends the shop name); just the name when the brand is blank. */
export function productTitle(p: Pick<ProductMetaInput, 'nombre' | 'marca'>): string {
  return p.marca.trim() ? `${p.nombre} - ${p.marca.trim()}` : p.nombre;
}

/** Plain-text description (or the default text) cut to 200 characters. */
export function productMetaDescription(p: ProductMetaInput): string {
  return cutDescription(descriptionText(p.descripcion) || defaultDescription(p.marca));
}

export interface OgImage {
  url: string;
  /** OG_IMAGE when the image is cropped to it; null when its size is the image's own (not declared). */
  size: typeof OG_IMAGE | null;
}

/**
 * The sharing image for Open Graph / Twitter: the main image cropped to 1200x630, by the image
 * transformation with transforms on and as its prepared share picture with them off (any plan); an
 * external image as given; null without a main image.
 */
export function productOgImage(p: Pick<ProductMetaInput, 'imagen_principal'>, transforms: ImageTransforms): OgImage | null {
  const url = p.imagen_principal?.trim();
  if (!url) return null;
  const prepared = transforms === 'off' ? preparedShareUrl(url) : null;
  if (prepared) return { url: prepared, size: OG_IMAGE };
  return {
    url: renderImageUrl(url, { ...OG_IMAGE, quality: 80, resize: 'cover', transforms }),
    size: transforms === 'on' && isStorageObjectUrl(url) ? OG_IMAGE : null,
  };
}

/** Where the shop's own 1200x630 share picture is served (src/pages/og-image.png.ts draws it). */
export const SHOP_SHARE_IMAGE_PATH = '/og-image.png';

/**
 * The image a product page shares: its photo (productOgImage), or, for a product without one (a CSV
 * import can create it), the shop's own 1200x630 picture, so a shared link never shows a blank card.
 */
export function productShareImage(p: Pick<ProductMetaInput, 'imagen_principal'>, transforms: ImageTransforms, site: URL | string): OgImage {
  return productOgImage(p, transforms) ?? { url: new URL(SHOP_SHARE_IMAGE_PATH, site).href, size: OG_IMAGE };
}
