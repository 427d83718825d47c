/**
 * Prepared image sizes, for projects without Supabase's image transformation: every original in a shop
 * bucket has WebP copies at the bucket's fixed widths, stored beside it as
 * '<path without extension>@<width>.webp' (e.g. 'a/b.jpg' → 'a/b@480.webp'), never wider than the original.
 * The back office writes them at upload, `node scripts/images-prepare.ts` for whatever lacks them.
 */

/** Widths per bucket: product images serve cards, tiles, logos and the product page; hero images the full-width banner. */
export const VARIANT_WIDTHS: Readonly<Record<string, readonly number[]>> = {
  'product-images': [480, 960],
  'hero-images': [960, 1600],
};

const VARIANT_NAME = /@\d+\.webp$/;
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

/** Every copy path of an original (none when it gets no copies). */
export function variantPaths(bucket: string, path: string): string[] {
  return hasVariants(bucket, path) ? variantWidths(bucket).map((w) => variantPath(path, w)) : [];
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
