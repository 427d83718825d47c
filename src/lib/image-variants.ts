/**
 * Prepared image sizes, for projects without Supabase's image transformation: every original in a shop
 * bucket has WebP copies at the bucket's fixed widths, stored beside it as
 * '<path without extension>@<width>.webp' (e.g. 'a/b.jpg' → 'a/b@480.webp'), never wider than the original.
 * A product image also has its share picture, cropped to fill 1200x630 from the centre (what Open Graph
 * and Twitter cards show), as '<path without extension>@share.webp'.
 * The back office writes them at upload, `node scripts/images-prepare.ts` for whatever lacks them.
 */

/** Widths per bucket: product images serve cards, tiles, logos and the product page; hero images the full-width banner. */
export const VARIANT_WIDTHS: Readonly<Record<string, readonly number[]>> = {
  'product-images': [480, 960],
  'hero-images': [960, 1600],
};

/** The share picture's size: Open Graph's 1.91:1 at the width social networks show best. */
export const SHARE_SIZE = { width: 1200, height: 630 } as const;
/** The buckets whose images get a share picture. */
const SHARE_BUCKETS: readonly string[] = ['product-images'];

const VARIANT_NAME = /@(\d+|share)\.webp$/;
/** Raster formats a resized copy is made of (an SVG scales by itself). */
const RESIZABLE = /\.(jpe?g|png|webp|gif|avif)$/i;

/** The prepared widths of a bucket, smallest first; none for a bucket the shop does not prepare. */
export function variantWidths(bucket: string): readonly number[] {
  return VARIANT_WIDTHS[bucket] ?? [];
}

/** True for a prepared copy's path ('…@480.webp'). */
export function isVariantPath(path: string): boolean {
  return VARIANT_NAME.test(path);
}

/** True when an object is an original that gets prepared copies: a raster image in a prepared bucket. */
export function hasVariants(bucket: string, path: string): boolean {
  return variantWidths(bucket).length > 0 && RESIZABLE.test(path) && !isVariantPath(path);
}

/** The path of an original's copy at a width: its extension replaced by '@<width>.webp'. */
export function variantPath(path: string, width: number): string {
  return `${path.replace(/\.[^./]*$/, '')}@${width}.webp`;
}

/** True when an original gets a share picture: a raster product image. */
export function hasShareCopy(bucket: string, path: string): boolean {
  return SHARE_BUCKETS.includes(bucket) && hasVariants(bucket, path);
}

/** The path of an original's share picture: its extension replaced by '@share.webp'. */
export function sharePath(path: string): string {
  return `${path.replace(/\.[^./]*$/, '')}@share.webp`;
}

/** Every copy path of an original, its share picture included (none when it gets no copies). */
export function variantPaths(bucket: string, path: string): string[] {
  if (!hasVariants(bucket, path)) return [];
  const copies = variantWidths(bucket).map((w) => variantPath(path, w));
  return hasShareCopy(bucket, path) ? [...copies, sharePath(path)] : copies;
}

/** True when an original should have a share picture and it does not exist yet. */
export function missingShareCopy(bucket: string, path: string, existing: ReadonlySet<string>): boolean {
  return hasShareCopy(bucket, path) && !existing.has(sharePath(path));
}

/**
 * The part of a width x height image that fills `target` when scaled, centred: what a 'cover' resize
 * keeps (a 4:5 photo loses its top and bottom to become 1.91:1).
 */
export function coverCrop(
  width: number,
  height: number,
  target: { width: number; height: number },
): { x: number; y: number; width: number; height: number } {
  const scale = Math.max(target.width / width, target.height / height);
  const w = Math.min(width, Math.round(target.width / scale));
  const h = Math.min(height, Math.round(target.height / scale));
  return { x: Math.round((width - w) / 2), y: Math.round((height - h) / 2), width: w, height: h };
}

/** The widths an original still lacks, given the paths that exist. */
export function missingVariantWidths(bucket: string, path: string, existing: ReadonlySet<string>): number[] {
  if (!hasVariants(bucket, path)) return [];
  return variantWidths(bucket).filter((w) => !existing.has(variantPath(path, w)));
}

/** The size of a copy `target` wide: the original's own when narrower (never enlarged), else scaled keeping its aspect. */
export function variantSize(width: number, height: number, target: number): { width: number; height: number } {
  if (width <= target) return { width, height };
  return { width: target, height: Math.max(1, Math.round((height * target) / width)) };
}
