/**
 * Home hero: hero images and featured products in one looping carousel, auto-advancing every 4 s when
 * there is more than one slide. The first slide is in the static HTML, so the hero reads without JavaScript;
 * the others come from /inicio.json once the island runs.
 */
import { discountBadge, hasDiscount } from '../../lib/discount.ts';
import { HERO_AUTOPLAY_MS } from './carousel.ts';
import type { ProductSummary } from '../../data/product-summary.ts';
import type { HeroSlide } from '../../lib/hero.ts';
import { PUBLIC_IMAGE_TRANSFORMS } from 'astro:env/client';
import { responsiveImage } from '../../lib/images.ts';
import { formatPrice } from '../../lib/money.ts';
import CarouselControls, { controls } from './CarouselControls.tsx';
import type { HomeRest } from './home-rest.ts';
import { useHomeRest } from './useHomeRest.ts';
import { useCarousel } from './useCarousel.tsx';

const BANNER_WIDTHS = [640, 960, 1280, 1600];

function BannerImage({ url, first }: { url: string; first: boolean }) {
  const { src, srcSet } = responsiveImage(url, { widths: BANNER_WIDTHS, transforms: PUBLIC_IMAGE_TRANSFORMS });
  return (
    <img
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? '100vw' : undefined}
      alt=""
      width={1600}
      height={700}
      loading={first ? 'eager' : 'lazy'}
      fetchPriority={first ? 'high' : 'auto'}
      decoding="async"
      className="absolute inset-0 size-full object-cover object-[75%_center] sm:object-center"
    />
  );
}

function Slide({ slide, first }: { slide: HeroSlide<ProductSummary>; first: boolean }) {
  if (slide.kind === 'banner') {
    return (
      <div className="relative h-full overflow-hidden bg-neutral-900">
        <BannerImage url={slide.image} first={first} />
        <div
          aria-hidden="true"
          className="absolute inset-0 bg-gradient-to-t from-black/80 via-black/35 to-black/0 sm:bg-gradient-to-r sm:from-black/75 sm:via-black/35"
        />
        <div className="relative mx-auto flex h-full max-w-7xl flex-col justify-end px-4 pb-24 sm:justify-center sm:px-6 sm:pb-10">
          <div className="max-w-xl text-white">
            <h2 className="font-display text-3xl font-black leading-tight tracking-tight sm:text-5xl">{slide.title}</h2>
            {slide.subtitle && <p className="mt-3 text-base leading-relaxed text-white/90 sm:text-lg">{slide.subtitle}</p>}
            <a
              href={slide.link.href}
              {...(slide.link.external ? { target: '_blank', rel: 'noopener' } : {})}
              className="mt-6 inline-flex items-center rounded-full bg-lime-400 px-6 py-3 text-sm font-bold text-neutral-950 transition hover:bg-lime-300"
            >
              {slide.buttonText}
            </a>
          </div>
        </div>
      </div>
    );
  }
  const image = slide.imagen_principal
    ? responsiveImage(slide.imagen_principal, { aspect: 4 / 5, widths: [360, 480, 720, 960], transforms: PUBLIC_IMAGE_TRANSFORMS })
    : null;
  const badge = discountBadge(slide.precio_original, slide.precio_venta);
  return (
    <div className="relative h-full overflow-hidden bg-neutral-950">
      {image && (
        <img
          src={image.src}
          srcSet={image.srcSet}
          sizes={image.srcSet ? '(min-width: 640px) 45vw, 100vw' : undefined}
          alt={slide.nombre}
          width={480}
          height={600}
          loading={first ? 'eager' : 'lazy'}
          fetchPriority={first ? 'high' : 'auto'}
          decoding="async"
          className="absolute inset-0 size-full object-cover sm:left-auto sm:w-[45%]"
        />
      )}
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-gradient-to-t from-neutral-950 via-neutral-950/40 to-neutral-950/0 sm:right-[45%] sm:bg-none"
      />
      <div
        aria-hidden="true"
        className="absolute inset-y-0 right-[45%] hidden w-40 translate-x-full bg-gradient-to-r from-neutral-950 to-neutral-950/0 sm:block"
      />
      <div className="relative mx-auto flex h-full max-w-7xl flex-col justify-end px-4 pb-24 sm:justify-center sm:px-6 sm:pb-10">
        <div className="max-w-xl text-white sm:max-w-[50%]">
          <p className="text-xs font-bold uppercase tracking-widest text-lime-300">Producto destacado</p>
          <h2 className="mt-2 font-display text-3xl font-black leading-tight tracking-tight sm:text-5xl">{slide.nombre}</h2>
          <p className="mt-2 text-sm font-semibold uppercase tracking-wide text-white/80">{slide.marca}</p>
          <p className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-1">
            <span className="sr-only">Precio:</span>
            <span className="text-2xl font-extrabold">{formatPrice(slide.precio_venta)}</span>
            {hasDiscount(slide.precio_original, slide.precio_venta) && (
              <>
                <span className="sr-only">Precio original:</span>
                <s className="text-white/70">{formatPrice(slide.precio_original)}</s>
              </>
            )}
            {badge && <span className="rounded-full bg-lime-400 px-2.5 py-1 text-xs font-extrabold text-neutral-950">{badge}</span>}
          </p>
          <a
            href={`/producto/${encodeURIComponent(slide.permalink)}`}
            className="mt-6 inline-flex items-center rounded-full bg-lime-400 px-6 py-3 text-sm font-bold text-neutral-950 transition hover:bg-lime-300"
          >
            Ver producto
          </a>
        </div>
      </div>
    </div>
  );
}

const slidesOf = (rest: HomeRest) => rest.slides;

interface Props {
  /** The first slide, in the page. */
  first: HeroSlide<ProductSummary>;
  /** How many slides the carousel has in all. */
  total: number;
}

export default function HeroCarousel({ first, total }: Props) {
  const slides = useHomeRest([first], total, slidesOf);
  const c = useCarousel({ count: total, delay: HERO_AUTOPLAY_MS });
  return (
    <section
      aria-roledescription="carrusel"
      aria-label="Portada"
      className="relative bg-neutral-950"
      data-carousel-ready={c.ready ? '' : undefined}
    >
      {c.engine}
      <div ref={c.viewportRef} className="overflow-hidden">
        <div className="flex">
          {slides.map((s, i) => (
            <fieldset
              key={s.id}
              aria-roledescription="diapositiva"
              aria-label={`${i + 1} de ${slides.length}`}
              aria-current={i === c.selected ? 'true' : undefined}
              className="h-[480px] min-w-0 shrink-0 grow-0 basis-full sm:h-[440px] lg:h-[520px]"
            >
              <Slide slide={s} first={i === 0} />
            </fieldset>
          ))}
        </div>
      </div>
      {total > 1 && (
        <div className="absolute inset-x-0 bottom-5">
          <div className="mx-auto flex max-w-7xl px-4 sm:px-6">
            <CarouselControls unit="Diapositiva" tone="dark" {...controls(c)} />
          </div>
        </div>
      )}
    </section>
  );
}
