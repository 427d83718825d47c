/** Uploads generated images to Supabase Storage and returns their public URLs. */
import type { Db } from './db.ts';

export const PRODUCT_BUCKET = 'product-images';
export const HERO_BUCKET = 'hero-images';

/** Uploads (upsert) a WebP and returns its public URL; retries once on a transient failure. */
export async function uploadWebp(db: Db, bucket: string, path: string, body: Buffer): Promise<string> {
  let lastError = '';
  for (let attempt = 1; attempt <= 2; attempt++) {
    try {
      const { error } = await db.storage
        .from(bucket)
        .upload(path, body, { contentType: 'image/webp', upsert: true, cacheControl: '31536000' });
      if (!error) return db.storage.from(bucket).getPublicUrl(path).data.publicUrl;
      lastError = error.message;
    } catch (err) {
      lastError = err instanceof Error ? err.message : String(err);
    }
  }
  throw new Error(`Seed: subir ${bucket}/${path}: ${lastError}`);
}
