/** @jsxImportSource preact */
/** Product gallery: main image first, thumbnails, and previous/next arrows that wrap around. */
import { ChevronLeft, ChevronRight, ImageOff } from '../../components/icons.tsx';
import { useState, type KeyboardEvent } from 'preact/compat';
import { PUBLIC_IMAGE_TRANSFORMS } from 'astro:env/client';
import { wrapIndex, type GalleryImage } from '../../lib/gallery.ts';
import { responsiveImage } from '../../lib/images.ts';

interface Props {
  images: GalleryImage[];
  alt: string;
}

const MAIN_SIZES = '(min-width: 1024px) 600px, 100vw';
const THUMB_WIDTHS = [120, 240];

export default function Gallery({ images, alt }: Props) {
  const [index, setIndex] = useState(0);
  const count = images.length;
  const current = images[index];
  const go = (step: number) => setIndex((i) => wrapIndex(i, step, count));
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
        <img
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
