/** Home carousel rules: timing, items per slide, when to auto-advance. */

export const HERO_AUTOPLAY_MS = 4000;
export const FEATURED_AUTOPLAY_MS = 6000;
/** Featured products per slide on desktop. */
export const FEATURED_PER_SLIDE = 4;

/** Auto-advance only when there is more than one slide's worth of items. */
export function shouldAutoplay(itemCount: number, perSlide = 1): boolean {
  return itemCount > perSlide;
}

/** Index of the next (step 1) or previous (step -1) slide, wrapping around both ends. */
export function wrapIndex(index: number, step: number, count: number): number {
  if (count <= 0) return 0;
  return (((index + step) % count) + count) % count;
}
