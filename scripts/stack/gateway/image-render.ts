/**
 * Supabase's image transformation (`/storage/v1/render/image/...?width&height&quality&format&resize`)
 * with sharp. Each variant is rendered once and kept on disk; later requests read the cached file.
 *
 * - resize: `cover` (default, crop to fill the box), `contain` (fit inside the box), `fill` (stretch)
 * - format: `origin` keeps the source format; otherwise webp (Supabase's automatic optimisation),
 *   or an explicit `webp` | `avif` | `png` | `jpeg`
 * - width: one of the shop's render widths (RENDER_WIDTHS); height: 1 to twice the width (or 1-2500
 *   without a width); quality: one of RENDER_QUALITIES, default 80; images are never enlarged.
 * Anything else is refused, so a stranger cannot make the stack render and keep endless variants;
 * render-cache.ts bounds the work in progress and the disk the variants take.
 */
import { createHash } from 'node:crypto';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { RENDER_QUALITIES, RENDER_WIDTHS } from '../../../src/lib/images.ts';
import { HttpError } from './errors.ts';
import type { RenderCache } from './render-cache.ts';

export interface TransformParams {
  width?: number;
  height?: number;
  quality: number;
  resize: 'cover' | 'contain' | 'fill';
  format: 'origin' | 'webp' | 'avif' | 'png' | 'jpeg';
}

const FIT = { cover: 'cover', contain: 'inside', fill: 'fill' } as const;
const MIME: Record<string, string> = {
  webp: 'image/webp',
  avif: 'image/avif',
  png: 'image/png',
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  tiff: 'image/tiff',
  heif: 'image/heif',
};

function invalid(message: string): HttpError {
  return new HttpError(400, { statusCode: '400', error: 'InvalidRequest', message });
}

function dimension(value: string | undefined, name: string, max: number): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > max) throw invalid(`${name} must be an integer between 1 and ${max}`);
  return n;
}

export function parseTransform(query: URLSearchParams): TransformParams {
  const quality = query.get('quality') ? Number(query.get('quality')) : 80;
  if (!(RENDER_QUALITIES as readonly number[]).includes(quality)) throw invalid(`quality must be one of ${RENDER_QUALITIES.join(', ')}`);
  const resize = (query.get('resize') || 'cover') as TransformParams['resize'];
  if (!(resize in FIT)) throw invalid('resize must be one of cover, contain, fill');
  let format = (query.get('format') || 'webp').toLowerCase();
  if (format === 'jpg') format = 'jpeg';
  if (!['origin', 'webp', 'avif', 'png', 'jpeg'].includes(format)) throw invalid('format must be one of origin, webp, avif, png, jpeg');
  const params: TransformParams = { quality, resize, format: format as TransformParams['format'] };
  const width = dimension(query.get('width') ?? undefined, 'width', 2500);
  if (width !== undefined && !(RENDER_WIDTHS as readonly number[]).includes(width))
    throw invalid(`width must be one of ${RENDER_WIDTHS.join(', ')}`);
  const height = dimension(query.get('height') ?? undefined, 'height', width === undefined ? 2500 : width * 2);
  if (width !== undefined) params.width = width;
  if (height !== undefined) params.height = height;
  return params;
}

export interface Rendered {
  path: string;
  contentType: string;
  /** True when the variant came from the disk cache. */
  hit: boolean;
  key: string;
}

const inFlight = new Map<string, Promise<Rendered>>();

/**
 * The rendered variant of srcPath for params, from cacheDir when present. `version` identifies the
 * source bytes (its ETag), so a re-uploaded object gets new variants.
 */
export async function renderImage(
  srcPath: string,
  cacheDir: string,
  version: string,
  params: TransformParams,
  cache: RenderCache,
): Promise<Rendered> {
  const key = createHash('sha256')
    .update(JSON.stringify({ version, ...params }))
    .digest('hex')
    .slice(0, 32);
  const existing = inFlight.get(join(cacheDir, key));
  if (existing) return existing;
  const work = (async (): Promise<Rendered> => {
    for (const ext of params.format === 'origin' ? Object.keys(MIME) : [params.format]) {
      const cached = join(cacheDir, `${key}.${ext}`);
      const info = await stat(cached).catch(() => null);
      if (info) {
        await cache.used(cached, info.size);
        return { path: cached, contentType: MIME[ext]!, hit: true, key };
      }
    }
    return cache.run(() => render(srcPath, cacheDir, key, params, cache));
  })();
  inFlight.set(join(cacheDir, key), work);
  try {
    return await work;
  } finally {
    inFlight.delete(join(cacheDir, key));
  }
}

async function render(srcPath: string, cacheDir: string, key: string, params: TransformParams, cache: RenderCache): Promise<Rendered> {
  let image = sharp(srcPath, { failOn: 'none', animated: false }).rotate();
  if (params.width || params.height) {
    image = image.resize({
      ...(params.width ? { width: params.width } : {}),
      ...(params.height ? { height: params.height } : {}),
      fit: FIT[params.resize],
      withoutEnlargement: true,
    });
  }
  let ext: string = params.format;
  if (params.format === 'origin') {
    const meta = await sharp(srcPath)
      .metadata()
      .catch(() => null);
    ext = meta?.format && meta.format in MIME ? meta.format : 'png';
    if (ext === 'jpg') ext = 'jpeg';
  }
  if (ext === 'webp') image = image.webp({ quality: params.quality });
  else if (ext === 'avif') image = image.avif({ quality: params.quality });
  else if (ext === 'jpeg') image = image.jpeg({ quality: params.quality, mozjpeg: true });
  else if (ext === 'png') image = image.png({ quality: params.quality });
  else image = image.toFormat(ext as 'gif' | 'tiff' | 'heif');
  const target = join(cacheDir, `${key}.${ext}`);
  await mkdir(dirname(target), { recursive: true });
  const tmp = `${target}.${process.pid}.${Date.now()}.tmp`;
  try {
    await image.toFile(tmp);
  } catch (error) {
    await rm(tmp, { force: true });
    throw new HttpError(422, {
      statusCode: '422',
      error: 'InvalidImage',
      message: `The source object is not a processable image: ${(error as Error).message}`,
    });
  }
  await rename(tmp, target);
  await cache.used(target, (await stat(target)).size);
  return { path: target, contentType: MIME[ext] ?? 'application/octet-stream', hit: false, key };
}
