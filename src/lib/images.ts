/** Responsive image URLs through Supabase's image transformation (`/storage/v1/render/image/public/...`). */

const OBJECT_PATH = '/storage/v1/object/public/';
const RENDER_PATH = '/storage/v1/render/image/public/';

/** Widths offered in srcset: phone 2-column cards up to desktop detail images at 2x. */
export const IMAGE_WIDTHS = [240, 360, 480, 720, 960] as const;

export interface RenderOptions {
  width: number;
  /** Height of the box; with resize 'cover' the image is cropped to fill it. */
  height?: number;
  quality?: number;
  resize?: 'cover' | 'contain' | 'fill';
}

/** True when the URL is a public Supabase Storage object (the only kind the transformation serves). */
export function isStorageObjectUrl(url: string | null | undefined): url is string {
  return typeof url === 'string' && url.includes(OBJECT_PATH);
}

/** The render URL of a public Storage object at a width; any other URL (external, data:) is returned unchanged. */
export function renderImageUrl(url: string, { width, height, quality = 75, resize }: RenderOptions): string {
  if (!isStorageObjectUrl(url)) return url;
  const [base = '', query = ''] = url.split('?', 2);
  const params = new URLSearchParams(query);
  params.set('width', String(Math.round(width)));
  if (height !== undefined) params.set('height', String(Math.round(height)));
  params.set('quality', String(quality));
  if (resize) params.set('resize', resize);
  return `${base.replace(OBJECT_PATH, RENDER_PATH)}?${params.toString()}`;
}

export interface ResponsiveImage {
  src: string;
  srcSet?: string;
}

/**
 * src and srcset for an image shown at an aspect ratio (width / height, e.g. 4 / 5): one render URL per
 * width. External URLs get no srcset, since only Storage objects can be resized.
 */
export function responsiveImage(
  url: string,
  aspect: number,
  widths: readonly number[] = IMAGE_WIDTHS,
  quality = 75,
): ResponsiveImage {
  if (!isStorageObjectUrl(url)) return { src: url };
  const at = (w: number) => renderImageUrl(url, { width: w, height: Math.round(w / aspect), quality, resize: 'cover' });
  const fallback = widths[Math.min(2, widths.length - 1)] ?? 480;
  return { src: at(fallback), srcSet: widths.map((w) => `${at(w)} ${w}w`).join(', ') };
}
