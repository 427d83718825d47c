/** What a product page's head says: title, the 200-character description and the 1200x630 sharing image. */
import { cutDescription, defaultDescription, descriptionText } from './description.ts';
import { renderImageUrl } from './images.ts';

export const OG_IMAGE = { width: 1200, height: 630 } as const;

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

/** The main image cropped to 1200x630 for Open Graph / Twitter; null without a main image. */
export function productOgImage(p: Pick<ProductMetaInput, 'imagen_principal'>): string | null {
  const url = p.imagen_principal?.trim();
  if (!url) return null;
  return renderImageUrl(url, { ...OG_IMAGE, quality: 80, resize: 'cover' });
}
