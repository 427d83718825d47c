/**
 * `client:interaction`: an island that hydrates on the shopper's first touch of it (a pointer over
 * or on it, or focus entering it), not with the page: for what most visits never
 * use, such as the header search. Until then its server-rendered HTML works on its own (a form
 * still submits). A button clicked before hydration has finished is clicked again once it has, so a
 * first tap is never lost. Text typed meanwhile stays in its field only if the island leaves the
 * field uncontrolled (React sets a controlled field to its state): src/features/search/HeaderSearch.tsx
 * reads it once it has hydrated.
 */
import type { ClientDirective } from 'astro';

/** A pointer over or on the island (a touch is a pointer too), or focus entering it (a key press comes after). */
const FIRST_TOUCH = ['pointerover', 'pointerdown', 'focusin'] as const;

const interaction: ClientDirective = (load, _options, island) => {
  // a button does nothing before hydration (links and fields do their own part natively)
  let tapped: HTMLElement | null | undefined;
  const remember = (event: Event) => {
    tapped = (event.target as Element).closest?.('button');
  };
  const hydrate = async () => {
    for (const name of FIRST_TOUCH) island.removeEventListener(name, hydrate);
    await (await load())();
    island.removeEventListener('click', remember, true);
    // the button hydration kept (React reuses the server's elements), clicked again now that it listens
    tapped?.click();
  };
  island.addEventListener('click', remember, true);
  for (const name of FIRST_TOUCH) island.addEventListener(name, hydrate, { passive: true });
};

export default interaction;
