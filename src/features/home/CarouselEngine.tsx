/**
 * The Embla engine of a home carousel (and its autoplay), loaded after the carousel has hydrated: the
 * slides are already on screen as HTML, so the engine's weight stays out of the page's first load.
 * Renders nothing; binds Embla to the carousel's viewport and hands its API back.
 */
import EmblaCarousel, { type EmblaCarouselType, type EmblaOptionsType } from 'embla-carousel';
import Autoplay, { type AutoplayType } from 'embla-carousel-autoplay';
import { useEffect, type RefObject } from 'react';

export type EmblaApi = EmblaCarouselType;
export type EmblaOptions = Partial<EmblaOptionsType>;

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
  useEffect(() => {
    const node = viewport.current;
    if (!node) return;
    const autoplay =
      autoplayDelay === null
        ? null
        : Autoplay({ delay: autoplayDelay, stopOnInteraction: false, stopOnMouseEnter: true, stopOnFocusIn: true });
    const embla = EmblaCarousel(node, options, autoplay ? [autoplay] : []);
    onReady({ embla, autoplay });
    return () => embla.destroy();
  }, [viewport, options, autoplayDelay, onReady]);
  return null;
}
