/**
 * Featured products, 4 per slide on desktop (2 on phones, 3 on tablets), looping, with dots and arrows;
 * auto-advances every 6 s when there are more than 4. The order is the admin's, from the build. Opening a
 * card records a product click. The page holds the first slide only (all the viewport shows before the
 * carousel runs); the rest come from /inicio.json once the island runs.
 */
import { BuildClock } from '../../components/clock.tsx';
import ProductCard from '../../components/product/ProductCard.tsx';
import { trackProductClick } from '../../data/analytics.ts';
import type { CardProduct, ProductSummary } from '../../data/product-summary.ts';
import { FEATURED_AUTOPLAY_MS, FEATURED_PER_SLIDE } from './carousel.ts';
import CarouselControls, { controls } from './CarouselControls.tsx';
import type { HomeRest } from './home-rest.ts';
import { useHomeRest } from './useHomeRest.ts';
import { useCarousel } from './useCarousel.tsx';

const onOpen = (p: ProductSummary) => void trackProductClick(p);

interface Props {
  /** The first slide's products, in the page. */
  first: CardProduct[];
  /** How many products the carousel has in all. */
  total: number;
  /** The day the page was built (Mexico City): the cards hydrate with it (clock.tsx). */
  builtOn?: string;
}

const featuredOf = (rest: HomeRest) => rest.featured;

export default function FeaturedCarousel({ first, total, builtOn }: Props) {
  const products = useHomeRest(first, total, featuredOf);
  const c = useCarousel({
    count: total,
    perSlide: FEATURED_PER_SLIDE,
    delay: FEATURED_AUTOPLAY_MS,
    embla: { align: 'start', slidesToScroll: 'auto' },
  });
  return (
    <BuildClock builtOn={builtOn}>
      <section aria-roledescription="carrusel" aria-label="Carrusel de productos destacados" data-carousel-ready={c.ready ? '' : undefined}>
        {c.engine}
        <div ref={c.viewportRef} className="-my-2 overflow-hidden py-2">
          <div className="-ml-3 flex sm:-ml-5">
            {products.map((p, i) => (
              <fieldset
                key={p.id}
                aria-roledescription="producto"
                aria-label={`${i + 1} de ${products.length}`}
                className="min-w-0 shrink-0 grow-0 basis-1/2 pl-3 sm:basis-1/3 sm:pl-5 lg:basis-1/4"
              >
                <ProductCard product={p} onOpen={onOpen} />
              </fieldset>
            ))}
          </div>
        </div>
        {products.length > 2 && c.snaps !== 1 && (
          <div className="mt-6 flex justify-center">
            <CarouselControls unit="Página" {...controls(c)} />
          </div>
        )}
      </section>
    </BuildClock>
  );
}
