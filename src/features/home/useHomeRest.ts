/** A home carousel's items: the first ones from the page, then the whole list from /inicio.json. */
import { useEffect, useState } from 'react';
import { loadHomeRest, type HomeRest } from './home-rest.ts';

/**
 * A carousel's items: the first ones from the page, then the whole list once loaded (when there are
 * more than the page carries). A failed load keeps the first ones: the carousel simply has fewer.
 */
export function useHomeRest<T>(first: T[], total: number, pick: (rest: HomeRest) => T[]): T[] {
  const [all, setAll] = useState<T[] | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: pick is a fixed accessor of each carousel, not data
  useEffect(() => {
    if (total <= first.length) return;
    let active = true;
    loadHomeRest().then(
      (rest) => active && setAll(pick(rest)),
      (error: unknown) => console.error('No se pudo cargar el resto del carrusel', error),
    );
    return () => {
      active = false;
    };
  }, [first.length, total]);
  return all ?? first;
}
