/**
 * Asking for the shop to be published: the back office calls the request-rebuild Edge Function,
 * which dispatches a publication only when the database says changes are pending (so calling it
 * after every write is cheap and a burst of writes still gives one publication).
 */
import { supabase } from '../providers/supabase.ts';

/** The server's own message from a function error (its JSON body's `error`), or the error's. */
export async function messageOf(error: { message: string; context?: unknown }): Promise<string> {
  const response = error.context;
  if (response instanceof Response) {
    const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
    if (typeof body?.error === 'string') return body.error;
  }
  return error.message;
}

/** Asks for a publication; `force` ('Publicar ahora') publishes even with no change pending. */
export async function requestPublication(force = false): Promise<void> {
  const { error } = await supabase.functions.invoke('request-rebuild', {
    body: { force, trigger: force ? 'manual' : 'admin' },
  });
  if (error) throw new Error(await messageOf(error));
}

/** How long the back office waits after a write for the writes that usually follow it (a product's sizes and images). */
export const PUBLISH_DELAY_MS = 1500;

/** Dispatched on window when a write asks for a publication, so the status refreshes at once. */
export const PUBLICATION_REQUESTED_EVENT = 'outlet:publication-requested';

let timer: ReturnType<typeof setTimeout> | undefined;

/**
 * After a catalogue write: one request for a burst of writes, PUBLISH_DELAY_MS after the last.
 * A failure is only logged: the status in the app bar shows the pending changes, and the scheduled
 * publication picks them up anyway.
 */
export function publishSoon(): void {
  window.dispatchEvent(new Event(PUBLICATION_REQUESTED_EVENT));
  clearTimeout(timer);
  timer = setTimeout(() => {
    requestPublication().catch((error: unknown) => console.error('No se pudo solicitar la publicación', error));
  }, PUBLISH_DELAY_MS);
}
