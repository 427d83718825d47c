/**
 * The product card's stock and novelty badges: 'Nuevo' while a product is in its first 7 days in the shop,
 * 'Última talla' when a single size is left for sale.
 *
 * The shop's pages are static and may be days old when a shopper opens them, so 'Nuevo' is decided with the
 * viewer's clock: the build prints it as of the build, and the card's island decides again in the browser
 * when it hydrates (as the campaign countdown does), so a product stops being new on time without a rebuild.
 */

/** How long a product counts as new after it was added (created_at). */
export const NEW_PRODUCT_DAYS = 7;
const NEW_PRODUCT_MS = NEW_PRODUCT_DAYS * 24 * 60 * 60 * 1000;

export const NEW_BADGE = 'Nuevo';
export const LAST_SIZE_BADGE = 'Última talla';

/**
 * True while less than 7 × 24 hours have passed since `createdAt` at `now`. A creation time ahead of the
 * viewer's clock (a device running late) still counts as new; a missing or unreadable one never does.
 */
export function isNewProduct(createdAt: string | null | undefined, now: Date = new Date()): boolean {
  if (!createdAt) return false;
  const created = Date.parse(createdAt);
  if (Number.isNaN(created)) return false;
  return now.getTime() - created < NEW_PRODUCT_MS;
}

/**
 * Spellings of a one-size product ('Unitalla', 'Talla única', 'One size'…), compared without case, accents,
 * spaces or punctuation. Such a product always lists exactly one size, so it is never its "last" one.
 */
const ONE_SIZE = new Set(['unitalla', 'tallaunica', 'unica', 'unisize', 'onesize', 'os', 'u']);

const sizeKey = (size: string) =>
  size
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** True for a size that means "one size fits all" rather than one size of several. */
export function isOneSize(size: string): boolean {
  return ONE_SIZE.has(sizeKey(size));
}

/**
 * True when exactly one size is left for sale (products.sizes lists only the sizes still for sale), unless
 * that size is the product's only one by nature ('Unitalla').
 */
export function isLastSize(sizes: readonly string[] | null | undefined): boolean {
  if (sizes?.length !== 1) return false;
  const [only = ''] = sizes;
  return only.trim() !== '' && !isOneSize(only);
}

export interface CardBadgeSource {
  created_at?: string | null;
  sizes?: readonly string[] | null;
}

/** The card's badges for a product at `now`, in the order the card shows them. */
export function cardBadges(p: CardBadgeSource, now: Date = new Date()): { isNew: boolean; lastSize: boolean } {
  return { isNew: isNewProduct(p.created_at, now), lastSize: isLastSize(p.sizes) };
}
