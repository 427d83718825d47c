import { describe, expect, it } from 'vitest';
import { POLICIES } from '../../tests/fixtures/policies.ts';
import { buildProductJsonLd, jsonLdText, priceValidUntil, schemaPrice } from './product-jsonld.ts';

const input = {
  id: 'p-1',
  nombre: 'Tenis Air',
  marca: 'Nike',
  description: 'Tenis originales',
  images: ['https://x/1.webp'],
  url: 'https://shop.mx/producto/nike-tenis-air',
  precio_venta: 1299,
  category: 'Calzado',
  sellerName: 'Outlet Moda MX',
  policies: POLICIES,
};

describe('priceValidUntil', () => {
  it('is 30 days after the build day, across months and years', () => {
    expect(priceValidUntil('2026-11-21')).toBe('2026-12-21');
    expect(priceValidUntil('2026-12-15')).toBe('2027-01-14');
  });
  it('refuses an unreadable day', () => {
    expect(() => priceValidUntil('nope')).toThrow();
  });
});

describe('buildProductJsonLd', () => {
  const ld = buildProductJsonLd(input, '2026-11-21');
  it('is a Product with brand, image and sku', () => {
    expect(ld).toMatchObject({ '@type': 'Product', name: 'Tenis Air', sku: 'p-1', image: ['https://x/1.webp'], brand: { name: 'Nike' } });
  });
  it('offers in MXN, in stock, valid 30 days', () => {
    expect(ld['offers']).toMatchObject({
      '@type': 'Offer',
      priceCurrency: 'MXN',
      price: '1299.00',
      priceValidUntil: '2026-12-21',
      availability: 'https://schema.org/InStock',
      url: input.url,
    });
  });
  it('is out of stock once every piece is sold', () => {
    expect(buildProductJsonLd({ ...input, agotado: true }, '2026-11-21')['offers']).toMatchObject({
      availability: 'https://schema.org/OutOfStock',
    });
  });
  it('ships to Mexico for $149 below the free-shipping amount, in 3 to 10 days', () => {
    expect(ld['offers']).toMatchObject({
      shippingDetails: {
        '@type': 'OfferShippingDetails',
        shippingRate: { value: '149.00', currency: 'MXN' },
        shippingDestination: { addressCountry: 'MX' },
        deliveryTime: { transitTime: { minValue: 3, maxValue: 10, unitCode: 'DAY' } },
      },
    });
  });
  it('ships free from the free-shipping amount on', () => {
    const at = buildProductJsonLd({ ...input, precio_venta: '1500.00' }, '2026-11-21');
    expect(at['offers']).toMatchObject({ shippingDetails: { shippingRate: { value: '0.00' } } });
    const below = buildProductJsonLd({ ...input, precio_venta: 1499.99 }, '2026-11-21');
    expect(below['offers']).toMatchObject({ shippingDetails: { shippingRate: { value: '149.00' } } });
  });
  it('states the return window and who pays the return', () => {
    expect(ld['offers']).toMatchObject({
      hasMerchantReturnPolicy: {
        applicableCountry: 'MX',
        returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
        merchantReturnDays: 30,
        returnFees: 'https://schema.org/FreeReturn',
      },
      seller: { name: 'Outlet Moda MX', legalName: 'Moda Outlet de México, S.A. de C.V.' },
    });
    const paid = buildProductJsonLd({ ...input, policies: { ...POLICIES, freeReturns: false } }, '2026-11-21');
    expect(paid['offers']).toMatchObject({
      hasMerchantReturnPolicy: { returnFees: 'https://schema.org/ReturnFeesCustomerResponsibility' },
    });
  });
  it('never invents a rating or reviews', () => {
    expect(ld).not.toHaveProperty('aggregateRating');
    expect(ld).not.toHaveProperty('review');
  });
  it('leaves out an empty brand', () => {
    expect(buildProductJsonLd({ ...input, marca: ' ' }, '2026-11-21')).not.toHaveProperty('brand');
  });
});

describe('schemaPrice and jsonLdText', () => {
  it('writes prices with two decimals', () => {
    expect(schemaPrice('2599')).toBe('2599.00');
    expect(schemaPrice(99.5)).toBe('99.50');
  });
  it('escapes < so a name cannot close the script tag', () => {
    const text = jsonLdText({ name: '</script><script>x' });
    expect(text).not.toContain('</script>');
    expect(JSON.parse(text)).toEqual({ name: '</script><script>x' });
  });
});
