/**
 * Header instant search: the first products of the shop's own search (the `shop_page` RPC with only a
 * search term, the query /tienda?search= runs), as the result list shows them.
 */
import { renderImageUrl, type ImageTransforms } from './images.ts';
import { formatPrice } from './money.ts';

/** Results shown in the header list. */
export const MAX_SEARCH_RESULTS = 8;

/** The part of a shop card a result shows. */
export interface SearchableCard {
  id: string;
  nombre: string;
  marca: string;
  precio_venta: number;
  imagen_principal: string | null;
  permalink: string;
}

export interface SearchHit {
  url: string;
  /** The product's id (recorded when the result is opened). */
  id: string;
  title: string;
  image: string | null;
  brand: string | null;
  price: string;
}

/** The product page's address as the static host serves it (a folder with index.html). */
export function productPagePath(permalink: string): string {
  return `/producto/${encodeURIComponent(permalink)}/`;
}

const text = (v: string | null): string | null => {
  const t = v?.replace(/\s+/g, ' ').trim();
  return t ? t : null;
};

/** A result with a small (96x120, shown at 40x50) thumbnail, its brand and its sale price. */
export function toSearchHit(p: SearchableCard, transforms: ImageTransforms): SearchHit {
  const image = text(p.imagen_principal);
  return {
    url: productPagePath(p.permalink),
    id: p.id,
    title: text(p.nombre) ?? p.permalink,
    image: image ? renderImageUrl(image, { width: 96, height: 120, resize: 'cover', transforms }) : null,
    brand: text(p.marca),
    price: formatPrice(p.precio_venta),
  };
}
