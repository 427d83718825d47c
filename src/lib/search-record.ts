/**
 * A product page's entry in the header search (Pagefind), built from the product itself rather than
 * read back from its HTML: the text a shopper can search by (name, brand, category, subcategory,
 * campaign, description and sizes) and the meta the result list shows (id, title, brand, price and
 * main image).
 */
import { defaultDescription, descriptionText } from './description.ts';
import { formatPrice } from './money.ts';

/** The language the pages declare (<html lang="es-MX">): the search picks its index by it. */
export const SEARCH_LANGUAGE = 'es-mx';

export interface SearchableProduct {
  id: string;
  nombre: string;
  marca: string;
  permalink: string;
  precio_venta: number;
  imagen_principal: string | null;
  descripcion: string | null;
  sizes: string[];
  category_nombre: string | null;
  subcategory_nombre: string | null;
  campaign: { nombre: string };
}

export interface SearchRecord {
  url: string;
  content: string;
  language: string;
  meta: Record<string, string>;
}

/** The page's address as the static host serves it (a folder with index.html). */
export function productPagePath(permalink: string): string {
  return `/producto/${encodeURIComponent(permalink)}/`;
}

export function searchRecord(p: SearchableProduct): SearchRecord {
  const sentences = [
    p.nombre,
    p.marca,
    p.category_nombre,
    p.subcategory_nombre,
    p.campaign.nombre,
    descriptionText(p.descripcion) || defaultDescription(p.marca),
    p.sizes.length > 0 ? `Tallas disponibles: ${p.sizes.join(', ')}` : null,
  ];
  const meta: Record<string, string> = { id: p.id, title: p.nombre, brand: p.marca, price: formatPrice(p.precio_venta) };
  if (p.imagen_principal) meta['image'] = p.imagen_principal;
  return {
    url: productPagePath(p.permalink),
    content: sentences
      .map((s) => s?.trim())
      .filter(Boolean)
      .map((s) => (/[.!?:;…]$/.test(s as string) ? s : `${s}.`))
      .join(' '),
    language: SEARCH_LANGUAGE,
    meta,
  };
}
