/**
 * Product gallery: main image first, thumbnails, and previous/next arrows that wrap around. The main image
 * opens the full-screen viewer (gallery-viewer.ts, loaded on the first open) at the image it shows; closing
 * it leaves the gallery on the image viewed last and gives focus back to the main image.
 */
import { ChevronLeft, ChevronRight, ImageOff } from '../../components/icons.tsx';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { PUBLIC_IMAGE_TRANSFORMS } from 'astro:env/client';
import { wrapIndex, type GalleryImage } from '../../lib/gallery.ts';
import { responsiveImage } from '../../lib/images.ts';

interface Props {
  images: GalleryImage[];
  alt: string;
}

const MAIN_SIZES = '(min-width: 1024px) 600px, 100vw';
const THUMB_WIDTHS = [120, 240];

/** The viewer's module, fetched once: when the shopper points at or focuses the main image, at the latest on opening. */
let viewerModule: Promise<typeof import('./gallery-viewer.ts')> | null = null;
const loadViewer = () => {
  viewerModule ??= import('./gallery-viewer.ts').catch((error: unknown) => {
    viewerModule = null; // a failed download (offline) is tried again on the next open
    throw error;
  });
  return viewerModule;
};

export default function Gallery({ images, alt }: Props) {
  const [index, setIndex] = useState(0);
  const count = images.length;
  const current = images[index];
  const go = (step: number) => setIndex((i) => wrapIndex(i, step, count));
  const opener = useRef<HTMLButtonElement>(null);
  const picture = useRef<HTMLImageElement>(null);
  const [viewerOpen, setViewerOpen] = useState(false);
  const viewer = useRef<{ destroy: () => void } | null>(null);
  // Leaving the page (or the product changing under a live page) closes a viewer still open.
  useEffect(() => () => viewer.current?.destroy(), []);

  const openViewer = async () => {
    if (viewerOpen) return;
    setViewerOpen(true);
    try {
      const { openGalleryViewer } = await loadViewer();
      const img = picture.current;
      viewer.current = await openGalleryViewer({
        urls: images.map((i) => i.url),
        transforms: PUBLIC_IMAGE_TRANSFORMS,
        index,
        alt,
        shown:
          img?.complete && img.naturalWidth > 0 ? { src: img.currentSrc, width: img.naturalWidth, height: img.naturalHeight } : undefined,
        onClose: (last) => {
          viewer.current = null;
          setViewerOpen(false);
          setIndex(last);
          opener.current?.focus({ preventScroll: true });
        },
      });
    } catch (error) {
      setViewerOpen(false);
      console.error('No se pudo abrir la galería', error);
    }
  };
  // On either arrow button, the left and right arrow keys also step through the images.
  const onArrowKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key === 'ArrowLeft') go(-1);
    if (e.key === 'ArrowRight') go(1);
  };

  if (!current) {
    return (
      <div className="flex aspect-[4/5] flex-col items-center justify-center gap-2 rounded-3xl bg-neutral-100 text-neutral-500">
        <ImageOff aria-hidden="true" className="size-10" />
        <span className="text-sm font-medium">Sin imagen</span>
      </div>
    );
  }
  const main = responsiveImage(current.url, { aspect: 4 / 5, transforms: PUBLIC_IMAGE_TRANSFORMS });
  return (
    <section aria-label="Galería de imágenes" aria-roledescription="carrusel" className="flex flex-col gap-3">
      <div className="relative aspect-[4/5] overflow-hidden rounded-3xl bg-neutral-100">
        <button
          ref={opener}
          type="button"
          aria-label={count > 1 ? `Ampliar imagen ${index + 1} de ${count}: ${alt}` : `Ampliar imagen: ${alt}`}
          aria-haspopup="dialog"
          onClick={openViewer}
          onPointerEnter={() => void loadViewer().catch(() => undefined)}
          onFocus={() => void loadViewer().catch(() => undefined)}
          className="group/zoom block size-full cursor-zoom-in focus-visible:outline-offset-[-4px]"
        >
          <img
            ref={picture}
            key={current.url}
            src={main.src}
            srcSet={main.srcSet}
            sizes={main.srcSet ? MAIN_SIZES : undefined}
            alt={count > 1 ? `${alt} (imagen ${index + 1} de ${count})` : alt}
            width={800}
            height={1000}
            loading={index === 0 ? 'eager' : 'lazy'}
            fetchPriority={index === 0 ? 'high' : 'auto'}
            decoding="async"
            className="size-full object-cover"
          />
          <span
            aria-hidden="true"
            className="absolute bottom-3 left-3 inline-flex size-10 items-center justify-center rounded-full bg-white/90 text-neutral-950 shadow-md ring-1 ring-black/5 transition group-hover/zoom:bg-white"
          >
            <ZoomIn className="size-5" />
          </span>
        </button>
        {count > 1 && (
          <>
            <button type="button" aria-label="Imagen anterior" onClick={() => go(-1)} onKeyDown={onArrowKey} className={`left-3 ${arrow}`}>
              <ChevronLeft aria-hidden="true" className="size-6" />
            </button>
            <button type="button" aria-label="Imagen siguiente" onClick={() => go(1)} onKeyDown={onArrowKey} className={`right-3 ${arrow}`}>
              <ChevronRight aria-hidden="true" className="size-6" />
            </button>
            <p
              aria-live="polite"
              className="absolute bottom-3 right-3 rounded-full bg-neutral-950/80 px-3 py-1 text-xs font-semibold text-white"
            >
              {index + 1} / {count}
            </p>
          </>
        )}
      </div>
      {count > 1 && (
        <ul className="flex gap-2 overflow-x-auto pb-1">
          {images.map((img, i) => {
            const thumb = responsiveImage(img.url, {
              aspect: 4 / 5,
              widths: THUMB_WIDTHS,
              quality: 60,
              transforms: PUBLIC_IMAGE_TRANSFORMS,
            });
            return (
              <li key={img.url} className="shrink-0">
                <button
                  type="button"
                  aria-label={`Ver imagen ${i + 1} de ${count}`}
                  aria-current={i === index ? 'true' : undefined}
                  onClick={() => setIndex(i)}
                  className={`block w-16 overflow-hidden rounded-xl ring-2 transition sm:w-20 ${i === index ? 'ring-neutral-950' : 'ring-transparent opacity-70 hover:opacity-100'}`}
                >
                  <img
                    src={thumb.src}
                    srcSet={thumb.srcSet}
                    sizes="80px"
                    alt=""
                    width={80}
                    height={100}
                    loading="lazy"
                    decoding="async"
                    className="aspect-[4/5] w-full object-cover"
                  />
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** Lucide's zoom-in (ISC licence): the main image opens the full-screen viewer. */
function ZoomIn({ className }: { className: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      <circle cx="11" cy="11" r="8" />
      <path d="m21 21-4.3-4.3M11 8v6M8 11h6" />
    </svg>
  );
}

const arrow =
  'absolute top-1/2 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-neutral-950 shadow-md ring-1 ring-black/5 transition hover:bg-white';

/** The gallery's shape while a product loads: the main image and 4 thumbnails. */
export function GallerySkeleton() {
  return (
    <div aria-hidden="true" className="flex animate-pulse flex-col gap-3">
      <div className="aspect-[4/5] rounded-3xl bg-neutral-200" />
      <div className="flex gap-2">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="aspect-[4/5] w-16 rounded-xl bg-neutral-200 sm:w-20" />
        ))}
      </div>
    </div>
  );
}
