/** schema.org Product structured data for a product page, with an Offer in MXN valid 30 days. No ratings: none are real yet. */
import { addDays } from 'date-fns';
import { formatIsoDate, toDate } from './dates.ts';
import { toAmount } from './money.ts';

export const PRICE_VALID_DAYS = 30;

export interface JsonLdProductInput {
  id: string;
  nombre: string;
  marca: string;
  description: string;
  images: string[];
  url: string;
  precio_venta: number | string;
  category?: string | null;
  sellerName: string;
}

/** The day an offer stops being valid: `today` ('yyyy-MM-dd') plus 30 days. */
export function priceValidUntil(today: string, days = PRICE_VALID_DAYS): string {
  const d = toDate(today);
  if (!d) throw new Error(`Fecha inválida: ${today}`);
  return formatIsoDate(addDays(d, days));
}

/** Price as schema.org expects it: a plain decimal with two places ('2599.00'). */
export function schemaPrice(value: number | string): string {
  return (toAmount(value) ?? 0).toFixed(2);
}

export function buildProductJsonLd(p: JsonLdProductInput, today: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.nombre,
    description: p.description,
    image: p.images,
    sku: p.id,
    productID: p.id,
    ...(p.marca.trim() ? { brand: { '@type': 'Brand', name: p.marca.trim() } } : {}),
    ...(p.category ? { category: p.category } : {}),
    offers: {
      '@type': 'Offer',
      url: p.url,
      priceCurrency: 'MXN',
      price: schemaPrice(p.precio_venta),
      priceValidUntil: priceValidUntil(today),
      availability: 'https://schema.org/InStock',
      itemCondition: 'https://schema.org/NewCondition',
      seller: { '@type': 'Organization', name: p.sellerName },
    },
  };
}

/** JSON for an inline <script type="application/ld+json">: '<' escaped so no text can close the script. */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
