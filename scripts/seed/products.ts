/**
 * Turns the catalogue definitions into concrete demo products (names, prices, sizes, descriptions,
 * image plan), deterministically from a seeded PRNG. Pure: no I/O, no ids from the database.
 */
import { randomUUID } from 'node:crypto';
import {
  BRANDS,
  CAMPAIGNS,
  CATEGORIES,
  COLORS,
  SIZE_SCALES,
  type BrandDef,
  type CampaignDef,
  type CategoryDef,
  type ColorDef,
  type Gender,
  type ItemDef,
  type Silhouette,
  type SizeScale,
  type SubcategoryDef,
} from './catalog.ts';
import { slugifyPermalink } from './slug.ts';
import type { ProductView } from './images.ts';
import type { Rng } from './random.ts';

export interface ProductPlan {
  id: string;
  campaignKey: string;
  categoryKey: string;
  /** null for the few products left without a subcategory */
  subcategory: string | null;
  brand: BrandDef;
  nombre: string;
  permalinkBase: string;
  precioOriginal: number;
  precioVenta: number;
  costoCompra: number;
  linkExterno: string | null;
  descripcion: string | null;
  destacado: boolean;
  sizes: string[];
  silhouette: Silhouette;
  colour: ColorDef;
  /** views[0] is the main image; the rest become product_images orden 1..n; none for a product without photos */
  views: ProductView[];
  createdAt: string;
}

const GENDER_INDEX: Record<Gender, number> = { m: 0, f: 1, mp: 2, fp: 3 };

export function brandByName(name: string): BrandDef {
  const b = BRANDS.find((x) => x.name === name);
  if (!b) throw new Error(`Marca desconocida en el catálogo: ${name}`);
  return b;
}

export function categoryByKey(key: string): CategoryDef {
  const c = CATEGORIES.find((x) => x.key === key);
  if (!c) throw new Error(`Categoría desconocida en el catálogo: ${key}`);
  return c;
}

interface Section {
  category: CategoryDef;
  subcategory: SubcategoryDef;
}

/** Expands 'key/Subcategoría' and 'key/*' references of a campaign. */
export function campaignSections(c: CampaignDef): Section[] {
  return c.sections.flatMap((ref) => {
    const [key, sub] = ref.split('/') as [string, string];
    const category = categoryByKey(key);
    const subs = sub === '*' ? category.subcategories : category.subcategories.filter((s) => s.nombre === sub);
    if (subs.length === 0) throw new Error(`Subcategoría desconocida en la campaña ${c.key}: ${ref}`);
    return subs.map((subcategory) => ({ category, subcategory }));
  });
}

/** MXN list prices end in 99: 1349.2 -> 1299. */
export function roundTo99(x: number): number {
  return Math.max(99, Math.round(x / 100) * 100 - 1);
}

function priceFor(rng: Rng, item: ItemDef, brand: BrandDef): { original: number; venta: number; costo: number } {
  const [lo, hi] = item.price;
  const original = Math.min(8999, Math.max(799, roundTo99((lo + rng.next() * (hi - lo)) * brand.tier)));
  let venta = original;
  if (!rng.chance(0.1)) {
    // 30-70% off, rounded to a price ending in 49 or 99, kept inside the band after rounding.
    const off = 0.3 + rng.next() * 0.4;
    venta = Math.round((original * (1 - off)) / 50) * 50 - 1;
    while ((original - venta) / original < 0.3) venta -= 50;
    while ((original - venta) / original > 0.7) venta += 50;
  }
  // Purchase cost: a 25-85% markup under the sale price, to the cent.
  const markup = 0.25 + rng.next() * 0.6;
  const costo = Math.round((venta / (1 + markup)) * 100) / 100;
  return { original, venta, costo };
}

function sizesFor(rng: Rng, scale: SizeScale): string[] {
  const all = SIZE_SCALES[scale];
  if (all.length === 0) return [];
  if (scale === 'unitalla') return rng.chance(0.8) ? ['Unitalla'] : [];
  // A few sized products come with no sizes at all (e.g. imported without them).
  if (rng.chance(0.06)) return [];
  const [minLen, maxLen] = scale === 'ropa' ? [2, 6] : scale === 'cinturon' ? [2, 4] : scale.startsWith('calzado') ? [4, 8] : [3, 7];
  const len = Math.min(all.length, 8, rng.int(minLen, maxLen));
  const start = rng.int(0, all.length - len);
  return all.slice(start, start + len);
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const INTROS = [
  'un básico que nunca pasa de moda',
  'para lucir bien todos los días',
  'ideal para combinar con todo tu guardarropa',
  'con el estilo inconfundible de la marca',
  'una pieza versátil para cualquier ocasión',
  'con la comodidad y el estilo que buscas',
  'una de las piezas favoritas de la temporada',
];

function descriptionFor(rng: Rng, nombre: string, marca: string, item: ItemDef, colour: string): string | null {
  const r = rng.next();
  if (r < 0.12) return null;
  const intro = `${nombre} de ${marca}, ${rng.pick(INTROS)}.`;
  const material = rng.pick(item.materials);
  const features = rng.shuffle(item.features).slice(0, rng.int(2, 3));
  if (r < 0.55) {
    const items = [`Material: ${material}`, ...features, `Color: ${colour}`].map((t) => `<li>${esc(t)}</li>`).join('');
    const closing = rng.chance(0.5) ? '<p>Producto 100% original. Pieza de outlet con existencias limitadas.</p>' : '';
    return `<p>${esc(intro)}</p><ul>${items}</ul>${closing}`;
  }
  return `${intro} ${features.map((f) => `${f}.`).join(' ')} Material: ${material}.`;
}

const SKU_PREFIX: Record<string, string> = {
  nike: 'NK',
  adidas: 'AD',
  puma: 'PM',
  "levi's": 'LV',
  guess: 'GS',
  'tommy hilfiger': 'TH',
  'calvin klein': 'CK',
  'michael kors': 'MK',
  'steve madden': 'SM',
  converse: 'CV',
};

export interface PlanOptions {
  rng: Rng;
  /** reference instant for created_at */
  now: Date;
}

/** Picks the item, brand, name and the rest of one product. */
export function planProduct(
  rng: Rng,
  section: Section,
  allowedBrands: readonly string[],
  campaignKey: string,
  now: Date,
  maxAgeDays: number,
): ProductPlan {
  const item = rng.pick(section.subcategory.items);
  const inCampaign = item.brands.filter((b) => allowedBrands.includes(b));
  const brand = brandByName(rng.pick(inCampaign.length > 0 ? inCampaign : item.brands));
  const models = item.models?.[brand.name];
  const style = models && rng.chance(0.8) ? rng.pick(models) : rng.pick(item.styles);
  const colour = COLORS[rng.pick(item.colors)];
  if (!colour) throw new Error(`Color desconocido en ${item.base}`);
  const colourWord = colour.forms[GENDER_INDEX[item.gender]] ?? colour.forms[0];
  const nombre = `${item.base} ${style} ${colourWord}`;
  const { original, venta, costo } = priceFor(rng, item, brand);
  const extra = rng.pick([0, 1, 1, 2, 2, 2, 3, 3]);
  const views: ProductView[] = [0, ...rng.shuffle([1, 2, 3] as ProductView[]).slice(0, extra)];
  const prefix = SKU_PREFIX[brand.name] ?? 'XX';
  const createdAt = new Date(now.getTime() - Math.floor(rng.next() * maxAgeDays * 86_400_000)).toISOString();
  return {
    id: randomUUID(),
    campaignKey,
    categoryKey: section.category.key,
    subcategory: section.subcategory.nombre,
    brand,
    nombre,
    permalinkBase: slugifyPermalink(brand.displayName, nombre),
    precioOriginal: original,
    precioVenta: venta,
    costoCompra: costo,
    linkExterno: rng.chance(0.85) ? `https://proveedor.example.com/${prefix.toLowerCase()}/${prefix}-${rng.int(10000, 99999)}` : null,
    descripcion: descriptionFor(rng, nombre, brand.displayName, item, colourWord),
    destacado: false,
    sizes: sizesFor(rng, item.sizes),
    silhouette: item.silhouette,
    colour,
    views,
    createdAt,
  };
}

/**
 * The PRNG seed of the demo. It does not depend on the date: every day draws the same products
 * (names, prices, sizes, campaigns); only the campaign dates move with today.
 */
export const DEMO_SEED = 'outlet-demo';

/** Every demo product, campaign by campaign; a few featured in the running campaigns. */
export function planDemoProducts({ rng, now }: PlanOptions): ProductPlan[] {
  const products: ProductPlan[] = [];
  for (const campaign of CAMPAIGNS) {
    const sections = campaignSections(campaign);
    // Walk the sections round-robin (shuffled) so every one gets products, then at random.
    const order = rng.shuffle(sections);
    const planned: ProductPlan[] = [];
    for (let i = 0; i < campaign.products; i++) {
      const section = i < order.length ? (order[i] as Section) : rng.pick(sections);
      planned.push(planProduct(rng, section, campaign.brands, campaign.key, now, 20));
    }
    const running = campaign.startOffset <= 0 && campaign.endOffset >= 0;
    if (running) for (const p of rng.shuffle(planned).slice(0, 5)) p.destacado = true;
    products.push(...planned);
  }
  // A few products were never given a subcategory.
  for (const p of rng.shuffle(products).slice(0, 3)) p.subcategory = null;
  // One product of a running campaign was imported before its photos arrived: no main image and no
  // gallery (the last by permalink, so the shop shows it without it being the first of any list).
  const running = new Set(CAMPAIGNS.filter((c) => c.startOffset <= 0 && c.endOffset >= 0).map((c) => c.key));
  const withoutPhotos = products
    .filter((p) => running.has(p.campaignKey) && !p.destacado)
    .sort((a, b) => b.permalinkBase.localeCompare(a.permalinkBase))[0];
  if (withoutPhotos) withoutPhotos.views = [];
  return products;
}
