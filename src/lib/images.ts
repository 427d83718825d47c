/**
 * Image URLs for public Supabase Storage objects, in one of two deployment modes (PUBLIC_IMAGE_TRANSFORMS):
 * 'on' resizes through Supabase's image transformation (`/storage/v1/render/image/public/...`, paid plans);
 * 'off' points at the WebP copies prepared beside each original (see image-variants.ts). Any other URL
 * (external, data:) is used as given.
 */
import { hasShareCopy, hasVariants, sharePath, variantPath, variantWidths } from './image-variants.ts';

const OBJECT_PATH = '/storage/v1/object/public/';
const RENDER_PATH = '/storage/v1/render/image/public/';

/** 'on': Supabase resizes on request; 'off': the prepared copies are served as plain objects. */
export type ImageTransforms = 'on' | 'off';

/** Widths offered in srcset: phone 2-column cards up to desktop detail images at 2x. */
export const IMAGE_WIDTHS = [240, 360, 480, 720, 960] as const;

/**
 * The only widths and qualities the shop asks the image transformation for; the local stack renders no
 * others, so a stranger cannot fill its disk or its processor with made-up sizes. A request for any
 * other width is served at the next one up (or the widest), any other quality at the nearest.
 */
export const RENDER_WIDTHS = [96, 120, 192, 240, 360, 400, 480, 640, 720, 960, 1200, 1280, 1600] as const;
export const RENDER_QUALITIES = [60, 75, 80] as const;

/** The allowed render width that covers `width`: the first at least as wide, else the widest (1600). */
export function renderWidth(width: number): number {
  return RENDER_WIDTHS.find((w) => w >= width) ?? 1600;
}

/** The allowed render quality nearest to `quality`. */
export function renderQuality(quality: number): number {
  return RENDER_QUALITIES.reduce((best, q) => (Math.abs(q - quality) < Math.abs(best - quality) ? q : best));
}

export interface RenderOptions {
  width: number;
  /** Height of the box; with resize 'cover' the image is cropped to fill it. */
  height?: number;
  quality?: number;
  resize?: 'cover' | 'contain' | 'fill';
  transforms: ImageTransforms;
}

/** True when the URL is a public Supabase Storage object (the only kind the transformation serves). */
export function isStorageObjectUrl(url: string | null | undefined): url is string {
  return typeof url === 'string' && url.includes(OBJECT_PATH);
}

/**
 * A Storage object URL's address without its query, the widths prepared for it and whether it has a
 * share picture (none for other URLs).
 */
function preparedObject(url: string): { base: string; widths: readonly number[]; share: boolean } {
  const base = url.split(/[?#]/, 1)[0] ?? '';
  const at = base.indexOf(OBJECT_PATH);
  if (at < 0) return { base, widths: [], share: false };
  const [bucket = '', ...rest] = base.slice(at + OBJECT_PATH.length).split('/');
  const path = rest.join('/');
  return { base, widths: hasVariants(bucket, path) ? variantWidths(bucket) : [], share: hasShareCopy(bucket, path) };
}

/** The prepared 1200x630 share picture of a product image (transforms off); null for any other URL. */
export function preparedShareUrl(url: string): string | null {
  const { base, share } = preparedObject(url);
  return share ? sharePath(base) : null;
}

/** The smallest prepared width covering `width`, or the largest there is. */
function coveringWidth(widths: readonly number[], width: number): number | undefined {
  return widths.find((w) => w >= width) ?? widths.at(-1);
}

/**
 * The URL of a public Storage object at a width: a render URL with transforms on, the prepared copy at
 * least that wide (or the widest) with them off. Any other URL is returned unchanged.
 */
export function renderImageUrl(url: string, { width, height, quality = 75, resize, transforms }: RenderOptions): string {
  if (!isStorageObjectUrl(url)) return url;
  if (transforms === 'off') {
    const { base, widths } = preparedObject(url);
    const w = coveringWidth(widths, width);
    return w === undefined ? url : variantPath(base, w);
  }
  const [base = '', query = ''] = url.split('?', 2);
  const params = new URLSearchParams(query);
  const asked = Math.round(width);
  const w = renderWidth(asked);
  params.set('width', String(w));
  // the box keeps its shape when the width moves to an allowed one
  if (height !== undefined) params.set('height', String(Math.round((height * w) / asked)));
  params.set('quality', String(renderQuality(quality)));
  if (resize) params.set('resize', resize);
  return `${base.replace(OBJECT_PATH, RENDER_PATH)}?${params.toString()}`;
}

export interface ResponsiveImage {
  src: string;
  srcSet?: string;
}

export interface ResponsiveOptions {
  /** Width / height the image is shown at (e.g. 4 / 5), cropped to it; without one the image keeps its own. */
  aspect?: number;
  /** Widths to render with transforms on (with them off, the bucket's prepared widths are offered). */
  widths?: readonly number[];
  quality?: number;
  transforms: ImageTransforms;
}

/**
 * src and srcset for a Storage image: one URL per width (render URLs, or the prepared copies), src at the
 * third requested width. Other URLs get no srcset: they are shown as given.
 */
export function responsiveImage(
  url: string,
  { aspect, widths = IMAGE_WIDTHS, quality = 75, transforms }: ResponsiveOptions,
): ResponsiveImage {
  if (!isStorageObjectUrl(url)) return { src: url };
  const fallback = widths[Math.min(2, widths.length - 1)] ?? 480;
  if (transforms === 'off') {
    const { base, widths: prepared } = preparedObject(url);
    const fit = coveringWidth(prepared, fallback);
    if (fit === undefined) return { src: url };
    return { src: variantPath(base, fit), srcSet: prepared.map((w) => `${variantPath(base, w)} ${w}w`).join(', ') };
  }
  const at = (w: number) =>
    renderImageUrl(
      url,
      aspect ? { width: w, height: Math.round(w / aspect), quality, resize: 'cover', transforms } : { width: w, quality, transforms },
    );
  return { src: at(fallback), srcSet: widths.map((w) => `${at(w)} ${w}w`).join(', ') };
}
