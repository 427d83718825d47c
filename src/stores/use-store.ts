/** A shared store's value in an island, through @nanostores/react. */
import { useStore } from '@nanostores/react';
import type { ReadableAtom } from 'nanostores';

/**
 * The store's current value, re-rendering on change. The static HTML is built with `initial` (the build
 * cannot know the browser's stores, kept in localStorage), and hydration renders `initial` too, so it
 * matches that HTML; the browser's value follows at once. `initial` must be the same object on every
 * render (a module constant).
 */
export function useStoreValue<T>(store: ReadableAtom<T>, initial: T): T {
  return useStore(store, { ssr: () => initial });
}
