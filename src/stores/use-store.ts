/** A store's value in a React island, without a binding library: React's own external-store hook. */
import type { ReadableAtom } from 'nanostores';
import { useSyncExternalStore } from 'react';

/**
 * The store's current value, re-rendering on change. The static HTML is built with `initial` (the build
 * cannot know the browser's stores) and hydration starts from it; the browser's value follows at once.
 * `initial` must be the same object on every render (a module constant).
 */
export function useStoreValue<T>(store: ReadableAtom<T>, initial: T): T {
  return useSyncExternalStore(store.listen, store.get, () => initial);
}
