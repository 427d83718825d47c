/** Header instant search: turns Pagefind results (product pages and their meta) into what the list shows. */
import { renderImageUrl, type ImageTransforms } from './images.ts';

/** Results shown in the header list. */
export const MAX_SEARCH_RESULTS = 8;

/** The part of a Pagefind result's data() the list needs. */
export interface PagefindResultData {
  url: string;
  meta: Record<string, string | undefined>;
}

export interface SearchHit {
  url: string;
  /** The product's id (recorded when the result is opened); null in an index built without it. */
  id: string | null;
  title: string;
  image: string | null;
  brand: string | null;
  price: string | null;
}

const text = (v: string | undefined): string | null => {
  const t = v?.replace(/\s+/g, ' ').trim();
  return t ? t : null;
};

/** A result with a small (96x120, shown at 40x50) thumbnail: meta title, image, brand and price set on the product page. */
export function toSearchHit(data: PagefindResultData, transforms: ImageTransforms): SearchHit {
  const image = text(data.meta['image']);
  return {
    url: data.url,
    id: text(data.meta['id']),
    title: text(data.meta['title']) ?? data.url,
    image: image ? renderImageUrl(image, { width: 96, height: 120, resize: 'cover', transforms }) : null,
    brand: text(data.meta['brand']),
    price: text(data.meta['price']),
  };
}
