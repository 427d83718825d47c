/**
 * The product gallery's full-screen viewer, on PhotoSwipe 5: swipe or arrows between images, pinch, double tap
 * and click to zoom, drag to pan, keyboard (← → between images, Esc closes, 'z', '+', '-' and '0' zoom), a
 * counter, Spanish labels; focus stays inside while open and the page behind does not scroll.
 *
 * The gallery loads this module (and PhotoSwipe with its stylesheet) by dynamic import when a shopper first
 * opens an image, so the product page carries none of it up front.
 */
import PhotoSwipe, { type SlideData } from 'photoswipe';
// Its address only: imported as a stylesheet, Astro would link it from every product page's head.
import styleUrl from 'photoswipe/style.css?url';
import { keyZoom, maxZoom, provisionalSize, type Size, sameShape, secondaryZoom, zoomImageUrl } from './gallery-zoom.ts';
import type { ImageTransforms } from '../../lib/images.ts';

export interface ViewerOptions {
  /** The gallery's image URLs, in order (shown at the largest size the shop makes). */
  urls: readonly string[];
  transforms: ImageTransforms;
  /** The image that opens. */
  index: number;
  /** The product's name: each image's text alternative. */
  alt: string;
  /** What the page shows of the opening image (already loaded): shown while the large one loads. */
  shown?: { src: string; width: number; height: number } | undefined;
  /** Called once the viewer has closed, with the image it showed last. */
  onClose: (index: number) => void;
}

/** Each large image's own size once loaded, for this page's life: the next opening lays it out exactly. */
const measured = new Map<string, Size>();

/** Desktop leaves room for the top bar and the arrows beside the image; a phone gives the image the whole screen. */
const padding = (viewport: { x: number; y: number }) =>
  viewport.x >= 1024 ? { top: 56, bottom: 24, left: 80, right: 80 } : { top: 0, bottom: 0, left: 0, right: 0 };

let stylesheet: Promise<void> | null = null;
/** PhotoSwipe's stylesheet, added to the page once; the viewer opens when it has loaded (or failed to). */
function loadStylesheet(): Promise<void> {
  stylesheet ??= new Promise((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = styleUrl;
    link.onload = () => resolve();
    link.onerror = () => resolve();
    document.head.append(link);
  });
  return stylesheet;
}

/** Keeps the page behind still while the viewer is open (keys like Space or Page Down would scroll it). */
function lockPageScroll(): () => void {
  const root = document.documentElement;
  const { overflow, scrollbarGutter } = root.style;
  // a classic scrollbar keeps its room, so the page behind does not shift sideways
  if (window.innerWidth > root.clientWidth) root.style.scrollbarGutter = 'stable';
  root.style.overflow = 'hidden';
  return () => {
    root.style.overflow = overflow;
    root.style.scrollbarGutter = scrollbarGutter;
  };
}

export async function openGalleryViewer({ urls, transforms, index, alt, shown, onClose }: ViewerOptions): Promise<PhotoSwipe> {
  await loadStylesheet();
  const sources = urls.map((url) => zoomImageUrl(url, transforms));
  const count = sources.length;
  const items: SlideData[] = sources.map((src, i) => {
    const opening = i === index ? shown : undefined;
    const size = provisionalSize(measured.get(src), opening);
    return {
      src,
      ...size,
      alt: count > 1 ? `${alt} (imagen ${i + 1} de ${count})` : alt,
      // the page's own picture stands in until the large one has loaded
      ...(opening ? { msrc: opening.src } : {}),
    };
  });

  const pswp = new PhotoSwipe({
    dataSource: items,
    index,
    bgOpacity: 1,
    showHideAnimationType: 'fade',
    paddingFn: padding,
    secondaryZoomLevel: (z) => secondaryZoom(z.fit),
    maxZoomLevel: (z) => maxZoom(z.fit),
    closeTitle: 'Cerrar',
    zoomTitle: 'Acercar o alejar',
    arrowPrevTitle: 'Imagen anterior',
    arrowNextTitle: 'Imagen siguiente',
    errorMsg: 'No se pudo cargar la imagen.',
    indexIndicatorSep: ' / ',
  });

  // An image's size is only known once it loads: measure each large image as PhotoSwipe starts loading it
  // (the browser fetches it once for both). A slide whose image has another shape than laid out is laid out
  // again; one of the same shape keeps its layout (no flash), and the next opening uses the exact size.
  const measuring = new Set<number>();
  pswp.on('contentLoad', ({ content }) => {
    const i = content.index;
    const src = sources[i];
    if (src === undefined || measuring.has(i)) return;
    measuring.add(i);
    const probe = new Image();
    probe.decoding = 'async';
    probe.onload = () => {
      const size = { width: probe.naturalWidth, height: probe.naturalHeight };
      const item = items[i];
      if (!item || size.width === 0 || size.height === 0) return;
      measured.set(src, size);
      if (sameShape(item, size)) return;
      item.width = size.width;
      item.height = size.height;
      if (!pswp.isDestroying) pswp.refreshSlideContent(i);
    };
    probe.src = src;
  });

  // Zoom keys besides PhotoSwipe's 'z': '+' closer, '-' farther, '0' back to the whole image.
  pswp.on('keydown', (e) => {
    const key = e.originalEvent.key;
    const slide = pswp.currSlide;
    if (!slide?.isZoomable() || e.originalEvent.ctrlKey || e.originalEvent.metaKey || e.originalEvent.altKey) return;
    const duration = pswp.options.zoomAnimationDuration;
    if (key === '+' || key === '=') slide.zoomTo(keyZoom(slide.currZoomLevel, 1, slide.zoomLevels), undefined, duration);
    else if (key === '-') slide.zoomTo(keyZoom(slide.currZoomLevel, -1, slide.zoomLevels), undefined, duration);
    else if (key === '0') slide.zoomTo(slide.zoomLevels.initial, undefined, duration);
    else return;
    e.preventDefault();
  });

  const unlock = lockPageScroll();
  pswp.on('destroy', () => {
    unlock();
    onClose(pswp.currIndex);
  });

  // Opened by a click or a tap, PhotoSwipe leaves focus on the page behind it: move it into the dialog.
  pswp.on('openingAnimationEnd', () => {
    if (!pswp.element?.contains(document.activeElement)) pswp.element?.focus({ preventScroll: true });
  });

  pswp.init();
  // PhotoSwipe's root is a dialog without a name; the counter is announced as it changes.
  pswp.element?.setAttribute('aria-modal', 'true');
  pswp.element?.setAttribute('aria-label', `Imágenes de ${alt}`);
  pswp.element?.querySelector('.pswp__counter')?.setAttribute('aria-live', 'polite');
  return pswp;
}
