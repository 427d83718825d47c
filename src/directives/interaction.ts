/**
 * `client:interaction`: an island that hydrates on the shopper's first touch of it (a pointer over
 * or on it, focus entering it, a key pressed in it), not with the page: for what most visits never
 * use, such as the header search. Until then its server-rendered HTML works on its own (a form
 * still submits). A button clicked before hydration has finished is clicked again once it has, so a
 * first tap is never lost. Text typed meanwhile stays in its field only if the island leaves the
 * field uncontrolled (React sets a controlled field to its state): src/islands/header/HeaderSearch.tsx
 * reads it once it has hydrated.
 */
import type { ClientDirective } from 'astro';

const FIRST_TOUCH = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

const interaction: ClientDirective = (load, _options, island) => {
  // a button does nothing before hydration (links and fields do their own part natively)
  let clicked: HTMLElement | null = null;
  const remember = (event: Event) => {
    clicked = event.target instanceof Element ? event.target.closest<HTMLElement>('button, [role="button"]') : null;
  };
  const hydrateNow = async () => {
    for (const name of FIRST_TOUCH) island.removeEventListener(name, hydrateNow);
    const hydrate = await load();
    await hydrate();
    island.removeEventListener('click', remember, true);
    const target = clicked as HTMLElement | null;
    // the element hydration kept (React reuses the server's elements), clicked again now that it listens
    if (target?.isConnected) target.click();
  };
  island.addEventListener('click', remember, true);
  for (const name of FIRST_TOUCH) island.addEventListener(name, hydrateNow, { once: true, passive: true });
};

export default interaction;
