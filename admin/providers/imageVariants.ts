/**
 * For projects without Supabase's image transformation (PUBLIC_IMAGE_TRANSFORMS=off): an uploaded image's
 * WebP copies at its bucket's widths, made in the browser and stored beside it (naming rule in
 * src/lib/image-variants.ts). Best effort: whatever is not made here (a browser that cannot encode WebP, a
 * failed upload) is made by `node scripts/images-prepare.ts` before the next build.
 */
import { hasVariants, variantPath, variantSize, variantWidths } from '@/lib/image-variants.ts';
import { supabase } from './supabase.ts';

const WEBP_QUALITY = 0.8;

/** The bitmap drawn at a size as WebP; null when the browser cannot encode WebP. */
async function toWebp(bitmap: ImageBitmap, width: number, height: number): Promise<Blob | null> {
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, width, height);
  const blob = await canvas.convertToBlob({ type: 'image/webp', quality: WEBP_QUALITY });
  // a browser without a WebP encoder returns PNG instead
  return blob.type === 'image/webp' ? blob : null;
}

/** Makes and uploads the copies of an original just uploaded to `bucket` at `path`. */
export async function uploadImageVariants(bucket: string, path: string, file: Blob): Promise<void> {
  if (!hasVariants(bucket, path)) return;
  try {
    const bitmap = await createImageBitmap(file);
    try {
      await Promise.all(
        variantWidths(bucket).map(async (target) => {
          const size = variantSize(bitmap.width, bitmap.height, target);
          const blob = await toWebp(bitmap, size.width, size.height);
          if (!blob) return;
          const { error } = await supabase.storage
            .from(bucket)
            .upload(variantPath(path, target), blob, { contentType: 'image/webp', upsert: true, cacheControl: '31536000' });
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
