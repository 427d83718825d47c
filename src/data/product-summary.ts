/**
 * The product as the shop shows it: one shape derived from the generated `products` row and one mapper,
 * used by the shop grid, the home carousel and hero, the product page, related products and favourites,
 * so the same product reads the same everywhere.
 */
import { toAmount } from '../lib/money.ts';
import type { Tables } from './database.types.ts';

type ProductRow = Tables<'products'>;

/**
 * What every view of a product names: a favourite keeps exactly these fields in the browser (the saved
 * format), a hero slide and the buy box show them.
 */
export type ProductSummary = Pick<
  ProductRow,
  'id' | 'nombre' | 'marca' | 'precio_original' | 'precio_venta' | 'imagen_principal' | 'permalink'
>;

/** A product card: the summary plus its badges (featured, sizes, category, campaign countdown, 'Nuevo' from created_at). */
export type CardProduct = ProductSummary &
  Pick<ProductRow, 'destacado' | 'sizes' | 'created_at'> & {
    category_nombre: string | null;
    campaign: Pick<Tables<'campaigns'>, 'nombre' | 'fecha_fin'>;
  };

/** A product as a card query reads it: its own columns plus its campaign, category and linked brand. */
export type CardSource = Pick<ProductRow, 'id' | 'nombre' | 'marca' | 'imagen_principal' | 'permalink' | 'destacado' | 'created_at'> & {
  precio_original: number | string | null;
  precio_venta: number | string | null;
  sizes: string[] | null;
  campaign: Pick<Tables<'campaigns'>, 'nombre' | 'fecha_fin'>;
  category: Pick<Tables<'categories'>, 'nombre'> | null;
  brand: Pick<Tables<'brands'>, 'display_name'> | null;
};

/**
 * The PostgREST select of a card: campaign inner-joined (filter it on `campaign.fecha_fin`), category and
 * brand left-joined (null when missing or hidden from shoppers).
 */
export const CARD_SELECT =
  'id, nombre, marca, precio_original, precio_venta, imagen_principal, permalink, destacado, sizes, created_at, campaign:campaigns!inner(nombre, fecha_fin), category:categories(nombre), brand:brands(display_name)';

/**
 * The brand a shopper sees: the linked brand's display name (so renaming or merging a brand shows at once
 * everywhere), else the product's free-text marca.
 */
export function brandLabel(marca: string, brand: { display_name: string } | null): string {
  return brand?.display_name.trim() || marca;
}

/** A price as shown: numeric from Postgres (number or numeric text), 0 when missing or not a number. */
function toPrice(value: number | string | null | undefined): number {
  return toAmount(value) ?? 0;
}

/** The one mapper from a card query's row to the card. */
export function toCardProduct(r: CardSource): CardProduct {
  return {
    id: r.id,
    nombre: r.nombre,
    marca: brandLabel(r.marca, r.brand),
    precio_original: toPrice(r.precio_original),
    precio_venta: toPrice(r.precio_venta),
    imagen_principal: r.imagen_principal,
    permalink: r.permalink,
    destacado: r.destacado,
    sizes: r.sizes ?? [],
    created_at: r.created_at,
    category_nombre: r.category?.nombre ?? null,
    campaign: { nombre: r.campaign.nombre, fecha_fin: r.campaign.fecha_fin },
  };
}

/** Only the summary's fields of any richer product (what a favourite stores, whatever the card carried). */
export function toSummary(p: ProductSummary): ProductSummary {
  return {
    id: p.id,
    nombre: p.nombre,
    marca: p.marca,
    precio_original: p.precio_original,
    precio_venta: p.precio_venta,
    imagen_principal: p.imagen_principal,
    permalink: p.permalink,
  };
}
