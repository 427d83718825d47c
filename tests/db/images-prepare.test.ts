/**
 * Preparing image sizes for a project without image transformations: real PNGs uploaded to the shop's
 * buckets get their WebP copies beside them at the bucket's widths (never wider than the original), a
 * product image its 1200x630 share picture, and a second run finds nothing to do.
 */
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { prepareImages, type PrepareResult } from '../../scripts/lib/prepare-images.ts';
import { responsiveImage } from '../../src/lib/images.ts';
import { productOgImage } from '../../src/features/product/product-meta.ts';
import { serviceClient } from './helpers.ts';

const db = serviceClient();

async function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .png()
    .toBuffer();
}

async function upload(bucket: string, path: string, body: Buffer): Promise<void> {
  const { error } = await db.storage.from(bucket).upload(path, body, { contentType: 'image/png' });
  if (error) throw new Error(error.message);
}

/** Reads an object back and returns its format and size as sharp decodes them. */
async function stored(
  bucket: string,
  path: string,
): Promise<{ format: string | undefined; width: number | undefined; height: number | undefined }> {
  const { data, error } = await db.storage.from(bucket).download(path);
  if (error) throw new Error(`${bucket}/${path}: ${error.message}`);
  const { format, width, height } = await sharp(Buffer.from(await data.arrayBuffer())).metadata();
  return { format, width, height };
}

let first: PrepareResult;

beforeAll(async () => {
  // only this file's originals are in the buckets
  for (const bucket of ['product-images', 'hero-images']) {
    const { error } = await db.storage.emptyBucket(bucket);
    if (error) throw new Error(error.message);
  }
  await upload('product-images', 'main/large.png', await png(1200, 1500));
  await upload('product-images', 'p1/small photo.png', await png(300, 375));
  await upload('hero-images', 'banner.png', await png(2000, 875));
  first = await prepareImages(db);
});

describe('prepareImages', () => {
  it('makes the missing copies of every original, in every folder of both buckets', () => {
    expect(first).toEqual({ prepared: 3, uploaded: 8, failed: [] });
  });

  it('stores WebP copies at 480 and 960 px beside a product image, keeping its aspect', async () => {
    expect(await stored('product-images', 'main/large@480.webp')).toEqual({ format: 'webp', width: 480, height: 600 });
    expect(await stored('product-images', 'main/large@960.webp')).toEqual({ format: 'webp', width: 960, height: 1200 });
  });

  it('never enlarges a small original', async () => {
    expect(await stored('product-images', 'p1/small photo@480.webp')).toEqual({ format: 'webp', width: 300, height: 375 });
    expect(await stored('product-images', 'p1/small photo@960.webp')).toEqual({ format: 'webp', width: 300, height: 375 });
  });

  it('crops every product image to a 1200x630 share picture, which the product page shares', async () => {
    expect(await stored('product-images', 'main/large@share.webp')).toEqual({ format: 'webp', width: 1200, height: 630 });
    expect(await stored('product-images', 'p1/small photo@share.webp')).toEqual({ format: 'webp', width: 1200, height: 630 });
    const url = db.storage.from('product-images').getPublicUrl('main/large.png').data.publicUrl;
    const og = productOgImage({ imagen_principal: url }, 'off')!;
    expect(og.size).toEqual({ width: 1200, height: 630 });
    const res = await fetch(og.url);
    expect(res.status).toBe(200);
    const { width, height } = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect({ width, height }).toEqual({ width: 1200, height: 630 });
  });

  it('serves every URL the storefront builds with transforms off as a WebP', async () => {
    const url = db.storage.from('product-images').getPublicUrl('p1/small photo.png').data.publicUrl;
    const { src, srcSet } = responsiveImage(url, { aspect: 4 / 5, transforms: 'off' });
    const urls = [src, ...(srcSet ?? '').split(', ').map((entry) => entry.split(' ')[0] ?? '')];
    expect(urls).toHaveLength(3);
    for (const u of urls) {
      const res = await fetch(u);
      expect(res.status, u).toBe(200);
      expect(res.headers.get('content-type'), u).toBe('image/webp');
    }
  });

  it('stores hero images at 960 and 1600 px', async () => {
    expect(await stored('hero-images', 'banner@960.webp')).toEqual({ format: 'webp', width: 960, height: 420 });
    expect(await stored('hero-images', 'banner@1600.webp')).toEqual({ format: 'webp', width: 1600, height: 700 });
  });

  it('uploads nothing on a second run, and only the new image after another upload', async () => {
    expect(await prepareImages(db)).toEqual({ prepared: 0, uploaded: 0, failed: [] });
    await upload('product-images', 'p1/new.png', await png(800, 1000));
    const logged: string[] = [];
    expect(await prepareImages(db, (m) => logged.push(m))).toEqual({ prepared: 1, uploaded: 3, failed: [] });
    expect(logged).toEqual(['product-images/p1/new.png: 480px, 960px, 1200x630']);
  });
});
