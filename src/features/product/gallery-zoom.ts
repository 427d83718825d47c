/**
 * What the product gallery's full-screen viewer shows: each image at the largest size the shop makes, whole
 * (never cropped), and how far a tap or a key zooms into it.
 */
import { type ImageTransforms, RENDER_WIDTHS, renderImageUrl } from '../../lib/images.ts';

/** The widest render the shop asks for (1600): with transforms off, the widest prepared copy is served instead. */
export const ZOOM_WIDTH = RENDER_WIDTHS[RENDER_WIDTHS.length - 1] ?? 1600;

/**
 * The full-screen URL of a gallery image: the render at the widest width, uncropped, at the best quality
 * (transforms on); the widest prepared copy (transforms off); any other URL as given.
 */
export function zoomImageUrl(url: string, transforms: ImageTransforms): string {
  return renderImageUrl(url, { width: ZOOM_WIDTH, quality: 80, transforms });
}

export interface Size {
  width: number;
  height: number;
}

/**
 * The size to lay an image out at before it has loaded: its own once measured, else the shape of what the
 * page already shows of it at the widest width, else a 4:5 product photo.
 */
export function provisionalSize(measured: Size | undefined, shown: Size | undefined): Size {
  if (measured) return measured;
  const aspect = shown && shown.width > 0 && shown.height > 0 ? shown.width / shown.height : 4 / 5;
  return { width: ZOOM_WIDTH, height: Math.round(ZOOM_WIDTH / aspect) };
}

/** True when a laid-out size (width and height, maybe not yet known) has the shape of `b`, within 1 %. */
export function sameShape(a: { width?: number | undefined; height?: number | undefined }, b: Size): boolean {
  if (!a.width || !a.height || b.width <= 0 || b.height <= 0) return false;
  return Math.abs(a.width / a.height / (b.width / b.height) - 1) < 0.01;
}

/**
 * The zoom a double tap, a click or 'z' goes to, as a multiple of the image's own pixels: at least twice the
 * size that fits the screen (an image no larger than the screen still zooms), or its own pixels when those
 * are more (up to 3 times the fit).
 */
export function secondaryZoom(fit: number): number {
  return Math.max(fit * 2, Math.min(1, fit * 3));
}

/** The furthest a pinch or the '+' key zooms: 4 times the fit, or the image's own pixels when more. */
export function maxZoom(fit: number): number {
  return Math.max(fit * 4, 1);
}

/** One '+' / '-' step of the keyboard: 1.5 times closer or farther, within [initial, max]. */
export function keyZoom(current: number, direction: 1 | -1, levels: { initial: number; max: number }): number {
  const next = direction > 0 ? current * 1.5 : current / 1.5;
  return Math.min(levels.max, Math.max(levels.initial, next));
}
