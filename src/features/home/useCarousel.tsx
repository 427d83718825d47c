/**
 * State shared by the home carousels: looping, optional autoplay, wrapping arrows, dots, pause. The Embla
 * engine (CarouselEngine.tsx) is loaded by dynamic import once the island has hydrated; until then the
 * slides show as plain HTML, the arrows and dots wait, and a pause is kept for it. The carousel renders `engine`.
 */
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { shouldAutoplay, wrapIndex } from './carousel.ts';
import type { EmblaOptions, Engine } from './CarouselEngine.tsx';

const CarouselEngine = lazy(() => import('./CarouselEngine.tsx'));

interface Options {
  /** Items in the carousel and how many make one slide: autoplay only when there are more. */
  count: number;
  perSlide?: number;
  delay: number;
  embla?: EmblaOptions;
}

export function useCarousel({ count, perSlide = 1, delay, embla }: Options) {
  const autoplays = shouldAutoplay(count, perSlide);
  const viewportRef = useRef<HTMLDivElement>(null);
  const [engine, setEngine] = useState<Engine | null>(null);
  const [mounted, setMounted] = useState(false);
  const [selected, setSelected] = useState(0);
  const [snaps, setSnaps] = useState(0);
  const [paused, setPaused] = useState(false);
  const [options] = useState<EmblaOptions>(() => ({ loop: true, ...embla }));

  useEffect(() => setMounted(true), []);
  useEffect(() => {
    if (!engine) return;
    const api = engine.embla;
    const sync = () => {
      setSelected(api.selectedScrollSnap());
      setSnaps(api.scrollSnapList().length);
    };
    sync();
    api.on('select', sync).on('reInit', sync);
    // Respect reduced motion: start paused (the shopper can still press play).
    if (engine.autoplay && window.matchMedia('(prefers-reduced-motion: reduce)').matches) setPaused(true);
    return () => {
      api.off('select', sync).off('reInit', sync);
    };
  }, [engine]);

  /** Go to a slide; the autoplay timer starts again from there. */
  const goTo = useCallback(
    (index: number) => {
      engine?.embla.scrollTo(index);
      if (!paused) engine?.autoplay?.reset();
    },
    [engine, paused],
  );
  /** Previous (-1) or next (1), wrapping around both ends even when Embla cannot loop (few slides). */
  const step = useCallback(
    (dir: 1 | -1) => {
      if (engine) goTo(wrapIndex(engine.embla.selectedScrollSnap(), dir, engine.embla.scrollSnapList().length));
    },
    [engine, goTo],
  );
  // Pausing before the engine has loaded is kept and applied when it arrives.
  const togglePause = useCallback(() => setPaused((p) => !p), []);
  useEffect(() => {
    const plugin = engine?.autoplay;
    if (!plugin) return;
    if (paused) plugin.stop();
    else if (!plugin.isPlaying()) plugin.play();
  }, [engine, paused]);

  const engineElement = mounted ? (
    <Suspense fallback={null}>
      <CarouselEngine viewport={viewportRef} options={options} autoplayDelay={autoplays ? delay : null} onReady={setEngine} />
    </Suspense>
  ) : null;

  /**
   * `mounted`: the island runs in the browser (the static HTML needs only what the first view shows);
   * `ready`: the engine is bound (arrows, dots and autoplay work).
   */
  return {
    viewportRef,
    selected,
    snaps,
    step,
    goTo,
    paused,
    togglePause,
    autoplays,
    mounted,
    ready: engine !== null,
    engine: engineElement,
  };
}
