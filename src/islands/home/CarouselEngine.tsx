/**
 * The Embla engine of a home carousel (and its autoplay), loaded after the carousel has hydrated: the
 * slides are already on screen as HTML, so the engine's weight stays out of the page's first load.
 * Renders nothing; binds Embla to the carousel's viewport and hands its API back.
 */
import Autoplay, { type AutoplayType } from 'embla-carousel-autoplay';
import useEmblaCarousel, { type UseEmblaCarouselType } from 'embla-carousel-react';
import { useEffect, useRef, type RefObject } from 'react';

export type EmblaApi = NonNullable<UseEmblaCarouselType[1]>;
export type EmblaOptions = NonNullable<Parameters<typeof useEmblaCarousel>[0]>;

export interface Engine {
  embla: EmblaApi;
  autoplay: AutoplayType | null;
}

interface Props {
  viewport: RefObject<HTMLDivElement | null>;
  options: EmblaOptions;
  /** Autoplay delay in ms, or null for none. */
  autoplayDelay: number | null;
  onReady: (engine: Engine) => void;
}

export default function CarouselEngine({ viewport, options, autoplayDelay, onReady }: Props) {
  const autoplay = useRef(
    autoplayDelay === null
      ? null
      : Autoplay({ delay: autoplayDelay, stopOnInteraction: false, stopOnMouseEnter: true, stopOnFocusIn: true }),
  );
  const [bind, embla] = useEmblaCarousel(options, autoplay.current ? [autoplay.current] : []);
  useEffect(() => bind(viewport.current), [bind, viewport]);
  useEffect(() => {
    if (embla) onReady({ embla, autoplay: autoplay.current });
  }, [embla, onReady]);
  return null;
}
