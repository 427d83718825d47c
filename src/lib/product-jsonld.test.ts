import { describe, expect, it } from 'vitest';
import { POLICIES } from '../../tests/fixtures/policies.ts';
import { feedItemId } from './feeds.ts';
import { buildProductJsonLd, jsonLdText, priceValidUntil, schemaPrice, sizeUrl } from './product-jsonld.ts';
import type { Pieza } from './stock.ts';

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
  // a product without sizes with one piece for sale
  piezas: [{ talla: null, libres: 1, apartadas: 0 }] as Pieza[],
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
  it('is out of stock with no piece for sale: every piece sold, or the last one held', () => {
    for (const piezas of [[{ talla: null, libres: 0, apartadas: 0 }], [{ talla: null, libres: 0, apartadas: 1 }], []]) {
      expect(buildProductJsonLd({ ...input, piezas }, '2026-11-21')['offers']).toMatchObject({
        availability: 'https://schema.org/OutOfStock',
      });
    }
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

describe('a product with sizes: a ProductGroup of one variant per size', () => {
  const piezas: Pieza[] = [
    { talla: 'S', libres: 2, apartadas: 0 },
    { talla: 'M', libres: 1, apartadas: 1 },
    { talla: '5,5', libres: 0, apartadas: 1 },
  ];
  const ld = buildProductJsonLd({ ...input, piezas }, '2026-11-21');
  const variants = ld['hasVariant'] as Record<string, unknown>[];

  it('groups the sizes under the product: name, brand, canonical url, image, description, group id, varies by size', () => {
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'ProductGroup',
      name: 'Tenis Air',
      description: 'Tenis originales',
      url: input.url,
      image: ['https://x/1.webp'],
      brand: { '@type': 'Brand', name: 'Nike' },
      category: 'Calzado',
      productGroupID: 'p-1',
      variesBy: 'https://schema.org/size',
    });
    // the group itself is not offered: its variants are
    expect(ld).not.toHaveProperty('offers');
    expect(ld).not.toHaveProperty('aggregateRating');
  });

  it('lists each size, in order, as a Product with its size, sku and address', () => {
    expect(variants.map((v) => [v['@type'], v['size'], v['sku'], v['url']])).toEqual([
      ['Product', 'S', feedItemId('p-1', 'S'), `${input.url}?talla=S`],
      ['Product', 'M', feedItemId('p-1', 'M'), `${input.url}?talla=M`],
      ['Product', '5,5', feedItemId('p-1', '5,5'), `${input.url}?talla=5%2C5`],
    ]);
    // the same ids as the catalogue feeds' items
    expect(variants.map((v) => v['sku'])).toEqual(['p-1-s', 'p-1-m', expect.stringMatching(/^p-1-5-5-[0-9a-f]{8}$/)]);
    expect(variants[0]).toMatchObject({ name: 'Tenis Air - Talla S', image: ['https://x/1.webp'] });
  });

  it('offers each size at the price in MXN: in stock with a piece for sale, out of stock while every piece left is held', () => {
    expect(variants.map((v) => v['offers'])).toEqual([
      expect.objectContaining({
        url: `${input.url}?talla=S`,
        price: '1299.00',
        priceCurrency: 'MXN',
        availability: 'https://schema.org/InStock',
      }),
      expect.objectContaining({
        url: `${input.url}?talla=M`,
        price: '1299.00',
        priceCurrency: 'MXN',
        availability: 'https://schema.org/InStock',
      }),
      expect.objectContaining({ price: '1299.00', priceCurrency: 'MXN', availability: 'https://schema.org/OutOfStock' }),
    ]);
    for (const v of variants) {
      expect(v['offers']).toMatchObject({
        priceValidUntil: '2026-12-21',
        itemCondition: 'https://schema.org/NewCondition',
        shippingDetails: { shippingRate: { value: '149.00', currency: 'MXN' } },
        hasMerchantReturnPolicy: { merchantReturnDays: 30 },
      });
    }
  });

  it('a size whose pieces all sold stays a variant, out of stock, as the page and the feeds list it', () => {
    const piezas = [
      { talla: 'S', libres: 0, apartadas: 0 },
      { talla: 'M', libres: 0, apartadas: 0 },
    ];
    const sold = buildProductJsonLd({ ...input, piezas }, '2026-11-21') as { hasVariant: Record<string, unknown>[] };
    expect(sold.hasVariant.map((v) => [v['size'], (v['offers'] as { availability: string }).availability])).toEqual([
      ['S', 'https://schema.org/OutOfStock'],
      ['M', 'https://schema.org/OutOfStock'],
    ]);
  });

  it('a product with no size and no piece listed is one Product out of stock', () => {
    const sold = buildProductJsonLd({ ...input, piezas: [] }, '2026-11-21');
    expect(sold).toMatchObject({ '@type': 'Product', sku: 'p-1', offers: { availability: 'https://schema.org/OutOfStock' } });
    expect(sold).not.toHaveProperty('hasVariant');
  });

  it("a size's address keeps the page's and encodes the size", () => {
    expect(sizeUrl('https://shop.mx/producto/a', 'XL')).toBe('https://shop.mx/producto/a?talla=XL');
    expect(sizeUrl('https://shop.mx/producto/a', '28 ½')).toBe('https://shop.mx/producto/a?talla=28+%C2%BD');
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
