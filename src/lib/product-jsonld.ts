/**
 * schema.org structured data for a product page, as Google reads merchant listings and product variants
 * (developers.google.com/search/docs/appearance/structured-data/product-variants): each Offer in MXN is
 * valid 30 days and carries its shipping (cost for this price and delivery time, from the shop's
 * policies) and the return policy. No ratings: none are real yet.
 *
 * - A product without sizes is one Product with one Offer, in stock while a piece is for sale.
 * - A product with sizes is a ProductGroup (the page's one canonical URL, productGroupID the product's
 *   id, variesBy size) whose hasVariant lists one Product per size (piezas), each with its own sku (the
 *   catalogue feeds' item id, so both name the same variant), its size, its own address (?talla=, which
 *   chooses that size on the page) and its own Offer: in stock while the size has a piece for sale, out of
 *   stock while every piece left is held or every piece is sold, as the page and the feeds show it.
 */
import { addDays } from 'date-fns';
import { formatIsoDate, toDate } from './dates.ts';
import { feedItemId } from './feeds.ts';
import { toAmount } from './money.ts';
import { deliveryRange, type ShopPolicies, shippingCostFor } from './policies.ts';
import type { Pieza } from './stock.ts';

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
  policies: ShopPolicies;
  /** Each size with its pieces for sale and held (one entry with talla null without sizes). */
  piezas: readonly Pieza[];
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

/** Days as schema.org's QuantitativeValue with unit DAY. */
const days = (minValue: number, maxValue: number) => ({ '@type': 'QuantitativeValue', minValue, maxValue, unitCode: 'DAY' });

/**
 * Shipping to Mexico for an offer of this price: free from the policy's amount, else its cost; the
 * delivery time is the fastest to the slowest zone, all of it counted as transit from the payment.
 */
export function shippingDetails(policies: ShopPolicies, price: number): Record<string, unknown> {
  const range = deliveryRange(policies);
  return {
    '@type': 'OfferShippingDetails',
    shippingRate: { '@type': 'MonetaryAmount', value: shippingCostFor(policies, price).toFixed(2), currency: 'MXN' },
    shippingDestination: { '@type': 'DefinedRegion', addressCountry: 'MX' },
    ...(range
      ? {
          deliveryTime: {
            '@type': 'ShippingDeliveryTime',
            handlingTime: days(0, 0),
            transitTime: days(range.min, range.max),
          },
        }
      : {}),
  };
}

/** The return policy: a finite window in calendar days, by mail, free or paid by the buyer. */
export function returnPolicy(policies: ShopPolicies): Record<string, unknown> {
  return {
    '@type': 'MerchantReturnPolicy',
    applicableCountry: 'MX',
    returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
    merchantReturnDays: policies.returnDays,
    returnMethod: 'https://schema.org/ReturnByMail',
    returnFees: policies.freeReturns ? 'https://schema.org/FreeReturn' : 'https://schema.org/ReturnFeesCustomerResponsibility',
  };
}

const IN_STOCK = 'https://schema.org/InStock';
const OUT_OF_STOCK = 'https://schema.org/OutOfStock';

/** A size's own address: the product page with ?talla= (the page chooses that size when it can be had). */
export function sizeUrl(url: string, talla: string): string {
  const u = new URL(url);
  u.searchParams.set('talla', talla);
  return u.href;
}

export function buildProductJsonLd(p: JsonLdProductInput, today: string): Record<string, unknown> {
  const legalName = p.policies.seller.legalName;
  const price = toAmount(p.precio_venta) ?? 0;
  // the same for every size: the price, and so shipping, is the product's
  const offer = (url: string, inStock: boolean) => ({
    '@type': 'Offer',
    url,
    priceCurrency: 'MXN',
    price: schemaPrice(p.precio_venta),
    priceValidUntil: priceValidUntil(today),
    availability: inStock ? IN_STOCK : OUT_OF_STOCK,
    itemCondition: 'https://schema.org/NewCondition',
    seller: { '@type': 'Organization', name: p.sellerName, ...(legalName ? { legalName } : {}) },
    shippingDetails: shippingDetails(p.policies, price),
    hasMerchantReturnPolicy: returnPolicy(p.policies),
  });
  const brand = p.marca.trim() ? { brand: { '@type': 'Brand', name: p.marca.trim() } } : {};
  const category = p.category ? { category: p.category } : {};
  const sizes = p.piezas.filter((s): s is Pieza & { talla: string } => s.talla !== null);

  if (sizes.length === 0) {
    return {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: p.nombre,
      description: p.description,
      image: p.images,
      sku: p.id,
      productID: p.id,
      ...brand,
      ...category,
      offers: offer(
        p.url,
        p.piezas.some((s) => s.libres > 0),
      ),
    };
  }

  return {
    '@context': 'https://schema.org',
    '@type': 'ProductGroup',
    '@id': `${p.url}#producto`,
    name: p.nombre,
    description: p.description,
    url: p.url,
    image: p.images,
    ...brand,
    ...category,
    productGroupID: p.id,
    variesBy: 'https://schema.org/size',
    hasVariant: sizes.map((s) => {
      const url = sizeUrl(p.url, s.talla);
      return {
        '@type': 'Product',
        name: `${p.nombre} - Talla ${s.talla}`,
        description: p.description,
        image: p.images,
        sku: feedItemId(p.id, s.talla),
        size: s.talla,
        url,
        offers: offer(url, s.libres > 0),
      };
    }),
  };
}

/** JSON for an inline <script type="application/ld+json">: '<' escaped so no text can close the script. */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
