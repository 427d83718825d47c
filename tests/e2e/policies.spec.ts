/**
 * One set of policies, stated the same everywhere: every page of the shop is read as a shopper reads
 * it (closed FAQ answers, the help panel and the product sections included) and every figure it states
 * about shipping, delivery, returns, revocation, refunds and interest-free months must be the one saved
 * in the shop settings, so no two pages can disagree. The product page's structured data (which
 * merchant listings read) says the same: shipping cost for its price, delivery time, return window.
 */
import { type PolicyColumns, type ShopPolicies, toShopPolicies } from '../../src/lib/policies.ts';
import { anon, mexicoDate, shopSettings } from './fixtures.ts';
import { pageText, policyFacts, policyFindings } from './policy-facts.ts';
import { expect, test } from './test.ts';

let policies: ShopPolicies;

test.beforeAll(async () => {
  policies = toShopPolicies((await shopSettings()) as unknown as PolicyColumns);
});

/** Products of a running campaign, cheapest first. */
async function runningProducts() {
  const { data } = await anon()
    .from('products')
    .select('permalink, precio_venta, campaigns!inner(fecha_fin)')
    .gte('campaigns.fecha_fin', mexicoDate(1))
    .order('precio_venta')
    .throwOnError();
  return data;
}

test('every page states the same shipping, delivery, returns and payment figures, the saved ones', async ({ page }) => {
  const products = await runningProducts();
  const cheap = products.find((p) => policies.freeShippingMin === null || Number(p.precio_venta) < policies.freeShippingMin);
  const dear = products.findLast((p) => policies.freeShippingMin !== null && Number(p.precio_venta) >= policies.freeShippingMin);
  expect(cheap && dear, 'la demo tiene productos a ambos lados del envío gratis').toBeTruthy();
  const pages = [
    '/',
    '/tienda',
    '/como-comprar',
    '/preguntas-frecuentes',
    '/contacto',
    '/terminos',
    '/privacidad',
    '/favoritos',
    `/producto/${cheap!.permalink}`,
    `/producto/${dear!.permalink}`,
    '/no-existe',
  ];
  const seen = new Map<string, Set<string>>();
  const findings: string[] = [];
  const kindsOn = new Map<string, Set<string>>();
  for (const path of pages) {
    await page.goto(path);
    const text = await pageText(page);
    findings.push(...policyFindings(text, policies).map((f) => `${path}: ${f}`));
    const kinds = new Set<string>();
    for (const fact of policyFacts(text)) {
      kinds.add(fact.kind);
      if (fact.kind !== 'delivery') seen.set(fact.kind, (seen.get(fact.kind) ?? new Set()).add(fact.value));
    }
    kindsOn.set(path, kinds);
  }
  expect(findings).toEqual([]);
  // No two pages state different values (delivery differs by zone, each zone checked above).
  for (const [kind, values] of seen) expect([...values], kind).toHaveLength(1);

  // Each page states what a shopper looks for there; the footer and the help panel are on every page.
  const expected: Record<string, string[]> = {
    '/preguntas-frecuentes': [
      'free-shipping',
      'shipping-cost',
      'installments',
      'return-days',
      'revocation-days',
      'refund-days',
      'delivery',
    ],
    '/terminos': ['free-shipping', 'shipping-cost', 'installments', 'return-days', 'revocation-days', 'refund-days', 'delivery'],
    '/como-comprar': ['free-shipping', 'delivery'],
    [`/producto/${cheap!.permalink}`]: ['free-shipping', 'shipping-cost', 'return-days', 'revocation-days', 'refund-days', 'delivery'],
  };
  for (const path of pages) {
    for (const kind of [...(expected[path] ?? []), 'free-shipping', 'return-days']) expect([...kindsOn.get(path)!], path).toContain(kind);
  }
});

test('the product page tells merchant listings the same shipping and return policy', async ({ page }) => {
  const products = await runningProducts();
  for (const product of [products[0]!, products.at(-1)!]) {
    await page.goto(`/producto/${product.permalink}`);
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    // a product with sizes is a ProductGroup whose variants (one per size) each carry their offer
    const doc = blocks.map((b) => JSON.parse(b)).find((d) => d['@type'] === 'Product' || d['@type'] === 'ProductGroup');
    const offer = doc['@type'] === 'ProductGroup' ? doc.hasVariant[0].offers : doc.offers;
    const free = policies.freeShippingMin !== null && Number(product.precio_venta) >= policies.freeShippingMin;
    expect(offer.shippingDetails).toMatchObject({
      shippingRate: { value: (free ? 0 : policies.shippingCost).toFixed(2), currency: 'MXN' },
      shippingDestination: { addressCountry: 'MX' },
      deliveryTime: {
        transitTime: {
          minValue: Math.min(...policies.deliveryZones.map((z) => z.minDays)),
          maxValue: Math.max(...policies.deliveryZones.map((z) => z.maxDays)),
        },
      },
    });
    expect(offer.hasMerchantReturnPolicy).toMatchObject({ merchantReturnDays: policies.returnDays, applicableCountry: 'MX' });
  }
});

test('a seller detail the owner has not set is left out, never a placeholder', async ({ page }) => {
  test.skip(policies.seller.legalName !== null, 'la tienda ya tiene razón social');
  for (const path of ['/terminos', '/privacidad', '/']) {
    await page.goto(path);
    const text = await pageText(page);
    expect(text).not.toMatch(/razón social|\bundefined\b|\bnull\b|\bRFC\b/i);
  }
});
