/**
 * `client:interaction`: an island that hydrates on the shopper's first touch of it (a pointer over
 * or on it, focus entering it, a key pressed in it), not with the page: for what most visits never
 * use, such as the header search. Until then its server-rendered HTML works on its own (a form
 * still submits). Nothing the shopper does meanwhile is lost:
 *   - a button clicked before hydration has finished is clicked again once it has;
 *   - text typed into a field meanwhile is typed back if hydration empties the field (React sets a
 *     controlled field to its state), as an input event, so the island sees it as typing.
 */
import type { ClientDirective } from 'astro';

const FIRST_TOUCH = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

/** How long after hydration a field emptied by it is watched for. */
const WATCH_MS = 1000;

/** Sets a field's value the way typing does, so React's change tracking notices it. */
function typeBack(field: HTMLInputElement | HTMLTextAreaElement, text: string): void {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set;
  setter?.call(field, text);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

type Typed = [field: HTMLInputElement | HTMLTextAreaElement, text: string];

/** Puts back the text of each field that hydration empties, until the shopper types again or a second passes. */
function keepTyped(island: HTMLElement, typed: Typed[]): void {
  const until = performance.now() + WATCH_MS;
  let typing = false;
  island.addEventListener('keydown', () => (typing = true), { once: true, capture: true });
  let waiting = typed;
  const check = () => {
    if (typing) return;
    waiting = waiting.filter(([field, text]) => {
      if (field.value !== '') return true; // not emptied (yet)
      if (field.isConnected) typeBack(field, text);
      return false;
    });
    if (waiting.length > 0 && performance.now() < until) requestAnimationFrame(check);
  };
  if (waiting.length > 0) requestAnimationFrame(check);
}

const interaction: ClientDirective = (load, _options, island) => {
  // a button does nothing before hydration (links and fields do their own part natively)
  let clicked: HTMLElement | null = null;
  const remember = (event: Event) => {
    clicked = event.target instanceof Element ? event.target.closest<HTMLElement>('button, [role="button"]') : null;
  };
  const hydrateNow = async () => {
    for (const name of FIRST_TOUCH) island.removeEventListener(name, hydrateNow);
    const hydrate = await load();
    const fields = [...island.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')];
    const typed = fields.filter((f) => f.value !== f.defaultValue).map((f): Typed => [f, f.value]);
    await hydrate();
    keepTyped(island, typed);
    island.removeEventListener('click', remember, true);
    const target = clicked as HTMLElement | null;
    // the element hydration kept (React reuses the server's elements), clicked again now that it listens
    if (target?.isConnected) target.click();
  };
  island.addEventListener('click', remember, true);
  for (const name of FIRST_TOUCH) island.addEventListener(name, hydrateNow, { once: true, passive: true });
};

export default interaction;
