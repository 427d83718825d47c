import { describe, expect, it } from 'vitest';
import { GOOGLE_NS, readGoogleFeed, readMetaFeed } from '../../tests/fixtures/feed-readers.ts';
import {
  absoluteHttpUrl,
  audience,
  charLength,
  cutText,
  distinctSizes,
  effectiveDate,
  FEED_LIMITS,
  type FeedItem,
  type FeedProduct,
  feedDescription,
  feedImages,
  feedItemId,
  feedItems,
  feedPrice,
  feedPrices,
  feedSizes,
  feedText,
  feedTitle,
  googleAttributes,
  googleFeedXml,
  META_COLUMNS,
  metaFeedCsv,
  metaImageList,
  mexicoCityOffset,
  productType,
  salePeriod,
  sizeToken,
  titleWithSize,
} from './feeds.ts';

const SITE = 'https://outlet.mx/';
const PRODUCT_ID = '3f2b8c1e-9a7d-4e5f-8b6c-1d2e3f4a5b6c';

function product(overrides: Partial<FeedProduct> = {}): FeedProduct {
  return {
    id: PRODUCT_ID,
    nombre: 'Playera Básica',
    marca: 'Nike',
    descripcion: '<p>Algodón <strong>suave</strong></p><ul><li>Cuello redondo</li></ul>',
    precio_original: 1299,
    precio_venta: 899,
    permalink: 'nike-playera-basica',
    imagen_principal: 'https://cdn.example/storage/v1/object/public/product-images/a.webp',
    images: [
      { image_url: 'https://cdn.example/storage/v1/object/public/product-images/c.webp', orden: 2 },
      { image_url: 'https://cdn.example/storage/v1/object/public/product-images/b.webp', orden: 1 },
    ],
    category_nombre: 'Ropa de Mujer',
    subcategory_nombre: 'Blusas y Playeras',
    sizes: [
      { talla: 'S', inStock: true },
      { talla: 'M', inStock: false },
      { talla: 'L', inStock: true },
    ],
    agotado: false,
    campaign: { fecha_inicio: '2026-11-20', fecha_fin: '2026-12-15', created_at: '2026-11-25T18:00:00Z' },
    ...overrides,
  };
}

describe('text', () => {
  it('drops characters XML cannot hold and folds white space', () => {
    expect(feedText(' a\u0000b\u0007\n\tc  \u000bd ')).toBe('ab c d');
    expect(feedText('x\ud800y')).toBe('xy');
    expect(feedText('emoji 👕 stays')).toBe('emoji 👕 stays');
  });

  it('cuts at whole characters with an ellipsis, within the limit', () => {
    expect(cutText('abcdef', 6)).toBe('abcdef');
    expect(cutText('abcdef', 4)).toBe('abc…');
    expect(charLength(cutText('👕'.repeat(10), 5))).toBe(5);
  });

  it("titles a product '{name} - {brand}', the name alone without a brand, at most 150 characters", () => {
    expect(feedTitle('Playera  Básica', ' Nike ')).toBe('Playera Básica - Nike');
    expect(feedTitle('Playera', '  ')).toBe('Playera');
    const long = feedTitle('P'.repeat(300), 'Nike');
    expect(charLength(long)).toBe(150);
    expect(long.endsWith('…')).toBe(true);
  });

  it("names the size in Google's title of a variant, still at most 150 characters", () => {
    expect(titleWithSize('Playera - Nike', 'M')).toBe('Playera - Nike - Talla M');
    expect(titleWithSize('Playera - Nike', undefined)).toBe('Playera - Nike');
    const long = titleWithSize('P'.repeat(150), '28x30');
    expect(charLength(long)).toBe(150);
    expect(long.endsWith(' - Talla 28x30')).toBe(true);
  });

  it('describes in plain text: markup becomes sentences, entities are decoded, at most 5000 characters', () => {
    expect(feedDescription('<p>Algodón <strong>suave</strong> &amp; fresco</p><ul><li>Cuello redondo</li></ul>', 'Nike')).toBe(
      'Algodón suave & fresco. Cuello redondo',
    );
    expect(feedDescription('<script>alert(1)</script><p>Hola</p>', 'Nike')).not.toMatch(/[<>]|alert/);
    const long = feedDescription(`<p>${'palabra '.repeat(2000)}</p>`, 'Nike');
    expect(charLength(long)).toBeLessThanOrEqual(FEED_LIMITS.description);
  });

  it("describes a product without a description with the shop's default text", () => {
    expect(feedDescription(null, 'Nike')).toContain('Producto original de Nike');
    expect(feedDescription('<p> </p>', 'Nike')).toContain('Producto original de Nike');
  });
});

describe('ids', () => {
  it('keeps a plain size as it is, lower case', () => {
    expect(sizeToken('M')).toBe('m');
    expect(sizeToken(' XL ')).toBe('xl');
    expect(sizeToken('28')).toBe('28');
    expect(sizeToken('24.5')).toBe('24.5');
    expect(sizeToken('32x30')).toBe('32x30');
    expect(sizeToken('Unitalla')).toBe('unitalla');
  });

  it('names a size with other characters by a safe prefix and a stable digest, never like a plain size', () => {
    const comma = sizeToken('5,5');
    expect(comma).toMatch(/^5-5-[0-9a-f]{8}$/);
    expect(sizeToken('5,5')).toBe(comma);
    expect(sizeToken('5 5')).not.toBe(comma);
    expect(sizeToken('Única')).toMatch(/^unic-[0-9a-f]{8}$/);
    expect(sizeToken('Única')).not.toBe(sizeToken('unica'));
    expect(sizeToken('½')).toMatch(/^[0-9a-f]{8}$/);
    expect(sizeToken('extragrandotote')).toMatch(/^extr-[0-9a-f]{8}$/);
  });

  it("gives a product's sizes distinct ids of at most 50 safe characters, the product's id for a product without sizes", () => {
    const sizes = ['XS', 'S', 'M', 'L', 'XL', '5.5', '5,5', '5 5', '26.5', '28x30', 'Talla única extra grande', 'm/l', 'M-L'];
    const ids = sizes.map((s) => feedItemId(PRODUCT_ID, s));
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) {
      expect(id.length).toBeLessThanOrEqual(FEED_LIMITS.id);
      expect(id).toMatch(/^[a-z0-9._-]+$/);
      expect(id.startsWith(`${PRODUCT_ID}-`)).toBe(true);
    }
    expect(feedItemId(PRODUCT_ID)).toBe(PRODUCT_ID);
  });
});

describe('prices and the sale period', () => {
  it("writes prices with two decimals and 'MXN'", () => {
    expect(feedPrice(1299)).toBe('1299.00 MXN');
    expect(feedPrice(1000 * 1.3)).toBe('1300.00 MXN');
    expect(feedPrice(99.5)).toBe('99.50 MXN');
  });

  it('gives the original price and the sale price when it is lower, else the one price', () => {
    expect(feedPrices(1299, 899)).toEqual({ price: '1299.00 MXN', sale_price: '899.00 MXN' });
    expect(feedPrices(899, 899)).toEqual({ price: '899.00 MXN' });
    expect(feedPrices(500, 899)).toEqual({ price: '899.00 MXN' });
    expect(feedPrices(1299, 0)).toBeNull();
  });

  it('runs from the campaign start to its end day', () => {
    expect(salePeriod({ fecha_inicio: '2026-11-20', fecha_fin: '2026-12-15', created_at: '2026-11-25T18:00:00Z' })).toEqual({
      start: '2026-11-20',
      end: '2026-12-15',
    });
  });

  it('starts on the day the campaign was created (Mexico City) when it has no start, or a later one', () => {
    // 03:00 UTC on 1 December is still 30 November in Mexico City
    expect(salePeriod({ fecha_inicio: null, fecha_fin: '2026-12-15', created_at: '2026-12-01T03:00:00Z' })).toEqual({
      start: '2026-11-30',
      end: '2026-12-15',
    });
    // live (its products at the sale price) from its creation, though it says it starts later
    expect(salePeriod({ fecha_inicio: '2026-12-05', fecha_fin: '2026-12-15', created_at: '2026-11-28T18:00:00Z' })).toEqual({
      start: '2026-11-28',
      end: '2026-12-15',
    });
  });

  it('an announced campaign is on sale from its start day at its start hour, not from its creation', () => {
    const announced = {
      fecha_inicio: '2026-12-04',
      fecha_fin: '2026-12-15',
      created_at: '2026-11-20T18:00:00Z',
      anuncio_desde: '2026-11-28',
      hora_inicio: '10:00:00',
    };
    expect(salePeriod(announced)).toEqual({ start: '2026-12-04', startTime: '10:00', end: '2026-12-15' });
    expect(effectiveDate(salePeriod(announced), { colon: false })).toBe('2026-12-04T10:00-0600/2026-12-15T23:59-0600');
  });

  it("uses Mexico City's offset of the day", () => {
    expect(mexicoCityOffset('2026-12-01')).toBe('-06:00');
    expect(mexicoCityOffset('2026-06-01')).toBe('-06:00');
    // before 2022 Mexico City had summer time
    expect(mexicoCityOffset('2021-06-01')).toBe('-05:00');
  });

  it("writes the period as an ISO 8601 interval in Google's and Meta's spellings", () => {
    const google = effectiveDate({ start: '2026-11-20', end: '2026-12-15' }, { colon: false });
    expect(google).toBe('2026-11-20T00:00-0600/2026-12-15T23:59-0600');
    expect(google.length).toBeLessThanOrEqual(51);
    expect(effectiveDate({ start: '2026-11-20', end: '2026-12-15' }, { colon: true })).toBe(
      '2026-11-20T00:00-06:00/2026-12-15T23:59-06:00',
    );
  });
});

describe('links and images', () => {
  it('accepts absolute http(s) URLs, resolves relative ones on the site and refuses the rest', () => {
    expect(absoluteHttpUrl('https://cdn.example/a b.webp', SITE)).toBe('https://cdn.example/a%20b.webp');
    expect(absoluteHttpUrl('/img/a.webp', SITE)).toBe('https://outlet.mx/img/a.webp');
    expect(absoluteHttpUrl('data:image/png;base64,AAAA', SITE)).toBeNull();
    expect(absoluteHttpUrl('javascript:alert(1)', SITE)).toBeNull();
    expect(absoluteHttpUrl('  ', SITE)).toBeNull();
    expect(absoluteHttpUrl(`https://cdn.example/${'a'.repeat(2000)}`, SITE)).toBeNull();
  });

  it('lists the main image first, then the gallery in its order without repeats, at most 10 more', () => {
    const gallery = Array.from({ length: 14 }, (_, i) => ({ image_url: `https://cdn.example/${i}.webp`, orden: 14 - i }));
    const images = feedImages(
      'https://cdn.example/main.webp',
      [...gallery, { image_url: 'https://cdn.example/main.webp', orden: 0 }],
      SITE,
    );
    expect(images?.image_link).toBe('https://cdn.example/main.webp');
    expect(images?.additional_image_links).toHaveLength(10);
    expect(images?.additional_image_links[0]).toBe('https://cdn.example/13.webp');
    expect(images?.additional_image_links).not.toContain('https://cdn.example/main.webp');
  });

  it('takes the first gallery image without a main image, and none without photos', () => {
    expect(feedImages(null, [{ image_url: 'https://cdn.example/b.webp', orden: 1 }], SITE)).toEqual({
      image_link: 'https://cdn.example/b.webp',
      additional_image_links: [],
    });
    expect(feedImages(' ', [], SITE)).toBeNull();
    expect(feedImages('data:image/png;base64,AAAA', [], SITE)).toBeNull();
  });

  it("separates Meta's extra images with commas, a comma inside a URL encoded", () => {
    expect(metaImageList(['https://a.example/1.webp', 'https://a.example/x,y.webp'])).toBe(
      'https://a.example/1.webp,https://a.example/x%2Cy.webp',
    );
  });
});

describe('category', () => {
  it("writes the product type as 'Categoría > Subcategoría'", () => {
    expect(productType('Ropa de Mujer', 'Vestidos')).toBe('Ropa de Mujer > Vestidos');
    expect(productType('Calzado', null)).toBe('Calzado');
    expect(productType(null, 'Vestidos')).toBeUndefined();
  });

  it('reads gender and age group from the words of the category names', () => {
    expect(audience('Ropa de Mujer', 'Vestidos')).toEqual({ gender: 'female', age_group: 'adult' });
    expect(audience('Ropa de Hombre', 'Camisas')).toEqual({ gender: 'male', age_group: 'adult' });
    expect(audience('DAMAS', null)).toEqual({ gender: 'female', age_group: 'adult' });
    expect(audience('Caballero', null)).toEqual({ gender: 'male', age_group: 'adult' });
    expect(audience('Ropa Infantil', 'Niña')).toEqual({ gender: 'female', age_group: 'kids' });
    expect(audience('Niño', null)).toEqual({ gender: 'male', age_group: 'kids' });
    expect(audience('Niños', null)).toEqual({ age_group: 'kids' });
    expect(audience('Bebé', null)).toEqual({ age_group: 'infant' });
    expect(audience('Hombre y Mujer', null)).toEqual({ gender: 'unisex', age_group: 'adult' });
    expect(audience('Unisex', null)).toEqual({ gender: 'unisex' });
  });

  it('lets the subcategory say what the category says otherwise', () => {
    expect(audience('Ropa de Mujer', 'Niñas')).toEqual({ gender: 'female', age_group: 'kids' });
    expect(audience('Infantil', 'Bebé')).toEqual({ age_group: 'infant' });
  });

  it('leaves both out when no name says them (whole words only)', () => {
    expect(audience('Calzado', 'Tenis')).toEqual({});
    expect(audience('Hombreras', 'Damasco')).toEqual({});
    expect(audience(null, null)).toEqual({});
  });
});

describe('items', () => {
  it('makes one item per size, grouped by the product, a size without a piece for sale out of stock', () => {
    const items = feedItems(product(), SITE);
    expect(items.map((i) => [i.id, i.size, i.inStock])).toEqual([
      [`${PRODUCT_ID}-s`, 'S', true],
      [`${PRODUCT_ID}-m`, 'M', false],
      [`${PRODUCT_ID}-l`, 'L', true],
    ]);
    for (const item of items) {
      expect(item.item_group_id).toBe(PRODUCT_ID);
      expect(item).toMatchObject({
        title: 'Playera Básica - Nike',
        description: 'Algodón suave. Cuello redondo',
        price: '1299.00 MXN',
        sale_price: '899.00 MXN',
        sale_period: { start: '2026-11-20', end: '2026-12-15' },
        link: 'https://outlet.mx/producto/nike-playera-basica',
        image_link: 'https://cdn.example/storage/v1/object/public/product-images/a.webp',
        additional_image_links: [
          'https://cdn.example/storage/v1/object/public/product-images/b.webp',
          'https://cdn.example/storage/v1/object/public/product-images/c.webp',
        ],
        brand: 'Nike',
        product_type: 'Ropa de Mujer > Blusas y Playeras',
        gender: 'female',
        age_group: 'adult',
      });
    }
  });

  it('puts every item of a sold-out product out of stock', () => {
    expect(feedItems(product({ agotado: true }), SITE).map((i) => i.inStock)).toEqual([false, false, false]);
  });

  it("makes a product without sizes one item with the product's id and no group", () => {
    const [item, ...rest] = feedItems(product({ sizes: [] }), SITE);
    expect(rest).toEqual([]);
    expect(item?.id).toBe(PRODUCT_ID);
    expect(item?.item_group_id).toBeUndefined();
    expect(item?.size).toBeUndefined();
    expect(item?.inStock).toBe(true);
    expect(feedItems(product({ sizes: [], agotado: true }), SITE)[0]?.inStock).toBe(false);
  });

  it('lists every size in order, out of stock while held or sold', () => {
    const piezas = [
      { talla: 'S', libres: 2, apartadas: 0 },
      { talla: 'M', libres: 0, apartadas: 1 },
      { talla: 'L', libres: 1, apartadas: 1 },
      { talla: 'XL', libres: 0, apartadas: 0 },
    ];
    expect(feedSizes(piezas)).toEqual([
      { talla: 'S', inStock: true },
      { talla: 'M', inStock: false },
      { talla: 'L', inStock: true },
      { talla: 'XL', inStock: false },
    ]);
    expect(feedSizes([])).toEqual([]);
    // a product without sizes has none
    expect(feedSizes([{ talla: null, libres: 1, apartadas: 0 }])).toEqual([]);
  });

  it('lists a size once whatever its case or spaces', () => {
    expect(
      distinctSizes([
        { talla: 'M', inStock: true },
        { talla: ' m ', inStock: false },
        { talla: ' ', inStock: true },
      ]),
    ).toEqual([{ talla: 'M', inStock: true }]);
  });

  it('leaves out a product without a photo or a price, and the brand, type, gender and sale when there are none', () => {
    expect(feedItems(product({ imagen_principal: null, images: [] }), SITE)).toEqual([]);
    expect(feedItems(product({ precio_venta: 0 }), SITE)).toEqual([]);
    const [item] = feedItems(
      product({ marca: ' ', category_nombre: null, subcategory_nombre: null, precio_original: 899, sizes: [] }),
      SITE,
    );
    expect(item).toBeDefined();
    for (const field of ['brand', 'product_type', 'gender', 'age_group', 'sale_price', 'sale_period'] as const) {
      expect(item?.[field]).toBeUndefined();
    }
  });
});

describe('Google feed', () => {
  const items = feedItems(product(), SITE);
  const xml = googleFeedXml({ title: 'Outlet & Co', link: SITE, description: 'Moda <original>' }, items);
  const doc = readGoogleFeed(xml);

  it('is well-formed RSS 2.0 in the g: namespace, the channel escaped', () => {
    expect(doc.root).toBe('rss');
    expect(doc.version).toBe('2.0');
    expect(doc.gNamespace).toBe(GOOGLE_NS);
    expect(doc.channel).toEqual({ title: 'Outlet & Co', link: SITE, description: 'Moda <original>' });
    expect(doc.items).toHaveLength(3);
    for (const item of doc.items) for (const element of item.elements) expect(element.startsWith(`{${GOOGLE_NS}}`)).toBe(true);
  });

  it("writes each item's attributes in Google's spelling", () => {
    const [first, second] = doc.items.map((i) => i.values);
    expect(first?.['id']).toBe(`${PRODUCT_ID}-s`);
    expect(first?.['item_group_id']).toBe(PRODUCT_ID);
    expect(first?.['item_group_title']).toBe('Playera Básica - Nike');
    expect(first?.['title']).toBe('Playera Básica - Nike - Talla S');
    expect(first?.['availability']).toBe('in_stock');
    expect(second?.['availability']).toBe('out_of_stock');
    expect(first?.['condition']).toBe('new');
    expect(first?.['price']).toBe('1299.00 MXN');
    expect(first?.['sale_price']).toBe('899.00 MXN');
    expect(first?.['sale_price_effective_date']).toBe('2026-11-20T00:00-0600/2026-12-15T23:59-0600');
    expect(doc.items[0]?.additionalImages).toHaveLength(2);
    expect(first?.['size']).toBe('S');
    expect(first?.['gender']).toBe('female');
    expect(first?.['age_group']).toBe('adult');
  });

  it('escapes text that looks like markup, and drops characters XML cannot hold', () => {
    const [item] = feedItems(product({ nombre: 'Bolsa <b>"Día" & noche</b>\u0001', sizes: [] }), SITE);
    const text = googleFeedXml({ title: 'x', link: SITE, description: 'x' }, item ? [item] : []);
    expect(readGoogleFeed(text).items[0]?.values['title']).toBe('Bolsa <b>"Día" & noche</b> - Nike');
  });

  it('leaves out attributes an item does not have', () => {
    const item: FeedItem = { ...(feedItems(product({ sizes: [], marca: '' }), SITE)[0] as FeedItem) };
    const names = googleAttributes(item).map(([name]) => name);
    expect(names).not.toContain('item_group_id');
    expect(names).not.toContain('item_group_title');
    expect(names).not.toContain('size');
    expect(names).not.toContain('brand');
  });
});

describe('Meta feed', () => {
  const csv = metaFeedCsv(feedItems(product({ descripcion: '<p>Con "comillas", comas</p>' }), SITE));
  const parsed = readMetaFeed(csv);

  it("has Meta's columns and one row per item, quotes and commas kept", () => {
    expect(parsed.errors).toEqual([]);
    expect(parsed.fields).toEqual([...META_COLUMNS]);
    expect(parsed.rows).toHaveLength(3);
    expect(parsed.rows[0]?.['description']).toBe('Con "comillas", comas');
  });

  it("writes each item's fields in Meta's spelling", () => {
    const [first, second] = parsed.rows;
    expect(first).toMatchObject({
      id: `${PRODUCT_ID}-s`,
      item_group_id: PRODUCT_ID,
      title: 'Playera Básica - Nike',
      availability: 'in stock',
      condition: 'new',
      price: '1299.00 MXN',
      sale_price: '899.00 MXN',
      sale_price_effective_date: '2026-11-20T00:00-06:00/2026-12-15T23:59-06:00',
      link: 'https://outlet.mx/producto/nike-playera-basica',
      additional_image_link:
        'https://cdn.example/storage/v1/object/public/product-images/b.webp,https://cdn.example/storage/v1/object/public/product-images/c.webp',
      brand: 'Nike',
      product_type: 'Ropa de Mujer > Blusas y Playeras',
      size: 'S',
      gender: 'female',
      age_group: 'adult',
    });
    expect(second?.['availability']).toBe('out of stock');
  });
});
