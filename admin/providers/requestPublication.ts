/**
 * When the back office asks for the shop to be published. The request itself is the data
 * provider's `requestPublication` (the request-rebuild Edge Function, which dispatches a
 * publication only when the database says changes are pending, so calling it after every write is
 * cheap and a burst of writes still gives one publication).
 */

/** How long the back office waits after a write for the writes that usually follow it (a product's sizes and images). */
export const PUBLISH_DELAY_MS = 1500;

/** Dispatched on window when a write asks for a publication, so the status refreshes at once. */
export const PUBLICATION_REQUESTED_EVENT = 'outlet:publication-requested';

/**
 * Returns `publishSoon`: after a catalogue write, one `request` for a burst of writes,
 * PUBLISH_DELAY_MS after the last. A failure is only logged: the status in the app bar shows the
 * pending changes, and the scheduled publication picks them up anyway.
 */
export function publicationScheduler(request: () => Promise<void>): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return () => {
    window.dispatchEvent(new Event(PUBLICATION_REQUESTED_EVENT));
    clearTimeout(timer);
    timer = setTimeout(() => {
      request().catch((error: unknown) => console.error('No se pudo solicitar la publicación', error));
    }, PUBLISH_DELAY_MS);
  };
}
