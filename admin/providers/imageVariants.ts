/**
 * For projects without Supabase's image transformation (PUBLIC_IMAGE_TRANSFORMS=off): an uploaded image's
 * WebP copies at its bucket's widths, and a product image's 1200x630 share picture (cropped to fill from
 * the centre), made in the browser and stored beside it (naming rule in src/lib/image-variants.ts). Best effort: whatever is not made here (a browser that cannot encode WebP, a
 * failed upload) is made by `node scripts/images-prepare.ts` before the next build.
 */
import {
  coverCrop,
  hasShareCopy,
  hasVariants,
  SHARE_SIZE,
  sharePath,
  variantPath,
  variantSize,
  variantWidths,
} from '@/lib/image-variants.ts';
import { supabase } from './supabase.ts';

const WEBP_QUALITY = 0.8;

interface Area {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The bitmap (or an area of it) drawn at a size as WebP; null when the browser cannot encode WebP. */
async function toWebp(bitmap: ImageBitmap, width: number, height: number, from?: Area): Promise<Blob | null> {
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.imageSmoothingQuality = 'high';
  const area = from ?? { x: 0, y: 0, width: bitmap.width, height: bitmap.height };
  context.drawImage(bitmap, area.x, area.y, area.width, area.height, 0, 0, width, height);
  const blob = await canvas.convertToBlob({ type: 'image/webp', quality: WEBP_QUALITY });
  // a browser without a WebP encoder returns PNG instead
  return blob.type === 'image/webp' ? blob : null;
}

/** Makes and uploads the copies of an original just uploaded to `bucket` at `path`. */
export async function uploadImageVariants(bucket: string, path: string, file: Blob): Promise<void> {
  if (!hasVariants(bucket, path)) return;
  try {
    const bitmap = await createImageBitmap(file);
    const copies = variantWidths(bucket).map((target) => {
      const size = variantSize(bitmap.width, bitmap.height, target);
      return { to: variantPath(path, target), make: () => toWebp(bitmap, size.width, size.height) };
    });
    if (hasShareCopy(bucket, path)) {
      const crop = coverCrop(bitmap.width, bitmap.height, SHARE_SIZE);
      copies.push({ to: sharePath(path), make: () => toWebp(bitmap, SHARE_SIZE.width, SHARE_SIZE.height, crop) });
    }
    try {
      await Promise.all(
        copies.map(async ({ to, make }) => {
          const blob = await make();
          if (!blob) return;
          const { error } = await supabase.storage
            .from(bucket)
            .upload(to, blob, { contentType: 'image/webp', upsert: true, cacheControl: '31536000' });
          if (error) throw error;
        }),
      );
    } finally {
      bitmap.close();
    }
  } catch (error) {
    console.error('No se pudieron preparar los tamaños de la imagen', error);
  }
}
