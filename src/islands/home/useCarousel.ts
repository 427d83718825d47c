/** Embla carousel state shared by the home carousels: looping, optional autoplay, wrapping arrows, dots, pause. */
import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { shouldAutoplay, wrapIndex } from '../../lib/carousel.ts';

type EmblaOptions = NonNullable<Parameters<typeof useEmblaCarousel>[0]>;

interface Options {
  /** Items in the carousel and how many make one slide: autoplay only when there are more. */
  count: number;
  perSlide?: number;
  delay: number;
  embla?: EmblaOptions;
}

export function useCarousel({ count, perSlide = 1, delay, embla }: Options) {
  const autoplay = useRef(
    shouldAutoplay(count, perSlide) ? Autoplay({ delay, stopOnInteraction: false, stopOnMouseEnter: true, stopOnFocusIn: true }) : null,
  );
  const [viewportRef, api] = useEmblaCarousel({ loop: true, ...embla }, autoplay.current ? [autoplay.current] : []);
  const [selected, setSelected] = useState(0);
  const [snaps, setSnaps] = useState(0);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (!api) return;
    const sync = () => {
      setSelected(api.selectedScrollSnap());
      setSnaps(api.scrollSnapList().length);
    };
    sync();
    api.on('select', sync).on('reInit', sync);
    // Respect reduced motion: start paused (the shopper can still press play).
    if (autoplay.current && window.matchMedia('(prefers-reduced-motion: reduce)').matches) {
      autoplay.current.stop();
      setPaused(true);
    }
    return () => {
      api.off('select', sync).off('reInit', sync);
    };
  }, [api]);

  /** Go to a slide; the autoplay timer starts again from there. */
  const goTo = useCallback(
    (index: number) => {
      api?.scrollTo(index);
      if (!paused) autoplay.current?.reset();
    },
    [api, paused],
  );
  /** Previous (-1) or next (1), wrapping around both ends even when Embla cannot loop (few slides). */
  const step = useCallback(
    (dir: 1 | -1) => {
      if (api) goTo(wrapIndex(api.selectedScrollSnap(), dir, api.scrollSnapList().length));
    },
    [api, goTo],
  );
  const togglePause = useCallback(() => {
    const plugin = autoplay.current;
    if (!plugin) return;
    if (paused) plugin.play();
    else plugin.stop();
    setPaused(!paused);
  }, [paused]);

  return { viewportRef, selected, snaps, step, goTo, paused, togglePause, autoplays: autoplay.current !== null };
}
