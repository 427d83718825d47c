/** Admin image uploads to the 'product-images' bucket: file checks, object names, and URL → object path. */

export const PRODUCT_IMAGES_BUCKET = 'product-images';
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** Gallery uploads accept JPG, PNG and WebP. */
export const GALLERY_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const GALLERY_ACCEPT = GALLERY_IMAGE_TYPES.join(',');

export const INVALID_IMAGE_MESSAGE = 'Por favor selecciona un archivo de imagen válido';
export const IMAGE_TOO_LARGE_MESSAGE = 'La imagen debe ser menor a 5MB';

export interface FileLike {
  name: string;
  type: string;
  size: number;
}

/**
 * The spec's upload checks: an image type (for the gallery, one of JPG/PNG/WebP), under 5MB.
 * Returns the Spanish error to show, or null when the file is fine.
 */
export function imageFileError(file: FileLike, allowed: readonly string[] = GALLERY_IMAGE_TYPES): string | null {
  if (!file.type.startsWith('image/') || (allowed.length > 0 && !allowed.includes(file.type))) return INVALID_IMAGE_MESSAGE;
  if (file.size > MAX_IMAGE_BYTES) return IMAGE_TOO_LARGE_MESSAGE;
  return null;
}

const EXT_BY_TYPE: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

/** A safe lowercase extension: from the MIME type when known, else the file name's, else 'jpg'. */
export function imageExtension(file: Pick<FileLike, 'name' | 'type'>): string {
  const byType = EXT_BY_TYPE[file.type];
  if (byType) return byType;
  const m = /\.([a-z0-9]{1,5})$/i.exec(file.name);
  return m?.[1]?.toLowerCase() ?? 'jpg';
}

/** Random base-36 suffix (6-10 characters). `random` is injectable for tests. */
export function randomSuffix(random: () => number = Math.random): string {
  return random().toString(36).slice(2, 10).padEnd(6, '0');
}

/** The main image: named by time and random, at the bucket root: '{ms}-{random}.{ext}'. */
export function mainImagePath(file: Pick<FileLike, 'name' | 'type'>, now: number = Date.now(), random: () => number = Math.random): string {
  return `${now}-${randomSuffix(random)}.${imageExtension(file)}`;
}

/** An extra (gallery) image: under the product id, '{productId}/{ms}-{random}.{ext}'. */
export function galleryImagePath(
  productId: string,
  file: Pick<FileLike, 'name' | 'type'>,
  now: number = Date.now(),
  random: () => number = Math.random,
): string {
  return `${productId}/${mainImagePath(file, now, random)}`;
}

/**
 * The object path inside the bucket of one of our public Storage URLs
 * ('.../storage/v1/object/public/product-images/a/b.png' → 'a/b.png'); null for any other URL
 * (external images are never ours to delete).
 */
export function storagePathFromUrl(url: string | null | undefined, bucket: string = PRODUCT_IMAGES_BUCKET): string | null {
  if (!url) return null;
  const marker = `/storage/v1/object/public/${bucket}/`;
  const at = url.indexOf(marker);
  if (at < 0) return null;
  const path = url.slice(at + marker.length).split(/[?#]/, 1)[0] ?? '';
  if (!path) return null;
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** The storage paths to remove for a set of image URLs (ours only, without duplicates). */
export function storagePathsFromUrls(urls: Iterable<string | null | undefined>, bucket: string = PRODUCT_IMAGES_BUCKET): string[] {
  const out = new Set<string>();
  for (const u of urls) {
    const p = storagePathFromUrl(u, bucket);
    if (p) out.add(p);
  }
  return [...out];
}

/** Orden of the next gallery image: max + 1, or 1 for the first. */
export function nextImageOrder(orders: Iterable<number | null | undefined>): number {
  let max = 0;
  for (const o of orders) if (typeof o === 'number' && Number.isFinite(o) && o > max) max = o;
  return max + 1;
}

/** True for an http(s) URL an admin may add to the gallery. */
export function isImageUrl(text: string): boolean {
  try {
    const u = new URL(text.trim());
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}
