/**
 * schema.org Product structured data for a product page, with an Offer in MXN valid 30 days, its
 * shipping (cost for this price and delivery time, from the shop's policies) and the return policy,
 * which merchant listings read. No ratings: none are real yet.
 */
import { addDays } from 'date-fns';
import { formatIsoDate, toDate } from './dates.ts';
import { toAmount } from './money.ts';
import { deliveryRange, type ShopPolicies, shippingCostFor } from './policies.ts';

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
  /** Every piece sold: the offer is out of stock. */
  agotado?: boolean;
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

export function buildProductJsonLd(p: JsonLdProductInput, today: string): Record<string, unknown> {
  const legalName = p.policies.seller.legalName;
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
      availability: p.agotado ? 'https://schema.org/OutOfStock' : 'https://schema.org/InStock',
      itemCondition: 'https://schema.org/NewCondition',
      seller: { '@type': 'Organization', name: p.sellerName, ...(legalName ? { legalName } : {}) },
      shippingDetails: shippingDetails(p.policies, toAmount(p.precio_venta) ?? 0),
      hasMerchantReturnPolicy: returnPolicy(p.policies),
    },
  };
}

/** JSON for an inline <script type="application/ld+json">: '<' escaped so no text can close the script. */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
