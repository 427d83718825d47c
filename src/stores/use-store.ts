/** A store's value in an island, without a binding library. */
import type { ReadableAtom } from 'nanostores';
import { useEffect, useState } from 'preact/compat';

/**
 * The store's current value, re-rendering on change. The static HTML is built with `initial` (the build
 * cannot know the browser's stores) and hydration starts from it; the browser's value follows at once.
 * `initial` must be the same object on every render (a module constant).
 */
export function useStoreValue<T>(store: ReadableAtom<T>, initial: T): T {
  const [value, setValue] = useState<T>(initial);
  useEffect(() => {
    setValue(() => store.get());
    return store.listen((v) => setValue(() => v));
  }, [store]);
  return value;
}
