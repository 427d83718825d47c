/**
 * Prepares the WebP sizes a shop without Supabase's image transformation shows (naming rule and widths in
 * src/lib/image-variants.ts): walks every folder of the shop's buckets and, for each original that lacks a
 * copy, downloads it once, resizes it with sharp (never wider than itself) and uploads the missing copies,
 * and a product image's 1200x630 share picture (cropped to fill, from the centre).
 * Copies that exist are never redone, so running it before every build costs only the listing.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import sharp from 'sharp';
import {
  missingShareCopy,
  missingVariantWidths,
  SHARE_SIZE,
  sharePath,
  VARIANT_WIDTHS,
  variantPath,
} from '../../src/lib/image-variants.ts';
import { pool } from '../seed/db.ts';

/** The public buckets the shop's images live in. */
export const SHOP_BUCKETS = Object.keys(VARIANT_WIDTHS);

const LIST_PAGE = 1000;
const CONCURRENCY = 4;

export interface PrepareResult {
  /** Originals that were missing at least one copy. */
  prepared: number;
  /** Copies uploaded. */
  uploaded: number;
  /** 'bucket/path: reason' of originals that could not be prepared (retried on the next run). */
  failed: string[];
}

/** The files and subfolders of one folder ('' is the bucket root). */
async function listFolder(db: SupabaseClient, bucket: string, folder: string): Promise<{ files: string[]; folders: string[] }> {
  const files: string[] = [];
  const folders: string[] = [];
  for (let offset = 0; ; offset += LIST_PAGE) {
    const { data, error } = await db.storage
      .from(bucket)
      .list(folder, { limit: LIST_PAGE, offset, sortBy: { column: 'name', order: 'asc' } });
    if (error) throw new Error(`No se pudo listar ${bucket}/${folder}: ${error.message}`);
    for (const entry of data) {
      const path = folder ? `${folder}/${entry.name}` : entry.name;
      // a folder is listed without an id
      (entry.id === null ? folders : files).push(path);
    }
    if (data.length < LIST_PAGE) return { files, folders };
  }
}

/** The image at `width` (or its own width when narrower) as WebP, turned upright first. */
export function resizeToWebp(input: Buffer, width: number): Promise<Buffer> {
  return sharp(input).rotate().resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
}

/** The image cropped to fill the 1200x630 share picture from its centre, as WebP, turned upright first. */
export function shareToWebp(input: Buffer): Promise<Buffer> {
  return sharp(input)
    .rotate()
    .resize({ ...SHARE_SIZE, fit: 'cover', position: 'centre' })
    .webp({ quality: 80 })
    .toBuffer();
}

interface Todo {
  path: string;
  widths: number[];
  share: boolean;
}

async function prepareOriginal(db: SupabaseClient, bucket: string, { path, widths, share }: Todo): Promise<number> {
  const { data, error } = await db.storage.from(bucket).download(path);
  if (error) throw new Error(error.message);
  const original = Buffer.from(await data.arrayBuffer());
  const copies = widths.map((width) => ({ to: variantPath(path, width), make: () => resizeToWebp(original, width) }));
  if (share) copies.push({ to: sharePath(path), make: () => shareToWebp(original) });
  for (const copy of copies) {
    const { error: upload } = await db.storage
      .from(bucket)
      .upload(copy.to, await copy.make(), { contentType: 'image/webp', upsert: true, cacheControl: '31536000' });
    if (upload) throw new Error(upload.message);
  }
  return copies.length;
}

/** Creates every missing copy in the shop's buckets with a service-role client; returns what it did. */
export async function prepareImages(db: SupabaseClient, log: (message: string) => void = () => {}): Promise<PrepareResult> {
  const result: PrepareResult = { prepared: 0, uploaded: 0, failed: [] };
  for (const bucket of SHOP_BUCKETS) {
    let level = [''];
    while (level.length > 0) {
      const listed = await pool(level, CONCURRENCY, (folder) => listFolder(db, bucket, folder));
      level = listed.flatMap((l) => l.folders);
      const existing = new Set(listed.flatMap((l) => l.files));
      const todo = [...existing].flatMap((path): Todo[] => {
        const widths = missingVariantWidths(bucket, path, existing);
        const share = missingShareCopy(bucket, path, existing);
        return widths.length > 0 || share ? [{ path, widths, share }] : [];
      });
      await pool(todo, CONCURRENCY, async (item) => {
        const { path, widths, share } = item;
        try {
          const uploaded = await prepareOriginal(db, bucket, item);
          result.uploaded += uploaded;
          result.prepared += 1;
          log(`${bucket}/${path}: ${[...widths.map((w) => `${w}px`), ...(share ? ['1200x630'] : [])].join(', ')}`);
        } catch (error) {
          result.failed.push(`${bucket}/${path}: ${(error as Error).message}`);
        }
      });
    }
  }
  return result;
}
